/**
 * Google's own client libraries, and the only module that imports them: the OAuth client
 * (google-auth-library: auth URL, code exchange with PKCE, refresh, revoke, authorised requests
 * with one refresh-and-retry on a 401) and the typed Gmail, Drive and Calendar clients
 * (googleapis-common). Every host comes from GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL and
 * GOOGLE_API_BASE_URL. The rest of the Worker reaches this module through `import()` (see
 * google.ts), so none of it is evaluated on a cold start that does not talk to Google.
 */
import { calendar_v3 } from "@googleapis/calendar/build/v3";
import { drive_v3 } from "@googleapis/drive/build/v3";
import { gmail_v1 } from "@googleapis/gmail/build/v1";
import { OAuth2Client, type Credentials } from "google-auth-library";
import type { CalendarEvent, EventInput } from "../../app/domain/calendar/events";
import { EVENT_KINDS } from "../../app/domain/calendar/events";
import { driveNameQuery, type DriveFile, type GmailMessage } from "../../app/domain/google";

export interface GoogleEndpoints {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  authUrl: string;
  tokenUrl: string;
  /** Google's revoke endpoint sits beside its token endpoint: `<token origin>/revoke`. */
  revokeUrl: string;
  apiBaseUrl: string;
}

export type { Credentials, OAuth2Client };

/** An OAuth client for these endpoints; requests go through the Worker's own `fetch`. */
export function oauthClient(endpoints: GoogleEndpoints, credentials?: Credentials) {
  const client = new OAuth2Client({
    clientId: endpoints.clientId,
    clientSecret: endpoints.clientSecret,
    redirectUri: endpoints.redirectUri,
    endpoints: {
      oauth2AuthBaseUrl: endpoints.authUrl,
      oauth2TokenUrl: endpoints.tokenUrl,
      oauth2RevokeUrl: endpoints.revokeUrl,
    },
    // Refresh when five minutes or less remain, and once after a 401 (or 403) even though the
    // stored expiry says the token is good: Google may have dropped it early.
    eagerRefreshThresholdMillis: 5 * 60_000,
    forceRefreshOnFailure: true,
    transporterOptions: { fetchImplementation: fetch },
  });
  if (credentials) client.setCredentials(credentials);
  return client;
}

const apiOptions = (auth: OAuth2Client, rootUrl: string) => ({
  auth,
  rootUrl: rootUrl.endsWith("/") ? rootUrl : `${rootUrl}/`,
  // One attempt: a 401 is already retried once by the OAuth client after a refresh.
  retry: false,
});

const header = (message: gmail_v1.Schema$Message, name: string) =>
  message.payload?.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value ?? "";

/** The latest messages matching `q` (Gmail's own search syntax), newest first. */
export async function listGmailMessages(
  auth: OAuth2Client,
  rootUrl: string,
  query: { maxResults: number; q?: string },
): Promise<GmailMessage[]> {
  const gmail = new gmail_v1.Gmail(apiOptions(auth, rootUrl));
  const list = await gmail.users.messages.list({
    userId: "me",
    maxResults: query.maxResults,
    q: query.q,
  });
  const ids = (list.data.messages ?? []).flatMap((m) => (m.id ? [m.id] : []));
  const messages = await Promise.all(
    ids.map((id) =>
      gmail.users.messages.get({
        userId: "me",
        id,
        format: "metadata",
        metadataHeaders: ["From", "Subject", "Date"],
      }),
    ),
  );
  return messages.map(({ data }) => ({
    id: data.id ?? "",
    threadId: data.threadId ?? data.id ?? "",
    from: header(data, "From"),
    subject: header(data, "Subject"),
    snippet: data.snippet ?? "",
    date: data.internalDate ? new Date(Number(data.internalDate)).toISOString() : null,
    unread: data.labelIds?.includes("UNREAD") ?? false,
  }));
}

/** Files whose names hold the user's words, most recently changed first. */
export async function listDriveFiles(
  auth: OAuth2Client,
  rootUrl: string,
  query: { pageSize: number; q?: string },
): Promise<DriveFile[]> {
  const drive = new drive_v3.Drive(apiOptions(auth, rootUrl));
  const { data } = await drive.files.list({
    pageSize: query.pageSize,
    q: driveNameQuery(query.q),
    orderBy: "modifiedTime desc",
    fields: "files(id,name,mimeType,modifiedTime,webViewLink,iconLink)",
  });
  return (data.files ?? []).map((file) => ({
    id: file.id ?? "",
    name: file.name ?? "",
    mimeType: file.mimeType ?? "application/octet-stream",
    modifiedTime: file.modifiedTime ?? null,
    webViewLink: file.webViewLink ?? null,
    iconLink: file.iconLink ?? null,
  }));
}

export interface GoogleCalendar {
  id: string;
  summary: string;
  color: string | null;
  primary: boolean;
  selected: boolean;
  readOnly: boolean;
  timeZone: string | null;
}

export async function listGoogleCalendars(
  auth: OAuth2Client,
  rootUrl: string,
): Promise<GoogleCalendar[]> {
  const calendar = new calendar_v3.Calendar(apiOptions(auth, rootUrl));
  const { data } = await calendar.calendarList.list({ maxResults: 250 });
  return (data.items ?? []).flatMap((item) =>
    item.id
      ? [
          {
            id: item.id,
            summary: item.summaryOverride ?? item.summary ?? item.id,
            color: item.backgroundColor ?? null,
            primary: Boolean(item.primary),
            selected: Boolean(item.selected),
            readOnly: !["owner", "writer"].includes(item.accessRole ?? ""),
            timeZone: item.timeZone ?? null,
          },
        ]
      : [],
  );
}

/** Where AI42 keeps its own fields on a Google event. */
type Ai42Properties = {
  ai42Kind?: string;
  ai42ProjectId?: string;
  ai42PropertyId?: string;
  ai42ContactId?: string;
  ai42AuctionId?: string;
};

function fromGoogle(calendarId: string, event: calendar_v3.Schema$Event): CalendarEvent {
  const extra = (event.extendedProperties?.private ?? {}) as Ai42Properties;
  const kind = EVENT_KINDS.find((k) => k === extra.ai42Kind) ?? "other";
  const time = (t: calendar_v3.Schema$EventDateTime | undefined) =>
    t?.date
      ? { date: t.date }
      : { dateTime: t?.dateTime ?? "", ...(t?.timeZone ? { timeZone: t.timeZone } : {}) };
  return {
    id: event.id ?? "",
    calendarId,
    source: "google",
    summary: event.summary ?? "(no title)",
    description: event.description ?? null,
    location: event.location ?? null,
    start: time(event.start),
    end: time(event.end),
    allDay: Boolean(event.start?.date),
    kind,
    projectId: extra.ai42ProjectId ?? null,
    propertyId: extra.ai42PropertyId ?? null,
    contactId: extra.ai42ContactId ?? null,
    auctionId: extra.ai42AuctionId ?? null,
    assigneeId: null,
    assignee: null,
    readOnly: false,
    htmlLink: event.htmlLink ?? null,
    updatedAt: null,
    reminders: {
      useDefault: event.reminders?.useDefault ?? true,
      overrides: (event.reminders?.overrides ?? []).map((reminder) => ({
        method: reminder.method === "email" ? "email" : "popup",
        minutes: reminder.minutes ?? 0,
      })),
    },
  };
}

/**
 * An event to write to Google: a client's, or an auction's dates (which carry its id). `id`, when
 * given, is the new event's own (base32hex, 5–1024 characters, as events.insert accepts).
 */
type GoogleEventInput = EventInput & { calendarId: string; auctionId?: string | null; id?: string };

function toGoogle(input: GoogleEventInput): calendar_v3.Schema$Event {
  const extra: Ai42Properties = { ai42Kind: input.kind };
  if (input.auctionId) extra.ai42AuctionId = input.auctionId;
  if (input.projectId) extra.ai42ProjectId = input.projectId;
  if (input.propertyId) extra.ai42PropertyId = input.propertyId;
  if (input.contactId) extra.ai42ContactId = input.contactId;
  return {
    ...(input.id && { id: input.id }),
    summary: input.summary,
    description: input.description,
    location: input.location,
    start: input.start,
    end: input.end,
    ...(input.reminders && { reminders: input.reminders }),
    extendedProperties: { private: extra },
  };
}

/** One page of a calendar's events in a range (Google's own paging: `pageToken`). */
export async function listGoogleEvents(
  auth: OAuth2Client,
  rootUrl: string,
  calendarId: string,
  range: { timeMin: string; timeMax: string; maxResults: number; pageToken?: string },
) {
  const calendar = new calendar_v3.Calendar(apiOptions(auth, rootUrl));
  const { data } = await calendar.events.list({
    calendarId,
    timeMin: range.timeMin,
    timeMax: range.timeMax,
    maxResults: range.maxResults,
    pageToken: range.pageToken,
    singleEvents: true,
    orderBy: "startTime",
  });
  return {
    events: (data.items ?? [])
      .filter((event) => event.status !== "cancelled")
      .map((event) => fromGoogle(calendarId, event)),
    nextPageToken: data.nextPageToken ?? undefined,
  };
}

/** One event; null for a deleted one (Google still answers it, as `cancelled`). */
export async function getGoogleEvent(
  auth: OAuth2Client,
  rootUrl: string,
  calendarId: string,
  eventId: string,
) {
  const calendar = new calendar_v3.Calendar(apiOptions(auth, rootUrl));
  const { data } = await calendar.events.get({ calendarId, eventId });
  return data.status === "cancelled" ? null : fromGoogle(calendarId, data);
}

export async function insertGoogleEvent(
  auth: OAuth2Client,
  rootUrl: string,
  input: GoogleEventInput,
) {
  const calendar = new calendar_v3.Calendar(apiOptions(auth, rootUrl));
  const { data } = await calendar.events.insert({
    calendarId: input.calendarId,
    requestBody: toGoogle(input),
  });
  return fromGoogle(input.calendarId, data);
}

export async function updateGoogleEvent(
  auth: OAuth2Client,
  rootUrl: string,
  eventId: string,
  input: GoogleEventInput,
) {
  const calendar = new calendar_v3.Calendar(apiOptions(auth, rootUrl));
  const { data } = await calendar.events.update({
    calendarId: input.calendarId,
    eventId,
    requestBody: toGoogle(input),
  });
  return fromGoogle(input.calendarId, data);
}

export async function deleteGoogleEvent(
  auth: OAuth2Client,
  rootUrl: string,
  calendarId: string,
  eventId: string,
) {
  const calendar = new calendar_v3.Calendar(apiOptions(auth, rootUrl));
  await calendar.events.delete({ calendarId, eventId });
}

/**
 * Deletes events one by one, answering how many there were: an id Google does not have (never
 * made: 404, or deleted before: 410) is skipped.
 */
export async function deleteGoogleEvents(
  auth: OAuth2Client,
  rootUrl: string,
  calendarId: string,
  eventIds: readonly string[],
) {
  const calendar = new calendar_v3.Calendar(apiOptions(auth, rootUrl));
  let removed = 0;
  for (const eventId of eventIds) {
    try {
      await calendar.events.delete({ calendarId, eventId });
      removed += 1;
    } catch (error) {
      const status = (error as { response?: { status?: number } }).response?.status;
      if (status !== 404 && status !== 410) throw error;
    }
  }
  return removed;
}

/** Sends an RFC 2822 message as the user (`raw`), in `threadId` when given; Gmail's ids back. */
export async function sendGmailMessage(
  auth: OAuth2Client,
  rootUrl: string,
  message: { raw: string; threadId?: string | null },
) {
  const gmail = new gmail_v1.Gmail(apiOptions(auth, rootUrl));
  const { data } = await gmail.users.messages.send({
    userId: "me",
    requestBody: { raw: message.raw, ...(message.threadId && { threadId: message.threadId }) },
  });
  return { id: data.id ?? "", threadId: data.threadId ?? message.threadId ?? "" };
}

/** A thread's messages, oldest first: who each is from and its Message-ID (for a reply's headers). */
export async function getGmailThread(auth: OAuth2Client, rootUrl: string, threadId: string) {
  const gmail = new gmail_v1.Gmail(apiOptions(auth, rootUrl));
  const { data } = await gmail.users.threads.get({
    userId: "me",
    id: threadId,
    format: "metadata",
    metadataHeaders: ["From", "Message-ID"],
  });
  return (data.messages ?? []).map((message) => ({
    id: message.id ?? "",
    from: header(message, "From"),
    messageId: header(message, "Message-ID"),
    /** Sent from this account (by any of its addresses or aliases): Gmail labels it SENT. */
    sent: (message.labelIds ?? []).includes("SENT"),
  }));
}
