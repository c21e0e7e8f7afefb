import { z } from "@hono/zod-openapi";

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
