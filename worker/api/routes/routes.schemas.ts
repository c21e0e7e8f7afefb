import { z } from "@hono/zod-openapi";
import {
  InstantSchema,
  PlaceSchema,
  RouteStopSchema,
  STOP_SOURCES,
} from "../../../app/domain/routing/route";
import { routes } from "../../db/schema";
import { createSelectSchema, internal } from "../shared-schemas";

const LegSchema = z
  .object({
    from: z.string().openapi({ description: "A stop id, or `start`" }),
    to: z.string().openapi({ description: "A stop id, or `end` / `start` for the last leg" }),
    distanceKm: z.number(),
    minutes: z.number().openapi({ description: "Driving time of the leg" }),
    arriveAt: z.string().openapi({ description: "Arrival at `to` (ISO 8601, departAt's offset)" }),
    departAt: z
      .string()
      .openapi({ description: "Departure from `from`, after its wait and service" }),
    waitMinutes: z.number().openapi({ description: "Wait at `to` for its window to open" }),
  })
  .openapi("RouteLeg");

export const RoutePlanSchema = z
  .object({
    order: z.array(z.string()).openapi({ description: "The stop ids in the order to visit them" }),
    legs: z.array(LegSchema),
    totalDistanceKm: z.number(),
    totalMinutes: z.number().openapi({
      description: "From departAt to the last arrival, waits and service included",
    }),
    feasible: z.boolean().openapi({ description: "Whether every window is reached" }),
    late: z.array(z.string()).openapi({ description: "Stops reached after their window's end" }),
  })
  .openapi("RoutePlan");

export const PLAN_SOURCES = ["roads", "estimate"] as const;
const planSource = z.enum(PLAN_SOURCES).openapi({
  description:
    "`roads`: distances and times from the routing service (ROUTING_URL); `estimate`: the straight line × roadFactor at speedKmh",
});
export const PlanMetaSchema = z.object({ source: planSource });

const placeJson = PlaceSchema.openapi("Place");
export const RouteSchema = createSelectSchema(routes, {
  start: placeJson,
  end: placeJson.nullable(),
  stops: z.array(RouteStopSchema.openapi("RouteStop")),
  order: z.array(z.string()),
  plan: RoutePlanSchema,
  calendarEventIds: z.array(z.string()).nullable(),
})
  .omit(internal)
  .openapi("Route");

export const RouteSummarySchema = RouteSchema.pick({
  id: true,
  name: true,
  date: true,
  departAt: true,
  planSource: true,
  updatedAt: true,
})
  .extend({
    stopCount: z.number(),
    totalDistanceKm: z.number(),
    totalMinutes: z.number(),
    feasible: z.boolean(),
  })
  .openapi("RouteSummary");

export const StopCandidateSchema = z
  .object({
    source: z.enum(STOP_SOURCES),
    sourceId: z.string(),
    label: z.string(),
    detail: z.string().openapi({ description: "What it is, in words: “Sheriff sale 10:00 AM”" }),
    address: z.string().nullable(),
    lat: z.number().nullable().openapi({ description: "Null until the address is geocoded" }),
    lng: z.number().nullable(),
    window: z.object({ start: z.string(), end: z.string() }).nullable().openapi({
      description: "An auction's sale time, an event's start: when the stop must be reached",
    }),
    serviceMinutes: z.number(),
  })
  .openapi("StopCandidate");

/**
 * What a day's route can be built from is asked for (`GET /routes/candidates`, and the planner's
 * route that reads it for the stop picker): the day as two instants, and the words searched.
 */
export const StopCandidatesQuerySchema = z
  .object({
    from: InstantSchema.openapi({
      description: "The day's start: its auctions and events from here",
    }),
    to: InstantSchema.openapi({ description: "The day's end (exclusive)" }),
    q: z.string().trim().min(1).max(100).optional().openapi({
      description:
        "Words that begin words of the properties (address, city, ZIP) and contacts (name, company, address) to offer",
    }),
  })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    path: ["to"],
    error: "`to` after `from`",
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 7 * 86_400_000, {
    path: ["to"],
    error: "At most 7 days between `from` and `to`",
  });

/** The calendar a route's visits are written to: AI42's own (`local`) or a Google calendar's id. */
export const RouteCalendarInputSchema = z.object({
  calendarId: z.string().trim().min(1).max(255).default("local"),
});

export const RouteCalendarResultSchema = z
  .object({
    calendarId: z.string(),
    eventIds: z.array(z.string()),
    replaced: z.number().openapi({ description: "Events this route had added before, removed" }),
  })
  .openapi("RouteCalendarResult");
