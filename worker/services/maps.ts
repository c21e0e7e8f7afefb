/**
 * The map services: the geocoder (Nominatim-compatible, GEOCODER_URL), cached in D1 per normalised
 * address and called at most once a second across every isolate; and the optional road service
 * (OSRM-compatible, ROUTING_URL) for road distances, times and lines.
 */
import { eq, sql } from "drizzle-orm";
import { normaliseAddress } from "../../app/domain/routing/route";
import type { LatLng, TravelMatrix } from "../../app/domain/routing/optimize";
import { AppError, notConfigured } from "../errors";
import type { Database } from "../db/client";
import { nowIso } from "../db/queries";
import { geocodeCache, geocoderSlots, type GeocodedPlace } from "../db/schema";
import type { Env } from "../env";
import { DEFAULT_MAP_TILE_URL, originsOf } from "../security-headers";

/** Nominatim's usage policy: one request a second at most, and a User-Agent naming the app. */
export const GEOCODER_INTERVAL_MS = 1000;
export const GEOCODER_USER_AGENT = "AI42/1.0 (real-estate route planner; https://ai42.app)";
/** Longer than this in the queue for the geocoder, and the caller is asked to come back. */
const LONGEST_WAIT_MS = 5000;
const MAX_PLACES = 5;
const OUTSIDE_TIMEOUT_MS = 15_000;

/** The credit OpenStreetMap's licence asks for, on its tiles and on any drawn from its data. */
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

type MapsEnv = Pick<Env, "GEOCODER_URL" | "MAP_TILE_URL" | "ROUTING_URL">;

/** What the screen needs to draw the map, and which services it may count on. */
export function mapsConfig(env: MapsEnv) {
  const tileUrl = env.MAP_TILE_URL || DEFAULT_MAP_TILE_URL;
  return {
    tileUrl,
    // Tile servers draw OpenStreetMap's data, whose licence asks for the credit either way.
    attribution:
      tileUrl === DEFAULT_MAP_TILE_URL
        ? OSM_ATTRIBUTION
        : `Tiles: ${tileHost(tileUrl)} · ${OSM_ATTRIBUTION}`,
    geocoder: Boolean(env.GEOCODER_URL),
    roads: Boolean(env.ROUTING_URL),
  };
}

/** The host a tile template names ("tiles.example.com"), for the map's credit line. */
const tileHost = (template: string) =>
  originsOf(template)[0]?.replace(/^https?:\/\//, "") ?? "MAP_TILE_URL";

/** The geocoder's search URL: GEOCODER_URL as given when it ends in /search, else with it. */
function searchUrl(base: string, query: string) {
  const url = new URL(base);
  if (!url.pathname.replace(/\/$/, "").endsWith("/search"))
    url.pathname = `${url.pathname.replace(/\/$/, "")}/search`;
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("q", query);
  url.searchParams.set("limit", String(MAX_PLACES));
  return url;
}

/**
 * Takes the next free second on the geocoder for this request: one atomic statement, so two
 * isolates never get the same slot. Answers how long to wait before calling.
 */
async function takeGeocoderSlot(db: Database): Promise<number> {
  const now = Date.now();
  const [slot] = await db
    .insert(geocoderSlots)
    .values({ id: 1, nextAt: now + GEOCODER_INTERVAL_MS })
    .onConflictDoUpdate({
      target: geocoderSlots.id,
      set: { nextAt: sql`max(${geocoderSlots.nextAt}, ${now}) + ${GEOCODER_INTERVAL_MS}` },
    })
    .returning({ nextAt: geocoderSlots.nextAt });
  return Math.max(0, slot!.nextAt - GEOCODER_INTERVAL_MS - now);
}

/** Gives back a slot not used (the wait was too long), so the queue does not grow without calls. */
async function releaseGeocoderSlot(db: Database) {
  await db
    .update(geocoderSlots)
    .set({ nextAt: sql`${geocoderSlots.nextAt} - ${GEOCODER_INTERVAL_MS}` })
    .where(eq(geocoderSlots.id, 1));
}

interface NominatimPlace {
  lat?: string;
  lon?: string;
  display_name?: string;
}

function readPlaces(body: unknown): GeocodedPlace[] {
  if (!Array.isArray(body))
    throw new AppError(502, "GEOCODER_FAILED", "The geocoder's answer was not a list");
  return (body as NominatimPlace[]).flatMap((place) => {
    const lat = Number(place.lat);
    const lng = Number(place.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
    return [{ lat, lng, label: place.display_name ?? `${lat}, ${lng}` }];
  });
}

/**
 * The places an address may be, best first (`[]`: none found). The cache is shared by every user,
 * so whether an answer came from it is never told: it would say what someone else looked up.
 * 503 without a geocoder; 429 with Retry-After when the queue for it is over 5 s long.
 */
export async function geocode(db: Database, env: MapsEnv, address: string) {
  if (!env.GEOCODER_URL) throw notConfigured("GEOCODER_URL", "Looking up addresses");
  const query = normaliseAddress(address);
  const [hit] = await db.select().from(geocodeCache).where(eq(geocodeCache.query, query));
  if (hit) return hit.places;

  const wait = await takeGeocoderSlot(db);
  if (wait > LONGEST_WAIT_MS) {
    await releaseGeocoderSlot(db);
    const seconds = String(Math.ceil(wait / 1000));
    throw new AppError(
      429,
      "GEOCODER_BUSY",
      "The geocoder takes one address a second: try again shortly",
      undefined,
      { "Retry-After": seconds },
    );
  }
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const response = await fetch(searchUrl(env.GEOCODER_URL, address.trim()), {
    headers: { "User-Agent": GEOCODER_USER_AGENT, Accept: "application/json" },
    signal: AbortSignal.timeout(OUTSIDE_TIMEOUT_MS),
  }).catch((error: Error) => {
    throw new AppError(502, "GEOCODER_FAILED", `The geocoder did not answer: ${error.message}`);
  });
  if (!response.ok)
    throw new AppError(502, "GEOCODER_FAILED", `The geocoder answered ${response.status}`);
  const places = readPlaces(await response.json().catch(() => null));
  await db
    .insert(geocodeCache)
    .values({ query, places, createdAt: nowIso() })
    .onConflictDoUpdate({ target: geocodeCache.query, set: { places, createdAt: nowIso() } });
  return places;
}

/** `lng,lat;lng,lat…`, as OSRM takes coordinates. */
const osrmCoordinates = (points: readonly LatLng[]) =>
  points.map(({ lat, lng }) => `${lng},${lat}`).join(";");

async function osrm<T>(
  env: MapsEnv,
  service: "table" | "route",
  points: readonly LatLng[],
  query: string,
) {
  if (!env.ROUTING_URL) throw notConfigured("ROUTING_URL", "Road distances and lines");
  const base = env.ROUTING_URL.replace(/\/$/, "");
  const url = `${base}/${service}/v1/driving/${osrmCoordinates(points)}?${query}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(OUTSIDE_TIMEOUT_MS) }).catch(
    (error: Error) => {
      throw new AppError(
        502,
        "ROUTING_FAILED",
        `The routing service did not answer: ${error.message}`,
      );
    },
  );
  const body = (await response.json().catch(() => null)) as
    ({ code?: string; message?: string } & T) | null;
  if (!response.ok || body?.code !== "Ok")
    throw new AppError(
      502,
      "ROUTING_FAILED",
      `The routing service answered ${response.status}${body?.message ? `: ${body.message}` : ""}`,
    );
  return body;
}

/** Road distances (km) and driving times (minutes) between every pair of points. */
export async function roadMatrix(env: MapsEnv, points: readonly LatLng[]): Promise<TravelMatrix> {
  const body = await osrm<{ distances?: (number | null)[][]; durations?: (number | null)[][] }>(
    env,
    "table",
    points,
    "annotations=distance,duration",
  );
  if (!body.distances || !body.durations)
    throw new AppError(502, "ROUTING_FAILED", "The routing service sent no distances");
  const unjoined = body.distances.flatMap((row, from) =>
    row.flatMap((value, to) => (value === null || body.durations![from]![to] === null ? [to] : [])),
  );
  if (unjoined.length)
    throw new AppError(
      422,
      "ROUTING_UNREACHABLE",
      `The road service cannot reach point ${unjoined[0]} (0 is the first point) from every other`,
    );
  const read = (rows: (number | null)[][], scale: number) =>
    rows.map((row) => row.map((value) => value! * scale));
  return { distanceKm: read(body.distances, 1 / 1000), minutes: read(body.durations, 1 / 60) };
}

/** The road-following line through the points in order, as [lat, lng] pairs. */
export async function roadLine(env: MapsEnv, points: readonly LatLng[]) {
  const body = await osrm<{ routes?: { geometry?: { coordinates?: [number, number][] } }[] }>(
    env,
    "route",
    points,
    "overview=full&geometries=geojson",
  );
  const coordinates = body.routes?.[0]?.geometry?.coordinates ?? [];
  return coordinates.map(([lng, lat]) => [lat, lng] as [number, number]);
}
