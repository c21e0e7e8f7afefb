/**
 * Calendar (/calendar): AI42's own events, project closings, auction dates and the user's Google
 * calendars, in a month, week, day or agenda view. Its query parameters (view, date, new) are
 * described in `ModuleParams`; the range on screen is kept in them, so a reload or a link shows
 * it again.
 */

import { CalendarX2, Plus } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toast } from "~/lib/toast";
import { PageHeader } from "~/components/page-header";
import { ConfirmDialog, ErrorNotice, Modal } from "~/components/ui";
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
import { isoDay } from "~/domain/dates";
import { DEFAULT_TIME_ZONE, localTimeZone, todayIn } from "~/domain/today";
import { calendarApi, type EventDraft } from "~/lib/api/google";
import { MESSAGES } from "~/lib/api/messages";
import { sendVersioned } from "~/lib/changed-elsewhere";
import { useModuleData, useStreamed } from "~/lib/module-data";
import { TABLET_MIN_WIDTH } from "~/lib/layout";
import { useTheme } from "~/lib/theme";
import { useMediaQuery } from "~/lib/use-media-query";
import type { ModuleViewProps } from "../module-view";
import { deleteWithUndo, toastFailure, useDialogParam, useQueryParams } from "../shared";
import { CalendarLegend } from "./calendar-legend";
import { EventCalendar, type PickedRange, type ShownRange } from "./event-calendar";
import { EventDetails } from "./event-details";
import { EventForm } from "./event-form";
import { useHiddenCalendars } from "./use-hidden-calendars";

export default function Calendar({ module }: ModuleViewProps) {
  const [params, update] = useQueryParams();
  const { theme } = useTheme();
  const { data, retry: reload, loading } = useModuleData("calendar");
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
  const narrow = phone ?? data?.phone ?? false;
  const timeZone = browser?.timeZone ?? data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = browser?.today ?? data?.today ?? null;
  const asked = viewState({ view: params.get("view"), date: params.get("date") }, today ?? "");
  const view = asked.view ?? defaultView(narrow, params.get("date"));

  const [hidden, toggleHidden] = useHiddenCalendars();
  // With Google Calendar connected, Google's calendars and their events stream in after the page
  // (calendar.server.ts); the calendars are the same whatever the range, so they stay meanwhile.
  const google = useStreamed(data?.google);
  const googleCalendars = useStreamed(data?.calendars.google, "calendars");
  const calendars = useMemo(
    () => [...(data?.calendars.own ?? []), ...(googleCalendars?.calendars ?? [])],
    [data, googleCalendars],
  );
  const events = useMemo(
    () => shownEvents([...(data?.events ?? []), ...(google?.events ?? [])], hidden),
    [data, google, hidden],
  );
  const onScreen = useMemo(
    () => anyOnScreen(events, periodOf(view, asked.day), timeZone),
    [events, view, asked.day, timeZone],
  );
  const editable = useCallback((event: CalendarEvent) => canEdit(event, calendars), [calendars]);
  const newCalendar = defaultCalendarId(calendars);

  const [newParam, setNewParam] = useDialogParam("new");
  const [picked, setPicked] = useState<EventFormValues | null>(null);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [viewing, setViewing] = useState<CalendarEvent | null>(null);
  const [deleting, setDeleting] = useState<CalendarEvent | null>(null);
  const creating = picked ?? (newParam ? newEventValues(new Date()) : null);
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
  const serverToday = data?.today;
  const onRange = useCallback(
    (range: ShownRange) => {
      const state = paramsOfState({
        view: range.view,
        start: range.periodStart,
        end: range.periodEnd,
        today: serverToday ?? isoDay(new Date()),
        narrow,
      });
      const current = new URLSearchParams(window.location.search);
      if (state.view !== current.get("view") || state.date !== current.get("date"))
        update(state, { replace: true });
    },
    [serverToday, narrow, update],
  );

  /**
   * Sends a change of an event against the version on screen (events of AI42's calendar have
   * one): changed elsewhere meanwhile, the user reloads it or overwrites.
   */
  const changeEvent = (event: CalendarEvent, input: EventDraft) =>
    sendVersioned({
      what: "event",
      version: event.updatedAt ?? undefined,
      send: (ifMatch) => calendarApi.update(event.id, input, ifMatch),
      reload: () => reload(),
    });

  const onMove = (event: CalendarEvent, move: PickedRange, revert: () => void) => {
    changeEvent(event, movedDraft(event, move, timeZone)).then(
      (moved) => {
        if (!moved) return revert();
        reload();
        toast(`Event “${event.summary}” moved`, {
          action: {
            label: "Undo",
            onClick: () => void changeEvent(moved, draftOfEvent(event)).then(reload, toastFailure),
          },
        });
      },
      (error: unknown) => {
        revert();
        toastFailure(error);
      },
    );
  };

  const remove = async (event: CalendarEvent) => {
    setDeleting(null);
    await deleteWithUndo({
      what: `Event “${event.summary}”`,
      remove: (ifMatch) => calendarApi.remove(event, ifMatch),
      restore: () => calendarApi.create(draftOfEvent(event)).then(reload),
      version: event.updatedAt
        ? { kind: "event", updatedAt: event.updatedAt, reload: () => reload() }
        : undefined,
    });
    reload();
  };

  const unreadable = unavailableNames(google?.unavailable ?? [], calendars);
  const newEventButton = (
    <button type="button" onClick={() => setNewParam(true)} className="btn-primary">
      <Plus aria-hidden className="mr-1.5 size-4" /> New event
    </button>
  );

  return (
    <div>
      <PageHeader
        icon={module.icon}
        title={module.title}
        description={module.description}
        actions={newEventButton}
      />
      <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,1fr)_14rem]">
        <section aria-label="Events" className="min-w-0">
          {/* Without the loader's data, the browser's today and zone are waited for. */}
          {today !== null && (
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
              onPick={(range) => setPicked(formValuesForRange(range))}
              onOpen={(event) => (editable(event) ? setEditing(event) : setViewing(event))}
              onMove={onMove}
              onNew={() => setNewParam(true)}
            >
              <div className="mb-4 space-y-3 empty:hidden">
                {!data && <ErrorNotice message={MESSAGES.fetchEvents} onRetry={reload} />}
                {unreadable.length > 0 && (
                  <p
                    role="status"
                    className="rounded-xl border border-line bg-raised px-4 py-3 text-sm"
                  >
                    Could not read {unreadable.join(", ")}: their events are missing here. Try again
                    later, or reconnect Google in Connections.
                  </p>
                )}
                {data && (google || !data.google) && !loading && !onScreen && (
                  <div
                    role="status"
                    className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-line bg-surface/60 px-4 py-3"
                  >
                    <span className="flex items-center gap-2 text-muted">
                      <CalendarX2 aria-hidden className="size-5" /> No events in this range
                    </span>
                    <button
                      type="button"
                      onClick={() => setNewParam(true)}
                      className="btn-secondary"
                    >
                      <Plus aria-hidden className="size-4" /> New event
                    </button>
                  </div>
                )}
              </div>
            </EventCalendar>
          )}
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
            onSave={(input) => changeEvent(editing, input).then(reload)}
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
              onSave={(input) => calendarApi.create(input).then(reload)}
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
