/**
 * The change of a saved route that writes its visits to a calendar: read by its action (server)
 * and by its route's `shouldRevalidate` (browser), so a leaf with no imports.
 */
export const ADD_TO_CALENDAR = "add-to-calendar";

/** Whether a post to a route's action adds its visits to a calendar (and nothing else). */
export const addsToCalendar = (body: unknown) =>
  typeof body === "object" && body !== null && "intent" in body && body.intent === ADD_TO_CALENDAR;
