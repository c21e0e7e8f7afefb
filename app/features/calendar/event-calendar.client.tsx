/**
 * Browser-only (`.client`): FullCalendar (docs/decisions/0007) stays out of the Worker, which
 * never renders the calendar (it waits for the screen's width). The toolbar, the month, week, day
 * and agenda views, clicks that open the forms, and drags that move events.
 */
import type {
  DatesSetArg,
  EventApi,
  EventContentArg,
  EventInput as CalendarItem,
} from "@fullcalendar/core";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from "react";
import type { CalendarEvent } from "~/domain/calendar/events";
import { calendarKeyAction, type CalendarKeyAction } from "~/domain/calendar/keys";
import { eventColors, SHOWN_RANGE, type CalendarView } from "~/domain/calendar/views";
import { isoDay } from "~/domain/dates";
import type { Theme } from "~/lib/theme";
import { isEditableTarget } from "~/shortcuts";
import { CalendarToolbar } from "./calendar-toolbar";
import "./calendar.css";

/** FullCalendar's name for each of the screen's views. */
const VIEW_TYPES: Record<CalendarView, string> = {
  month: "dayGridMonth",
  week: "timeGridWeek",
  day: "timeGridDay",
  agenda: "listWeek",
};
const viewOfType = (type: string) =>
  (Object.keys(VIEW_TYPES) as CalendarView[]).find((view) => VIEW_TYPES[view] === type) ?? "month";

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

/**
 * FullCalendar's injected styles declare its icon font as a data: URL, which the page's CSP
 * (font-src 'self') refuses with a console error. The icons are its own toolbar's, which this
 * screen replaces: the font's rule goes before the browser first lays the calendar out.
 */
function dropIconFont() {
  const sheet = document.querySelector<HTMLStyleElement>("style[data-fullcalendar]")?.sheet;
  if (!sheet) return;
  for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
    if (sheet.cssRules[i] instanceof CSSFontFaceRule) sheet.deleteRule(i);
  }
}
dropIconFont();

/** The week and day views scroll their hours inside this height, opening at 8 am. */
const TIME_GRID_HEIGHT = 640;
const SCROLL_TIME = "08:00:00";

/** The hours' scroller takes the keyboard focus, so the arrow keys scroll it. */
function focusableScroller(root: HTMLElement | null) {
  const scroller = root?.querySelector<HTMLElement>(".fc-timegrid-body")?.parentElement;
  if (!scroller || scroller.tabIndex === 0) return;
  scroller.tabIndex = 0;
  scroller.setAttribute("role", "region");
  scroller.setAttribute("aria-label", "Hours of the day");
}

/** What the calendar shows: its view, the range it lists (local midnights) and the period's days. */
export interface ShownRange {
  view: CalendarView;
  start: Date;
  end: Date;
  /** The period itself (the month of a month view), as ISO days; `end` exclusive. */
  periodStart: string;
  periodEnd: string;
}

/** A range picked on the calendar (`end` exclusive, null for a click on one day or time). */
export interface PickedRange {
  start: Date;
  end: Date | null;
  allDay: boolean;
}

const eventOf = (item: EventApi) => item.extendedProps.event as CalendarEvent;

/** A `<span>` with a class and, when given, its text. */
function span(className: string, text?: string) {
  const element = document.createElement("span");
  element.className = className;
  if (text) element.textContent = text;
  return element;
}

/**
 * An event's face: a lock on read-only ones, the time (the agenda has its own column), the title.
 * The agenda's rows have no focusable element of FullCalendar's: the title is a button there, so
 * the keyboard reaches it and Enter opens it (its click is the event's).
 *
 * Built as DOM nodes, not React: FullCalendar renders React content through a portal per event,
 * which made a month of 500 events take 2 s to lay out instead of 0.4 s (bench/RESULTS.md).
 */
function eventFace(arg: EventContentArg): { domNodes: Node[] } {
  const event = eventOf(arg.event);
  const agenda = arg.view.type.startsWith("list");
  const face = document.createElement(agenda ? "button" : "span");
  face.className = agenda ? "ai42-event-content text-left hover:underline" : "ai42-event-content";
  if (face instanceof HTMLButtonElement) face.type = "button";
  if (event.readOnly) {
    const lock = face.appendChild(span("ai42-lock"));
    lock.setAttribute("aria-hidden", "true");
    face.appendChild(span("sr-only", "Read-only:"));
  }
  if (arg.timeText && !agenda) face.appendChild(span("ai42-event-time", arg.timeText));
  face.appendChild(span("ai42-event-title", arg.event.title));
  return { domNodes: [face] };
}

export function EventCalendar(props: {
  view: CalendarView;
  /** A day the calendar shows (the URL's date, or today). */
  day: string;
  events: readonly CalendarEvent[];
  /** Whether an event may be moved or opened for editing. */
  canEdit: (event: CalendarEvent) => boolean;
  theme: Theme;
  timeZone: string;
  onRange: (range: ShownRange) => void;
  onPick: (range: PickedRange) => void;
  onOpen: (event: CalendarEvent) => void;
  /** A drag or resize: the event, where it went, and how to put it back if saving fails. */
  onMove: (event: CalendarEvent, move: PickedRange, revert: () => void) => void;
  /** The New event key (C). */
  onNew: () => void;
  /** Notices shown between the toolbar and the calendar (empty range, failures). */
  children?: ReactNode;
}) {
  const ref = useRef<FullCalendar>(null);
  const root = useRef<HTMLDivElement>(null);
  const [title, setTitle] = useState("");
  // The view on screen (the URL's view follows it a moment later).
  const [shown, setShown] = useState(props.view);
  const hours = shown === "week" || shown === "day";
  const { view, day, events, canEdit, theme } = props;
  const api = () => ref.current?.getApi();

  // The URL changed (View Today from the palette, Back): show what it names.
  useEffect(() => {
    const calendar = api();
    if (!calendar) return;
    const { type, currentStart, currentEnd } = calendar.view;
    const target = new Date(`${day}T00:00`);
    if (type !== VIEW_TYPES[view]) calendar.changeView(VIEW_TYPES[view], day);
    else if (target < currentStart || target >= currentEnd) calendar.gotoDate(day);
  }, [view, day]);

  const items = useMemo(
    (): CalendarItem[] =>
      events.map((event) => ({
        id: `${event.calendarId}:${event.id}`,
        title: event.summary,
        start: event.start.dateTime ?? event.start.date,
        end: event.end.dateTime ?? event.end.date,
        allDay: event.allDay,
        editable: canEdit(event),
        classNames: [`source-${event.source}`],
        textColor: "var(--fg)",
        ...eventColors(event.kind, theme),
        extendedProps: { event },
      })),
    [events, canEdit, theme],
  );

  const onDatesSet = (arg: DatesSetArg) => {
    const view = viewOfType(arg.view.type);
    setTitle(arg.view.title);
    setShown(view);
    focusableScroller(root.current);
    props.onRange({
      view,
      start: arg.start,
      end: arg.end,
      periodStart: isoDay(arg.view.currentStart),
      periodEnd: isoDay(arg.view.currentEnd),
    });
  };

  const act = (action: CalendarKeyAction) => {
    const calendar = api();
    if (action.type === "today") calendar?.today();
    else if (action.type === "next") calendar?.next();
    else if (action.type === "previous") calendar?.prev();
    else if (action.type === "view") calendar?.changeView(VIEW_TYPES[action.view]);
    else props.onNew();
  };

  /** The calendar's keys (domain/calendar/keys), while the focus is anywhere in it. */
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (isEditableTarget(event.target)) return;
    const action = calendarKeyAction(event);
    if (!action) return;
    event.preventDefault();
    act(action);
  };

  const moved = (item: EventApi, revert: () => void) =>
    props.onMove(eventOf(item), { start: item.start!, end: item.end, allDay: item.allDay }, revert);

  return (
    // The keys are the toolbar's buttons' too (aria-keyshortcuts); this only routes them.
    <div ref={root} className="ai42-calendar" onKeyDown={onKeyDown}>
      <CalendarToolbar title={title} view={shown} timeZone={props.timeZone} onAction={act} />
      {props.children}
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        initialView={VIEW_TYPES[view]}
        initialDate={day}
        validRange={SHOWN_RANGE}
        headerToolbar={false}
        height={hours ? undefined : "auto"}
        contentHeight={hours ? TIME_GRID_HEIGHT : undefined}
        scrollTime={SCROLL_TIME}
        events={items}
        eventContent={eventFace}
        eventInteractive
        editable
        selectable
        selectMinDistance={5}
        navLinks
        nowIndicator
        dayMaxEvents={3}
        eventDisplay="block"
        // A month's day is named by its events as well as its number (WCAG 2.5.3, label in name):
        // FullCalendar names the cell by the number alone.
        dayCellDidMount={(arg) => arg.el.removeAttribute("aria-labelledby")}
        datesSet={onDatesSet}
        dateClick={(arg) => props.onPick({ start: arg.date, end: null, allDay: arg.allDay })}
        select={(arg) => {
          arg.view.calendar.unselect();
          props.onPick({ start: arg.start, end: arg.end, allDay: arg.allDay });
        }}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          props.onOpen(eventOf(arg.event));
        }}
        eventDrop={(arg) => moved(arg.event, arg.revert)}
        eventResize={(arg) => moved(arg.event, arg.revert)}
      />
    </div>
  );
}
