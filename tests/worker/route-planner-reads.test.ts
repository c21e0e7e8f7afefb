/**
 * What the Route Planner reads in place through its resource routes, not the API: the stops a
 * day's route can be built from (/route-planner/candidates), the Google calendars its visits can
 * go to (/route-planner/calendars) and the road figures and line through its points
 * (/route-planner/roads). Each answers the signed-in user's own records only, refuses a query the
 * API would refuse with a 400, and a visitor with the API's 401, all as data a fetcher reads.
 */
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import { connected } from "./google-fake";
import { api, cookieValue, ORIGIN, register } from "./helpers";

interface Candidate {
  source: string;
  label: string;
  window: { start: string; end: string } | null;
}
type Refusal = { message: string };

/** The day the stops are asked for, in Phoenix: midnight to midnight (UTC−7). */
const DAY = { from: "2027-03-15T07:00:00.000Z", to: "2027-03-16T07:00:00.000Z" };

/** What the Worker answers at `path` (redirects not followed), with `vars` over wrangler.toml's. */
async function fetchAt(path: string, cookie?: string, vars: Partial<Env> = {}) {
  const request = new Request(`${ORIGIN}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...vars } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

/** An investor whose day holds an auction, a showing, a property and a contact named after `word`. */
async function investor(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const call = (path: string, json: unknown) => api(path, { method: "POST", token, json });
  const property = await call("/data/properties", {
    address: `12 ${word} St`,
    city: "Phoenix",
    state: "AZ",
    latitude: 33.45,
    longitude: -112.07,
  });
  expect(property.status).toBe(200);
  const sale = await call("/auctions", {
    saleType: "trustee",
    saleAt: "2027-03-15T17:00:00.000Z",
    address: `90 ${word} Courthouse Way`,
    state: "AZ",
  });
  expect(sale.status).toBe(201);
  const contact = await call("/contacts", {
    firstName: word,
    lastName: "Agent",
    type: "agent",
    address: "5 Main St, Mesa, AZ",
  });
  expect(contact.status).toBe(201);
  const event = await call("/calendar/events", {
    summary: `Showing with ${word}`,
    kind: "showing",
    location: "40 Elm Ave, Phoenix, AZ",
    start: { dateTime: "2027-03-15T15:00:00Z" },
    end: { dateTime: "2027-03-15T15:30:00Z" },
  });
  expect(event.status).toBe(201);
  return { cookie: cookieValue(cookie), token };
}

const candidatesAt = (query: Record<string, string>) =>
  `/route-planner/candidates?${new URLSearchParams(query)}`;

describe("the stop picker's route", () => {
  it("offers the day's auctions and events and the user's properties and contacts, none of another user's", async () => {
    const ana = await investor("Saguaro");
    await investor("Ocotillo");
    const answer = await fetchAt(candidatesAt(DAY), ana.cookie);
    expect(answer.status).toBe(200);
    const { candidates } = answer.json() as { candidates: Candidate[] };
    expect(candidates.map((candidate) => [candidate.source, candidate.label])).toEqual([
      ["auction", "90 Saguaro Courthouse Way"],
      ["event", "Showing with Saguaro"],
      ["property", "12 Saguaro St"],
      ["contact", "Saguaro Agent"],
    ]);
    expect(candidates[0]!.window).toEqual({
      start: "2027-03-15T17:00:00.000Z",
      end: "2027-03-15T17:00:00.000Z",
    });
    expect(answer.text).not.toContain("Ocotillo");

    // Another day has no auction or event; the search narrows the properties and contacts.
    const nextDay = { from: DAY.to, to: "2027-03-17T07:00:00.000Z" };
    const searched = await fetchAt(candidatesAt({ ...nextDay, q: "12 Saguaro" }), ana.cookie);
    expect((searched.json() as { candidates: Candidate[] }).candidates).toMatchObject([
      { source: "property", label: "12 Saguaro St" },
    ]);
    const theirs = await fetchAt(candidatesAt({ ...DAY, q: "Ocotillo" }), ana.cookie);
    expect((theirs.json() as { candidates: Candidate[] }).candidates.map((c) => c.source)).toEqual([
      "auction",
      "event",
    ]);
  });

  it("answers the fetcher's read as data, and refuses a day it cannot read with the API's words", async () => {
    const ana = await investor("Cholla");
    const routes = encodeURIComponent("routes/route-planner.candidates");
    const read = await fetchAt(
      `/route-planner/candidates.data?${new URLSearchParams(DAY)}&_routes=${routes}`,
      ana.cookie,
    );
    expect(read.status).toBe(200);
    expect(read.text).toContain("12 Cholla St");

    for (const query of [
      { to: DAY.to } as Record<string, string>,
      { from: DAY.to, to: DAY.from },
      { from: DAY.from, to: "2027-03-30T07:00:00.000Z" },
      { ...DAY, q: "x".repeat(101) },
    ]) {
      const refused = await fetchAt(candidatesAt(query), ana.cookie);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.text, JSON.stringify(query)).not.toContain("Cholla");
    }
    const backwards = await fetchAt(candidatesAt({ from: DAY.to, to: DAY.from }), ana.cookie);
    expect((backwards.json() as Refusal).message).toContain("`to` after `from`");
    const refusedRead = await fetchAt(
      `/route-planner/candidates.data?to=${DAY.to}&_routes=${routes}`,
      ana.cookie,
    );
    expect(refusedRead.status).toBe(400);
  });

  it("answers a visitor with the API's 401 and no stops", async () => {
    await investor("Yucca");
    const visitor = await fetchAt(candidatesAt(DAY));
    expect(visitor.status).toBe(401);
    expect((visitor.json() as Refusal).message).toContain("Sign in");
    expect(visitor.text).not.toContain("Yucca");
  });
});

describe("Add to calendar's route", () => {
  it("lists the user's writable Google calendars, not a read-only one nor another user's", async () => {
    const listed = async (token: string) => {
      const answer = await SELF.fetch(`${ORIGIN}/route-planner/calendars`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(200);
      const { calendars } = (await answer.json()) as { calendars: { summary: string }[] };
      return calendars.map((calendar) => calendar.summary);
    };
    const ana = await listed((await connected()).token);
    const ben = await listed((await connected()).token);
    // The fake's account: its primary calendar (named after its address) and "Deals" are the
    // user's to write; "Holidays in United States" is only read.
    expect(ana).toHaveLength(2);
    expect(ana).toContain("Deals");
    const primary = ana.find((name) => name !== "Deals");
    expect(primary).toMatch(/^google-/);
    expect(ben).toContain("Deals");
    expect(ben).not.toContain(primary);
  });

  it("lists none without Google, and answers a visitor with the API's 401", async () => {
    const { cookie } = await register();
    const none = await fetchAt("/route-planner/calendars", cookieValue(cookie));
    expect(none.status).toBe(200);
    expect(none.json()).toEqual({ calendars: [] });
    const visitor = await fetchAt("/route-planner/calendars");
    expect(visitor.status).toBe(401);
    expect(visitor.text).not.toContain("calendars");
  });
});

describe("the planner's road route", () => {
  const ROADS = { ROUTING_URL: env.FAKE_MAPS_URL };
  const points = "33.45,-112.07;33.1,-112;33.1,-111.9";
  const roadsAt = (read: string, list = points) =>
    `/route-planner/roads?${new URLSearchParams({ read, points: list })}`;

  it("answers the road service's distances and times between the points, and its line through them", async () => {
    const { cookie } = await register();
    const signedIn = cookieValue(cookie);
    const matrix = await fetchAt(roadsAt("matrix"), signedIn, ROADS);
    expect(matrix.status).toBe(200);
    const figures = (matrix.json() as { matrix: { distanceKm: number[][]; minutes: number[][] } })
      .matrix;
    expect(figures.distanceKm).toHaveLength(3);
    expect(figures.distanceKm[0]![0]).toBe(0);
    expect(figures.minutes[1]![2]).toBeGreaterThan(0);

    const line = await fetchAt(roadsAt("line"), signedIn, ROADS);
    expect(line.status).toBe(200);
    const drawn = (line.json() as { line: [number, number][] }).line;
    expect(drawn[0]).toEqual([33.45, -112.07]);
    expect(drawn.at(-1)).toEqual([33.1, -111.9]);
  });

  it("refuses points the API would refuse, and says so without a road service", async () => {
    const { cookie } = await register();
    const signedIn = cookieValue(cookie);
    const tooMany = Array.from({ length: 203 }, (_, i) => `33.${i},-112`).join(";");
    for (const [read, list] of [
      ["matrix", "33.45,-112.07"],
      ["matrix", tooMany],
      ["line", "33.45,-112.07;north,-112"],
      ["line", "33.45,-112.07;33.1"],
      ["line", "33.45,-112.07;95,-112"],
      ["distances", points],
    ] as const) {
      const refused = await fetchAt(roadsAt(read, list), signedIn, ROADS);
      expect(refused.status, `${read} ${list.slice(0, 40)}`).toBe(400);
    }
    expect((await fetchAt(roadsAt("matrix", tooMany), signedIn, ROADS)).text).toContain(
      "At most 202 points",
    );

    const unset = await fetchAt(roadsAt("matrix"), signedIn, { ROUTING_URL: "" });
    expect(unset.status).toBe(503);
    expect((unset.json() as Refusal).message).toContain("ROUTING_URL");
  });

  it("answers a visitor with the API's 401 and no figures", async () => {
    const visitor = await fetchAt(roadsAt("matrix"), undefined, ROADS);
    expect(visitor.status).toBe(401);
    expect(visitor.text).not.toContain("distanceKm");
  });
});
