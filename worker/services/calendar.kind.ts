/** AI42 calendar events in Export Data and Import Data. */
import { EventInputSchema } from "../../app/domain/calendar/events";
import { calendarEvents, type CalendarEventRow } from "../db/schema";
import { eventColumns, eventRecord } from "./calendar";
import { ownFields, recordKind, usersRows } from "./record-kind";

/** Events, pointing at the projects, properties and contacts they are about. */
export const eventKind = recordKind({
  name: "events",
  table: calendarEvents,
  key: calendarEvents.id,
  exportQueries: usersRows(calendarEvents),
  exportRecords: ([rows]) =>
    (rows as CalendarEventRow[]).map((row) => ({
      ...eventRecord(row),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
  input: EventInputSchema,
  references: { projectId: "projects", propertyId: "properties", contactId: "contacts" },
  build: (row, id, { userId, times }) => ({
    ...eventColumns(row.input),
    ...times(row),
    id,
    userId,
  }),
  // The route that made an event is this account's bookkeeping, not a field of the user's.
  merge: { fields: (row) => ownFields(row, ["routeId"]) },
});
