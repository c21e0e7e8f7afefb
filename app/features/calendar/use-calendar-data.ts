/**
 * The Calendar screen's data: the calendars, the events of the range on screen (loaded again when
 * the range or the workspace changes), and the calendars the user hides, remembered in this
 * browser.
 */
import { useCallback, useEffect, useState } from "react";
import { hiddenCalendarsOf, rangeQuery } from "~/domain/calendar/views";
import { calendarApi, type CalendarInfo, type EventListing } from "~/lib/api/google";
import { STORAGE_KEYS } from "~/lib/api/messages";
import { useWorkspaceRevision } from "~/lib/stores/workspace-revision";

export function useCalendars() {
  const [calendars, setCalendars] = useState<CalendarInfo[]>([]);
  useEffect(() => {
    // Without the list the screen still works: AI42's own calendar needs no lookup.
    calendarApi.calendars().then(setCalendars, () => setCalendars([]));
  }, []);
  return calendars;
}

export function useEventListing() {
  const revision = useWorkspaceRevision();
  const [range, setRange] = useState<{ start: Date; end: Date } | null>(null);
  const [listing, setListing] = useState<EventListing | null>(null);
  const [loading, setLoading] = useState(true);
  const [failure, setFailure] = useState("");
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    if (!range) return;
    let current = true;
    setLoading(true);
    calendarApi
      .events(rangeQuery(range))
      .then(
        (result) => {
          if (!current) return;
          setListing(result);
          setFailure("");
        },
        (error: Error) => current && setFailure(error.message),
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [range, revision, reloads]);

  /** A new range on screen; the same range again (a re-render) loads nothing. */
  const show = useCallback(
    (next: { start: Date; end: Date }) =>
      setRange((shown) =>
        shown &&
        shown.start.getTime() === next.start.getTime() &&
        shown.end.getTime() === next.end.getTime()
          ? shown
          : { start: next.start, end: next.end },
      ),
    [],
  );
  const reload = useCallback(() => setReloads((count) => count + 1), []);
  return { listing, loading, failure, show, reload };
}

/** The calendars hidden from view, remembered in localStorage. */
export function useHiddenCalendars() {
  const [hidden, setHidden] = useState<string[]>([]);
  useEffect(() => {
    setHidden(hiddenCalendarsOf(localStorage.getItem(STORAGE_KEYS.hiddenCalendars)));
  }, []);
  const toggle = useCallback((calendarId: string, shown: boolean) => {
    setHidden((current) => {
      const next = shown
        ? current.filter((id) => id !== calendarId)
        : [...new Set([...current, calendarId])];
      localStorage.setItem(STORAGE_KEYS.hiddenCalendars, JSON.stringify(next));
      return next;
    });
  }, []);
  return [hidden, toggle] as const;
}
