/**
 * A route as clients write it: the optimisation request of `POST /api/routes/optimize` and a saved
 * route with its stops. The rules are the API's and the Route Planner's alike. Pure: no I/O.
 */
import { z } from "zod";
import { DEFAULT_ROAD_FACTOR, DEFAULT_SPEED_KMH } from "./problem";
import { MAX_ROUTE_STOPS, MAX_STOP_ADDRESS, MAX_STOP_LABEL, STOP_SOURCES } from "./route-terms";

export * from "./route-terms";

/** An ISO 8601 date and time with its offset. */
export const InstantSchema = z.iso.datetime({
  offset: true,
  error: "Use a date and time with an offset, like 2027-03-15T08:00:00-07:00",
});

export const LatLngSchema = z.object({
  lat: z
    .number({ error: "Give the latitude as a number" })
    .finite()
    .min(-90, { error: "Latitude is between -90 and 90" })
    .max(90, { error: "Latitude is between -90 and 90" }),
  lng: z
    .number({ error: "Give the longitude as a number" })
    .finite()
    .min(-180, { error: "Longitude is between -180 and 180" })
    .max(180, { error: "Longitude is between -180 and 180" }),
});

export const TimeWindowSchema = z
  .object({ start: InstantSchema, end: InstantSchema })
  .refine((window) => Date.parse(window.end) >= Date.parse(window.start), {
    path: ["end"],
    error: "The window's end is before its start",
  });

const stopId = z
  .string({ error: "Give each stop an id (text)" })
  .trim()
  .min(1, { error: "Give each stop an id" })
  .max(100);
const serviceMinutes = z
  .number()
  .finite()
  .min(0)
  .max(24 * 60);

/** One stop of `POST /api/routes/optimize`. */
export const OptimizeStopSchema = LatLngSchema.extend({
  id: stopId,
  serviceMinutes: serviceMinutes.optional(),
  window: TimeWindowSchema.optional(),
});

/** Ids must differ: the answer names stops by id. */
function uniqueIds(stops: readonly { id: string }[], context: z.RefinementCtx) {
  const seen = new Set<string>();
  stops.forEach((stop, index) => {
    if (seen.has(stop.id))
      context.addIssue({
        code: "custom",
        path: ["stops", index, "id"],
        message: `Stop id “${stop.id}” is used twice`,
      });
    seen.add(stop.id);
  });
}

const stopList = <T extends z.ZodType>(stop: T) =>
  z
    .array(stop, { error: "Give the stops as a list" })
    .min(1, { error: "Give at least one stop" })
    .max(MAX_ROUTE_STOPS, { error: `A route takes at most ${MAX_ROUTE_STOPS} stops` });

const routeShape = {
  start: LatLngSchema,
  end: LatLngSchema.optional(),
  returnToStart: z.boolean().default(false),
  departAt: InstantSchema,
  speedKmh: z
    .number()
    .finite()
    .gt(0, { error: "Speed must be above 0 km/h" })
    .max(300)
    .default(DEFAULT_SPEED_KMH),
  roadFactor: z
    .number()
    .finite()
    .min(1, { error: "The road factor is at least 1" })
    .max(5)
    .default(DEFAULT_ROAD_FACTOR),
};

/** `end` and `returnToStart: true` contradict each other. */
function oneEnding(route: { end?: unknown; returnToStart?: boolean }, context: z.RefinementCtx) {
  if (route.end && route.returnToStart)
    context.addIssue({
      code: "custom",
      path: ["end"],
      message: "Give either `end` or `returnToStart: true`, not both",
    });
}

/** The body of `POST /api/routes/optimize`; `locked` pins stops (by id) to 0-based positions. */
export const OptimizeInputSchema = z
  .object({
    ...routeShape,
    stops: stopList(OptimizeStopSchema),
    locked: z.record(z.string(), z.number().int().min(0)).optional(),
  })
  .superRefine((route, context) => {
    oneEnding(route, context);
    uniqueIds(route.stops, context);
    const taken = new Map<number, string>();
    for (const [id, position] of Object.entries(route.locked ?? {})) {
      const other = taken.get(position);
      taken.set(position, id);
      if (other !== undefined)
        context.addIssue({
          code: "custom",
          path: ["locked", id],
          message: `“${other}” is already locked at position ${position}`,
        });
      else if (!route.stops.some((stop) => stop.id === id))
        context.addIssue({ code: "custom", path: ["locked", id], message: `No stop “${id}”` });
      else if (position >= route.stops.length)
        context.addIssue({
          code: "custom",
          path: ["locked", id],
          message: `Position ${position} is past the last stop`,
        });
    }
  });
export type OptimizeInput = z.infer<typeof OptimizeInputSchema>;

/** A place with its name, as the planner shows it: a start, an end, a remembered home. */
export const PlaceSchema = LatLngSchema.extend({
  label: z.string().trim().min(1, { error: "Name the place" }).max(200),
  address: z.string().trim().max(300).nullable().default(null),
});
export type Place = z.infer<typeof PlaceSchema>;

/** A stop of a saved route. */
export const RouteStopSchema = LatLngSchema.extend({
  id: stopId,
  label: z.string().trim().min(1, { error: "Name the stop" }).max(MAX_STOP_LABEL),
  address: z.string().trim().max(MAX_STOP_ADDRESS).nullable().default(null),
  serviceMinutes: serviceMinutes.default(0),
  window: TimeWindowSchema.nullable().default(null),
  /** Kept in its position when the rest is optimised. */
  locked: z.boolean().default(false),
  source: z.enum(STOP_SOURCES).default("address"),
  /** The record it came from (a property, an auction, a contact, an event). */
  sourceId: z.string().max(255).nullable().default(null),
});
export type RouteStop = z.infer<typeof RouteStopSchema>;

/**
 * A saved route. `stops` is the order the user entered them in (what the saving is measured
 * against); `order` the order the route runs in, every stop id once.
 */
export const RouteInputSchema = z
  .object({
    name: z.string().trim().min(1, { error: "Name the route" }).max(200),
    date: z.iso.date({ error: "Use a date like 2027-03-15" }),
    ...routeShape,
    start: PlaceSchema,
    end: PlaceSchema.nullable().default(null),
    stops: stopList(RouteStopSchema),
    order: z.array(stopId).optional(),
  })
  .superRefine((route, context) => {
    oneEnding(route, context);
    uniqueIds(route.stops, context);
    if (!route.order) return;
    const ids = new Set(route.stops.map((stop) => stop.id));
    const ordered = new Set(route.order);
    if (
      route.order.length !== ids.size ||
      ordered.size !== ids.size ||
      route.order.some((id) => !ids.has(id))
    )
      context.addIssue({
        code: "custom",
        path: ["order"],
        message: "`order` lists every stop id once",
      });
  })
  .transform((route) => ({ ...route, order: route.order ?? route.stops.map((stop) => stop.id) }));
export type RouteInput = z.infer<typeof RouteInputSchema>;
export type RouteBody = z.input<typeof RouteInputSchema>;

/** The places a route may start from, remembered for the next one. */
export const START_PLACES = ["home", "office"] as const;
export type StartPlace = (typeof START_PLACES)[number];
export const StartPlacesSchema = z.object({
  home: PlaceSchema.nullable(),
  office: PlaceSchema.nullable(),
});
export type StartPlaces = z.infer<typeof StartPlacesSchema>;
