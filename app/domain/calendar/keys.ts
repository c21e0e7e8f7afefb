/**
 * The Calendar's own keys, Google Calendar's letters: T for today, N and P for the next and
 * previous period, M, W, D and A for the views, C to create. They act only while the keyboard
 * focus is in the calendar (WCAG 2.1.4: single-key shortcuts active only on focus), so typing
 * elsewhere never triggers them. A leaf: the `?` sheet lists them without loading the calendar.
 */
import type { CalendarView } from "./views";

export type CalendarKeyAction =
  { type: "today" | "previous" | "next" | "new" } | { type: "view"; view: CalendarView };

export const CALENDAR_KEYS: readonly {
  key: string;
  action: CalendarKeyAction;
  description: string;
}[] = [
  { key: "t", action: { type: "today" }, description: "Calendar: today" },
  { key: "n", action: { type: "next" }, description: "Calendar: next month, week or day" },
  { key: "p", action: { type: "previous" }, description: "Calendar: previous month, week or day" },
  { key: "m", action: { type: "view", view: "month" }, description: "Calendar: month view" },
  { key: "w", action: { type: "view", view: "week" }, description: "Calendar: week view" },
  { key: "d", action: { type: "view", view: "day" }, description: "Calendar: day view" },
  { key: "a", action: { type: "view", view: "agenda" }, description: "Calendar: agenda view" },
  { key: "c", action: { type: "new" }, description: "Calendar: new event" },
];

/** The action of a key pressed in the calendar, or null (any modifier but Shift: not ours). */
export function calendarKeyAction(
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">,
): CalendarKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key.toLowerCase();
  return CALENDAR_KEYS.find((entry) => entry.key === key)?.action ?? null;
}

/** The key of an action, for the buttons' `aria-keyshortcuts` and tooltips. */
export function calendarKeyOf(action: CalendarKeyAction) {
  return CALENDAR_KEYS.find(
    (entry) =>
      entry.action.type === action.type &&
      (entry.action.type !== "view" ||
        (action.type === "view" && entry.action.view === action.view)),
  )?.key.toUpperCase();
}
