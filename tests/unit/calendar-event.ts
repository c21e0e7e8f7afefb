/** An event as the API lists it, for the calendar's unit tests: a sheriff sale unless told. */
import type { CalendarEvent } from "~/domain/calendar/events";

export const calendarEvent = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: "e1",
  calendarId: "local",
  source: "local",
  summary: "Sheriff sale",
  description: null,
  location: null,
  start: { dateTime: "2027-03-31T14:00:00.000Z" },
  end: { dateTime: "2027-03-31T15:30:00.000Z" },
  allDay: false,
  kind: "auction",
  projectId: null,
  propertyId: null,
  contactId: null,
  auctionId: null,
  assigneeId: null,
  assignee: null,
  readOnly: false,
  htmlLink: null,
  updatedAt: null,
  ...overrides,
});
