import { z } from "@hono/zod-openapi";
import { LatLngSchema } from "../../../app/domain/routing/route";

/** A route's points: the start, up to 200 stops and an end. */
const MAX_ROAD_POINTS = 202;

/** The points road figures or a road line are asked for, in the order the route runs. */
export const RoadPointsSchema = z.object({
  points: z
    .array(LatLngSchema)
    .min(2, { error: "Give at least two points" })
    .max(MAX_ROAD_POINTS, { error: `At most ${MAX_ROAD_POINTS} points` }),
});

export const MapsConfigSchema = z
  .object({
    tileUrl: z.string().openapi({ description: "The tile URL template (MAP_TILE_URL)" }),
    attribution: z.string(),
    geocoder: z.boolean().openapi({ description: "Whether GEOCODER_URL is set" }),
    roads: z.boolean().openapi({ description: "Whether ROUTING_URL is set" }),
  })
  .openapi("MapsConfig");

export const GeocodedPlaceSchema = z
  .object({ lat: z.number(), lng: z.number(), label: z.string() })
  .openapi("GeocodedPlace");

export const TravelMatrixSchema = z
  .object({
    distanceKm: z.array(z.array(z.number())),
    minutes: z.array(z.array(z.number())),
  })
  .openapi("TravelMatrix");
