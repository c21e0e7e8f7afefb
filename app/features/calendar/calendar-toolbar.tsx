import { ChevronLeft, ChevronRight } from "lucide-react";
import { calendarKeyOf, type CalendarKeyAction } from "~/domain/calendar/keys";
import { CALENDAR_VIEWS, VIEW_LABELS, type CalendarView } from "~/domain/calendar/views";

/** What Previous and Next move by in each view ("Previous month"). */
const STEP: Record<CalendarView, string> = {
  month: "month",
  week: "week",
  day: "day",
  agenda: "week",
};

/** A button's key, announced (`aria-keyshortcuts`) and in its tooltip ("Today (T)"). */
function keyProps(action: CalendarKeyAction, label: string) {
  const key = calendarKeyOf(action);
  return key ? { "aria-keyshortcuts": key, title: `${label} (${key})` } : { title: label };
}

/** Today, previous and next, the range's title with the time zone, and the view switch. */
export function CalendarToolbar(props: {
  title: string;
  view: CalendarView;
  timeZone: string;
  /** Whether there is a period before and after this one (the years events are dated in). */
  canPrevious: boolean;
  canNext: boolean;
  onAction: (action: CalendarKeyAction) => void;
}) {
  const step = STEP[props.view];
  const arrow =
    "grid size-9 place-items-center rounded-lg border border-line text-muted hover:bg-raised hover:text-fg disabled:opacity-50";
  const button = (action: CalendarKeyAction, label: string) => ({
    type: "button" as const,
    onClick: () => props.onAction(action),
    ...keyProps(action, label),
  });
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <div className="flex items-center gap-1.5">
          <button {...button({ type: "today" }, "Today")} className="btn-secondary">
            Today
          </button>
          <button
            {...button({ type: "previous" }, `Previous ${step}`)}
            aria-label={`Previous ${step}`}
            disabled={!props.canPrevious}
            className={arrow}
          >
            <ChevronLeft aria-hidden className="size-4" />
          </button>
          <button
            {...button({ type: "next" }, `Next ${step}`)}
            aria-label={`Next ${step}`}
            disabled={!props.canNext}
            className={arrow}
          >
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </div>
        <div className="min-w-0">
          <h2 aria-live="polite" className="text-lg font-semibold">
            {props.title}
          </h2>
          <p className="text-xs text-muted">Times in {props.timeZone.replace(/_/g, " ")}</p>
        </div>
      </div>
      <div role="group" aria-label="View" className="flex rounded-lg border border-line p-0.5">
        {CALENDAR_VIEWS.map((view) => (
          <button
            key={view}
            {...button({ type: "view", view }, `${VIEW_LABELS[view]} view`)}
            aria-pressed={view === props.view}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === props.view ? "bg-accent text-accent-fg" : "text-muted hover:bg-raised hover:text-fg"}`}
          >
            {VIEW_LABELS[view]}
          </button>
        ))}
      </div>
    </div>
  );
}
