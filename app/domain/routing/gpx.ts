/**
 * A route as a GPX 1.1 file, for a satnav or a phone's maps app: a waypoint per stop in the order
 * they are visited, and a route through the start, the stops and the end. Pure: no I/O.
 */

export interface GpxPoint {
  name: string;
  lat: number;
  lng: number;
  /** What the point's <desc> says: its address, its arrival time. */
  description?: string;
}

export interface GpxRoute {
  name: string;
  /** When the file was made (ISO 8601), for <metadata><time>. */
  createdAt?: string;
  start: GpxPoint;
  /** In the order they are visited. */
  stops: readonly GpxPoint[];
  /** Where the day ends, when it is not the last stop (back at the start: the start again). */
  end?: GpxPoint | null;
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text safe inside an XML element or a quoted attribute; control characters XML forbids go. */
export const escapeXml = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
    .replace(/[&<>"']/g, (character) => ENTITIES[character]!);

/** Seven decimals: about a centimetre. */
const degrees = (value: number) => String(Number(value.toFixed(7)));

function point(tag: "wpt" | "rtept", place: GpxPoint, indent: string) {
  const inner = [`<name>${escapeXml(place.name)}</name>`];
  if (place.description) inner.push(`<desc>${escapeXml(place.description)}</desc>`);
  return [
    `${indent}<${tag} lat="${degrees(place.lat)}" lon="${degrees(place.lng)}">`,
    ...inner.map((line) => `${indent}  ${line}`),
    `${indent}</${tag}>`,
  ].join("\n");
}

export function routeToGpx(route: GpxRoute): string {
  const path = [route.start, ...route.stops, ...(route.end ? [route.end] : [])];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="AI42" xmlns="http://www.topografix.com/GPX/1/1">',
    "  <metadata>",
    `    <name>${escapeXml(route.name)}</name>`,
    ...(route.createdAt ? [`    <time>${escapeXml(route.createdAt)}</time>`] : []),
    "  </metadata>",
    ...route.stops.map((stop) => point("wpt", stop, "  ")),
    "  <rte>",
    `    <name>${escapeXml(route.name)}</name>`,
    ...path.map((place) => point("rtept", place, "    ")),
    "  </rte>",
    "</gpx>",
    "",
  ].join("\n");
}

/** "oak-st-drive-bys-2027-03-17.gpx" from the route's name and day. */
export function gpxFileName(name: string, date: string) {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${[slug || "route", date].filter(Boolean).join("-")}.gpx`;
}
