/**
 * Routes: the optimiser behind the API with road figures when a routing service is set, the saved
 * routes, the places routes start from, the stops a route can be built from, and the visits written
 * to a calendar. One service for the API and the agent's tool.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or } from "drizzle-orm";
import { saleTypeLabel } from "../../app/domain/auctions/auction";
import {
  LOCAL_CALENDAR_ID,
  type CalendarEvent,
  type EventInput,
} from "../../app/domain/calendar/events";
import { travelPoints } from "../../app/domain/routing/geo";
import {
  evaluateRoute,
  optimizeRoute,
  type RouteProblem,
  type TravelMatrix,
} from "../../app/domain/routing/optimize";
import {
  AUCTION_MINUTES,
  MAX_STOP_ADDRESS,
  MAX_STOP_LABEL,
  routeProblem,
  type OptimizeInput,
  type RouteFields,
  type RouteInput,
  type RouteStop,
  type StartPlaces,
  VISIT_MINUTES,
} from "../../app/domain/routing/route";
import { formatAddress } from "../../app/domain/format";
import { label } from "../../app/domain/workspace";
import type { Database } from "../db/client";
import {
  chunk,
  D1_MAX_PARAMS,
  deleteOwned,
  findOwned,
  inJsonList,
  missedChange,
  nextVersion,
  nowIso,
  ownedAt,
  ownedBy,
  publicRow,
  rowsPerStatement,
  runBatch,
  selectPage,
  type IfVersion,
  type PageRequest,
} from "../db/queries";
import {
  auctions,
  calendarEvents,
  contacts,
  properties,
  routes,
  startPlaces,
  type AuctionRow,
  type PropertyRow,
  type RouteRow,
} from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";
import type { Env } from "../env";
import {
  assertWritableCalendar,
  eventColumns,
  insertGoogleEvents,
  isGoogleCalendar,
  listEvents,
  newGoogleEventId,
  removeGoogleEvents,
} from "./calendar";
import type { GoogleScope } from "./google";
import { roadMatrix } from "./maps";

export type PlanSource = "roads" | "estimate";

/**
 * Road figures for the problem when ROUTING_URL is set; without it, or when the road service fails
 * or cannot join two of the points, the estimate (no matrix), and `source` says which.
 */
async function travelFigures(
  env: Env,
  problem: RouteProblem,
): Promise<{ matrix?: TravelMatrix; source: PlanSource }> {
  if (!env.ROUTING_URL) return { source: "estimate" };
  try {
    return { matrix: await roadMatrix(env, travelPoints(problem)), source: "roads" };
  } catch (error) {
    console.error("Road figures unavailable, using the estimate", error);
    return { source: "estimate" };
  }
}

/** `POST /routes/optimize`: the best order, with road figures when a routing service is set. */
export async function optimize(env: Env, input: RouteFields & Pick<OptimizeInput, "locked">) {
  const problem = routeProblem(input);
  const { matrix, source } = await travelFigures(env, problem);
  return { plan: optimizeRoute(problem, { matrix, locked: input.locked }), source };
}

/** A saved route's figures in its own order (roads when they answer, else the estimate). */
async function planOf(env: Env, input: RouteInput) {
  const problem = routeProblem(input);
  const { matrix, source } = await travelFigures(env, problem);
  return { plan: evaluateRoute(problem, input.order, { matrix }), planSource: source };
}

/** A route's figures in its own order by the estimate (an import, where no call goes out). */
export const estimatedPlan = (input: RouteInput) => ({
  plan: evaluateRoute(routeProblem(input), input.order),
  planSource: "estimate" as const,
});

const toRoute = (row: RouteRow) => publicRow(row);
export type SavedRoute = ReturnType<typeof toRoute>;

export async function createRoute(db: Database, env: Env, userId: string, input: RouteInput) {
  const [row] = await db
    .insert(routes)
    .values({ userId, ...input, ...(await planOf(env, input)) })
    .returning();
  return toRoute(row!);
}

/** Replaces the route (PUT); only at one of `ifVersion` when given (else 412). */
export async function updateRoute(
  db: Database,
  env: Env,
  userId: string,
  id: string,
  input: RouteInput,
  ifVersion?: IfVersion,
) {
  const [row] = await db
    .update(routes)
    .set({ ...input, ...(await planOf(env, input)), updatedAt: nextVersion(routes.updatedAt) })
    .where(ownedAt(routes, userId, id, ifVersion))
    .returning();
  if (!row) throw await missedChange(db, routes, userId, id, "Route", { ifVersion, show: toRoute });
  return toRoute(row);
}

export const getRoute = async (db: Database, userId: string, id: string) =>
  toRoute(await findOwned(db, routes, userId, id, "Route"));

export const deleteRoute = async (
  db: Database,
  userId: string,
  id: string,
  ifVersion?: IfVersion,
) => toRoute(await deleteOwned(db, routes, userId, id, "Route", { ifVersion, show: toRoute }));

export interface RouteFilters {
  /** Routes on this day or later / before this day (YYYY-MM-DD). */
  from?: string;
  to?: string;
  q?: string;
}

/** Saved routes, the latest day first, each with its figures. */
export async function listRoutes(
  db: Database,
  userId: string,
  filters: RouteFilters,
  page: PageRequest,
) {
  const where = and(
    ownedMatching(SEARCH_INDEXES.routes, userId, filters.q),
    filters.from ? gte(routes.date, filters.from) : undefined,
    filters.to ? lt(routes.date, filters.to) : undefined,
  );
  const { rows, meta } = await selectPage(
    db,
    routes,
    where,
    [desc(routes.date), desc(routes.updatedAt), asc(routes.id)],
    page,
  );
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    date: row.date,
    departAt: row.departAt,
    planSource: row.planSource,
    updatedAt: row.updatedAt,
    stopCount: row.stops.length,
    totalDistanceKm: row.plan.totalDistanceKm,
    totalMinutes: row.plan.totalMinutes,
    feasible: row.plan.feasible,
  }));
  return { items, meta };
}

/** The places the user's routes start from (home, office), as last remembered. */
export async function getStartPlaces(db: Database, userId: string): Promise<StartPlaces> {
  const [row] = await db.select().from(startPlaces).where(eq(startPlaces.userId, userId));
  return { home: row?.home ?? null, office: row?.office ?? null };
}

export async function saveStartPlaces(db: Database, userId: string, places: StartPlaces) {
  const values = { home: places.home, office: places.office, updatedAt: nowIso() };
  await db
    .insert(startPlaces)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: startPlaces.userId, set: values });
  return places;
}

/** A stop the planner offers, from one of the user's records. */
export interface StopCandidate {
  source: RouteStop["source"];
  sourceId: string;
  label: string;
  detail: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  window: { start: string; end: string } | null;
  serviceMinutes: number;
}

/** Cut to what a saved stop takes, so any candidate can be saved as it is. */
const fitted = (candidate: StopCandidate): StopCandidate => ({
  ...candidate,
  label: candidate.label.slice(0, MAX_STOP_LABEL) || "Stop",
  address: candidate.address?.slice(0, MAX_STOP_ADDRESS) ?? null,
});

const MAX_CANDIDATES = 50;
const LIVE_AUCTION_STATUSES = ["upcoming", "postponed"] as const;

const joined = (...parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => Boolean(part?.trim())).join(", ");

export interface CandidateQuery {
  /** The day's bounds (ISO instants): auctions and events in it. */
  from: string;
  to: string;
  /** Words that begin words of the properties (address, city, ZIP) and contacts (name, company, address) found. */
  q?: string;
}

async function propertyCandidates(db: Database, userId: string, q?: string) {
  const rows = await db
    .select()
    .from(properties)
    .where(
      ownedMatching(SEARCH_INDEXES.properties, userId, q, {
        columns: [properties.address, properties.city, properties.zip],
      }),
    )
    .orderBy(desc(properties.updatedAt))
    .limit(MAX_CANDIDATES);
  return rows.map(propertyCandidate);
}

/** A property as a stop: a drive-by or a showing, at its coordinates when known. */
export const propertyCandidate = (row: PropertyRow): StopCandidate =>
  fitted({
    source: "property",
    sourceId: row.id,
    label: row.address,
    detail: joined(label(row.status), row.city),
    address: formatAddress(row),
    lat: row.latitude,
    lng: row.longitude,
    window: null,
    serviceMinutes: VISIT_MINUTES,
  });

/**
 * The auctions of the day. The stop is the venue when one is given (the courthouse steps), else
 * the property, with its coordinates when the property has them. The sale time is the window.
 */
async function auctionCandidates(db: Database, userId: string, query: CandidateQuery) {
  const rows = await db
    .select({ auction: auctions, latitude: properties.latitude, longitude: properties.longitude })
    .from(auctions)
    .leftJoin(properties, eq(auctions.propertyId, properties.id))
    .where(
      and(
        eq(auctions.userId, userId),
        inArray(auctions.status, LIVE_AUCTION_STATUSES),
        gte(auctions.currentSaleAt, new Date(query.from).toISOString()),
        lt(auctions.currentSaleAt, new Date(query.to).toISOString()),
      ),
    )
    .orderBy(asc(auctions.currentSaleAt))
    .limit(MAX_CANDIDATES);
  return rows.map(({ auction, latitude, longitude }) =>
    auctionCandidate(auction, { lat: latitude, lng: longitude }),
  );
}

/**
 * An auction as a stop, reached by its sale time: at the venue when one is given (the courthouse
 * steps, to be looked up), else at the property (`property`: its coordinates, when known).
 */
export function auctionCandidate(
  auction: AuctionRow,
  property: { lat: number | null; lng: number | null },
): StopCandidate {
  const venue = auction.venue?.trim();
  return fitted({
    source: "auction",
    sourceId: auction.id,
    label: auction.address,
    detail: venue
      ? `${saleTypeLabel(auction.saleType)} at ${venue}`
      : saleTypeLabel(auction.saleType),
    address: formatAddress({ ...auction, address: venue || auction.address, zip: null }),
    lat: venue ? null : property.lat,
    lng: venue ? null : property.lng,
    window: { start: auction.currentSaleAt, end: auction.currentSaleAt },
    serviceMinutes: AUCTION_MINUTES,
  });
}

async function contactCandidates(db: Database, userId: string, q?: string) {
  const rows = await db
    .select()
    .from(contacts)
    .where(
      and(
        ownedMatching(SEARCH_INDEXES.contacts, userId, q, {
          columns: [contacts.firstName, contacts.lastName, contacts.company, contacts.address],
        }),
        isNotNull(contacts.address),
      ),
    )
    .orderBy(asc(contacts.lastName), asc(contacts.firstName))
    .limit(MAX_CANDIDATES);
  return rows
    .filter((row) => row.address?.trim())
    .map((row) =>
      fitted({
        source: "contact",
        sourceId: row.id,
        label: `${row.firstName} ${row.lastName}`.trim(),
        detail: joined(label(row.type), row.company),
        address: row.address,
        lat: null,
        lng: null,
        window: null,
        serviceMinutes: VISIT_MINUTES,
      }),
    );
}

/** Timed events of the day with a place; reached by their start, staying for their length. */
function eventCandidate(event: CalendarEvent): StopCandidate[] {
  if (!event.location?.trim() || !event.start.dateTime || !event.end.dateTime) return [];
  const minutes = (Date.parse(event.end.dateTime) - Date.parse(event.start.dateTime)) / 60_000;
  return [
    fitted({
      source: "event",
      sourceId: event.id,
      label: event.summary,
      detail: label(event.kind),
      address: event.location,
      lat: null,
      lng: null,
      window: { start: event.start.dateTime, end: event.start.dateTime },
      serviceMinutes: Math.max(0, Math.round(minutes)),
    }),
  ];
}

/**
 * What a route for the day can be built from: the user's properties (matching `q`), the day's
 * auctions, contacts with an address, and the day's events with a location (AI42's and Google's;
 * a Google calendar that fails is left out). Auction dates in the calendar are the auctions.
 */
export async function stopCandidates(scope: GoogleScope, query: CandidateQuery) {
  const { db, workspaceId: userId } = scope;
  const [found, auctionsOfDay, people, listing] = await Promise.all([
    propertyCandidates(db, userId, query.q),
    auctionCandidates(db, userId, query),
    contactCandidates(db, userId, query.q),
    listEvents(scope, { timeMin: query.from, timeMax: query.to, maxResults: 250 }),
  ]);
  const events = listing.events
    .filter((event) => event.source === "local" || event.source === "google")
    .flatMap(eventCandidate);
  return [...auctionsOfDay, ...events, ...found, ...people];
}

/** A visit with no service time still shows in the calendar: five minutes. */
const MIN_EVENT_MINUTES = 5;

/** Which of these ids name the user's rows in `table` still (a stop's record may be gone). */
async function stillThere(
  db: Database,
  table: typeof properties | typeof contacts,
  userId: string,
  ids: string[],
) {
  const parts = await Promise.all(
    chunk([...new Set(ids)], D1_MAX_PARAMS - 1).map((part) =>
      db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.userId, userId), inArray(table.id, part))),
    ),
  );
  return new Set(parts.flat().map((row) => row.id));
}

/** One event per visit of a saved route, for `calendarId`; a stop taken from an event has one. */
async function visitEvents(
  db: Database,
  userId: string,
  route: SavedRoute,
  calendarId: string,
): Promise<EventInput[]> {
  const stops = new Map(route.stops.map((stop) => [stop.id, stop]));
  const visits = route.plan.legs.filter((leg) => stops.has(leg.to));
  const sourceIds = (source: RouteStop["source"]) =>
    route.stops.flatMap((stop) => (stop.source === source && stop.sourceId ? [stop.sourceId] : []));
  const [ownProperties, ownContacts] = await Promise.all([
    stillThere(db, properties, userId, sourceIds("property")),
    stillThere(db, contacts, userId, sourceIds("contact")),
  ]);
  const linked = (stop: RouteStop, source: RouteStop["source"], own: Set<string>) =>
    stop.source === source && stop.sourceId && own.has(stop.sourceId) ? stop.sourceId : null;
  return visits.flatMap((leg, index) => {
    const stop = stops.get(leg.to)!;
    if (stop.source === "event") return [];
    // From when the visit starts (after any wait for its window) for its service time.
    const arrive = Date.parse(leg.arriveAt) + leg.waitMinutes * 60_000;
    const leave = arrive + Math.max(stop.serviceMinutes, MIN_EVENT_MINUTES) * 60_000;
    return [
      {
        summary: `Visit ${index + 1}/${visits.length}: ${stop.label}`,
        description: `${route.name} (${route.date}). Stop ${index + 1} of ${visits.length}.`,
        location: stop.address ?? `${stop.lat}, ${stop.lng}`,
        start: { dateTime: new Date(arrive).toISOString() },
        end: { dateTime: new Date(leave).toISOString() },
        kind: stop.source === "auction" ? "auction" : "showing",
        calendarId,
        projectId: null,
        propertyId: linked(stop, "property", ownProperties),
        contactId: linked(stop, "contact", ownContacts),
      },
    ];
  });
}

/** Sets which events of which calendar the route made, or is about to make. */
const recordEvents = (
  db: Database,
  userId: string,
  routeId: string,
  calendarId: string | null,
  eventIds: string[] | null,
) =>
  db
    .update(routes)
    .set({ calendarId, calendarEventIds: eventIds, updatedAt: nowIso() })
    .where(ownedBy(routes, userId, routeId));

/**
 * The route's events in AI42's calendar, deleted: every one tagged with it (a try killed part-way
 * leaves some the route does not list) and the ones it lists from before events were tagged.
 */
function deleteLocalEvents(db: Database, userId: string, route: SavedRoute) {
  const listed = (route.calendarId ?? LOCAL_CALENDAR_ID) === LOCAL_CALENDAR_ID;
  return db
    .delete(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, userId),
        or(
          eq(calendarEvents.routeId, route.id),
          listed ? inJsonList(calendarEvents.id, route.calendarEventIds ?? []) : undefined,
        ),
      ),
    )
    .returning({ id: calendarEvents.id });
}

interface Written {
  eventIds: string[];
  /** What the D1 batch that records the route's events also runs. */
  statements: unknown[];
  /** Events of the route's removed on the way. */
  replaced: number;
}

/** The visits as rows of AI42's calendar, tagged with the route, for the batch to insert. */
function localWrites(db: Database, userId: string, routeId: string, visits: EventInput[]): Written {
  const now = nowIso();
  const rows = visits.map((visit) => ({
    ...eventColumns(visit),
    id: crypto.randomUUID(),
    userId,
    routeId,
    createdAt: now,
    updatedAt: now,
  }));
  const statements = chunk(rows, rowsPerStatement(calendarEvents)).map((part) =>
    db.insert(calendarEvents).values(part),
  );
  return { eventIds: rows.map((row) => row.id), statements, replaced: 0 };
}

/**
 * Writes the visits to a Google calendar under ids recorded on the route before Google makes them
 * (a try killed part-way leaves ids the next one finds), then removes the events the route had
 * there before. When Google fails and takes back what it made, the route lists what it listed.
 */
async function googleWrites(
  scope: GoogleScope,
  route: SavedRoute,
  visits: EventInput[],
  calendarId: string,
): Promise<Written> {
  const { db, workspaceId: userId } = scope;
  const events = visits.map((visit) => ({ ...visit, id: newGoogleEventId() }));
  const eventIds = events.map((event) => event.id);
  const kept = route.calendarId === calendarId ? (route.calendarEventIds ?? []) : [];
  await recordEvents(db, userId, route.id, calendarId, [...kept, ...eventIds]);
  const sent: string[] = [];
  try {
    await insertGoogleEvents(scope, calendarId, events, sent);
  } catch (error) {
    if (sent.length === 0)
      await recordEvents(db, userId, route.id, route.calendarId, route.calendarEventIds);
    throw error;
  }
  return { eventIds, statements: [], replaced: await removeGoogleEvents(scope, calendarId, kept) };
}

/**
 * Writes one event per visit of a saved route (from when the visit starts to when it ends) to
 * AI42's calendar or a Google calendar, and removes every event this route wrote before, wherever
 * it was. A stop taken from a calendar event is that event already: it gets no second one.
 *
 * No try leaves an event the next cannot find: AI42's events carry the route's id, and Google's
 * are recorded on the route before Google makes them. The route's events in AI42's calendar go,
 * the new ones come and the route's list is set in one D1 batch (a few queries in all, however many
 * stops), so a failure there leaves the old state or the new. In Google the new events are made
 * before the old ones are removed, so a failure keeps the old ones. Google events the route has in
 * another calendar than `calendarId` are removed first.
 */
export async function addRouteToCalendar(scope: GoogleScope, id: string, calendarId: string) {
  assertWritableCalendar(calendarId);
  const { db, workspaceId: userId } = scope;
  const route = await getRoute(db, userId, id);
  const visits = await visitEvents(db, userId, route, calendarId);
  const elsewhere =
    route.calendarId && route.calendarId !== calendarId && isGoogleCalendar(route.calendarId)
      ? await removeGoogleEvents(scope, route.calendarId, route.calendarEventIds ?? [])
      : 0;
  const written = isGoogleCalendar(calendarId)
    ? await googleWrites(scope, route, visits, calendarId)
    : localWrites(db, userId, id, visits);
  const [removed] = (await runBatch(db, [
    deleteLocalEvents(db, userId, route),
    ...written.statements,
    recordEvents(db, userId, id, calendarId, written.eventIds),
  ])) as [unknown[]];
  return {
    calendarId,
    eventIds: written.eventIds,
    replaced: elsewhere + written.replaced + removed.length,
  };
}
