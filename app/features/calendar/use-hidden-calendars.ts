import { useCallback, useEffect, useState } from "react";
import { hiddenCalendarsOf } from "~/domain/calendar/views";
import { STORAGE_KEYS } from "~/lib/api/messages";

/** The calendars the user hides on the Calendar screen, remembered in this browser (localStorage). */
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
