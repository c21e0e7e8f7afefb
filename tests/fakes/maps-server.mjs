// A local stand-in for the map services the Route Planner talks to, speaking their real wire
// formats: a Nominatim geocoder, a slippy-map tile server and an OSRM routing server. Used by the
// tests and, for offline development, through the app's three base URLs:
// `node tests/fakes/maps-server.mjs [port]` (default 8794) prints them.
//
//   GET /search?format=jsonv2&q=…&limit=…   Nominatim: up to `limit` places for the words, worked
//                                           out from them (same words, same place), inside a 30 km
//                                           box around Phoenix; `[]` for words holding "nowhere"
//   GET /tiles/{z}/{x}/{y}.png              one plain 256×256 PNG for every tile
//   GET /table/v1/driving/{lng,lat;…}       OSRM table: durations (s) and distances (m) from the
//                                           straight line × 1.25 at 50 km/h
//   GET /route/v1/driving/{lng,lat;…}       OSRM route: a GeoJSON line through each point with a
//                                           bend between each pair, its legs, distance, duration
//
// `GET /__fake/requests` lists what it received ({method, path, query, userAgent, at});
// `DELETE /__fake/requests` forgets them.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { deflateSync } from "node:zlib";

const CENTRE = { lat: 33.4484, lng: -112.074 };
/** Half the box's side in degrees: about 15 km north–south. */
const SPREAD = 0.135;
const ROAD_FACTOR = 1.25;
const SPEED_MS = 50_000 / 3600;
const EARTH_KM = 6371.0088;

/** Where the fake puts an address: a point in the box, from the hash of its normalised words. */
export function fakePlace(words) {
  const normal = words.trim().toLowerCase().replace(/\s+/g, " ");
  const hash = createHash("sha256").update(normal).digest();
  const unit = (offset) => hash.readUInt32BE(offset) / 0xffffffff;
  return {
    lat: CENTRE.lat + (unit(0) * 2 - 1) * SPREAD,
    lng: CENTRE.lng + (unit(4) * 2 - 1) * SPREAD,
    placeId: hash.readUInt32BE(8),
  };
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 tile of one light grey: enough for Leaflet to lay out and the eye to see the map. */
function plainTile() {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + size * 3, 0xd8);
  row[0] = 0; // filter: none
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function haversineKm(a, b) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.sqrt(h));
}

/** `lng,lat;lng,lat…` as OSRM takes it, or null when malformed. */
function parseCoordinates(text) {
  const points = text.split(";").map((pair) => {
    const [lng, lat] = pair.split(",").map(Number);
    return { lat, lng };
  });
  const valid = points.every(
    ({ lat, lng }) => Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90,
  );
  return valid && points.length >= 2 ? points : null;
}

const roadMetres = (a, b) => haversineKm(a, b) * 1000 * ROAD_FACTOR;

function searchAnswer(query) {
  const words = query.get("q") ?? "";
  if (!words.trim() || /nowhere/i.test(words)) return [];
  const limit = Math.min(Number(query.get("limit") ?? 10) || 10, 40);
  const place = fakePlace(words);
  const found = [
    {
      place_id: place.placeId,
      licence: "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
      osm_type: "way",
      osm_id: place.placeId,
      lat: place.lat.toFixed(7),
      lon: place.lng.toFixed(7),
      category: "building",
      type: "house",
      place_rank: 30,
      importance: 0.00001,
      addresstype: "building",
      name: "",
      display_name: `${words.trim()}, Maricopa County, Arizona, United States`,
      boundingbox: [
        (place.lat - 0.0001).toFixed(7),
        (place.lat + 0.0001).toFixed(7),
        (place.lng - 0.0001).toFixed(7),
        (place.lng + 0.0001).toFixed(7),
      ],
    },
  ];
  return found.slice(0, limit);
}

function tableAnswer(points) {
  const distances = points.map((a) => points.map((b) => Math.round(roadMetres(a, b) * 10) / 10));
  return {
    code: "Ok",
    durations: distances.map((row) =>
      row.map((metres) => Math.round((metres / SPEED_MS) * 10) / 10),
    ),
    distances,
    sources: points.map(({ lat, lng }) => ({ location: [lng, lat], name: "", distance: 0 })),
    destinations: points.map(({ lat, lng }) => ({ location: [lng, lat], name: "", distance: 0 })),
  };
}

function routeAnswer(points) {
  const coordinates = [[points[0].lng, points[0].lat]];
  const legs = [];
  for (let i = 1; i < points.length; i += 1) {
    const [a, b] = [points[i - 1], points[i]];
    // A bend: first along the latitude, then the longitude, as streets on a grid run.
    coordinates.push([b.lng, a.lat], [b.lng, b.lat]);
    const distance = roadMetres(a, b);
    legs.push({ distance, duration: distance / SPEED_MS, steps: [], summary: "", weight: 0 });
  }
  const distance = legs.reduce((sum, leg) => sum + leg.distance, 0);
  const duration = legs.reduce((sum, leg) => sum + leg.duration, 0);
  return {
    code: "Ok",
    routes: [
      { geometry: { type: "LineString", coordinates }, legs, distance, duration, weight: duration },
    ],
    waypoints: points.map(({ lat, lng }) => ({ location: [lng, lat], name: "", distance: 0 })),
  };
}

function json(response, status, body) {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

/** Starts the fake on `port` (0: any free port); resolves with the server and its base URL. */
export function startFakeMaps({ port = 0 } = {}) {
  const requests = [];
  const tile = plainTile();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname === "/__fake/requests") {
      if (request.method === "DELETE") requests.length = 0;
      return json(response, 200, { requests });
    }
    requests.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      userAgent: request.headers["user-agent"] ?? null,
      at: new Date().toISOString(),
    });
    if (url.pathname === "/search") {
      if (url.searchParams.get("format") !== "jsonv2")
        return json(response, 400, { error: { code: 400, message: "Parameter 'format' invalid" } });
      return json(response, 200, searchAnswer(url.searchParams));
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      response.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "max-age=86400" });
      return response.end(tile);
    }
    const osrm = /^\/(table|route)\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (osrm) {
      const points = parseCoordinates(decodeURIComponent(osrm[2]));
      if (!points)
        return json(response, 400, { code: "InvalidQuery", message: "Query string malformed" });
      return json(response, 200, osrm[1] === "table" ? tableAnswer(points) : routeAnswer(points));
    }
    json(response, 404, { error: `No fake for ${request.method} ${url.pathname}` });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}` });
    }),
  );
}

/** The app's settings for a fake at `url`: geocoder, tiles and (optionally) roads. */
export const fakeMapsVars = (url, { roads = false } = {}) => ({
  GEOCODER_URL: `${url}/search`,
  MAP_TILE_URL: `${url}/tiles/{z}/{x}/{y}.png`,
  ROUTING_URL: roads ? url : "",
});

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startFakeMaps({ port: Number(process.argv[2] ?? 8794) });
  console.log(`Fake maps (Nominatim, tiles, OSRM) on ${url}. In .dev.vars:\n`);
  const vars = fakeMapsVars(url, { roads: true });
  console.log(
    Object.entries(vars)
      .map(([key, value]) => `${key}=${value}`)
      .join("\n"),
  );
}
