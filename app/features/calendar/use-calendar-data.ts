/**
 * The Calendar screen's data besides its events (which the loader reads, calendar.server.ts): the
 * calendars, and the calendars the user hides, remembered in this browser.
 */
import { useCallback, useEffect, useState } from "react";
import { hiddenCalendarsOf } from "~/domain/calendar/views";
import { calendarApi, type CalendarInfo } from "~/lib/api/google";
import { STORAGE_KEYS } from "~/lib/api/messages";

export function useCalendars() {
  const [calendars, setCalendars] = useState<CalendarInfo[]>([]);
  useEffect(() => {
    // Without the list the screen still works: AI42's own calendar needs no lookup.
    calendarApi.calendars().then(setCalendars, () => setCalendars([]));
  }, []);
  return calendars;
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
