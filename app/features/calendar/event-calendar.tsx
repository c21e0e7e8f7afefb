/**
 * The calendar itself (docs/decisions/0028): the toolbar and the month, week, day or agenda of the
 * events, which the server renders as the browser does. A click or a drag on the grid picks a day,
 * a time or a range; an event opens on a click or Enter, moves on a drag and, in the hours, takes
 * a new end from its bottom edge. The layout is app/domain/calendar/grid.ts's.
 */
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from "react";
import { Modal } from "~/components/ui";
import { movedDraft } from "~/domain/calendar/event-form";
import type { CalendarEvent } from "~/domain/calendar/events";
import {
  DAY_MINUTES,
  dayName,
  daysBetween,
  daysFrom,
  eventsByDay,
  hoursLayout,
  inShownRange,
  localMidnight,
  MONTH_CELL_EVENTS,
  movedRange,
  periodOf,
  pickedRange,
  pointOrder,
  resizedRange,
  shortClockText,
  SLOT_MINUTES,
  SLOTS_PER_DAY,
  slotTime,
  spanOf,
  stepPeriod,
  timeRangeText,
  titleOf,
  weekdayShort,
  WEEKDAYS,
  type DayItem,
  type GridPoint,
  type PickedRange,
  type Span,
  wallTime,
} from "~/domain/calendar/grid";
import { calendarKeyAction, type CalendarKeyAction } from "~/domain/calendar/keys";
import { eventColors, KIND_COLORS, type CalendarView } from "~/domain/calendar/views";
import type { Theme } from "~/lib/theme";
import { isEditableTarget } from "~/shortcuts";
import { CalendarToolbar } from "./calendar-toolbar";

export type { PickedRange };

/** What the calendar shows: its view, its days (local midnights) and its period's ISO days. */
export interface ShownRange {
  view: CalendarView;
  start: Date;
  end: Date;
  /** The period itself (the month of a month view), as ISO days; `end` exclusive. */
  periodStart: string;
  periodEnd: string;
}

/** The week and day views scroll their hours inside this height, opening at 8 am. */
const TIME_GRID_HEIGHT = 640;
const SCROLL_MINUTE = 8 * 60;
/** A mouse or pen drags after moving this far, so a click stays a click. */
const DRAG_DISTANCE = 5;
/** A finger drags after holding this long; moved sooner, it scrolls the page. */
const TOUCH_HOLD_MS = 400;

type Gesture =
  | { type: "pick"; from: GridPoint; to: GridPoint }
  | { type: "move" | "resize"; key: string; from: GridPoint; to: GridPoint };

const eventKey = (event: CalendarEvent) => `${event.calendarId}:${event.id}`;

/**
 * The grid point under the pointer: a day (`data-drop="day"`) or the slot of a day's hours
 * (`data-drop="slot"`, from how far down the column the pointer is), under whatever lies over
 * the grid there (a toast). Null off the grid.
 */
function pointAt(x: number, y: number): GridPoint | null {
  const element = document
    .elementsFromPoint(x, y)
    .find((under) => under.closest("[data-drop]"))
    ?.closest<HTMLElement>("[data-drop]");
  if (!element) return null;
  const day = element.dataset.date!;
  if (element.dataset.drop === "day") return { day, minute: null };
  const box = element.getBoundingClientRect();
  const slot = Math.floor(((y - box.top) / box.height) * SLOTS_PER_DAY);
  return { day, minute: Math.min(SLOTS_PER_DAY - 1, Math.max(0, slot)) * SLOT_MINUTES };
}

/** The event where a drag or a save in progress has it (what movedDraft would send). */
function movedEvent(event: CalendarEvent, move: PickedRange, timeZone: string): CalendarEvent {
  const { start, end } = movedDraft(event, move, timeZone);
  return { ...event, start, end, allDay: move.allDay };
}

/** Everything a view needs to draw events and answer the pointer. */
interface ViewProps {
  days: string[];
  spans: Span[];
  today: string;
  theme: Theme;
  gesture: Gesture | null;
  canEdit: (event: CalendarEvent) => boolean;
  onOpen: (event: CalendarEvent) => void;
  /** A day's number: that day's day view. */
  onDay: (day: string) => void;
}

/** Whether a pick covers `day` (days picked in the month or the all-day row). */
function pickedDay(gesture: Gesture | null, day: string) {
  if (gesture?.type !== "pick" || gesture.from.minute !== null) return false;
  const [first, last] = [gesture.from.day, gesture.to.day].sort();
  return first! <= day && day <= last!;
}

/** An event's face: a lock on read-only ones, the time, the title, and whether it goes on. */
function EventFace(props: { item: DayItem; editable: boolean; time?: string }) {
  const { item, editable, time } = props;
  return (
    <>
      {!editable && (
        <>
          <span aria-hidden className="ai42-lock" />
          <span className="sr-only">Read-only:</span>
        </>
      )}
      {item.continuesBefore && (
        <span className="ai42-continues">
          <span aria-hidden>◂</span>
          <span className="sr-only">continued:</span>
        </span>
      )}
      {time && <span className="ai42-event-time">{time}</span>}
      <span className="ai42-event-title">{item.span.event.summary}</span>
      {item.continuesAfter && (
        <span className="ai42-continues">
          <span aria-hidden>▸</span>
          <span className="sr-only">, continues</span>
        </span>
      )}
    </>
  );
}

/** An event's button: its kind's colours, its source's edge, draggable when it can be edited. */
function EventButton(props: {
  item: DayItem;
  view: ViewProps;
  time?: string;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  const { item, view } = props;
  const event = item.span.event;
  const editable = view.canEdit(event);
  const key = eventKey(event);
  const dragged = view.gesture?.type !== "pick" && view.gesture?.key === key;
  return (
    <button
      type="button"
      data-event={key}
      data-editable={editable || undefined}
      data-dragged={dragged || undefined}
      onClick={() => view.onOpen(event)}
      className={`ai42-event source-${event.source} ${props.className ?? ""}`}
      style={{ ...eventColors(event.kind, view.theme), ...props.style }}
    >
      <span className="ai42-event-content">
        <EventFace item={item} editable={editable} time={props.time} />
      </span>
      {props.children}
    </button>
  );
}

/** A day's number, which opens its day view (as navLinks did). */
function DayNumber(props: { day: string; today: string; onDay: (day: string) => void }) {
  const isToday = props.day === props.today;
  return (
    <button
      type="button"
      aria-label={dayName(props.day)}
      aria-current={isToday ? "date" : undefined}
      onClick={() => props.onDay(props.day)}
      className={`ai42-day-number ${isToday ? "ai42-today" : ""}`}
    >
      {Number(props.day.slice(8))}
    </button>
  );
}

/** A timed event's start in a month's cell ("2pm"); nothing for all-day ones and continuations. */
const monthTime = (item: DayItem) =>
  item.span.allDay || item.continuesBefore ? undefined : shortClockText(item.span.startMinute);

function MonthView(props: ViewProps & { title: string; month: string }) {
  const { days, spans, today } = props;
  const byDay = useMemo(() => eventsByDay(spans, days), [spans, days]);
  const [more, setMore] = useState<string | null>(null);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const moreItems = more ? (byDay.get(more) ?? []) : [];
  return (
    <>
      <table className="ai42-month">
        <caption className="sr-only">{props.title}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col">
                <abbr title={name}>{name.slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const items = byDay.get(day)!;
                const shown = items.length > MONTH_CELL_EVENTS ? MONTH_CELL_EVENTS : items.length;
                return (
                  <td
                    key={day}
                    data-date={day}
                    data-drop={inShownRange(day) ? "day" : undefined}
                    data-other-month={day.slice(0, 7) !== props.month || undefined}
                    data-picked={pickedDay(props.gesture, day) || undefined}
                  >
                    <DayNumber day={day} today={today} onDay={props.onDay} />
                    <ul>
                      {items.slice(0, shown).map((item) => (
                        <li key={eventKey(item.span.event)}>
                          <EventButton item={item} view={props} time={monthTime(item)} />
                        </li>
                      ))}
                    </ul>
                    {items.length > shown && (
                      <button
                        type="button"
                        data-more
                        aria-haspopup="dialog"
                        onClick={() => setMore(day)}
                        className="ai42-more"
                      >
                        +{items.length - shown} more
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <Modal open={more !== null} title={more ? dayName(more) : ""} onClose={() => setMore(null)}>
        <ul className="space-y-1.5">
          {moreItems.map((item) => (
            <li key={eventKey(item.span.event)}>
              <EventButton
                item={item}
                view={{
                  ...props,
                  onOpen: (event) => {
                    setMore(null);
                    props.onOpen(event);
                  },
                }}
                time={monthTime(item)}
                className="w-full"
              />
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}

/** The part of a day's hours a pick of slots covers, in minutes; null when it covers none. */
function pickedMinutes(gesture: Gesture | null, day: string) {
  if (gesture?.type !== "pick" || gesture.from.minute === null) return null;
  const [first, last] = [gesture.from, gesture.to].sort(pointOrder) as [GridPoint, GridPoint];
  if (day < first.day || day > last.day) return null;
  return {
    top: day === first.day ? first.minute! : 0,
    bottom: day === last.day ? last.minute! + SLOT_MINUTES : DAY_MINUTES,
  };
}

const percentOfDay = (minute: number) => `${(minute / DAY_MINUTES) * 100}%`;

/** The week or the day: an all-day row, then the hours in a scroller that opens at 8 am. */
function HoursView(props: ViewProps & { now: number | null; timeZone: string }) {
  const { days, spans, today } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const allDay = useMemo(
    () =>
      eventsByDay(
        spans.filter((span) => span.allDay),
        days,
      ),
    [spans, days],
  );
  const columns = { "--days": days.length } as CSSProperties;
  const count = days.length;
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = (element.scrollHeight * SCROLL_MINUTE) / DAY_MINUTES;
  }, [count]);
  const now = props.now === null ? null : wallTime(props.now, props.timeZone);
  return (
    <div className="ai42-hours">
      <div className="ai42-hours-head" style={columns}>
        <div />
        {days.map((day) => (
          <div key={day} className="ai42-hours-day">
            <span aria-hidden>{weekdayShort(day)}</span>
            <DayNumber day={day} today={today} onDay={props.onDay} />
          </div>
        ))}
        <div className="ai42-axis-label">all-day</div>
        {days.map((day) => (
          <div
            key={day}
            data-date={day}
            data-drop={inShownRange(day) ? "day" : undefined}
            data-picked={pickedDay(props.gesture, day) || undefined}
            className="ai42-all-day"
          >
            {allDay.get(day)!.map((item) => (
              <EventButton key={eventKey(item.span.event)} item={item} view={props} />
            ))}
          </div>
        ))}
      </div>
      <div
        ref={scroller}
        role="region"
        aria-label="Hours of the day"
        tabIndex={0}
        className="ai42-hours-scroller"
        style={{ height: TIME_GRID_HEIGHT }}
      >
        <div className="ai42-hours-body" style={columns}>
          <div aria-hidden className="ai42-axis">
            {Array.from({ length: 24 }, (_, hour) => (
              <div key={hour}>{hour ? shortClockText(hour * 60) : ""}</div>
            ))}
          </div>
          {days.map((day) => {
            const picked = pickedMinutes(props.gesture, day);
            return (
              <div
                key={day}
                data-date={day}
                data-drop={inShownRange(day) ? "slot" : undefined}
                className={`ai42-hours-column ${day === today ? "ai42-today-column" : ""}`}
              >
                {Array.from({ length: SLOTS_PER_DAY }, (_, slot) => (
                  <div key={slot} data-time={slotTime(slot * SLOT_MINUTES)} />
                ))}
                {picked && (
                  <div
                    aria-hidden
                    className="ai42-picked"
                    style={{
                      top: percentOfDay(picked.top),
                      height: percentOfDay(picked.bottom - picked.top),
                    }}
                  />
                )}
                {hoursLayout(spans, day).map((placed) => {
                  const { span } = placed;
                  const editable = props.canEdit(span.event);
                  return (
                    <EventButton
                      key={eventKey(span.event)}
                      item={placed}
                      view={props}
                      time={timeRangeText(span.startMinute, span.endMinute)}
                      className="ai42-timed"
                      style={{
                        top: percentOfDay(placed.top),
                        height: percentOfDay(placed.bottom - placed.top),
                        left: `${(placed.column / placed.columns) * 100}%`,
                        width: `calc(${100 / placed.columns}% - 2px)`,
                      }}
                    >
                      {editable && !placed.continuesAfter && (
                        <span aria-hidden data-resize className="ai42-resize" />
                      )}
                    </EventButton>
                  );
                })}
                {day === now?.day && (
                  <div aria-hidden className="ai42-now" style={{ top: percentOfDay(now.minute) }} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The week's events as a list by day; each title a button that opens it. */
function AgendaView(props: ViewProps) {
  const byDay = useMemo(() => eventsByDay(props.spans, props.days), [props.spans, props.days]);
  const days = props.days.filter((day) => byDay.get(day)!.length > 0);
  if (days.length === 0) return null;
  return (
    <section aria-label="Agenda" className="ai42-agenda">
      {days.map((day) => (
        <div key={day}>
          <h3>
            <button type="button" onClick={() => props.onDay(day)} className="ai42-agenda-day">
              {dayName(day)}
            </button>
          </h3>
          <ul>
            {byDay.get(day)!.map((item) => {
              const { event } = item.span;
              const editable = props.canEdit(event);
              return (
                <li key={eventKey(event)}>
                  <span className="ai42-agenda-time">
                    {item.span.allDay || (item.continuesBefore && item.continuesAfter)
                      ? "all day"
                      : timeRangeText(item.span.startMinute, item.span.endMinute)}
                  </span>
                  <span
                    aria-hidden
                    className={`ai42-dot source-${event.source}`}
                    style={{ borderColor: (KIND_COLORS[event.kind] ?? KIND_COLORS.other).swatch }}
                  />
                  <button
                    type="button"
                    data-event={eventKey(event)}
                    onClick={() => props.onOpen(event)}
                    className="ai42-event-content ai42-agenda-title"
                  >
                    <EventFace item={item} editable={editable} />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

export function EventCalendar(props: {
  view: CalendarView;
  /** A day the calendar shows (the URL's date, or today). */
  day: string;
  /** Today in `timeZone`, marked on the grid and where Today goes. */
  today: string;
  events: readonly CalendarEvent[];
  /** Whether an event may be moved or opened for editing. */
  canEdit: (event: CalendarEvent) => boolean;
  theme: Theme;
  /** The zone the events are laid out in. */
  timeZone: string;
  /** Told each range shown; left out until the values it is read with are the browser's. */
  onRange?: (range: ShownRange) => void;
  /** A day, a time or a range picked on the grid; left out where nothing may be added. */
  onPick?: (range: PickedRange) => void;
  onOpen: (event: CalendarEvent) => void;
  /** A drag or resize: the event, where it went, and how to put it back if saving fails. */
  onMove: (event: CalendarEvent, move: PickedRange, revert: () => void) => void;
  /** The New event key (C); left out where nothing may be added. */
  onNew?: () => void;
  /** Notices shown between the toolbar and the calendar (empty range, failures). */
  children?: ReactNode;
}) {
  const { events, timeZone, canEdit } = props;
  // The view and day on screen (the URL follows them a moment later, through onRange).
  const [shown, setShown] = useState({ view: props.view, day: props.day });
  const [gesture, setGesture] = useState<Gesture | null>(null);
  // An event moved and being saved stays where it was dropped until the events are read again.
  const [saving, setSaving] = useState<{ key: string; move: PickedRange } | null>(null);
  // The clock, for the now line: the browser's only, so the server's HTML and hydration agree.
  const [now, setNow] = useState<number | null>(null);

  // The URL changed (View Today from the palette, Back): show what it names, in this render, so
  // the range told to onRange is never the one before.
  const [asked, setAsked] = useState({ view: props.view, day: props.day });
  if (asked.view !== props.view || asked.day !== props.day) {
    setAsked({ view: props.view, day: props.day });
    const period = periodOf(shown.view, shown.day);
    if (shown.view !== props.view) setShown({ view: props.view, day: props.day });
    else if (props.day < period.periodStart || props.day >= period.periodEnd)
      setShown({ ...shown, day: props.day });
  }

  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => setSaving(null), [events]);

  // A held finger drags: the page must not scroll under it. The grid listens from the start, so
  // the browser waits for it before it scrolls a touch begun here; the touched element listens
  // too, as its touches keep going to it once the drag has moved it out of the page.
  const grid = useRef<HTMLDivElement>(null);
  const touchHeldAt = useRef(Infinity);
  const [holdScroll] = useState(() => (move: TouchEvent) => {
    if (move.timeStamp >= touchHeldAt.current) move.preventDefault();
  });
  useEffect(() => {
    const element = grid.current;
    element?.addEventListener("touchmove", holdScroll, { passive: false });
    return () => element?.removeEventListener("touchmove", holdScroll);
  }, [holdScroll]);

  const period = periodOf(shown.view, shown.day);
  const { onRange } = props;
  useEffect(() => {
    onRange?.({
      view: period.view,
      start: localMidnight(period.start),
      end: localMidnight(period.end),
      periodStart: period.periodStart,
      periodEnd: period.periodEnd,
    });
  }, [onRange, period.view, period.start, period.end, period.periodStart, period.periodEnd]);

  const days = useMemo(
    () => daysFrom(period.start, daysBetween(period.start, period.end)),
    [period.start, period.end],
  );
  const spans = useMemo(() => events.map((event) => spanOf(event, timeZone)), [events, timeZone]);
  const spanByKey = useMemo(
    () => new Map(spans.map((span) => [eventKey(span.event), span])),
    [spans],
  );
  /** Where a gesture puts its event, if it moves one. */
  const gestureMove = (current: Gesture): PickedRange | null => {
    if (current.type === "pick") return null;
    const span = spanByKey.get(current.key);
    if (!span || sameSpot(current.from, current.to)) return null;
    return current.type === "move"
      ? movedRange(span, current.from, current.to, timeZone)
      : resizedRange(span, current.to, timeZone);
  };
  const moving =
    gesture && gesture.type !== "pick" ? { key: gesture.key, move: gestureMove(gesture) } : saving;
  const shownSpans = moving?.move
    ? spans.map((span) =>
        eventKey(span.event) === moving.key
          ? spanOf(movedEvent(span.event, moving.move!, timeZone), timeZone)
          : span,
      )
    : spans;

  const act = (action: CalendarKeyAction) => {
    if (action.type === "today") setShown((current) => ({ ...current, day: props.today }));
    else if (action.type === "view") setShown((current) => ({ ...current, view: action.view }));
    else if (action.type === "new") props.onNew?.();
    else {
      const day = stepPeriod(shown.view, shown.day, action.type === "next" ? 1 : -1);
      if (day) setShown((current) => ({ ...current, day }));
    }
  };

  /** The calendar's keys (domain/calendar/keys), while the focus is anywhere in it. */
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (isEditableTarget(event.target) || (event.target as Element).closest("dialog")) return;
    const action = calendarKeyAction(event);
    if (!action) return;
    event.preventDefault();
    act(action);
  };

  /**
   * A press on the grid: on an editable event, a move (or a resize from its bottom edge); on a
   * day or a slot, a pick. It becomes a drag once the pointer has moved a few pixels (a finger:
   * after a hold); a press that never does is a click, which picks its day or slot (an event's
   * click is its button's, which opens it).
   */
  const onPointerDown = (down: ReactPointerEvent) => {
    if (down.button !== 0 || !down.isPrimary) return;
    const target = down.target as HTMLElement;
    const from = pointAt(down.clientX, down.clientY);
    if (!from) return;
    const eventElement = target.closest<HTMLElement>("[data-event]");
    let current: Gesture;
    if (eventElement) {
      const key = eventElement.dataset.event!;
      const span = spanByKey.get(key);
      if (!span || !canEdit(span.event)) return;
      const resize = target.closest("[data-resize]") !== null;
      current = { type: resize ? "resize" : "move", key, from, to: from };
    } else if (props.onPick && !target.closest("button, a")) {
      current = { type: "pick", from, to: from };
    } else return;

    const touch = down.pointerType === "touch";
    const heldAt = down.timeStamp + (touch ? TOUCH_HOLD_MS : 0);
    if (touch) {
      touchHeldAt.current = heldAt;
      target.addEventListener("touchmove", holdScroll, { passive: false });
    }
    let dragging = false;
    const accepts = (to: GridPoint) =>
      current.type === "move" ||
      (current.type === "resize"
        ? to.minute !== null
        : (to.minute === null) === (from.minute === null));
    const onMoveOf = (move: PointerEvent) => {
      if (move.pointerId !== down.pointerId) return;
      if (!dragging) {
        const distance = Math.hypot(move.clientX - down.clientX, move.clientY - down.clientY);
        if (distance < DRAG_DISTANCE) return;
        if (move.timeStamp < heldAt) return stop(); // a swipe: the page scrolls
        dragging = true;
      }
      const to = pointAt(move.clientX, move.clientY);
      if (!to || !accepts(to) || sameSpot(to, current.to)) {
        if (current.type !== "pick") setGesture(current);
        return;
      }
      current = { ...current, to };
      setGesture(current);
    };
    const onUp = (up: PointerEvent) => {
      if (up.pointerId !== down.pointerId) return;
      stop();
      if (up.type === "pointercancel") return;
      if (!dragging) {
        if (current.type === "pick") props.onPick?.(pickedRange(current.from, null, timeZone));
        return;
      }
      // The click that ends a drag is not one.
      const swallow = (click: MouseEvent) => click.stopPropagation();
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }));
      if (current.type === "pick") {
        props.onPick?.(pickedRange(current.from, current.to, timeZone));
        return;
      }
      const move = gestureMove(current);
      const span = spanByKey.get(current.key);
      if (!move || !span) return;
      const key = current.key;
      setSaving({ key, move });
      props.onMove(span.event, move, () =>
        setSaving((saved) => (saved?.key === key ? null : saved)),
      );
    };
    function stop() {
      setGesture(null);
      window.removeEventListener("pointermove", onMoveOf);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onUp);
      touchHeldAt.current = Infinity;
      target.removeEventListener("touchmove", holdScroll);
    }
    window.addEventListener("pointermove", onMoveOf);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onUp);
  };

  const title = titleOf(shown.view, shown.day);
  const viewProps: ViewProps = {
    days,
    spans: shownSpans,
    today: props.today,
    theme: props.theme,
    gesture,
    canEdit,
    onOpen: props.onOpen,
    onDay: (day) => setShown({ view: "day", day }),
  };

  return (
    // The keys are the toolbar's buttons' too (aria-keyshortcuts); this only routes them.
    <div className="ai42-calendar" onKeyDown={onKeyDown}>
      <CalendarToolbar
        title={title}
        view={shown.view}
        timeZone={timeZone}
        canPrevious={stepPeriod(shown.view, shown.day, -1) !== null}
        canNext={stepPeriod(shown.view, shown.day, 1) !== null}
        onAction={act}
      />
      {props.children}
      <div
        ref={grid}
        onPointerDown={onPointerDown}
        data-dragging={gesture ? gesture.type : undefined}
        className="ai42-grid"
      >
        {shown.view === "month" ? (
          <MonthView {...viewProps} title={title} month={period.periodStart.slice(0, 7)} />
        ) : shown.view === "agenda" ? (
          <AgendaView {...viewProps} />
        ) : (
          <HoursView {...viewProps} now={now} timeZone={timeZone} />
        )}
      </div>
    </div>
  );
}

const sameSpot = (a: GridPoint, b: GridPoint) => a.day === b.day && a.minute === b.minute;
