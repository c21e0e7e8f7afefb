import { describe, expect, it } from "vitest";
import { escapeXml, gpxFileName, routeToGpx } from "~/domain/routing/gpx";

const ROUTE = {
  name: "Tuesday drive-bys",
  createdAt: "2027-03-17T14:20:00.000Z",
  start: { name: "Start: Home", lat: 33.4484, lng: -112.074, description: "1 Home Rd" },
  stops: [
    { name: "12 Oak St", lat: 33.5, lng: -112.1, description: "12 Oak St, Phoenix · ETA 9:12 AM" },
    { name: "Sheriff sale", lat: 33.51234567891, lng: -111.9 },
  ],
  end: { name: "End: Home", lat: 33.4484, lng: -112.074 },
};

describe("a route as GPX 1.1", () => {
  it("is a GPX 1.1 document by AI42 with its name and time", () => {
    const gpx = routeToGpx(ROUTE);
    expect(gpx.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(gpx).toContain(
      '<gpx version="1.1" creator="AI42" xmlns="http://www.topografix.com/GPX/1/1">',
    );
    expect(gpx).toContain(
      "<metadata>\n    <name>Tuesday drive-bys</name>\n    <time>2027-03-17T14:20:00.000Z</time>\n  </metadata>",
    );
    expect(gpx.trimEnd().endsWith("</gpx>")).toBe(true);
  });

  it("has a waypoint per stop, in the order visited, with its address and ETA", () => {
    const gpx = routeToGpx(ROUTE);
    const waypoints = [
      ...gpx.matchAll(/<wpt lat="([^"]+)" lon="([^"]+)">\s*<name>([^<]*)<\/name>/g),
    ];
    expect(waypoints.map((m) => [m[3], m[1], m[2]])).toEqual([
      ["12 Oak St", "33.5", "-112.1"],
      ["Sheriff sale", "33.5123457", "-111.9"],
    ]);
    expect(gpx).toContain("<desc>12 Oak St, Phoenix · ETA 9:12 AM</desc>");
    // A stop without a description has none.
    expect(gpx.match(/<desc>/g)).toHaveLength(3);
  });

  it("has a route through the start, the stops and the end", () => {
    const gpx = routeToGpx(ROUTE);
    const route = gpx.slice(gpx.indexOf("<rte>"), gpx.indexOf("</rte>"));
    expect(route).toContain("<name>Tuesday drive-bys</name>");
    const names = [...route.matchAll(/<rtept [^>]+>\s*<name>([^<]*)<\/name>/g)].map((m) => m[1]);
    expect(names).toEqual(["Start: Home", "12 Oak St", "Sheriff sale", "End: Home"]);
    // No waypoint sits inside the route.
    expect(route).not.toContain("<wpt");
  });

  it("ends at the last stop when there is no end", () => {
    const gpx = routeToGpx({ ...ROUTE, end: null, createdAt: undefined });
    expect(gpx.match(/<rtept /g)).toHaveLength(3);
    expect(gpx).not.toContain("<time>");
  });

  it("escapes what XML would misread", () => {
    const gpx = routeToGpx({
      ...ROUTE,
      name: `Smith & Sons <"estate"> 'sale'`,
      stops: [{ name: "A&B <Lot 4>", lat: 1, lng: 2, description: 'Bell\u0007 "rear"' }],
    });
    expect(gpx).toContain(
      "<name>Smith &amp; Sons &lt;&quot;estate&quot;&gt; &apos;sale&apos;</name>",
    );
    expect(gpx).toContain("<name>A&amp;B &lt;Lot 4&gt;</name>");
    expect(gpx).toContain("<desc>Bell &quot;rear&quot;</desc>");
    expect(escapeXml("a\u0000b\tc\nd")).toBe("ab\tc\nd");
  });

  it("is named for the route and its day", () => {
    expect(gpxFileName("Tuesday drive-bys", "2027-03-17")).toBe("tuesday-drive-bys-2027-03-17.gpx");
    expect(gpxFileName("  Café & Co / Mesa!  ", "2027-03-17")).toBe("cafe-co-mesa-2027-03-17.gpx");
    expect(gpxFileName("***", "2027-03-17")).toBe("route-2027-03-17.gpx");
  });
});
