import { describe, expect, it } from "vitest";
import { googleMapsLinks, MAX_LINK_WAYPOINTS } from "~/domain/routing/links";

/** Points 1, 2, 3… apart, so each is known by its latitude. */
const path = (count: number) => Array.from({ length: count }, (_, i) => ({ lat: i, lng: -112 }));
const query = (url: string) => new URL(url).searchParams;
const latitudes = (text: string | null) =>
  text ? text.split("|").map((pair) => Number(pair.split(",")[0])) : [];

describe("Google Maps directions links", () => {
  it("take the start as origin, the end as destination and the stops between as waypoints", () => {
    const [link, ...more] = googleMapsLinks([
      { lat: 33.4484, lng: -112.074 },
      { lat: 33.5, lng: -112.1 },
      { lat: 33.51234567, lng: -111.9 },
      { lat: 33.4484, lng: -112.074 },
    ]);
    expect(more).toEqual([]);
    expect(link).toEqual({
      part: 1,
      of: 1,
      url: "https://www.google.com/maps/dir/?api=1&origin=33.448400,-112.074000&destination=33.448400,-112.074000&waypoints=33.500000,-112.100000%7C33.512346,-111.900000&travelmode=driving",
    });
    expect(query(link!.url).get("waypoints")).toBe("33.500000,-112.100000|33.512346,-111.900000");
  });

  it("leave out waypoints when the route goes straight from origin to destination", () => {
    const [link] = googleMapsLinks(path(2));
    expect(link!.url).toBe(
      "https://www.google.com/maps/dir/?api=1&origin=0.000000,-112.000000&destination=1.000000,-112.000000&travelmode=driving",
    );
    expect(query(link!.url).has("waypoints")).toBe(false);
  });

  it("need two points", () => {
    expect(googleMapsLinks([])).toEqual([]);
    expect(googleMapsLinks(path(1))).toEqual([]);
  });

  it("fit 9 waypoints in one link", () => {
    const links = googleMapsLinks(path(MAX_LINK_WAYPOINTS + 2));
    expect(links).toHaveLength(1);
    expect(latitudes(query(links[0]!.url).get("waypoints"))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(query(links[0]!.url).get("destination")).toBe("10.000000,-112.000000");
  });

  it("split a longer route into parts, each starting where the last one ended", () => {
    // Start, 25 stops, end: 27 points, 26 legs → parts of 10, 10 and 6 legs.
    const links = googleMapsLinks(path(27));
    expect(links.map(({ part, of }) => `Part ${part} of ${of}`)).toEqual([
      "Part 1 of 3",
      "Part 2 of 3",
      "Part 3 of 3",
    ]);
    const parts = links.map(({ url }) => query(url));
    expect(parts.map((part) => part.get("origin"))).toEqual([
      "0.000000,-112.000000",
      "10.000000,-112.000000",
      "20.000000,-112.000000",
    ]);
    expect(parts.map((part) => part.get("destination"))).toEqual([
      "10.000000,-112.000000",
      "20.000000,-112.000000",
      "26.000000,-112.000000",
    ]);
    expect(parts.map((part) => latitudes(part.get("waypoints")))).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      [11, 12, 13, 14, 15, 16, 17, 18, 19],
      [21, 22, 23, 24, 25],
    ]);
    for (const part of parts) expect(part.get("travelmode")).toBe("driving");
  });

  it("give a last part without waypoints when one leg is left over", () => {
    const links = googleMapsLinks(path(12));
    expect(links).toHaveLength(2);
    expect(query(links[1]!.url).get("origin")).toBe("10.000000,-112.000000");
    expect(query(links[1]!.url).get("destination")).toBe("11.000000,-112.000000");
    expect(query(links[1]!.url).has("waypoints")).toBe(false);
  });
});
