/**
 * The user's Google account as AI42 uses it: the scopes it asks for and what each one unlocks,
 * what the connect flow's outcomes say, the Inbox and Drive items, and the one place a Drive query
 * is built from the user's words. Shared by the API and the Connections screen. Pure: no I/O.
 */

/** Google's scope URLs for the three services AI42 reads (and, for the calendar, writes). */
export const GOOGLE_SERVICE_SCOPES = {
  gmail: "https://www.googleapis.com/auth/gmail.readonly",
  drive: "https://www.googleapis.com/auth/drive.readonly",
  calendar: "https://www.googleapis.com/auth/calendar",
} as const;
export type GoogleService = keyof typeof GOOGLE_SERVICE_SCOPES;
export const GOOGLE_SERVICES = Object.keys(GOOGLE_SERVICE_SCOPES) as GoogleService[];

export const GOOGLE_SERVICE_LABELS: Record<GoogleService, string> = {
  gmail: "Gmail",
  drive: "Drive",
  calendar: "Calendar",
};

/** What the connect flow asks for: who the account is, and the three services. */
export const GOOGLE_REQUESTED_SCOPES = ["openid", "email", ...Object.values(GOOGLE_SERVICE_SCOPES)];

/**
 * Sending mail as the user (follow-up sequences): asked for only when the user turns sequences on,
 * in a second connect that keeps what was granted (`include_granted_scopes`).
 */
export const GMAIL_SEND_SCOPE = "https://www.googleapis.com/auth/gmail.send";
/** The permissions a connect may add to the usual ones, by the name the API takes. */
export const EXTRA_GOOGLE_SCOPES = { "gmail.send": GMAIL_SEND_SCOPE } as const;
export type ExtraGoogleScope = keyof typeof EXTRA_GOOGLE_SCOPES;
/** Whether AI42 may send from the user's Gmail, and if not, what the user can do about it. */
export const GMAIL_SENDING = ["not_connected", "not_allowed", "reconnect", "allowed"] as const;
export type GmailSending = (typeof GMAIL_SENDING)[number];

/** The services a set of granted scopes unlocks (the calendar scope also covers reading). */
export const grantedServices = (scopes: readonly string[]) =>
  GOOGLE_SERVICES.filter((service) => scopes.includes(GOOGLE_SERVICE_SCOPES[service]));

/** A service's connection, as `/google/gmail/status`, `/google/drive/status`, `/calendar/status` say. */
export interface GoogleStatus {
  connected: boolean;
  email?: string;
  scopes?: string[];
  /** Google refused the saved sign-in (revoked, or expired): the user must connect again. */
  needsReconnect?: boolean;
  /** When AI42 last read from or wrote to this Google account. */
  lastSyncAt?: string;
}

/**
 * How the connect flow ended, as the callback's redirect names it (`/connections?google=…`), and
 * what the Connections screen says about it.
 */
export const GOOGLE_OUTCOMES = {
  connected: "Google is connected: Gmail, Drive and Calendar are ready.",
  partial:
    "Google is connected, but not everything was allowed. Connect again and tick every box to use the rest.",
  denied: "Google was not connected: the permission was declined.",
  expired: "That Google sign-in link has expired or was already used. Connect again.",
  failed: "Google did not finish the sign-in. Try connecting again.",
} as const;
export type GoogleOutcome = keyof typeof GOOGLE_OUTCOMES;

/** One message of the Inbox panel, from Gmail's list and metadata. */
export interface GmailMessage {
  id: string;
  threadId: string;
  from: string;
  subject: string;
  snippet: string;
  /** ISO 8601 (from Gmail's internalDate). */
  date: string | null;
  unread: boolean;
}

/** The message in Gmail's web app. */
export const gmailLink = (message: Pick<GmailMessage, "threadId">) =>
  `https://mail.google.com/mail/u/0/#all/${encodeURIComponent(message.threadId)}`;

export const GMAIL_DEFAULT_RESULTS = 20;
/**
 * Each message costs one Gmail request (list, then a metadata get per message), and a Worker
 * may make 50 requests per call on the free plan: 25 leaves room for a token refresh and retries.
 */
export const GMAIL_MAX_RESULTS = 25;

/** One file of the Drive panel. */
export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime: string | null;
  webViewLink: string | null;
  iconLink: string | null;
}

export const DRIVE_DEFAULT_PAGE_SIZE = 20;
export const DRIVE_MAX_PAGE_SIZE = 100;

/** A Drive string literal: backslashes and single quotes escaped, as Drive's query language reads them. */
const driveString = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

/**
 * Drive's `q` for what the user typed: files whose name contains every word, never trashed. The
 * words are data, never query syntax: `O'Brien' or name contains '` finds names with those words.
 */
export function driveNameQuery(words: string | undefined) {
  const terms = (words ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 10);
  return [...terms.map((term) => `name contains ${driveString(term)}`), "trashed = false"].join(
    " and ",
  );
}
