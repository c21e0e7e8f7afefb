/**
 * The agent's route tools: the best order for given stops, or for the day's showings and auctions,
 * worked out by the Route Planner's own optimiser (never by the model); plan_route only answers it
 * (a read), save_route also saves it so the investor can open it on the map (a write).
 */
import { z } from "zod";
import { addIsoDays } from "../../app/domain/calendar/events";
import { localTimeToIso } from "../../app/domain/auctions/time-zones";
import { visitRoutePath } from "../../app/domain/modules";
import { isTimeZone, todayIn } from "../../app/domain/today";
import type { LatLng } from "../../app/domain/routing/optimize";
import { DEFAULT_ROAD_FACTOR, DEFAULT_SPEED_KMH } from "../../app/domain/routing/problem";
import {
  MAX_ROUTE_STOPS,
  RouteInputSchema,
  VISIT_MINUTES,
  type Place,
  type RouteStop,
} from "../../app/domain/routing/route";
import { invalidFields, validationError } from "../errors";
import { findOwned } from "../db/queries";
import { auctions, properties } from "../db/schema";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { geocode } from "./maps";
import {
  auctionCandidate,
  createRoute,
  getStartPlaces,
  optimize,
  propertyCandidate,
  stopCandidates,
  type StopCandidate,
} from "./routes";
import { creates, tool, toolGoogleScope, type ToolContext } from "./tool";

const StopArgument = z
  .object({
    propertyId: z.string().max(64).optional(),
    auctionId: z.string().max(64).optional(),
    address: z.string().trim().min(3).max(300).optional(),
    label: z.string().trim().min(1).max(200).optional(),
    serviceMinutes: z.number().min(0).max(600).optional(),
  })
  .refine((stop) => stop.propertyId || stop.auctionId || stop.address, {
    error: "Give each stop a propertyId, an auctionId or an address",
  });

/** A place for an address: the first the geocoder finds, or why there is none. */
async function placeOf(db: Database, env: Env, address: string): Promise<LatLng | string> {
  try {
    const [first] = await geocode(db, env, address);
    return first ?? `the geocoder does not know “${address}”`;
  } catch (error) {
    return `“${address}” could not be looked up: ${(error as Error).message}`;
  }
}

/** A stop the tool was asked for, as a candidate (the same the planner offers). */
async function candidateOf(
  db: Database,
  userId: string,
  stop: z.infer<typeof StopArgument>,
): Promise<StopCandidate> {
  const overrides = {
    ...(stop.label ? { label: stop.label } : {}),
    ...(stop.serviceMinutes !== undefined ? { serviceMinutes: stop.serviceMinutes } : {}),
  };
  if (stop.auctionId) {
    const auction = await findOwned(db, auctions, userId, stop.auctionId, "Auction");
    const property = auction.propertyId
      ? await findOwned(db, properties, userId, auction.propertyId, "Property")
      : null;
    const at = { lat: property?.latitude ?? null, lng: property?.longitude ?? null };
    return { ...auctionCandidate(auction, at), ...overrides };
  }
  if (stop.propertyId) {
    const property = await findOwned(db, properties, userId, stop.propertyId, "Property");
    return { ...propertyCandidate(property), ...overrides };
  }
  return {
    source: "address",
    sourceId: "",
    label: stop.address!,
    detail: "",
    address: stop.address!,
    lat: null,
    lng: null,
    window: null,
    serviceMinutes: VISIT_MINUTES,
    ...overrides,
  };
}

/** Candidates with their coordinates (geocoding those without), and the ones that have none. */
async function located(db: Database, env: Env, candidates: StopCandidate[]) {
  const stops: RouteStop[] = [];
  const unplaced: string[] = [];
  for (const [index, candidate] of candidates.entries()) {
    const point: LatLng | string =
      candidate.lat !== null && candidate.lng !== null
        ? { lat: candidate.lat, lng: candidate.lng }
        : candidate.address
          ? await placeOf(db, env, candidate.address)
          : `${candidate.label} has no address`;
    if (typeof point === "string") {
      unplaced.push(point);
      continue;
    }
    stops.push({
      id: `s${index + 1}`,
      label: candidate.label,
      address: candidate.address,
      lat: point.lat,
      lng: point.lng,
      serviceMinutes: candidate.serviceMinutes,
      window: candidate.window,
      locked: false,
      source: candidate.source,
      sourceId: candidate.sourceId || null,
    });
  }
  return { stops, unplaced };
}

async function startOf(
  db: Database,
  userId: string,
  env: Env,
  start: string | undefined,
): Promise<Place | string | null> {
  const places = await getStartPlaces(db, userId);
  if (start === "office" || start === "home") return places[start] ?? `no ${start} is saved`;
  if (start) {
    const point = await placeOf(db, env, start);
    return typeof point === "string" ? point : { label: start, address: start, ...point };
  }
  return places.home ?? places.office ?? null;
}

/** Where the day begins and ends in `zone`, as instants. */
function dayBounds(date: string, zone: string) {
  return {
    from: localTimeToIso(`${date} 00:00`, zone)!,
    to: localTimeToIso(`${addIsoDays(date, 1)} 00:00`, zone)!,
  };
}

const PlanArguments = z.object({
  stops: z.array(StopArgument).max(50).optional(),
  today: z
    .boolean()
    .optional()
    .describe("Add the day's auctions and calendar events with a location"),
  date: z.iso.date().optional().describe("The day (YYYY-MM-DD); default today"),
  timeZone: z
    .string()
    .refine(isTimeZone, { error: "Use an IANA time zone like America/Phoenix" })
    .optional()
    .describe("The investor's IANA time zone; default UTC"),
  departAt: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("When to leave; default 8:00 on the day"),
  start: z.string().trim().max(300).optional(),
  returnToStart: z.boolean().optional(),
});
type PlanArguments = z.output<typeof PlanArguments>;

const WHAT_IS_PLANNED =
  "the best order to visit stops in one day, by the Route Planner's optimiser: given stops (properties, auctions or addresses), or, with `today: true`, the day's auctions (their sale time must be reached) and calendar events with a location. Starts from `start` (an address, or `home`/`office` as saved in the Route Planner; default home).";

/**
 * The day's route as the optimiser orders it, from what the tool was asked: the stops placed
 * (those that cannot be are named), the start and the plan; a 400 naming the field when nothing
 * can be planned.
 */
async function planDay(db: Database, userId: string, args: PlanArguments, context: ToolContext) {
  const zone = args.timeZone ?? "UTC";
  const date = args.date ?? todayIn(context.timeZone);
  const bounds = dayBounds(date, zone);
  const asked = await Promise.all((args.stops ?? []).map((stop) => candidateOf(db, userId, stop)));
  const ofDay = args.today
    ? (await stopCandidates(toolGoogleScope(db, userId, context), bounds)).filter(
        (candidate) => candidate.source === "auction" || candidate.source === "event",
      )
    : [];
  const wanted = [...asked, ...ofDay];
  const { stops, unplaced } = await located(db, context.env, wanted.slice(0, MAX_ROUTE_STOPS));
  if (wanted.length > MAX_ROUTE_STOPS)
    unplaced.push(
      `${wanted.length - MAX_ROUTE_STOPS} stops past the ${MAX_ROUTE_STOPS} a route takes`,
    );
  if (stops.length === 0)
    throw invalidFields([
      {
        field: "stops",
        message: unplaced.length
          ? `No stop could be placed: ${unplaced.join("; ")}`
          : "Nothing to visit: give stops, or `today: true` for a day with auctions or events",
      },
    ]);
  const start = await startOf(db, userId, context.env, args.start);
  if (typeof start === "string")
    throw invalidFields([{ field: "start", message: `The start cannot be placed: ${start}` }]);
  const origin: Place = start ?? {
    ...stops[0]!,
    label: stops[0]!.label,
    address: stops[0]!.address,
  };
  const departAt = args.departAt ?? localTimeToIso(`${date} 08:00`, zone)!;
  const returnToStart = args.returnToStart ?? false;
  const { plan, source } = await optimize(context.env, {
    start: origin,
    returnToStart,
    departAt,
    speedKmh: DEFAULT_SPEED_KMH,
    roadFactor: DEFAULT_ROAD_FACTOR,
    stops,
  });
  return { date, origin, returnToStart, departAt, stops, unplaced, plan, source };
}

/** What a planned day answers: the order with its figures, in the stops' own words. */
function planned({ origin, stops, unplaced, plan, source }: Awaited<ReturnType<typeof planDay>>) {
  const byId = new Map(stops.map((stop) => [stop.id, stop]));
  const km = Math.round(plan.totalDistanceKm * 10) / 10;
  return {
    result: {
      figures:
        source === "roads"
          ? "road distances and times"
          : `estimate: straight line × ${DEFAULT_ROAD_FACTOR} at ${DEFAULT_SPEED_KMH} km/h`,
      start: origin.label,
      order: plan.order.map((id) => byId.get(id)!.label),
      legs: plan.legs.map((leg) => ({
        to: byId.get(leg.to)?.label ?? leg.to,
        arriveAt: leg.arriveAt,
        waitMinutes: Math.round(leg.waitMinutes),
        distanceKm: Math.round(leg.distanceKm * 10) / 10,
        late: plan.late.includes(leg.to),
      })),
      totalDistanceKm: km,
      totalMinutes: Math.round(plan.totalMinutes),
      feasible: plan.feasible,
      late: plan.late.map((id) => byId.get(id)!.label),
      notPlaced: unplaced,
    },
    line: `${stops.length} stop${stops.length === 1 ? "" : "s"}: ${km} km${plan.feasible ? "" : `, ${plan.late.length} late`}`,
  };
}

export const routeTools = {
  plan_route: tool({
    description: `Plan ${WHAT_IS_PLANNED} Answers the order with arrival times, waits, late stops, total km and minutes; saves nothing (save_route does). Quote its figures; never work out distances yourself.`,
    parameters: PlanArguments,
    run: async (db, userId, args, context) => {
      const { result, line } = planned(await planDay(db, userId, args, context));
      return { result, summary: `Planned ${line}` };
    },
  }),
  save_route: tool({
    description: `Plan and save a route the investor can open on the map in the Route Planner: ${WHAT_IS_PLANNED} Takes what plan_route takes, and a name. Only when the investor asks to save it. Answers the route's id and where it opens, with the order and figures as plan_route does.`,
    parameters: PlanArguments.extend({
      name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .optional()
        .describe("What to call the route; default “Route for <date>”"),
    }),
    wrote: true,
    records: creates("route", (result) => (result as { routeId: string }).routeId),
    run: async (db, userId, args, context) => {
      const day = await planDay(db, userId, args, context);
      const input = RouteInputSchema.safeParse({
        name: args.name ?? `Route for ${day.date}`,
        date: day.date,
        start: day.origin,
        returnToStart: day.returnToStart,
        departAt: day.departAt,
        stops: day.stops,
        order: day.plan.order,
      });
      if (!input.success) throw validationError(input.error);
      const route = await createRoute(db, context.env, userId, input.data);
      const { result, line } = planned(day);
      return {
        result: {
          routeId: route.id,
          name: route.name,
          openAt: visitRoutePath(route.id),
          ...result,
        },
        summary: `Saved route “${route.name}”: ${line}`,
      };
    },
  }),
};
