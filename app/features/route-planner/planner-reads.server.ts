/**
 * The planner's in-place reads on the server, each through the services the API's own route
 * calls, its query read with that route's schema (`GET /api/routes/candidates`, `GET
 * /api/calendar/calendars`, `POST /api/maps/matrix` and `/line`). What the API would refuse comes
 * back as the API answers it (a 400 for a query it cannot read, the road service's 422, 502 or
 * 503), as data the planner shows beside what it is doing.
 */
import type { ModuleLoaderArgs } from "~/lib/module-loader.server";
import { refusedForm } from "~/lib/record-action.server";
import { pointsOfText } from "./planner-reads";

export async function loadStopCandidates({ url, services }: ModuleLoaderArgs) {
  const { done, refused } = await services.stopCandidates(Object.fromEntries(url.searchParams));
  return refused ? refusedForm(refused.message, refused.status) : { candidates: done };
}

/**
 * The user's Google calendars the visits can be written to. Without Google Calendar, or when
 * Google fails, none: AI42's own calendar is still there, which the dialog always offers.
 */
export async function loadWritableCalendars({ services }: ModuleLoaderArgs) {
  const { google } = await services.calendars();
  const listed = google ? (await google).calendars : [];
  return {
    calendars: listed.filter((calendar) => calendar.source === "google" && !calendar.readOnly),
  };
}

/** The road figures between the points (`read=matrix`), or the line through them (`line`). */
export async function loadRoads({ url, services }: ModuleLoaderArgs) {
  const read = url.searchParams.get("read");
  const input = { points: pointsOfText(url.searchParams.get("points")) };
  if (read === "matrix") {
    const { done, refused } = await services.roadMatrix(input);
    return refused ? refusedForm(refused.message, refused.status) : { matrix: done };
  }
  if (read === "line") {
    const { done, refused } = await services.roadLine(input);
    return refused ? refusedForm(refused.message, refused.status) : { line: done };
  }
  return refusedForm(`There is no road read “${read ?? ""}”: ask for the matrix or the line`);
}
