/**
 * The calendar: AI42's own events (D1), project target-close dates (read-only) and, when the
 * user's Google account is connected, their Google calendars, listed as one. Used by the API and
 * the agent's tools.
 */
import { and, asc, eq, getTableColumns, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Assignee } from "../../app/domain/assignees";
import { modulePath } from "../../app/domain/modules";
import { dueAfterWrite } from "../../app/domain/notifications";
import { DEFAULT_TIME_ZONE, todayIn } from "../../app/domain/today";
import {
  addIsoDays,
  AUCTIONS_CALENDAR_ID,
  eventRange,
  eventStartsAt,
  LOCAL_CALENDAR_ID,
  MAX_RESULTS,
  mergeEvents,
  projectClosingEvent,
  PROJECTS_CALENDAR_ID,
  reminderMark,
  timeValue,
  type CalendarEvent,
  type EventInput,
  type EventsQuery,
  type EventWindow,
  type PageCursor,
} from "../../app/domain/calendar/events";
import { AppError, invalidFields, notFound } from "../errors";
import type { Database } from "../db/client";
import {
  assertOwnedReference,
  assertVersion,
  assignedTo,
  deleteOwned,
  findOwned,
  isoAt,
  missedChange,
  nextVersion,
  ownedAt,
  ownedBy,
  ownedRows,
  type IfVersion,
  type Owner,
} from "../db/queries";
import {
  calendarEvents,
  contacts,
  projects,
  properties,
  type CalendarEventRow,
} from "../db/schema";
import {
  ASSIGNEE_NAMES,
  assigneeJoin,
  assigneeNamed,
  assigneePeople,
  assertMember,
  tellAssignees,
  toAssignee,
  type Assignment,
} from "./assignees";
import { auctionCalendarEvents } from "./auctions";
import { actingOf, googleApis, googleStatus, withGoogle, type GoogleScope } from "./google";
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
export const OWN_CALENDARS: readonly CalendarInfo[] = [
  LOCAL_CALENDAR,
  PROJECTS_CALENDAR,
  AUCTIONS_CALENDAR,
];
const READ_ONLY_CALENDARS = new Set([PROJECTS_CALENDAR_ID, AUCTIONS_CALENDAR_ID]);

export const isGoogleCalendar = (calendarId: string) =>
  !OWN_CALENDARS.some((calendar) => calendar.id === calendarId);

/** The read-only calendar an event made from a project or an auction is in (its id says which). */
const derivedCalendarOf = (id: string) =>
  id.startsWith("project-")
    ? PROJECTS_CALENDAR_ID
    : id.startsWith("auction-")
      ? AUCTIONS_CALENDAR_ID
      : undefined;

/** A call to the user's Google Calendar, with Google's clients loaded. */
const googleCalendar = <T>(
  scope: GoogleScope,
  call: (apis: GoogleApis, auth: OAuth2Client, apiBaseUrl: string) => Promise<T>,
) => withGoogle(scope, "calendar", async (auth, root) => call(await googleApis(), auth, root));

/** Whether Google Calendar can be asked for this user (D1 only: Google is not asked). */
export async function googleCalendarConnected(scope: Omit<GoogleScope, "origin">) {
  const status = await googleStatus(scope, "calendar");
  return status.connected && !status.needsReconnect && status.configured;
}

/** The user's Google calendars, as Google lists them (only when Google Calendar is connected). */
export async function googleCalendars(scope: GoogleScope): Promise<CalendarInfo[]> {
  const calendars = await googleCalendar(scope, (apis, auth, root) =>
    apis.listGoogleCalendars(auth, root),
  );
  return calendars.map((calendar) => ({ ...calendar, source: "google" as const }));
}

export async function listCalendars(scope: GoogleScope): Promise<CalendarInfo[]> {
  if (!(await googleCalendarConnected(scope))) return [...OWN_CALENDARS];
  return [...OWN_CALENDARS, ...(await googleCalendars(scope))];
}

/**
 * An event of AI42's calendar as the API answers it, with its assignee's initials and name as
 * read with it (`eventRecord`: without them, for an export and a 412's body).
 */
export const toEvent = (row: CalendarEventRow, assignee: Assignee | null): CalendarEvent => ({
  ...eventRecord(row),
  assignee,
});

export function eventRecord(row: CalendarEventRow): Omit<CalendarEvent, "assignee"> {
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
    assigneeId: row.assigneeId,
    readOnly: false,
    htmlLink: null,
    updatedAt: row.updatedAt,
    reminders: {
      useDefault: false,
      overrides:
        row.reminderMinutes === null ? [] : [{ method: "popup", minutes: row.reminderMinutes }],
    },
  };
}

/**
 * When the cron reminds of an event of AI42's calendar: at its mark (`reminderMark`) or, when the
 * mark had passed as the event was written (made, moved, its reminder changed) and the event is
 * still ahead, at once: its notice is named by the mark, so it still comes once.
 */
function remindAt(
  start: string,
  allDay: boolean,
  zone: string | null,
  minutes: number | null,
  writtenAt: number,
) {
  const mark = reminderMark(start, allDay, zone, minutes);
  if (mark === null || eventStartsAt(start, allDay, zone) <= writtenAt) return mark;
  return isoAt(dueAfterWrite(Date.parse(mark), writtenAt));
}

/** An input's columns: instants stored in UTC, days as they are, written at `writtenAt`. */
export function eventColumns(input: EventInput, writtenAt = Date.now()) {
  const allDay = Boolean(input.start.date);
  const stored = (time: EventInput["start"]) => time.date ?? new Date(time.dateTime!).toISOString();
  const start = stored(input.start);
  const timeZone = input.start.timeZone ?? input.end.timeZone ?? null;
  const reminderMinutes = input.reminders?.overrides[0]?.minutes ?? null;
  return {
    title: input.summary,
    start,
    end: stored(input.end),
    allDay,
    timeZone,
    reminderMinutes,
    remindAt: remindAt(start, allDay, timeZone, reminderMinutes, writtenAt),
    location: input.location,
    notes: input.description,
    kind: input.kind,
    // Left out: nobody for a new event, the one it has for a change (see EventInputSchema).
    assigneeId: input.assigneeId,
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

/** An event's start as an instant, in SQL: a day counts from its midnight UTC, as `timeValue`. */
const startKey = sql<string>`CASE WHEN ${calendarEvents.allDay} THEN ${calendarEvents.start} || 'T00:00:00.000Z' ELSE ${calendarEvents.start} END`;
const endKey = sql<string>`CASE WHEN ${calendarEvents.allDay} THEN ${calendarEvents.end} || 'T00:00:00.000Z' ELSE ${calendarEvents.end} END`;

/** An event as the listing reads it: its row and its assignee's names. */
const listedEvents = (db: Database) =>
  db
    .select({ event: getTableColumns(calendarEvents), assignee: ASSIGNEE_NAMES })
    .from(calendarEvents)
    .leftJoin(assigneePeople, assigneeJoin(calendarEvents.assigneeId));

/** AI42's own events in the window, those assigned to `assignee` when it is not undefined. */
async function localEvents(
  db: Database,
  userId: string,
  window: EventWindow,
  assignee: string | null | undefined,
) {
  const rows = await listedEvents(db)
    .where(
      and(
        eq(calendarEvents.userId, userId),
        assignedTo(calendarEvents.assigneeId, assignee),
        // Between the stored texts first (the index), then exactly, days as their midnights.
        lt(calendarEvents.start, window.timeMax),
        sql`${startKey} < ${window.timeMax}`,
        sql`${endKey} > ${window.timeMin}`,
        window.after ? sql`${startKey} >= ${window.after}` : undefined,
      ),
    )
    .orderBy(startKey, endKey, asc(calendarEvents.id))
    .limit(window.take);
  return rows.map((row) => toEvent(row.event, toAssignee(row.event.assigneeId, row.assignee)));
}

/** The first day whose midnight (UTC) is at `instant` or later. */
const dayFrom = (instant: string) => {
  const day = instant.slice(0, 10);
  return Date.parse(`${day}T00:00:00Z`) < Date.parse(instant) ? addIsoDays(day, 1) : day;
};

async function projectClosings(db: Database, owner: Owner, window: EventWindow) {
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
        ownedRows(projects, owner),
        isNotNull(projects.targetCloseDate),
        // The closing is that whole day, from its midnight (UTC) to the next.
        gte(projects.targetCloseDate, window.timeMin.slice(0, 10)),
        lt(projects.targetCloseDate, dayFrom(window.timeMax)),
        window.after ? gte(projects.targetCloseDate, dayFrom(window.after)) : undefined,
      ),
    )
    .orderBy(asc(projects.targetCloseDate), asc(projects.id))
    .limit(window.take);
  return rows.map((row) => projectClosingEvent({ ...row, targetCloseDate: row.targetCloseDate! }));
}

/**
 * A Google calendar's events for the window: Google lists by end (`timeMin`) in pages of its own,
 * so pages are read until `take` events start in the window (events that began before the cursor
 * were on an earlier page).
 */
async function googleEvents(
  scope: GoogleScope,
  calendarId: string,
  window: EventWindow,
  keep: (event: CalendarEvent) => boolean = () => true,
) {
  const after = window.after ? Date.parse(window.after) : -Infinity;
  return googleCalendar(scope, async (apis, auth, root) => {
    const events: CalendarEvent[] = [];
    let pageToken: string | undefined;
    do {
      const page = await apis.listGoogleEvents(auth, root, calendarId, {
        timeMin: window.after && window.after > window.timeMin ? window.after : window.timeMin,
        timeMax: window.timeMax,
        maxResults: Math.min(MAX_RESULTS, window.take),
        pageToken,
      });
      events.push(...page.events.filter((event) => timeValue(event.start) >= after && keep(event)));
      pageToken = page.nextPageToken;
    } while (pageToken && events.length < window.take);
    return events;
  });
}

export interface EventListing {
  events: CalendarEvent[];
  /** The range listed (the query's, or the default). */
  range: { timeMin: string; timeMax: string };
  /** Calendars that could not be read this time (Google failing), with why. */
  unavailable: { calendarId: string; message: string }[];
  /** Where the next page starts, when there are more events than this page holds. */
  next: PageCursor | null;
}

/**
 * What a listing is asked: the query of `GET /api/calendar/events`, its `assignee` read (the
 * person asking, nobody as null, or a member's id).
 */
export type EventsListing = Omit<EventsQuery, "assignee"> & { assignee?: string | null };

/**
 * One page of the events of one calendar, or of every shown calendar merged by start time when
 * `calendarId` is absent. With `assignee`, only AI42's own events assigned so: the other calendars'
 * (Google's, project closings, auction dates) have no assignee, and are left out. A Google calendar that fails is reported in `unavailable` in a merged
 * listing (the rest still shows); asked for on its own, its failure is the request's. A merged
 * listing may take only AI42's own calendars (`from: "own"`, read from the database) or only the
 * Google ones (`"google"`), so a page can show the first while the second is still on its way.
 */
export async function listEvents(
  scope: GoogleScope,
  query: EventsListing,
  from: "all" | "own" | "google" = "all",
): Promise<EventListing> {
  const range = eventRange(query, new Date(), scope.timeZone);
  const cursor = query.pageToken;
  // Each source lists one event past the page (and those the cursor skips): then it is known
  // whether there are more.
  const window: EventWindow = {
    ...range,
    after: cursor?.after ?? null,
    take: query.maxResults + (cursor?.skip ?? 0) + 1,
  };
  const { db, workspaceId: userId } = scope;
  const owner = actingOf(scope);
  const page = (lists: CalendarEvent[][], unavailable: EventListing["unavailable"] = []) => ({
    ...mergeEvents(lists, query.maxResults, cursor),
    unavailable,
    range,
  });
  const assigned = query.assignee !== undefined;
  const none = async () => [];
  const own = new Map<string, () => Promise<CalendarEvent[]>>([
    [LOCAL_CALENDAR_ID, () => localEvents(db, userId, window, query.assignee)],
    [PROJECTS_CALENDAR_ID, assigned ? none : () => projectClosings(db, owner, window)],
    [AUCTIONS_CALENDAR_ID, assigned ? none : () => auctionCalendarEvents(db, owner, window)],
  ]);
  if (query.calendarId)
    return page([
      await (own.get(query.calendarId)?.() ??
        (assigned ? none() : googleEvents(scope, query.calendarId, window))),
    ]);
  const lists = from === "google" ? [] : [...own.values()].map((list) => list());
  const unavailable: EventListing["unavailable"] = [];
  if (from === "own" || assigned) return page(await Promise.all(lists));
  try {
    // Without Google, only AI42's own calendars.
    const shown = (await listCalendars(scope)).filter((c) => c.source === "google" && c.selected);
    for (const calendar of shown)
      lists.push(
        // An auction's copy in Google: the Auctions calendar lists the auction's own.
        googleEvents(scope, calendar.id, window, (event) => !event.auctionId).catch(
          (error: unknown) => {
            unavailable.push({ calendarId: calendar.id, message: (error as Error).message });
            return [];
          },
        ),
      );
  } catch (error) {
    unavailable.push({ calendarId: "google", message: (error as Error).message });
  }
  return page(await Promise.all(lists), unavailable);
}

const readOnlyCalendar = () =>
  new AppError(
    409,
    "READ_ONLY",
    "Project closings and auction dates come from the project or the auction: change them in the Project Hub or in Auctions",
  );

/** 409 for the calendars made from projects and auctions, which take no events of their own. */
export function assertWritableCalendar(calendarId: string) {
  if (READ_ONLY_CALENDARS.has(calendarId)) throw readOnlyCalendar();
}

/**
 * Where a new event goes: the calendar named, else (as Google's own API does) the user's primary
 * Google calendar when Google Calendar is connected, else AI42's own.
 */
async function calendarForNew(scope: GoogleScope, calendarId: string | undefined) {
  if (calendarId) return calendarId;
  // Without Google Calendar connected the list holds only AI42's own calendars.
  const calendars = await listCalendars(scope);
  return calendars.find((c) => c.source === "google" && c.primary)?.id ?? LOCAL_CALENDAR_ID;
}

/**
 * The calendar holding the event `id`: the calendar named, else where a new event with none named
 * goes, so an event made without naming one is found the same way. A project's closing is in its
 * read-only calendar, and an event of AI42's own calendar is found there first, so one made before
 * Google was connected stays reachable by its id alone: AI42's ids are UUIDs (and `project-…`),
 * which Google's (base32hex: no hyphen) never are, so an id is never both.
 */
async function calendarOfEvent(scope: GoogleScope, id: string, calendarId: string | undefined) {
  if (calendarId) return calendarId;
  const derived = derivedCalendarOf(id);
  if (derived) return derived;
  const [own] = await scope.db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(ownedBy(calendarEvents, scope.workspaceId, id))
    .limit(1);
  return own ? LOCAL_CALENDAR_ID : calendarForNew(scope, undefined);
}

/** 400 for an assignee on an event of a Google calendar: only AI42's own events are assigned. */
function assertAssignable(calendarId: string, input: EventInput) {
  if (input.assigneeId && isGoogleCalendar(calendarId))
    throw invalidFields([
      {
        field: "assigneeId",
        message: "Only the events of AI42's own calendar are assigned, not Google's",
      },
    ]);
}

/** An event of AI42's calendar as a write answers it, with its assignee's initials and name. */
const writtenEvent = async (db: Database, row: CalendarEventRow) =>
  toEvent(row, await assigneeNamed(db, row.assigneeId));

/** The notice of an event's assignment: a task, or an event, on its day's page. */
const eventAssignment = (row: CalendarEventRow, before: string | null): Assignment => ({
  what: row.kind === "task" ? "task" : "event",
  name: row.title,
  link: modulePath("calendar", {
    view: "day",
    date: row.allDay
      ? row.start
      : todayIn(row.timeZone ?? DEFAULT_TIME_ZONE, Date.parse(row.start)),
  }),
  assigneeId: row.assigneeId,
  before,
  version: row.updatedAt,
  id: row.id,
});

export async function createEvent(scope: GoogleScope, input: EventInput) {
  const { db, env, workspaceId: userId } = scope;
  const owner = actingOf(scope);
  await Promise.all([
    assertOwnedLinks(db, userId, input),
    assertMember(db, owner, input.assigneeId),
  ]);
  const calendarId = await calendarForNew(scope, input.calendarId);
  assertWritableCalendar(calendarId);
  assertAssignable(calendarId, input);
  if (isGoogleCalendar(calendarId))
    return googleCalendar(scope, (apis, auth, root) =>
      apis.insertGoogleEvent(auth, root, { ...input, calendarId }),
    );
  const [row] = await db
    .insert(calendarEvents)
    .values({ userId, ...eventColumns(input) })
    .returning();
  await tellAssignees(db, env, owner, [eventAssignment(row!, null)]);
  return writtenEvent(db, row!);
}

/**
 * One event: of the calendar named (without one, see `calendarOfEvent`), a Google calendar, or a
 * project's closing (the read-only calendars' events are made from their records; an auction's
 * are on the auction).
 */
export async function getEvent(scope: GoogleScope, id: string, named?: string) {
  const { db, workspaceId: userId } = scope;
  const calendarId = await calendarOfEvent(scope, id, named);
  if (calendarId === PROJECTS_CALENDAR_ID && id.startsWith("project-")) {
    const project = await findOwned(
      db,
      projects,
      actingOf(scope),
      id.slice("project-".length),
      "Event",
    );
    if (project.targetCloseDate)
      return projectClosingEvent({ ...project, targetCloseDate: project.targetCloseDate });
  }
  if (READ_ONLY_CALENDARS.has(calendarId)) throw notFound("Event");
  if (isGoogleCalendar(calendarId)) {
    const event = await googleCalendar(scope, (apis, auth, root) =>
      apis.getGoogleEvent(auth, root, calendarId, id),
    );
    if (!event) throw notFound("Event");
    return event;
  }
  return writtenEvent(db, await findOwned(db, calendarEvents, userId, id, "Event"));
}

/**
 * Replaces an event. `calendarId` in the body says which calendar holds it (without one, see
 * `calendarOfEvent`); an event is not moved between calendars: in another calendar it is not found
 * (404). An event of AI42's calendar is changed only at one of `ifVersion` when given (else 412).
 */
export async function updateEvent(
  scope: GoogleScope,
  id: string,
  input: EventInput,
  ifVersion?: IfVersion,
) {
  const { db, env, workspaceId: userId } = scope;
  const owner = actingOf(scope);
  if (derivedCalendarOf(id) || READ_ONLY_CALENDARS.has(input.calendarId ?? ""))
    throw readOnlyCalendar();
  await Promise.all([
    assertOwnedLinks(db, userId, input),
    assertMember(db, owner, input.assigneeId),
  ]);
  const calendarId = await calendarOfEvent(scope, id, input.calendarId);
  assertAssignable(calendarId, input);
  if (isGoogleCalendar(calendarId))
    return googleCalendar(scope, (apis, auth, root) =>
      apis.updateGoogleEvent(auth, root, id, { ...input, calendarId }),
    );
  const condition = { ifVersion, show: eventRecord };
  const current = await findOwned(db, calendarEvents, userId, id, "Event");
  assertVersion(current, "Event", condition);
  // A change that leaves out `reminders` keeps the event's reminder (moved with its start).
  const kept = input.reminders ?? {
    useDefault: false,
    overrides:
      current.reminderMinutes === null
        ? []
        : [{ method: "popup" as const, minutes: current.reminderMinutes }],
  };
  const [row] = await db
    .update(calendarEvents)
    .set({
      ...eventColumns({ ...input, reminders: kept }),
      updatedAt: nextVersion(calendarEvents.updatedAt),
    })
    .where(ownedAt(calendarEvents, userId, id, ifVersion))
    .returning();
  if (!row) throw await missedChange(db, calendarEvents, userId, id, "Event", condition);
  await tellAssignees(db, env, owner, [eventAssignment(row, current.assigneeId)]);
  return writtenEvent(db, row);
}

/** Deletes an event of the calendar named (without one, see `calendarOfEvent`). */
export async function deleteEvent(
  scope: GoogleScope,
  id: string,
  named?: string,
  ifVersion?: IfVersion,
) {
  const { db, workspaceId: userId } = scope;
  if (derivedCalendarOf(id) || READ_ONLY_CALENDARS.has(named ?? "")) throw readOnlyCalendar();
  const calendarId = await calendarOfEvent(scope, id, named);
  if (isGoogleCalendar(calendarId)) {
    await googleCalendar(scope, (apis, auth, root) =>
      apis.deleteGoogleEvent(auth, root, calendarId, id),
    );
    return { id, calendarId };
  }
  await deleteOwned(db, calendarEvents, userId, id, "Event", { ifVersion, show: eventRecord });
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
