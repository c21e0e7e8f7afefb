import { EVENT_KINDS } from "~/domain/calendar/event-terms";
import { KIND_COLORS } from "~/domain/calendar/views";
import { label } from "~/domain/workspace";
import type { CalendarInfo } from "~/lib/api/google";
import type { Theme } from "~/lib/theme";

/** The colour of each kind, and each calendar with a checkbox that shows or hides its events. */
export function CalendarLegend(props: {
  calendars: readonly CalendarInfo[];
  hidden: readonly string[];
  theme: Theme;
  onToggle: (calendarId: string, shown: boolean) => void;
}) {
  return (
    <aside
      aria-label="Legend"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 text-sm sm:flex-row sm:gap-10 2xl:flex-col 2xl:gap-4"
    >
      <section>
        <h2 className="mb-2 font-medium">Kinds</h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 2xl:flex-col">
          {EVENT_KINDS.map((kind) => (
            <li key={kind} className="flex items-center gap-2">
              <span
                aria-hidden
                className="size-3 shrink-0 rounded-sm border-l-4"
                style={{
                  background: KIND_COLORS[kind][props.theme],
                  borderColor: KIND_COLORS[kind].swatch,
                }}
              />
              {label(kind)}
            </li>
          ))}
        </ul>
      </section>
      {props.calendars.length > 0 && (
        <section>
          <h2 className="mb-2 font-medium">Calendars</h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1.5 2xl:flex-col">
            {props.calendars.map((calendar) => (
              <li key={calendar.id}>
                <label className="flex cursor-pointer items-center gap-2">
                  <input
                    type="checkbox"
                    checked={!props.hidden.includes(calendar.id)}
                    onChange={(event) => props.onToggle(calendar.id, event.target.checked)}
                    className="size-4 shrink-0 accent-[var(--accent)]"
                  />
                  {/* Edged as the calendar's events are (calendar.css). */}
                  <span aria-hidden className={`ai42-source-mark source-${calendar.source}`} />
                  <span className="min-w-0 truncate">{calendar.summary}</span>
                </label>
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
