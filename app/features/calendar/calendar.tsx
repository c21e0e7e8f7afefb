/**
 * Calendar (/calendar): AI42's own events, project closings, auction dates and the user's Google
 * calendars, in a month, week, day or agenda view. Its query parameters (view, date, new) are
 * described in `ModuleParams`; the range on screen is kept in them, so a reload or a link shows
 * it again, and a change of them is read by the route's loader (calendar.server.ts). Events are
 * created, changed and deleted through the route's action, which Remix follows by reading the
 * range again. A viewer opens events to read them, and makes, moves and deletes none.
 */

import { CalendarX2, Plus } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toast } from "~/lib/toast";
import { PageHeader } from "~/components/page-header";
import { ConfirmDialog, Modal } from "~/components/ui";
import {
  draftOfEvent,
  formValuesForRange,
  formValuesOf,
  movedDraft,
  newEventValues,
  type EventFormValues,
} from "~/domain/calendar/event-form";
import type { CalendarEvent } from "~/domain/calendar/events";
import {
  calendarName,
  canEdit,
  defaultCalendarId,
  defaultView,
  paramsOfState,
  shownEvents,
  unavailableNames,
  viewState,
  writableCalendars,
} from "~/domain/calendar/views";
import { anyOnScreen, periodOf } from "~/domain/calendar/grid";
import { localTimeZone, todayIn } from "~/domain/today";
import type { EventDraft } from "~/lib/api/google";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite, useStreamed } from "~/lib/module-data";
import { TABLET_MIN_WIDTH } from "~/lib/layout";
import { useTheme } from "~/lib/theme";
import { useVersionedAction } from "~/lib/use-action-call";
import { useMediaQuery } from "~/lib/use-media-query";
import { moduleOf } from "~/modules";
import {
  deleteWithUndo,
  toastFailure,
  useDialogParam,
  usePageReading,
  useQueryParams,
} from "../shared";
import type { CalendarActionAnswer, CalendarPageData } from "./calendar.server";
import { CalendarLegend } from "./calendar-legend";
import { EventCalendar, type PickedRange, type ShownRange } from "./event-calendar";
import { EventDetails } from "./event-details";
import { EventForm } from "./event-form";
import { useHiddenCalendars } from "./use-hidden-calendars";

const MODULE = moduleOf("calendar");

/**
 * The calendar's changes, sent to its route's action: `create`, `update` an event against the
 * version on screen (events of AI42's calendar have one: changed elsewhere meanwhile, the user
 * reloads it or overwrites) and `remove` one.
 */
function useEventChanges() {
  const created = useVersionedAction<{ saved: CalendarEvent }>("event", MESSAGES.createEvent);
  const updated = useVersionedAction<{ saved: CalendarEvent }>("event", MESSAGES.updateEvent);
  const removed = useVersionedAction<CalendarActionAnswer>("event", MESSAGES.deleteEvent);
  // Google's events have no version here: Google keeps theirs.
  const versionOf = (event: CalendarEvent) => event.updatedAt ?? undefined;
  return {
    create: (input: EventDraft) => created({ intent: "create", input }),
    update: (event: CalendarEvent, input: EventDraft) =>
      updated({ intent: "update", id: event.id, input, version: versionOf(event) }),
    remove: (event: CalendarEvent) =>
      removed({
        intent: "delete",
        id: event.id,
        calendarId: event.calendarId,
        version: versionOf(event),
      }),
  };
}

export function CalendarPage({ loaded: data }: { loaded: CalendarPageData }) {
  const [params, update] = useQueryParams();
  const { theme } = useTheme();
  const { loading } = usePageReading();
  const changes = useEventChanges();
  /**
   * The calendar renders first with what the server knew (the session's zone and today, whether the
   * browser said it is a phone's), so the browser's first render is the server's HTML; the browser's own
   * zone, today and width follow at once, and only change the screen where they differ.
   */
  const phone = useMediaQuery(`(max-width: ${TABLET_MIN_WIDTH - 1}px)`);
  const [browser, setBrowser] = useState<{ timeZone: string; today: string } | null>(null);
  useEffect(() => {
    const zone = localTimeZone();
    setBrowser({ timeZone: zone, today: todayIn(zone) });
  }, []);
  const known = browser !== null && phone !== undefined;
  const narrow = phone ?? data.phone;
  const timeZone = browser?.timeZone ?? data.timeZone;
  const today = browser?.today ?? data.today;
  const asked = viewState({ view: params.get("view"), date: params.get("date") }, today);
  const view = asked.view ?? defaultView(narrow, params.get("date"));

  const [hidden, toggleHidden] = useHiddenCalendars();
  // With Google Calendar connected, Google's calendars and their events stream in after the page
  // (calendar.server.ts); the calendars are the same whatever the range, so they stay meanwhile.
  const google = useStreamed(data.google);
  const googleCalendars = useStreamed(data.calendars.google, "calendars");
  const calendars = useMemo(
    () => [...data.calendars.own, ...(googleCalendars?.calendars ?? [])],
    [data, googleCalendars],
  );
  const events = useMemo(
    () => shownEvents([...data.events, ...(google?.events ?? [])], hidden),
    [data, google, hidden],
  );
  const onScreen = useMemo(
    () => anyOnScreen(events, periodOf(view, asked.day), timeZone),
    [events, view, asked.day, timeZone],
  );
  const canWrite = useCanWrite();
  const editable = useCallback(
    (event: CalendarEvent) => canWrite && canEdit(event, calendars),
    [canWrite, calendars],
  );
  const newCalendar = defaultCalendarId(calendars);

  const [newParam, setNewParam] = useDialogParam("new");
  const [picked, setPicked] = useState<EventFormValues | null>(null);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [viewing, setViewing] = useState<CalendarEvent | null>(null);
  const [deleting, setDeleting] = useState<CalendarEvent | null>(null);
  const creating = picked ?? (newParam && canWrite ? newEventValues(new Date()) : null);
  const closeForm = () => {
    setPicked(null);
    setNewParam(false);
    setEditing(null);
  };

  /**
   * The calendar moved to another range: say it in the query string, which the loader reads. The
   * date is left out when the range holds the today the loader reads without one (the user's, by
   * the server's clock), so a browser whose clock says otherwise still names what it shows.
   */
  const serverToday = data.today;
  const onRange = useCallback(
    (range: ShownRange) => {
      const state = paramsOfState({
        view: range.view,
        start: range.periodStart,
        end: range.periodEnd,
        today: serverToday,
        narrow,
      });
      const current = new URLSearchParams(window.location.search);
      if (state.view !== current.get("view") || state.date !== current.get("date"))
        update(state, { replace: true });
    },
    [serverToday, narrow, update],
  );

  const onMove = (event: CalendarEvent, move: PickedRange, revert: () => void) => {
    changes.update(event, movedDraft(event, move, timeZone)).then(
      (moved) => {
        if (!moved) return revert();
        toast(`Event “${event.summary}” moved`, {
          action: {
            label: "Undo",
            onClick: () =>
              void changes.update(moved.saved, draftOfEvent(event)).catch(toastFailure),
          },
        });
      },
      (error: unknown) => {
        revert();
        toastFailure(error);
      },
    );
  };

  const remove = (event: CalendarEvent) => {
    setDeleting(null);
    return deleteWithUndo({
      what: `Event “${event.summary}”`,
      remove: async () => (await changes.remove(event)) !== undefined,
      restore: () => changes.create(draftOfEvent(event)),
    });
  };

  const unreadable = unavailableNames(google?.unavailable ?? [], calendars);
  const newEventButton = canWrite && (
    <button type="button" onClick={() => setNewParam(true)} className="btn-primary">
      <Plus aria-hidden className="mr-1.5 size-4" /> New event
    </button>
  );

  return (
    <div>
      <PageHeader
        icon={MODULE.icon}
        title={MODULE.title}
        description={MODULE.description}
        actions={newEventButton}
      />
      <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,1fr)_14rem]">
        <section aria-label="Events" className="min-w-0">
          <EventCalendar
            view={view}
            day={asked.day}
            today={today}
            events={events}
            canEdit={editable}
            theme={theme}
            timeZone={timeZone}
            // The URL is written from the browser's values only.
            onRange={known ? onRange : undefined}
            onPick={canWrite ? (range) => setPicked(formValuesForRange(range)) : undefined}
            onOpen={(event) => (editable(event) ? setEditing(event) : setViewing(event))}
            onMove={onMove}
            onNew={canWrite ? () => setNewParam(true) : undefined}
          >
            <div className="mb-4 space-y-3 empty:hidden">
              {unreadable.length > 0 && (
                <p
                  role="status"
                  className="rounded-xl border border-line bg-raised px-4 py-3 text-sm"
                >
                  Could not read {unreadable.join(", ")}: their events are missing here. Try again
                  later, or reconnect Google in Connections.
                </p>
              )}
              {(google || !data.google) && !loading && !onScreen && (
                <div
                  role="status"
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-line bg-surface/60 px-4 py-3"
                >
                  <span className="flex items-center gap-2 text-muted">
                    <CalendarX2 aria-hidden className="size-5" /> No events in this range
                  </span>
                  {canWrite && (
                    <button
                      type="button"
                      onClick={() => setNewParam(true)}
                      className="btn-secondary"
                    >
                      <Plus aria-hidden className="size-4" /> New event
                    </button>
                  )}
                </div>
              )}
            </div>
          </EventCalendar>
        </section>
        <CalendarLegend
          calendars={calendars.filter((calendar) => calendar.selected)}
          hidden={hidden}
          theme={theme}
          onToggle={toggleHidden}
        />
      </div>

      <Modal
        open={creating !== null || editing !== null}
        title={editing ? "Edit event" : "New event"}
        onClose={closeForm}
        wide
      >
        {editing ? (
          <EventForm
            key={editing.id}
            initial={formValuesOf(editing)}
            event={editing}
            calendars={writableCalendars(calendars)}
            timeZone={timeZone}
            onSave={(input) => changes.update(editing, input)}
            onDone={closeForm}
            onDelete={() => {
              setEditing(null);
              setDeleting(editing);
            }}
          />
        ) : (
          creating && (
            <EventForm
              // The calendar an event goes to by default is known once the list is.
              key={newCalendar}
              initial={{ ...creating, calendarId: newCalendar }}
              calendars={writableCalendars(calendars)}
              timeZone={timeZone}
              onSave={changes.create}
              onDone={closeForm}
            />
          )
        )}
      </Modal>
      <Modal
        open={viewing !== null}
        title={viewing?.summary ?? "Event"}
        onClose={() => setViewing(null)}
      >
        {viewing && (
          <EventDetails
            event={viewing}
            calendarName={calendarName(viewing.calendarId, calendars)}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this event?"
        message={
          deleting && (
            <>
              “{deleting.summary}” will be deleted from{" "}
              {calendarName(deleting.calendarId, calendars)}.
            </>
          )
        }
        confirmLabel="Delete event"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
