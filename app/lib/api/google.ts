/**
 * The Google account (connect, status), its Inbox and Drive lists, and the calendar
 * (spec §7 /google/*, /calendar/*). Each call throws a `ServiceError` carrying a "Failed to …"
 * message and what the server said.
 */
import type { z } from "zod";
import type { CalendarEvent, EventInputSchema } from "~/domain/calendar/events";
import type { ExtraGoogleScope } from "~/domain/google";
import type { CalendarInfoSchema } from "../../../worker/api/routes/calendar.schemas";
import type {
  DriveFileSchema,
  GmailMessageSchema,
  GoogleStatusSchema,
} from "../../../worker/api/routes/google.schemas";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, queryString, ServiceError } from "./workspace";

export type GoogleStatus = z.infer<typeof GoogleStatusSchema>;
export type GmailMessage = z.infer<typeof GmailMessageSchema>;
export type DriveFile = z.infer<typeof DriveFileSchema>;
export type CalendarInfo = z.infer<typeof CalendarInfoSchema>;
export type { CalendarEvent };

/** What a client sends: Google's shape; AI42's fields may be left out. */
export type EventDraft = z.input<typeof EventInputSchema>;

export interface EventListing {
  events: CalendarEvent[];
  /** Google calendars that could not be read this time, and why. */
  unavailable: { calendarId: string; message: string }[];
}

interface EventPageMeta {
  unavailable?: EventListing["unavailable"];
  nextPageToken?: string;
}

export const googleApi = {
  status: () => orThrow(apiRequest<GoogleStatus>("/google/status"), MESSAGES.googleStatus),
  /** Google's consent URL for this session (the browser then goes there). */
  connectUrl: async (scopes?: ExtraGoogleScope) =>
    (
      await orThrow(
        apiRequest<{ url: string }>(`/google/connect${queryString({ scopes })}`),
        MESSAGES.connectGoogle,
      )
    ).url,
  messages: (query: { q?: string; maxResults?: number } = {}) =>
    orThrow(
      apiRequest<GmailMessage[]>(`/google/gmail/messages${queryString(query)}`),
      MESSAGES.fetchMessages,
    ),
  driveFiles: (query: { q?: string; pageSize?: number } = {}) =>
    orThrow(
      apiRequest<DriveFile[]>(`/google/drive/files${queryString(query)}`),
      MESSAGES.fetchDriveFiles,
    ),
};

export const calendarApi = {
  calendars: () =>
    orThrow(apiRequest<CalendarInfo[]>("/calendar/calendars"), MESSAGES.fetchCalendars),
  /** Every event of the range, page after page. */
  async events(query: {
    timeMin: string;
    timeMax: string;
    calendarId?: string;
    maxResults?: number;
  }) {
    const listing: EventListing = { events: [], unavailable: [] };
    let pageToken: string | undefined;
    do {
      const result = await apiRequest<CalendarEvent[]>(
        `/calendar/events${queryString({ ...query, pageToken })}`,
      );
      if (result.error) throw new ServiceError(MESSAGES.fetchEvents, result.error);
      const meta = (result as { meta?: EventPageMeta }).meta;
      listing.events.push(...result.data);
      if (!pageToken) listing.unavailable = meta?.unavailable ?? [];
      pageToken = meta?.nextPageToken;
    } while (pageToken);
    return listing;
  },
  create: (event: EventDraft) =>
    orThrow(
      apiRequest<CalendarEvent>("/calendar/events", { method: "POST", body: event }),
      MESSAGES.createEvent,
    ),
  /** `ifMatch`: the version of an event of AI42's calendar the change was made against. */
  update: (id: string, event: EventDraft, ifMatch?: string) =>
    orThrow(
      apiRequest<CalendarEvent>(`/calendar/events/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: event,
        ifMatch,
      }),
      MESSAGES.updateEvent,
    ),
  remove: (event: Pick<CalendarEvent, "id" | "calendarId">, ifMatch?: string) =>
    orThrow(
      apiRequest<{ id: string; calendarId: string }>(
        `/calendar/events/${encodeURIComponent(event.id)}${queryString({ calendarId: event.calendarId })}`,
        { method: "DELETE", ifMatch },
      ),
      MESSAGES.deleteEvent,
    ),
};
