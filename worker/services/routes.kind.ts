/** Saved routes in Export Data and Import Data. */
import type { RecordKindName } from "../../app/domain/record-kinds";
import { RouteInputSchema, type RouteInput, type StopSource } from "../../app/domain/routing/route";
import { publicRow } from "../db/queries";
import { routes, type RouteRow } from "../db/schema";
import { sameValue } from "../../app/domain/imports/merge";
import { ownFields, recordKind, usersRows } from "./record-kind";
import { estimatedPlan } from "./routes";

const STOP_KINDS: Partial<Record<StopSource, RecordKindName>> = {
  property: "properties",
  contact: "contacts",
  auction: "auctions",
  event: "events",
};

/** What a route's plan is worked out from. */
const PLANNED_FROM = [
  "date",
  "departAt",
  "start",
  "end",
  "returnToStart",
  "speedKmh",
  "roadFactor",
  "stops",
  "order",
];
/** The plan and this account's calendar: not the user's fields, and not in an export. */
const THIS_ACCOUNTS = ["plan", "planSource", "calendarId", "calendarEventIds"] as const;

/**
 * Routes: the export writes what was planned, not what follows from it (the figures) nor this
 * account's calendar. Their stops are carried whole, each pointing at the record it came from as
 * imported (left as it is when the file does not hold it); their figures are the estimate until
 * the route is saved again.
 */
export const routeKind = recordKind({
  name: "routes",
  table: routes,
  key: routes.id,
  exportQueries: usersRows(routes),
  exportRecords: ([rows]) => (rows as RouteRow[]).map((row) => publicRow(row, ...THIS_ACCOUNTS)),
  input: RouteInputSchema,
  build: (row, id, { userId, times, fileId }) => ({
    ...row.input,
    stops: row.input.stops.map((stop) => {
      const kind = STOP_KINDS[stop.source];
      return {
        ...stop,
        sourceId: (kind && stop.sourceId && fileId(kind, stop.sourceId)) || stop.sourceId,
      };
    }),
    ...estimatedPlan(row.input),
    ...times(row),
    id,
    userId,
  }),
  merge: {
    fields: (row) => ownFields(row, [...THIS_ACCOUNTS]),
    // A route whose stops or timing the merge changed has the estimate's figures, as a new one;
    // one whose plan is as it was keeps its figures (from the roads, if they were).
    derive: (merged, _changed, _fromFile, current) =>
      PLANNED_FROM.every((field) => sameValue(merged[field], current[field]))
        ? {}
        : estimatedPlan(merged as unknown as RouteInput),
  },
});
