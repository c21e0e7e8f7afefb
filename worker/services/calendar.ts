/**
 * The calendar: AI42's own events (D1), project target-close dates (read-only) and, when the
 * user's Google account is connected, their Google calendars, listed as one. Used by the API and
 * the agent's tools.
 */
import { and, asc, eq, gt, gte, isNotNull, lt, lte } from "drizzle-orm";
import {
  addIsoDays,
  AUCTIONS_CALENDAR_ID,
  eventRange,
  LOCAL_CALENDAR_ID,
  mergeEvents,
  projectClosingEvent,
  PROJECTS_CALENDAR_ID,
  type CalendarEvent,
  type EventInput,
  type EventsQuery,
} from "../../app/domain/calendar/events";
import { ApiError, notFound } from "../api/errors";
import type { Database } from "../db/client";
import { assertOwnedReference, deleteOwned, nowIso, ownedBy } from "../db/queries";
import {
  calendarEvents,
  contacts,
  projects,
  properties,
  type CalendarEventRow,
} from "../db/schema";
import { auctionCalendarEvents } from "./auctions";
import { googleApis, googleStatus, withGoogle, type GoogleScope } from "./google";
import type { OAuth2Client } from "./google-apis";

type GoogleApis = Awaited<ReturnType<typeof googleApis>>;

/** One calendar of the merged view. */
export interface CalendarInfo {
  id: string;
  summary: string;
  source: CalendarEvent["source"];
  color: string | null;
  primary: boolean;
  /** Shown in the merged listing (Google's own "selected"; AI42's calendars always). */
  selected: boolean;
  readOnly: boolean;
  timeZone: string | null;
}

const LOCAL_CALENDAR: CalendarInfo = {
  id: LOCAL_CALENDAR_ID,
  summary: "AI42",
  source: "local",
  color: null,
  primary: true,
  selected: true,
  readOnly: false,
  timeZone: null,
};
const PROJECTS_CALENDAR: CalendarInfo = {
  id: PROJECTS_CALENDAR_ID,
  summary: "Project closings",
  source: "project",
  color: null,
  primary: false,
  selected: true,
  readOnly: true,
  timeZone: null,
};

const AUCTIONS_CALENDAR: CalendarInfo = {
  id: AUCTIONS_CALENDAR_ID,
  summary: "Auctions",
  source: "auction",
  color: null,
  primary: false,
  selected: true,
  readOnly: true,
  timeZone: null,
};

/** AI42's own calendars: events made here, and the read-only dates of projects and auctions. */
const OWN_CALENDARS = [LOCAL_CALENDAR, PROJECTS_CALENDAR, AUCTIONS_CALENDAR];
const READ_ONLY_CALENDARS = new Set([PROJECTS_CALENDAR_ID, AUCTIONS_CALENDAR_ID]);

export const isGoogleCalendar = (calendarId: string) =>
  !OWN_CALENDARS.some((calendar) => calendar.id === calendarId);

/** The events of the read-only calendars, made from projects and auctions (ids say which). */
const isDerivedEvent = (id: string) => id.startsWith("project-") || id.startsWith("auction-");

/** A call to the user's Google Calendar, with Google's clients loaded. */
const googleCalendar = <T>(
  scope: GoogleScope,
  call: (apis: GoogleApis, auth: OAuth2Client, apiBaseUrl: string) => Promise<T>,
) => withGoogle(scope, "calendar", async (auth, root) => call(await googleApis(), auth, root));

async function googleCalendarConnected(scope: GoogleScope) {
  const status = await googleStatus(scope, "calendar");
  return status.connected && !status.needsReconnect && status.configured;
}

export async function listCalendars(scope: GoogleScope): Promise<CalendarInfo[]> {
  const own = OWN_CALENDARS;
  if (!(await googleCalendarConnected(scope))) return own;
  const google = await googleCalendar(scope, (apis, auth, root) =>
    apis.listGoogleCalendars(auth, root),
  );
  return [...own, ...google.map((calendar) => ({ ...calendar, source: "google" as const }))];
}

export function toEvent(row: CalendarEventRow): CalendarEvent {
  const time = (value: string) =>
    row.allDay
      ? { date: value }
      : { dateTime: value, ...(row.timeZone ? { timeZone: row.timeZone } : {}) };
  return {
    id: row.id,
    calendarId: LOCAL_CALENDAR_ID,
    source: "local",
    summary: row.title,
    description: row.notes,
    location: row.location,
    start: time(row.start),
    end: time(row.end),
    allDay: row.allDay,
    kind: row.kind,
    projectId: row.projectId,
    propertyId: row.propertyId,
    contactId: row.contactId,
    auctionId: null,
    readOnly: false,
    htmlLink: null,
  };
}

/** An input's columns: instants stored in UTC, days as they are. */
export function eventColumns(input: EventInput) {
  const allDay = Boolean(input.start.date);
  const stored = (time: EventInput["start"]) => time.date ?? new Date(time.dateTime!).toISOString();
  return {
    title: input.summary,
    start: stored(input.start),
    end: stored(input.end),
    allDay,
    timeZone: input.start.timeZone ?? input.end.timeZone ?? null,
    location: input.location,
    notes: input.description,
    kind: input.kind,
    projectId: input.projectId,
    propertyId: input.propertyId,
    contactId: input.contactId,
  };
}

async function assertOwnedLinks(db: Database, userId: string, input: EventInput) {
  await assertOwnedReference(db, projects, userId, input.projectId, "projectId", "project");
  await assertOwnedReference(db, properties, userId, input.propertyId, "propertyId", "property");
  await assertOwnedReference(db, contacts, userId, input.contactId, "contactId", "contact");
}

async function localEvents(
  db: Database,
  userId: string,
  range: { timeMin: string; timeMax: string },
  max: number,
) {
  // Days ("2027-03-31") sort before that day's instants, so one text comparison covers both.
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, userId),
        lt(calendarEvents.start, range.timeMax),
        gt(calendarEvents.end, range.timeMin),
      ),
    )
    .orderBy(asc(calendarEvents.start))
    .limit(max);
  return rows.map(toEvent);
}

async function projectClosings(
  db: Database,
  userId: string,
  range: { timeMin: string; timeMax: string },
  max: number,
) {
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      targetCloseDate: projects.targetCloseDate,
      propertyId: projects.propertyId,
    })
    .from(projects)
    .where(
      and(
        eq(projects.userId, userId),
        isNotNull(projects.targetCloseDate),
        gte(projects.targetCloseDate, addIsoDays(range.timeMin.slice(0, 10), -1)),
        lte(projects.targetCloseDate, range.timeMax.slice(0, 10)),
      ),
    )
    .orderBy(asc(projects.targetCloseDate))
    .limit(max);
  return rows
    .map((row) => projectClosingEvent({ ...row, targetCloseDate: row.targetCloseDate! }))
    .filter((event) => event.end.date! > range.timeMin && event.start.date! < range.timeMax);
}

export interface EventListing {
  events: CalendarEvent[];
  /** The range listed (the query's, or the default). */
  range: { timeMin: string; timeMax: string };
  /** Calendars that could not be read this time (Google failing), with why. */
  unavailable: { calendarId: string; message: string }[];
}

/**
 * Events of one calendar, or of every shown calendar merged by start time when `calendarId` is
 * absent. A Google calendar that fails is reported in `unavailable` in a merged listing (the rest
 * still shows); asked for on its own, its failure is the request's.
 */
export async function listEvents(scope: GoogleScope, query: EventsQuery): Promise<EventListing> {
  const range = eventRange(query);
  const max = query.maxResults;
  const { db, userId } = scope;
  if (query.calendarId === LOCAL_CALENDAR_ID)
    return { events: await localEvents(db, userId, range, max), unavailable: [], range };
  if (query.calendarId === PROJECTS_CALENDAR_ID)
    return { events: await projectClosings(db, userId, range, max), unavailable: [], range };
  if (query.calendarId === AUCTIONS_CALENDAR_ID)
    return { events: await auctionCalendarEvents(db, userId, range, max), unavailable: [], range };
  const googleEvents = (calendarId: string) =>
    googleCalendar(scope, (apis, auth, root) =>
      apis.listGoogleEvents(auth, root, calendarId, { ...range, maxResults: max }),
    );
  if (query.calendarId)
    return { events: await googleEvents(query.calendarId), unavailable: [], range };
  const lists = [
    localEvents(db, userId, range, max),
    projectClosings(db, userId, range, max),
    auctionCalendarEvents(db, userId, range, max),
  ];
  const unavailable: EventListing["unavailable"] = [];
  try {
    // Without Google, only AI42's own two calendars.
    const shown = (await listCalendars(scope)).filter((c) => c.source === "google" && c.selected);
    for (const calendar of shown)
      lists.push(
        googleEvents(calendar.id).then(
          // An auction's copy in Google: the Auctions calendar lists the auction's own.
          (events) => events.filter((event) => !event.auctionId),
          (error: unknown) => {
            unavailable.push({ calendarId: calendar.id, message: (error as Error).message });
            return [];
          },
        ),
      );
  } catch (error) {
    unavailable.push({ calendarId: "google", message: (error as Error).message });
  }
  return { events: mergeEvents(await Promise.all(lists), max), unavailable, range };
}

const readOnlyCalendar = () =>
  new ApiError(
    409,
    "READ_ONLY",
    "Project closings and auction dates come from the project or the auction: change them in the Project Hub or in Auctions",
  );

/** 409 for the calendars made from projects and auctions, which take no events of their own. */
export function assertWritableCalendar(calendarId: string) {
  if (READ_ONLY_CALENDARS.has(calendarId)) throw readOnlyCalendar();
}

export async function createEvent(scope: GoogleScope, input: EventInput) {
  const { db, userId } = scope;
  await assertOwnedLinks(db, userId, input);
  assertWritableCalendar(input.calendarId);
  if (isGoogleCalendar(input.calendarId))
    return googleCalendar(scope, (apis, auth, root) => apis.insertGoogleEvent(auth, root, input));
  const [row] = await db
    .insert(calendarEvents)
    .values({ userId, ...eventColumns(input) })
    .returning();
  return toEvent(row!);
}

/**
 * Replaces an event. `calendarId` in the body says which calendar holds it (AI42's own by
 * default); an event is not moved between calendars: in another calendar it is not found (404).
 */
export async function updateEvent(scope: GoogleScope, id: string, input: EventInput) {
  const { db, userId } = scope;
  if (READ_ONLY_CALENDARS.has(input.calendarId) || isDerivedEvent(id)) throw readOnlyCalendar();
  await assertOwnedLinks(db, userId, input);
  if (isGoogleCalendar(input.calendarId))
    return googleCalendar(scope, (apis, auth, root) =>
      apis.updateGoogleEvent(auth, root, id, input),
    );
  const [row] = await db
    .update(calendarEvents)
    .set({ ...eventColumns(input), updatedAt: nowIso() })
    .where(ownedBy(calendarEvents, userId, id))
    .returning();
  if (!row) throw notFound("Event");
  return toEvent(row);
}

export async function deleteEvent(scope: GoogleScope, id: string, calendarId = LOCAL_CALENDAR_ID) {
  const { db, userId } = scope;
  if (READ_ONLY_CALENDARS.has(calendarId) || isDerivedEvent(id)) throw readOnlyCalendar();
  if (isGoogleCalendar(calendarId)) {
    await googleCalendar(scope, (apis, auth, root) =>
      apis.deleteGoogleEvent(auth, root, calendarId, id),
    );
    return { id, calendarId };
  }
  await deleteOwned(db, calendarEvents, userId, id, "Event");
  return { id, calendarId };
}

/**
 * An id for an event about to be written to Google, known before Google makes it (events.insert
 * takes the caller's id: base32hex, 5–1024 characters; hex is part of base32hex).
 */
export const newGoogleEventId = () => crypto.randomUUID().replaceAll("-", "");

/**
 * Writes events, each with its own `id`, to a Google calendar one by one over one connection.
 * `sent` ends holding the ids Google may have from this call: all of them or, when one fails, none
 * if the ones sent could be deleted again (the failed one too: it may be made with its answer
 * lost), else those sent, for the caller to remove later.
 */
export const insertGoogleEvents = (
  scope: GoogleScope,
  calendarId: string,
  events: (EventInput & { id: string })[],
  sent: string[],
) =>
  googleCalendar(scope, async (apis, auth, root) => {
    try {
      for (const event of events) {
        sent.push(event.id);
        await apis.insertGoogleEvent(auth, root, { ...event, calendarId });
      }
    } catch (error) {
      try {
        await apis.deleteGoogleEvents(auth, root, calendarId, sent);
        sent.length = 0;
      } catch {
        // Google refuses this too: `sent` names what may be left.
      }
      throw error;
    }
  });

/** Deletes events from a Google calendar over one connection, answering how many there were. */
export const removeGoogleEvents = async (
  scope: GoogleScope,
  calendarId: string,
  ids: readonly string[],
) =>
  ids.length === 0
    ? 0
    : googleCalendar(scope, (apis, auth, root) =>
        apis.deleteGoogleEvents(auth, root, calendarId, ids),
      );
