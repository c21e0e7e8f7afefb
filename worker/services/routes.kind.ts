/** Saved routes in Export Data and Import Data. */
import type { RecordKindName } from "../../app/domain/record-kinds";
import { RouteInputSchema, type StopSource } from "../../app/domain/routing/route";
import { routes, type RouteRow } from "../db/schema";
import { recordKind, usersRows } from "./record-kind";
import { estimatedPlan } from "./routes";

const STOP_KINDS: Partial<Record<StopSource, RecordKindName>> = {
  property: "properties",
  contact: "contacts",
  auction: "auctions",
  event: "events",
};

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
  exportRecords: ([rows]) =>
    (rows as RouteRow[]).map(
      ({ userId: _u, plan: _p, planSource: _s, calendarId: _c, calendarEventIds: _e, ...route }) =>
        route,
    ),
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
});
