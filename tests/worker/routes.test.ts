/**
 * Routes inside workerd with real local D1: the optimisation contract (order, windows, lateness,
 * legs, validation, the 200-stop limit), the geocoder through the local fake Nominatim with its D1
 * cache and its one-request-a-second pace, the road service's client against the fake OSRM, saved
 * routes scoped by user, the places routes start from, the day's candidates, the visits written to
 * the calendar (all or nothing in AI42's, findable after a failure in Google's) and the agent's
 * plan_route and save_route tools.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import type { Env } from "../../worker/env";
import { runTool } from "../../worker/services/agent-tools";
import { geocode, GEOCODER_USER_AGENT, roadLine, roadMatrix } from "../../worker/services/maps";
import { addRouteToCalendar } from "../../worker/services/routes";
import { connected, steer } from "./google-fake";
import { account, ORIGIN, uniqueEmail, type Caller } from "./helpers";

type Data<T> = { data: T; meta?: Record<string, unknown> };
type Failure = {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
};
interface Leg {
  from: string;
  to: string;
  distanceKm: number;
  minutes: number;
  arriveAt: string;
  departAt: string;
  waitMinutes: number;
}
interface Plan {
  order: string[];
  legs: Leg[];
  totalDistanceKm: number;
  totalMinutes: number;
  feasible: boolean;
  late: string[];
}
interface Route {
  id: string;
  name: string;
  date: string;
  order: string[];
  stops: { id: string; label: string }[];
  plan: Plan;
  planSource: string;
  calendarId: string | null;
  calendarEventIds: string[] | null;
}

/** One degree of latitude on the great circle with R = 6371.0088 km. */
const KM_PER_DEGREE = (6371.0088 * Math.PI) / 180;
const START = { lat: 33.0, lng: -112.0 };
const DEPART = "2027-03-15T08:00:00-07:00";
const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

const optimize = (call: Caller, body: Record<string, unknown>) =>
  call<Data<Plan> & Failure>("/routes/optimize", {
    method: "POST",
    json: { start: START, departAt: DEPART, ...body },
  });

/** Stops due north of the start, `tenths` tenths of a degree away. */
const north = (id: string, tenths: number, extra: Record<string, unknown> = {}) => ({
  id,
  lat: START.lat + tenths / 10,
  lng: START.lng,
  ...extra,
});

const fieldsOf = (body: Failure) => body.error.details?.map((detail) => detail.field) ?? [];

describe("POST /api/routes/optimize", () => {
  it("visits stops on a line in order, with each leg's km, minutes and times", async () => {
    const { call } = await account();
    const { status, body } = await optimize(call, {
      stops: [north("far", 3), north("near", 1), north("mid", 2, { serviceMinutes: 10 })],
    });
    expect(status).toBe(200);
    const plan = body.data;
    expect(plan.order).toEqual(["near", "mid", "far"]);
    expect(plan.legs.map((leg) => [leg.from, leg.to])).toEqual([
      ["start", "near"],
      ["near", "mid"],
      ["mid", "far"],
    ]);
    // 0.1° of latitude × road factor 1.3, at 40 km/h.
    const legKm = 0.1 * KM_PER_DEGREE * 1.3;
    const legMinutes = (legKm / 40) * 60;
    for (const leg of plan.legs) {
      expect(leg.distanceKm).toBeCloseTo(legKm, 6);
      expect(leg.minutes).toBeCloseTo(legMinutes, 6);
      expect(leg.waitMinutes).toBe(0);
    }
    expect(plan.totalDistanceKm).toBeCloseTo(3 * legKm, 6);
    // Departure from "mid" comes after its 10 minutes of service.
    const [first, second, third] = plan.legs as [Leg, Leg, Leg];
    expect(at(first.departAt)).toBe(at(DEPART));
    expect(at(first.arriveAt) - at(DEPART)).toBeCloseTo(legMinutes * MINUTE, -3);
    expect(at(third.departAt) - at(second.arriveAt)).toBeCloseTo(10 * MINUTE, -3);
    expect(plan.totalMinutes).toBeCloseTo(3 * legMinutes + 10, 1);
    expect(first.arriveAt).toMatch(/-07:00$/);
    expect(plan.feasible).toBe(true);
    expect(plan.late).toEqual([]);
  });

  it("ends at `end`, or back at the start, with one more leg named end / start", async () => {
    const { call } = await account();
    const stops = [north("a", 1), north("b", 2)];
    const closed = await optimize(call, { stops, returnToStart: true });
    // Either way round a closed loop on a line is as long: only the last leg's end is fixed.
    expect(closed.body.data.legs.map((leg) => leg.to).sort()).toEqual(["a", "b", "start"]);
    expect(closed.body.data.legs.at(-1)!.to).toBe("start");
    expect(closed.body.data.totalDistanceKm).toBeCloseTo(0.4 * KM_PER_DEGREE * 1.3, 6);

    const ended = await optimize(call, { stops, end: { lat: START.lat + 0.5, lng: START.lng } });
    expect(ended.body.data.legs.map((leg) => leg.to)).toEqual(["a", "b", "end"]);
    expect(ended.body.data.totalDistanceKm).toBeCloseTo(0.5 * KM_PER_DEGREE * 1.3, 6);
  });

  it("puts first a stop whose window only the first visit can reach, and waits for a window", async () => {
    const { call } = await account();
    // "far" (0.3° north, 43.4 min at 60 km/h) must be reached by 8:47: only straight there, since
    // "near" lies off to the east (through it, 50.2 min).
    const { body } = await optimize(call, {
      speedKmh: 60,
      stops: [
        { id: "near", lat: START.lat + 0.1, lng: START.lng + 0.1 },
        north("far", 3, { window: { start: DEPART, end: "2027-03-15T08:47:00-07:00" } }),
        north("opens-late", 2, {
          window: { start: "2027-03-15T11:00:00-07:00", end: "2027-03-15T12:00:00-07:00" },
        }),
      ],
    });
    expect(body.data.order[0]).toBe("far");
    expect(body.data.feasible).toBe(true);
    const wait = body.data.legs.find((leg) => leg.to === "opens-late")!;
    expect(wait.waitMinutes).toBeGreaterThan(0);
    const next = body.data.legs.find((leg) => leg.from === "opens-late");
    if (next) expect(at(next.departAt)).toBeGreaterThanOrEqual(at("2027-03-15T11:00:00-07:00"));
  });

  it("answers feasible:false with the late stops and the least lateness when no order reaches every window", async () => {
    const { call } = await account();
    const { body } = await optimize(call, {
      stops: [
        north("a", 2, { window: { start: DEPART, end: "2027-03-15T08:05:00-07:00" } }),
        north("b", 1, { serviceMinutes: 10 }),
      ],
    });
    expect(body.data.feasible).toBe(false);
    // Straight to "a" (0.2° ≈ 43 min) is the least late: 38 minutes (through "b", 10 more).
    expect(body.data.order).toEqual(["a", "b"]);
    expect(body.data.late).toEqual(["a"]);
    const arrival = at(body.data.legs[0]!.arriveAt);
    expect((arrival - at("2027-03-15T08:05:00-07:00")) / MINUTE).toBeCloseTo(
      ((0.2 * KM_PER_DEGREE * 1.3) / 40) * 60 - 5,
      0,
    );
  });

  it("takes 200 stops and answers within the Worker", async () => {
    const { call } = await account();
    const stops = Array.from({ length: 200 }, (_, i) => ({
      id: `p${i}`,
      lat: 33.3 + ((i * 37) % 100) / 400,
      lng: -112.2 + ((i * 61) % 100) / 400,
    }));
    const { status, body } = await optimize(call, { stops, returnToStart: true });
    expect(status).toBe(200);
    expect(new Set(body.data.order).size).toBe(200);
    expect(body.data.legs).toHaveLength(201);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const { call } = await account();
    const window = { start: "2027-03-15T10:00:00-07:00", end: "2027-03-15T09:00:00-07:00" };
    const cases: [Record<string, unknown>, string][] = [
      [{ stops: [] }, "stops"],
      [{ stops: Array.from({ length: 201 }, (_, i) => north(`s${i}`, 1)) }, "stops"],
      [{ stops: [north("a", 1), north("a", 2)] }, "stops.1.id"],
      [{ stops: [{ lat: 33, lng: -112 }] }, "stops.0.id"],
      [{ stops: [{ id: 7, lat: 33, lng: -112 }] }, "stops.0.id"],
      [{ stops: [{ id: "a", lat: 91, lng: -112 }] }, "stops.0.lat"],
      [{ stops: [{ id: "a", lat: 33, lng: 181 }] }, "stops.0.lng"],
      [{ stops: [north("a", 1, { window })] }, "stops.0.window.end"],
      [{ stops: [north("a", 1)], speedKmh: 0 }, "speedKmh"],
      [{ stops: [north("a", 1)], roadFactor: 0.9 }, "roadFactor"],
      [{ stops: [north("a", 1)], end: START, returnToStart: true }, "end"],
      [{ stops: [north("a", 1)], start: { lat: -91, lng: 0 } }, "start.lat"],
      [{ stops: [north("a", 1)], departAt: "tomorrow" }, "departAt"],
      [{ stops: [north("a", 1), north("b", 2)], locked: { a: 0, b: 0 } }, "locked.b"],
      [{ stops: [north("a", 1)], locked: { a: 1 } }, "locked.a"],
    ];
    for (const [body, field] of cases) {
      const answer = await optimize(call, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(fieldsOf(answer.body)).toContain(field);
    }
  });
});

describe("geocoding through the fake Nominatim", () => {
  const fakeLog = async () =>
    (
      (await (await fetch(`${env.FAKE_MAPS_URL}/__fake/requests`)).json()) as {
        requests: { path: string; query: Record<string, string>; userAgent: string; at: string }[];
      }
    ).requests.filter((request) => request.path === "/search");

  it("asks once per address, then answers from D1; says when nothing is found", async () => {
    const { call } = await account();
    const address = `${Date.now()} W Van Buren St, Phoenix, AZ`;
    const first = await call<Data<{ lat: number; lng: number; label: string }[]>>(
      `/maps/geocode?q=${encodeURIComponent(address)}`,
    );
    expect(first.status).toBe(200);
    expect(first.body.data[0]!.label).toContain("Van Buren");
    const again = await call<Data<{ lat: number; lng: number }[]>>(
      `/maps/geocode?q=${encodeURIComponent(`  ${address.toUpperCase()} `)}`,
    );
    expect(again.body.data).toEqual(first.body.data);
    const asked = (await fakeLog()).filter((request) => request.query.q === address);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.userAgent).toBe(GEOCODER_USER_AGENT);
    expect(asked[0]!.query.format).toBe("jsonv2");

    const nowhere = await call<Data<unknown[]>>("/maps/geocode?q=nowhere%20lane%2099");
    expect(nowhere.status).toBe(200);
    expect(nowhere.body.data).toEqual([]);
  });

  it("calls the geocoder at most once a second", async () => {
    const { call } = await account();
    const stamp = Date.now();
    const addresses = [`${stamp} N 1st Ave`, `${stamp} N 2nd Ave`, `${stamp} N 3rd Ave`];
    await Promise.all(addresses.map((q) => call(`/maps/geocode?q=${encodeURIComponent(q)}`)));
    const times = (await fakeLog())
      .filter((request) => addresses.includes(request.query.q!))
      .map((request) => at(request.at))
      .sort((a, b) => a - b);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(950);
  });

  it("says which key to set when no geocoder is configured, and refuses a short query", async () => {
    await expect(geocode(database(env.DB), {}, "1 Main St")).rejects.toMatchObject({
      status: 503,
      code: "NOT_CONFIGURED",
      message: expect.stringContaining("GEOCODER_URL"),
    });
    const { call } = await account();
    const short = await call<Failure>("/maps/geocode?q=ab");
    expect(short.status).toBe(400);
    const config =
      await call<Data<{ tileUrl: string; geocoder: boolean; roads: boolean }>>("/maps");
    expect(config.body.data).toMatchObject({ geocoder: true, roads: false });
    expect(config.body.data.tileUrl).toBe(`${env.FAKE_MAPS_URL}/tiles/{z}/{x}/{y}.png`);
  });
});

describe("the road service client (fake OSRM)", () => {
  const roads = { ROUTING_URL: env.FAKE_MAPS_URL };
  const points = [START, { lat: 33.1, lng: -112.0 }, { lat: 33.1, lng: -111.9 }];

  it("reads OSRM's table into km and minutes, and its route into [lat, lng] pairs", async () => {
    const matrix = await roadMatrix(roads, points);
    expect(matrix.distanceKm).toHaveLength(3);
    expect(matrix.distanceKm[0]![0]).toBe(0);
    // The fake: the straight line × 1.25 at 50 km/h.
    expect(matrix.distanceKm[0]![1]).toBeCloseTo(0.1 * KM_PER_DEGREE * 1.25, 2);
    expect(matrix.minutes[0]![1]).toBeCloseTo(((0.1 * KM_PER_DEGREE * 1.25) / 50) * 60, 1);
    const line = await roadLine(roads, points);
    expect(line[0]).toEqual([START.lat, START.lng]);
    expect(line.at(-1)).toEqual([33.1, -111.9]);
    expect(line.length).toBeGreaterThan(points.length);
  });

  it("says which key to set without a road service", async () => {
    await expect(roadMatrix({}, points)).rejects.toMatchObject({ status: 503 });
  });
});

const ROUTE = {
  name: "Saturday drive-bys",
  date: "2027-03-13",
  departAt: "2027-03-13T09:00:00-07:00",
  start: { label: "Home", address: "1 Home St", lat: START.lat, lng: START.lng },
  returnToStart: true,
  stops: [
    { id: "s1", label: "12 Oak St", lat: 33.2, lng: -112.0, serviceMinutes: 15 },
    { id: "s2", label: "40 Elm Ave", lat: 33.1, lng: -112.0, serviceMinutes: 20 },
  ],
  order: ["s2", "s1"],
};

describe("saved routes", () => {
  it("saves a route with its figures, lists it, replaces it and deletes it; another user sees none of it", async () => {
    const { call } = await account();
    const created = await call<Data<Route>>("/routes", { method: "POST", json: ROUTE });
    expect(created.status).toBe(201);
    const route = created.body.data;
    expect(route.order).toEqual(["s2", "s1"]);
    expect(route.planSource).toBe("estimate");
    expect(route.plan.order).toEqual(["s2", "s1"]);
    expect(route.plan.totalDistanceKm).toBeCloseTo(0.4 * KM_PER_DEGREE * 1.3, 6);

    const list =
      await call<Data<{ id: string; stopCount: number; totalDistanceKm: number }[]>>("/routes");
    expect(list.body.data.map((item) => [item.id, item.stopCount])).toEqual([[route.id, 2]]);

    const replaced = await call<Data<Route>>(`/routes/${route.id}`, {
      method: "PUT",
      json: { ...ROUTE, name: "Sunday", returnToStart: false, order: ["s1", "s2"] },
    });
    expect(replaced.body.data.name).toBe("Sunday");
    expect(replaced.body.data.plan.legs).toHaveLength(2);

    const other = await account();
    for (const [method, path, json] of [
      ["GET", `/routes/${route.id}`, undefined],
      ["PUT", `/routes/${route.id}`, ROUTE],
      ["DELETE", `/routes/${route.id}`, undefined],
      ["POST", `/routes/${route.id}/calendar`, { calendarId: "local" }],
    ] as const) {
      expect((await other.call(path, { method, json })).status).toBe(404);
    }
    expect((await other.call<Data<unknown[]>>("/routes")).body.data).toEqual([]);

    expect((await call(`/routes/${route.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call(`/routes/${route.id}`)).status).toBe(404);
  });

  it("refuses an order that does not list every stop once, and changes nothing", async () => {
    const { call } = await account();
    const bad = await call<Failure>("/routes", {
      method: "POST",
      json: { ...ROUTE, order: ["s1", "s1"] },
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain("order");
    expect((await call<Data<unknown[]>>("/routes")).body.data).toEqual([]);
  });

  it("writes one event per visit to the calendar, replacing them when added again", async () => {
    const { call } = await account();
    const { body } = await call<Data<Route>>("/routes", { method: "POST", json: ROUTE });
    const added = await call<Data<{ calendarId: string; eventIds: string[]; replaced: number }>>(
      `/routes/${body.data.id}/calendar`,
      { method: "POST", json: { calendarId: "local" } },
    );
    expect(added.status).toBe(200);
    expect(added.body.data.eventIds).toHaveLength(2);
    const again = await call<Data<{ eventIds: string[]; replaced: number }>>(
      `/routes/${body.data.id}/calendar`,
      { method: "POST", json: { calendarId: "local" } },
    );
    expect(again.body.data.replaced).toBe(2);
    const listing = await call<
      Data<{ summary: string; start: { dateTime: string }; end: { dateTime: string } }[]>
    >(
      "/calendar/events?calendarId=local&timeMin=2027-03-13T00:00:00Z&timeMax=2027-03-15T00:00:00Z",
    );
    const visits = listing.body.data.filter((event) => event.summary.startsWith("Visit"));
    expect(visits.map((event) => event.summary)).toEqual([
      "Visit 1/2: 40 Elm Ave",
      "Visit 2/2: 12 Oak St",
    ]);
    // The first visit starts on arrival (0.1° at 40 km/h after 9:00) and lasts its 20 minutes.
    const arrival = at(ROUTE.departAt) + ((0.1 * KM_PER_DEGREE * 1.3) / 40) * 60 * MINUTE;
    expect(Math.abs(at(visits[0]!.start.dateTime) - arrival)).toBeLessThan(1000);
    expect(at(visits[0]!.end.dateTime) - at(visits[0]!.start.dateTime)).toBe(20 * MINUTE);
  });

  it("gives a stop taken from an event no second event, and still writes a visit whose property is gone", async () => {
    const { call } = await account();
    const { body: imported } = await call<Data<{ ids: string[] }>>("/data/properties", {
      method: "POST",
      json: { address: "12 Oak St", latitude: 33.2, longitude: -112.0 },
    });
    const propertyId = imported.data.ids[0]!;
    const stops = [
      { ...ROUTE.stops[0]!, source: "property", sourceId: propertyId },
      { ...ROUTE.stops[1]!, source: "event", sourceId: "some-event" },
    ];
    const { body } = await call<Data<Route>>("/routes", {
      method: "POST",
      json: { ...ROUTE, stops },
    });
    expect((await call(`/data/properties/${propertyId}`, { method: "DELETE" })).status).toBe(200);
    const added = await call<Data<{ eventIds: string[] }>>(`/routes/${body.data.id}/calendar`, {
      method: "POST",
      json: { calendarId: "local" },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.eventIds).toHaveLength(1);
  });

  it("remembers home and office", async () => {
    const { call } = await account();
    expect((await call<Data<unknown>>("/routes/places")).body.data).toEqual({
      home: null,
      office: null,
    });
    const home = { label: "Home", address: "1 Home St", lat: 33.4, lng: -112.1 };
    const saved = await call<Data<unknown>>("/routes/places", {
      method: "PUT",
      json: { home, office: null },
    });
    expect(saved.status).toBe(200);
    expect((await call<Data<unknown>>("/routes/places")).body.data).toEqual({
      home,
      office: null,
    });
    const bad = await call<Failure>("/routes/places", {
      method: "PUT",
      json: { home: { ...home, lat: 100 }, office: null },
    });
    expect(fieldsOf(bad.body)).toContain("home.lat");
  });
});

describe("what a day's route is built from", () => {
  it("offers properties, the day's auctions (sale time as the window), contacts with an address and events with a place", async () => {
    const { call, user, token } = await account();
    const property = await call<Data<{ ids: string[] }>>("/data/properties", {
      method: "POST",
      json: {
        address: "12 Oak St",
        city: "Phoenix",
        state: "AZ",
        latitude: 33.45,
        longitude: -112.07,
      },
    });
    const saleAt = "2027-03-15T17:00:00.000Z";
    await call("/auctions", {
      method: "POST",
      json: {
        saleType: "trustee",
        saleAt,
        address: "12 Oak St",
        state: "AZ",
        propertyId: property.body.data.ids[0],
      },
    });
    await call("/contacts", {
      method: "POST",
      json: { firstName: "Rita", lastName: "Agent", type: "agent", address: "5 Main St, Mesa, AZ" },
    });
    await call("/calendar/events", {
      method: "POST",
      json: {
        summary: "Showing on Elm",
        kind: "showing",
        location: "40 Elm Ave, Phoenix, AZ",
        start: { dateTime: "2027-03-15T15:00:00Z" },
        end: { dateTime: "2027-03-15T15:30:00Z" },
      },
    });
    const { status, body } = await call<
      Data<
        {
          source: string;
          label: string;
          lat: number | null;
          window: { start: string; end: string } | null;
          serviceMinutes: number;
        }[]
      >
    >("/routes/candidates?from=2027-03-15T07:00:00Z&to=2027-03-16T07:00:00Z");
    expect(status).toBe(200);
    const bySource = Object.fromEntries(
      body.data.map((candidate) => [candidate.source, candidate]),
    );
    expect(bySource.auction).toMatchObject({
      lat: 33.45,
      window: { start: saleAt, end: saleAt },
    });
    expect(bySource.event).toMatchObject({
      label: "Showing on Elm",
      serviceMinutes: 30,
      window: { start: "2027-03-15T15:00:00.000Z" },
    });
    expect(bySource.property).toMatchObject({ label: "12 Oak St", lat: 33.45, window: null });
    expect(bySource.contact).toMatchObject({ label: "Rita Agent", lat: null });
    expect(user.id && token).toBeTruthy();
  });

  it("lets the agent plan the day with the optimiser (saving nothing), and save it", async () => {
    const { call, user } = await account();
    const db = database(env.DB);
    const context = { env, origin: ORIGIN, role: "owner" as const };
    const places = [
      { address: "3 Far Rd", latitude: 33.3, longitude: -112.0 },
      { address: "1 Near Rd", latitude: 33.1, longitude: -112.0 },
    ];
    const ids: string[] = [];
    for (const place of places) {
      const { body } = await call<Data<{ ids: string[] }>>("/data/properties", {
        method: "POST",
        json: place,
      });
      ids.push(body.data.ids[0]!);
    }
    await call("/routes/places", {
      method: "PUT",
      json: { home: { label: "Home", address: null, ...START }, office: null },
    });
    const day = JSON.stringify({
      stops: ids.map((propertyId) => ({ propertyId })),
      date: "2027-03-15",
      timeZone: "America/Phoenix",
    });
    const planned = await runTool(db, user.id, "plan_route", day, context);
    expect(planned.record).toMatchObject({ ok: true, wrote: false });
    const result = JSON.parse(planned.content) as { order: string[]; totalDistanceKm: number };
    expect(result.order).toEqual(["1 Near Rd", "3 Far Rd"]);
    expect(result.totalDistanceKm).toBeCloseTo(0.3 * KM_PER_DEGREE * 1.3, 1);
    const none = await call<Data<unknown[]>>("/routes");
    expect(none.body.data, "planning saves nothing").toEqual([]);

    const saving = await runTool(db, user.id, "save_route", day, context);
    expect(saving.record).toMatchObject({ ok: true, wrote: true });
    const savedResult = JSON.parse(saving.content) as typeof result & { routeId: string };
    expect(savedResult.order).toEqual(result.order);
    const saved = await call<Data<{ id: string; name: string; order: string[] }[]>>("/routes");
    expect(saved.body.data).toEqual([
      expect.objectContaining({ id: savedResult.routeId, name: "Route for 2027-03-15" }),
    ]);

    const nothing = await runTool(
      db,
      user.id,
      "plan_route",
      JSON.stringify({ date: "2027-03-15" }),
      context,
    );
    expect(nothing.record.ok).toBe(false);
  });
});

interface VisitEvent {
  id: string;
  summary: string;
}
type CalendarResult = Data<{ calendarId: string; eventIds: string[]; replaced: number }>;

const addToCalendar = (call: Caller, routeId: string, calendarId: string) =>
  call<CalendarResult & Failure>(`/routes/${routeId}/calendar`, {
    method: "POST",
    json: { calendarId },
  });

/** The visits in a calendar on the saved route's day (ROUTE's), as the calendar lists them. */
async function visitsIn(call: Caller, calendarId: string) {
  const range = "timeMin=2027-03-13T00:00:00Z&timeMax=2027-03-15T00:00:00Z";
  const { body } = await call<Data<VisitEvent[]>>(
    `/calendar/events?calendarId=${encodeURIComponent(calendarId)}&${range}`,
  );
  return body.data.filter((event) => event.summary.startsWith("Visit"));
}

const sortedIds = (events: { id: string }[]) => events.map((event) => event.id).sort();

const taggedWith = async (routeId: string) =>
  (
    await env.DB.prepare("SELECT id FROM calendar_events WHERE route_id = ? ORDER BY id")
      .bind(routeId)
      .all<{ id: string }>()
  ).results.map((row) => row.id);

/** A D1 binding that counts what reaches D1: each query alone, and each batch as one query. */
function countingD1(d1: D1Database) {
  const count = { queries: 0, batches: [] as number[] };
  const binding = new Proxy(d1, {
    get(target, key) {
      if (key === "prepare")
        return (query: string) => {
          count.queries += 1;
          return target.prepare(query);
        };
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          count.queries -= statements.length - 1;
          count.batches.push(statements.length);
          return target.batch(statements);
        };
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, count };
}

describe("adding a route to the calendar, all or nothing", () => {
  it("removes what a try killed part-way left (every event tagged with the route) and nothing else", async () => {
    const { call, user } = await account();
    const { body } = await call<Data<Route>>("/routes", { method: "POST", json: ROUTE });
    const routeId = body.data.id;
    const own = await call<Data<VisitEvent>>("/calendar/events", {
      method: "POST",
      json: {
        summary: "Visit the bank",
        start: { dateTime: "2027-03-13T19:00:00Z" },
        end: { dateTime: "2027-03-13T19:30:00Z" },
      },
    });
    // What a try killed after writing some visits leaves: events tagged with the route that the
    // route does not list (it was to record them last).
    await env.DB.batch(
      [1, 2, 3].map((n) =>
        env.DB.prepare(
          `INSERT INTO calendar_events (id, user_id, title, start, end, all_day, kind, route_id, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 0, 'showing', ?, ?, ?)`,
        ).bind(
          crypto.randomUUID(),
          user.id,
          `Visit ${n}/2: left by a killed try`,
          `2027-03-13T1${n}:00:00.000Z`,
          `2027-03-13T1${n}:20:00.000Z`,
          routeId,
          "2027-03-01T00:00:00.000Z",
          "2027-03-01T00:00:00.000Z",
        ),
      ),
    );
    expect(await visitsIn(call, "local")).toHaveLength(4);

    const added = await addToCalendar(call, routeId, "local");
    expect(added.status).toBe(200);
    expect(added.body.data.replaced).toBe(3);
    const visits = await visitsIn(call, "local");
    expect(sortedIds(visits)).toEqual([...added.body.data.eventIds, own.body.data.id].sort());
    expect(await taggedWith(routeId)).toEqual([...added.body.data.eventIds].sort());
    const route = await call<Data<Route>>(`/routes/${routeId}`);
    expect(route.body.data.calendarEventIds).toEqual(added.body.data.eventIds);
  });

  it("writes 200 visits and the route's 200 references in one D1 batch, a few queries in all", async () => {
    const { call, user } = await account();
    const stops = Array.from({ length: 200 }, (_, i) => ({
      id: `v${i}`,
      label: `${i + 1} Grid St`,
      lat: 33.1 + (i % 20) / 200,
      lng: -112.0 + Math.floor(i / 20) / 200,
      serviceMinutes: 1,
    }));
    const { body } = await call<Data<Route>>("/routes", {
      method: "POST",
      json: { ...ROUTE, stops, order: stops.map((stop) => stop.id) },
    });
    const routeId = body.data.id;

    const added = await addToCalendar(call, routeId, "local");
    expect(added.status).toBe(200);
    expect(new Set(added.body.data.eventIds).size).toBe(200);
    expect(await taggedWith(routeId)).toEqual([...added.body.data.eventIds].sort());
    const route = await call<Data<Route>>(`/routes/${routeId}`);
    expect(route.body.data.calendarEventIds).toEqual(added.body.data.eventIds);

    // Adding again, with the queries counted: D1 allows 50 a request on the free plan, a batch
    // counting as one.
    const { binding, count } = countingD1(env.DB);
    const scope = {
      db: database(binding),
      env: env as Env,
      userId: user.id,
      workspaceId: user.id,
      origin: ORIGIN,
    };
    const again = await addRouteToCalendar(scope, routeId, "local");
    expect(again.replaced).toBe(200);
    expect(await taggedWith(routeId)).toEqual([...again.eventIds].sort());
    // The route read, then one batch: the removal, the 200 rows at most 5 a statement (17
    // columns, 100 parameters), the route's list.
    expect(count.batches).toEqual([1 + Math.ceil(200 / 5) + 1]);
    expect(count.queries).toBe(2);
  });

  it("leaves a deleted route's visits in the calendar, no longer tagged with it", async () => {
    const { call } = await account();
    const { body } = await call<Data<Route>>("/routes", { method: "POST", json: ROUTE });
    const added = await addToCalendar(call, body.data.id, "local");
    expect((await call(`/routes/${body.data.id}`, { method: "DELETE" })).status).toBe(200);
    expect(sortedIds(await visitsIn(call, "local"))).toEqual([...added.body.data.eventIds].sort());
    expect(await taggedWith(body.data.id)).toEqual([]);
  });

  it("in a Google calendar, records the ids before writing: after Google failed part-way, a retry leaves one event per visit", async () => {
    const email = uniqueEmail("routes");
    const { call } = await connected({ email });
    const { body } = await call<Data<Route>>("/routes", { method: "POST", json: ROUTE });
    const routeId = body.data.id;

    // Google takes the first visit, then fails every write: the one made cannot be removed.
    await steer("/__fake/calendar", { calendarId: email, failWritesAfter: 1 });
    const failed = await addToCalendar(call, routeId, email);
    expect(failed.status).toBe(502);
    await steer("/__fake/calendar", { calendarId: email, failWritesAfter: null });
    const left = await visitsIn(call, email);
    expect(left).toHaveLength(1);
    const route = await call<Data<Route>>(`/routes/${routeId}`);
    expect(route.body.data.calendarId).toBe(email);
    expect(route.body.data.calendarEventIds).toContain(left[0]!.id);

    const retried = await addToCalendar(call, routeId, email);
    expect(retried.status).toBe(200);
    expect(retried.body.data.replaced).toBe(1);
    expect(retried.body.data.eventIds).toHaveLength(2);
    expect(sortedIds(await visitsIn(call, email))).toEqual([...retried.body.data.eventIds].sort());
    expect((await call<Data<Route>>(`/routes/${routeId}`)).body.data.calendarEventIds).toEqual(
      retried.body.data.eventIds,
    );
  });

  it("in a Google calendar, keeps the visits added before when Google refuses a new one", async () => {
    const email = uniqueEmail("routes");
    const { call } = await connected({ email });
    const { body } = await call<Data<Route>>("/routes", { method: "POST", json: ROUTE });
    const routeId = body.data.id;
    const first = await addToCalendar(call, routeId, email);
    expect(first.status).toBe(200);

    await steer("/__fake/calendar", { calendarId: email, failWritesAfter: 1, failing: ["insert"] });
    expect((await addToCalendar(call, routeId, email)).status).toBe(502);
    await steer("/__fake/calendar", { calendarId: email, failWritesAfter: null });
    expect(sortedIds(await visitsIn(call, email))).toEqual([...first.body.data.eventIds].sort());
    const route = await call<Data<Route>>(`/routes/${routeId}`);
    expect(route.body.data.calendarEventIds).toEqual(first.body.data.eventIds);

    const again = await addToCalendar(call, routeId, email);
    expect(again.body.data.replaced).toBe(2);
    expect(sortedIds(await visitsIn(call, email))).toEqual([...again.body.data.eventIds].sort());
  });

  it("moves the visits between AI42's calendar and Google's, leaving none behind", async () => {
    const email = uniqueEmail("routes");
    const { call } = await connected({ email });
    const { body } = await call<Data<Route>>("/routes", { method: "POST", json: ROUTE });
    const routeId = body.data.id;
    await addToCalendar(call, routeId, "local");
    const toGoogle = await addToCalendar(call, routeId, email);
    expect(toGoogle.body.data.replaced).toBe(2);
    expect(await visitsIn(call, "local")).toEqual([]);
    expect(await taggedWith(routeId)).toEqual([]);
    expect(sortedIds(await visitsIn(call, email))).toEqual([...toGoogle.body.data.eventIds].sort());
    const back = await addToCalendar(call, routeId, "local");
    expect(back.body.data.replaced).toBe(2);
    expect(await visitsIn(call, email)).toEqual([]);
    expect(sortedIds(await visitsIn(call, "local"))).toEqual([...back.body.data.eventIds].sort());
  });
});

describe("the shared geocoding cache", () => {
  it("does not tell one investor what another looked up", async () => {
    const address = `${Date.now()} E Camelback Rd, Phoenix, AZ`;
    const path = `/maps/geocode?q=${encodeURIComponent(address)}`;
    const first = await (await account()).call<Data<unknown[]>>(path);
    const second = await (await account()).call<Data<unknown[]>>(path);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // The second investor's answer comes from the cache the first one filled, and reads the same.
    expect(second.body).toEqual(first.body);
    expect(Object.keys(second.body)).toEqual(["data"]);
  });
});
