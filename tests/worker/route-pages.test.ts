/**
 * Route Planner's pages at their own URLs (/route-planner/<id>, /route-planner/new): the server
 * HTML is the planner, with a saved route's stops and their times in the session's zone; another
 * user's id, or none, is the 404 page; the links the
 * query string once opened move there for good; and a route is saved, changed (against the
 * version the page showed) and deleted through the page's action, the delete by a form that works
 * without JavaScript, as are the start places the planner remembers.
 */
import { describe, expect, it } from "vitest";
import { api, cookieValue, pageAt as page, postForm, postJson, register } from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

/** A route as the API and the page's action read it: two stops, run in the reverse order. */
const routeInput = (word: string, extra: Record<string, unknown> = {}) => ({
  name: `${word} drive-bys`,
  date: "2027-03-13",
  departAt: "2027-03-13T09:00:00-07:00",
  start: { label: "Home", address: "1 Home St", lat: 33.0, lng: -112.0 },
  returnToStart: true,
  stops: [
    { id: "s1", label: `12 ${word} St`, lat: 33.2, lng: -112.0, serviceMinutes: 15 },
    { id: "s2", label: `40 ${word} Ave`, lat: 33.1, lng: -112.0, serviceMinutes: 20 },
  ],
  order: ["s2", "s1"],
  ...extra,
});

/**
 * An investor with one saved route, named after `word`, signed in from a browser in Phoenix (the
 * session keeps the zone the sign-in named, as the sign-in form's does).
 */
async function planner(word: string) {
  const { body, token } = await register({ first_name: word });
  const signedIn = await api("/auth/login", {
    method: "POST",
    json: { email: body.email, password: body.password },
    headers: { "X-Time-Zone": "America/Phoenix" },
  });
  const cookie = signedIn.headers.get("Set-Cookie") ?? "";
  const response = await api("/routes", { method: "POST", token, json: routeInput(word) });
  expect(response.status).toBe(201);
  const route = (
    (await response.json()) as {
      data: { id: string; updatedAt: string; plan: { totalDistanceKm: number } };
    }
  ).data;
  return { cookie: cookieValue(cookie), token, route };
}

/** The route as the API reads it now: its status, and its data when it is there. */
async function stored(token: string, id: string) {
  const response = await api(`/routes/${id}`, { token });
  const data =
    response.status === 200
      ? ((await response.json()) as { data: Record<string, unknown> }).data
      : null;
  return { status: response.status, data };
}

/** How many routes the user has saved. */
async function routeCount(token: string) {
  const response = await api("/routes", { token });
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

describe("Route Planner's pages", () => {
  it("arrive with the route's stops in the order they run, titled with its name", async () => {
    const ana = await planner("Cedar");
    const own = await page(`/route-planner/${ana.route.id}`, ana.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain("<title>Cedar drive-bys · AI42</title>");
    expect(own.html.indexOf("40 Cedar Ave")).toBeGreaterThan(-1);
    expect(own.html.indexOf("40 Cedar Ave")).toBeLessThan(own.html.indexOf("12 Cedar St"));
    const km = `${Math.round(ana.route.plan.totalDistanceKm * 10) / 10} km`;
    expect(own.html).toMatch(new RegExp(`data-testid="total-km">${km}<`));
    // The planner itself, before any script runs: its stops with their arrivals in the session's
    // zone (leaving at 9:00 in Phoenix), and the controls that change and save the route.
    expect(own.html.match(/data-testid="route-stop"/g)).toHaveLength(2);
    expect(own.html).toMatch(/id="route-time"[^>]*value="09:00"/);
    expect(own.html).toMatch(/id="route-name"[^>]*value="Cedar drive-bys"/);
    expect(own.html).toMatch(/data-testid="stop-eta"><span>Arrive (<!-- -->)?9:\d\d\sAM<\/span>/);
    for (const control of ["Add stops", "Optimise", "Save route", "Delete this route…"])
      expect(own.html, control).toContain(control);
    // The sidebar's active module is the first segment of the path.
    expect(own.html).toMatch(/<a aria-current="page"[^>]+href="\/route-planner"/);

    // The list links each route to its page.
    const list = await page("/route-planner", ana.cookie);
    expect(list.html).toMatch(
      new RegExp(`<a[^>]+href="/route-planner/${ana.route.id}"[^>]*>Cedar drive-bys</a>`),
    );

    const planning = await page("/route-planner/new", ana.cookie);
    expect(planning.status).toBe(200);
    expect(planning.html).toContain("<title>Plan a route · AI42</title>");
  });

  it("are the 404 page for another user's route and for an id no one has", async () => {
    const ana = await planner("Aspen");
    const ben = await planner("Willow");
    for (const path of [
      `/route-planner/${ben.route.id}`,
      "/route-planner/nope",
      "/route-planner/nope/more",
    ]) {
      const { status, html } = await page(path, ana.cookie);
      expect(status, path).toBe(404);
      expect(html, path).toContain(NOT_FOUND_TEXT);
      expect(html, path).toContain("<title>Page not found · AI42</title>");
      expect(html, path).not.toContain("Willow");
    }
  });

  it("show a visitor the login screen and no route", async () => {
    const ana = await planner("Hemlock");
    for (const path of [`/route-planner/${ana.route.id}`, "/route-planner/new"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("Welcome Back");
      expect(html, path).not.toContain("Hemlock");
    }
  });

  it("answer the old query-string links with a permanent redirect to the new URLs", async () => {
    const { cookie } = await planner("Puffin");
    const moved = {
      "/route-planner?route=r1": "/route-planner/r1",
      "/route-planner?route=new": "/route-planner/new",
      "/route-planner?route=r1&tab=map": "/route-planner/r1?tab=map",
      "/route-planner?route=new&tab=list": "/route-planner/new",
    };
    for (const [from, to] of Object.entries(moved)) {
      const answer = await page(from, cookie);
      expect(answer.status, from).toBe(301);
      expect(answer.location, from).toBe(to);
    }
  });
});

describe("Route Planner's actions", () => {
  it("save a new route, refusing one the API would refuse and changing nothing", async () => {
    const ana = await planner("Avocet");
    const refused = await postJson("/route-planner/new", ana.cookie, {
      intent: "save",
      input: routeInput("Avocet", { name: "", order: ["s1"] }),
    });
    expect(refused.status).toBe(400);
    expect(await routeCount(ana.token)).toBe(1);

    const created = await postJson("/route-planner/new", ana.cookie, {
      intent: "save",
      input: routeInput("Lagoon"),
    });
    expect(created.status).toBe(200);
    const list = await api("/routes?q=Lagoon", { token: ana.token });
    const { data } = (await list.json()) as { data: Record<string, unknown>[] };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ name: "Lagoon drive-bys", stopCount: 2 });
  });

  it("need JavaScript to save a route: a form's post is refused, not half-read", async () => {
    const ana = await planner("Bittern");
    const refused = await postForm("/route-planner/new", ana.cookie, {
      intent: "save",
      name: "Bittern again",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Saving a route needs JavaScript");
    expect(await routeCount(ana.token)).toBe(1);
  });

  it("change a route against the version shown; a stale version is a 412 that changes nothing", async () => {
    const ana = await planner("Curlew");
    const path = `/route-planner/${ana.route.id}`;
    const saved = await postJson(path, ana.cookie, {
      intent: "save",
      version: ana.route.updatedAt,
      input: routeInput("Curlew", { name: "Curlew loop", order: ["s1", "s2"] }),
    });
    expect(saved.status).toBe(200);
    expect((await stored(ana.token, ana.route.id)).data).toMatchObject({
      name: "Curlew loop",
      order: ["s1", "s2"],
    });

    const stale = await postJson(path, ana.cookie, {
      intent: "save",
      version: ana.route.updatedAt,
      input: routeInput("Curlew", { name: "Curlew stale" }),
    });
    expect(stale.status).toBe(412);
    expect((await stored(ana.token, ana.route.id)).data).toMatchObject({ name: "Curlew loop" });

    const unversioned = await postJson(path, ana.cookie, {
      intent: "save",
      input: routeInput("Curlew", { name: "Curlew unversioned" }),
    });
    expect(unversioned.status).toBe(400);
    expect((await stored(ana.token, ana.route.id)).data).toMatchObject({ name: "Curlew loop" });
  });

  it("remember the start places, refusing a place that is not one", async () => {
    const ana = await planner("Dunlin");
    const home = { label: "Home", address: "1 Dunlin Way", lat: 33.4, lng: -112.0 };
    const refused = await postJson("/route-planner/new", ana.cookie, {
      intent: "remember",
      places: { home: { label: "Home", lat: 400, lng: 0 }, office: null },
    });
    expect(refused.status).toBe(400);
    const kept = await postJson("/route-planner/new", ana.cookie, {
      intent: "remember",
      places: { home, office: null },
    });
    expect(kept.status).toBe(200);
    const places = await api("/routes/places", { token: ana.token });
    expect(((await places.json()) as { data: unknown }).data).toEqual({ home, office: null });
  });

  it("write a saved route's visits to AI42's calendar, replacing them when added again; another user's route is not there", async () => {
    const ana = await planner("Stilt");
    const ben = await planner("Avocet");
    const path = `/route-planner/${ana.route.id}.data`;
    const first = await postJson(path, ana.cookie, {
      intent: "add-to-calendar",
      calendarId: "local",
    });
    expect(first.status).toBe(200);
    const again = await postJson(path, ana.cookie, {
      intent: "add-to-calendar",
      calendarId: "local",
    });
    expect(again.status).toBe(200);
    const events = await api(
      "/calendar/events?calendarId=local&timeMin=2027-03-13T00:00:00Z&timeMax=2027-03-15T00:00:00Z",
      { token: ana.token },
    );
    const summaries = ((await events.json()) as { data: { summary: string }[] }).data.map(
      (event) => event.summary,
    );
    // One event per visit in the order they run, however often the route was added.
    expect(summaries.filter((summary) => summary.startsWith("Visit"))).toEqual([
      "Visit 1/2: 40 Stilt Ave",
      "Visit 2/2: 12 Stilt St",
    ]);
    expect((await stored(ana.token, ana.route.id)).data).toMatchObject({ calendarId: "local" });

    const others = await postJson(`/route-planner/${ben.route.id}.data`, ana.cookie, {
      intent: "add-to-calendar",
      calendarId: "local",
    });
    expect(others.status).toBe(404);
    expect((await stored(ben.token, ben.route.id)).data).toMatchObject({ calendarId: null });
    const unsaved = await postJson("/route-planner/new.data", ana.cookie, {
      intent: "add-to-calendar",
    });
    expect(unsaved.status).toBe(400);
  });

  it("delete a route without JavaScript against the version shown, then open the list", async () => {
    const ana = await planner("Knot");
    const ben = await planner("Heron");
    const path = `/route-planner/${ana.route.id}`;
    const stale = await postForm(path, ana.cookie, {
      intent: "delete",
      version: "2020-01-01T00:00:00.000Z",
      back: "/route-planner",
    });
    expect(stale.status).toBe(412);
    expect(stale.html).toContain("changed elsewhere");
    expect((await stored(ana.token, ana.route.id)).status).toBe(200);

    // Another user's route is not there to delete.
    const others = await postForm(`/route-planner/${ben.route.id}`, ana.cookie, {
      intent: "delete",
      version: ben.route.updatedAt,
    });
    expect(others.status).toBe(404);
    expect((await stored(ben.token, ben.route.id)).status).toBe(200);

    const deleted = await postForm(path, ana.cookie, {
      intent: "delete",
      version: ana.route.updatedAt,
      back: "/route-planner?page=2",
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/route-planner?page=2");
    expect((await stored(ana.token, ana.route.id)).status).toBe(404);
  });

  it("delete a route from the list with JavaScript, answering what adds it again", async () => {
    const ana = await planner("Ibis");
    // The list's scripts send JSON and read the action's answer (single fetch's `.data`).
    const deleted = await postJson(`/route-planner/${ana.route.id}.data`, ana.cookie, {
      intent: "delete",
      version: ana.route.updatedAt,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain("Ibis drive-bys");
    expect((await stored(ana.token, ana.route.id)).status).toBe(404);
  });

  it("refuse a form from another site", async () => {
    const ana = await planner("Plover");
    const forged = await postForm(
      `/route-planner/${ana.route.id}`,
      ana.cookie,
      { intent: "delete", version: ana.route.updatedAt },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect((await stored(ana.token, ana.route.id)).status).toBe(200);
  });
});
