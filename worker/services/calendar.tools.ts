/** The agent's tools over the calendar: AI42's events, project closings and Google calendars. */
import { z } from "zod";
import { EventInputSchema, LOCAL_CALENDAR_ID } from "../../app/domain/calendar/events";
import { createEvent, listEvents } from "./calendar";
import { creates, found, tool, toolGoogleScope } from "./tool";

/** How many events the agent reads at once. */
const EVENTS_FOR_AGENT = 50;

const when = (event: { start: { dateTime?: string; date?: string } }) =>
  event.start.dateTime ?? event.start.date ?? "";

export const calendarTools = {
  list_events: tool({
    description:
      "List the investor's calendar in a range: AI42 events (auctions, showings, closings, meetings, tasks), project target-close dates and, when connected, their Google calendars. Times are ISO 8601 with an offset; without a range, the next 31 days.",
    parameters: z.object({
      timeMin: z.iso.datetime({ offset: true }).optional().describe("Start of the range"),
      timeMax: z.iso.datetime({ offset: true }).optional().describe("End of the range"),
    }),
    run: async (db, userId, range, context) => {
      const { events, unavailable } = await listEvents(toolGoogleScope(db, userId, context), {
        ...range,
        maxResults: EVENTS_FOR_AGENT,
      });
      return {
        result: { events, unavailable },
        summary: found(
          events.map((event) => `${event.summary} (${when(event).slice(0, 16)})`),
          "event",
        ),
      };
    },
  }),
  create_event: tool({
    description:
      "Create an event in the investor's calendar: the one calendarId names, else their primary Google calendar when Google Calendar is connected, else AI42's own (the result's calendarId says which; tell the investor). Google Calendar's shape: summary, start/end with dateTime (ISO 8601 with offset) or date (all day; end date exclusive), kind. Only when the investor asks for it.",
    parameters: EventInputSchema,
    wrote: true,
    records: creates("event"),
    run: async (db, userId, input, context) => {
      const event = await createEvent(toolGoogleScope(db, userId, context), input);
      return {
        result: event,
        summary: `Created event ${event.summary} on ${when(event).slice(0, 10)} in ${
          event.calendarId === LOCAL_CALENDAR_ID ? "AI42's calendar" : "Google Calendar"
        }`,
      };
    },
  }),
};
