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
import { orThrow, queryString } from "./workspace";

export type GoogleStatus = z.infer<typeof GoogleStatusSchema>;
export type GmailMessage = z.infer<typeof GmailMessageSchema>;
export type DriveFile = z.infer<typeof DriveFileSchema>;
export type CalendarInfo = z.infer<typeof CalendarInfoSchema>;
export type { CalendarEvent };

/** What a client sends: Google's shape; AI42's fields may be left out. */
export type EventDraft = z.input<typeof EventInputSchema>;

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
};
