/**
 * Add to calendar: which calendar the route's visits go to, AI42's own or one of the user's
 * writable Google calendars when Google is connected.
 */
import { useState } from "react";
import { Modal } from "~/components/ui";
import { LOCAL_CALENDAR_ID } from "~/domain/calendar/event-terms";
import { useResourceRead } from "~/lib/use-resource-read";
import type { loader } from "~/routes/route-planner.calendars";
import { GOOGLE_CALENDARS_ROUTE } from "./planner-reads";

const LOCAL_CALENDAR_NAME = "AI42's calendar";

export function CalendarDialog(props: {
  open: boolean;
  visits: number;
  busy: boolean;
  onAdd: (calendarId: string, calendarName: string) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState(LOCAL_CALENDAR_ID);
  const { answer } = useResourceRead<typeof loader>(props.open ? GOOGLE_CALENDARS_ROUTE : null);
  // Without Google (or when it fails), AI42's own calendar is still there.
  const google = answer && ("calendars" in answer ? answer.calendars : []);

  const options = [
    { id: LOCAL_CALENDAR_ID, name: LOCAL_CALENDAR_NAME },
    ...(google ?? []).map((calendar) => ({ id: calendar.id, name: calendar.summary })),
  ];
  const name = options.find((option) => option.id === chosen)?.name ?? LOCAL_CALENDAR_NAME;
  return (
    <Modal open={props.open} title="Add to calendar" onClose={props.onClose}>
      <p className="mb-4 text-sm text-muted">
        One event per visit, from the arrival to the departure ({props.visits}{" "}
        {props.visits === 1 ? "visit" : "visits"}). Adding the route again replaces the events it
        added before.
      </p>
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Calendar</legend>
        {options.map((option) => (
          <label key={option.id} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name="route-calendar"
              value={option.id}
              checked={chosen === option.id}
              onChange={() => setChosen(option.id)}
              className="size-4 accent-[var(--accent)]"
            />
            {option.name}
          </label>
        ))}
        {google === undefined && (
          <p className="text-sm text-muted">Checking your Google calendars…</p>
        )}
      </fieldset>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={props.onClose} className="btn-secondary">
          Cancel
        </button>
        <button
          type="button"
          disabled={props.busy}
          onClick={() => props.onAdd(chosen, name)}
          className="btn-primary"
        >
          {props.busy ? "Adding..." : "Add visits"}
        </button>
      </div>
    </Modal>
  );
}
