/**
 * The planner: a route's start, departure and end, its stops in the order they run with each
 * arrival, and the map. Optimise orders the stops on the device (`optimizeRoute`, locked stops kept
 * in place); every drag or edit re-times the route at once (`evaluateRoute`). With a road service
 * the figures and the line follow the roads; without, they are the straight-line estimate, said so.
 * The draft is one state (`draftReducer`), made from the page's loader on the server too, so the
 * HTML is the planner; saving it, remembering a start and adding its visits to a calendar go to
 * the page's action. A viewer reads a saved route (its stops, figures, map, GPX and print) and
 * changes none of it; in place of a new one, it is told whom to ask.
 */
import { Link, useNavigate } from "@remix-run/react";
import {
  CalendarPlus,
  Download,
  ExternalLink,
  MapPin,
  Plus,
  Printer,
  Save,
  Sparkles,
} from "lucide-react";
import { lazy, Suspense, useEffect, useReducer, useState } from "react";
import { toast } from "~/lib/toast";
import { DeleteRecord } from "~/components/delete-record";
import { HistoryPanel } from "~/components/history-panel";
import { EmptyState } from "~/components/ui";
import { ViewerNotice } from "~/components/viewer-notice";
import { modulePath, visitRoutePath } from "~/domain/modules";
import { gpxFileName, routeToGpx } from "~/domain/routing/gpx";
import { googleMapsLinks } from "~/domain/routing/links";
import { optimizeRoute, type LatLng } from "~/domain/routing/optimize";
import type { Place, StartPlace } from "~/domain/routing/route";
import { todayIn } from "~/domain/today";
import type { StopCandidate } from "~/lib/api/routes";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { downloadFile } from "~/lib/transfer";
import { useVersionedAction } from "~/lib/use-action-call";
import { useHydrated } from "~/lib/use-hydrated";
import { useMediaQuery } from "~/lib/use-media-query";
import { BackLink, toastFailure, useQueryParams } from "../shared";
import { CalendarDialog } from "./calendar-dialog";
import {
  bodyOfDraft,
  endPoint,
  estimateText,
  formatClock,
  isPlaced,
  legTo,
  lockedPositions,
  savingOf,
  stopOfAddress,
  stopOfCandidate,
  unsavableReason,
  type DraftStop,
} from "./draft";
import { draftReducer, firstDraft, type DraftRead } from "./draft-reducer";
import { PrintView } from "./print-view";
import { EMPTY_TEACHING } from "./saved-routes";
import { StopList, type Lookup } from "./stop-list";
import { StopPicker } from "./stop-picker";
import { RouteSettings } from "./route-settings";
import { RouteTotals, savingText } from "./route-totals";
import { pointOf, useRouteFigures } from "./use-route-figures";
import { NO_GEOCODER, useGeocoder } from "./use-geocoder";
import type { loadVisitRoute, VisitRouteActionAnswer } from "./visit-route.server";
import { ADD_TO_CALENDAR } from "./calendar-intent";

const RouteMap = lazy(() => import("./route-map.client"));

type PlannerTab = "list" | "map";

/** What a click on the map places. */
type PinTarget = { kind: "stop"; id: string } | { kind: "start" } | { kind: "end" };

/**
 * What the route's loader read: the saved route (none while planning a new one), the map's
 * settings, the start places, the session's day and zone.
 */
type Loaded = Awaited<ReturnType<typeof loadVisitRoute>>;

const readOf = (loaded: Loaded): DraftRead => ({
  type: "read",
  route: loaded.route,
  places: loaded.places,
  today: loaded.today,
  timeZone: loaded.timeZone,
});

export function RouteEditor({ loaded }: { loaded: Loaded }) {
  const canWrite = useCanWrite();
  if (canWrite || loaded.route) return <Planner loaded={loaded} readOnly={!canWrite} />;
  return (
    <div>
      <BackLink to={modulePath("route-planner")}>All routes</BackLink>
      <h2 className="mb-4 text-2xl font-semibold">Plan a route</h2>
      <ViewerNotice what="plan routes" />
    </div>
  );
}

function Planner({ loaded, readOnly }: { loaded: Loaded; readOnly: boolean }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [params, update] = useQueryParams();
  const tab: PlannerTab = params.get("tab") === "map" ? "map" : "list";
  const showTab = (next: PlannerTab) =>
    update({ tab: next === "list" ? null : next }, { replace: true });
  // Until the browser's width is known, laid out as the server guessed (a phone's, or not).
  const wide = useMediaQuery("(min-width: 1280px)") ?? !loaded.phone;
  const geocode = useGeocoder();
  const { config, places } = loaded;
  const [{ draft, version, dirty, reads }, dispatch] = useReducer(
    draftReducer,
    readOf(loaded),
    firstDraft,
  );
  const [lookups, setLookups] = useState<Record<string, Lookup>>({});
  const [lookupBatch, setLookupBatch] = useState({ done: 0, total: 0 });
  const [geocoderMissing, setGeocoderMissing] = useState(!config.geocoder);
  const [selected, setSelected] = useState<string | null>(null);
  const [pinning, setPinning] = useState<PinTarget | null>(null);
  const [picking, setPicking] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [busy, setBusy] = useState<"saving" | "calendar" | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; calendar?: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const saveNew = useVersionedAction<VisitRouteActionAnswer>("route", MESSAGES.createRoute);
  const saveChanges = useVersionedAction<VisitRouteActionAnswer>("route", MESSAGES.updateRoute);
  const remember = useVersionedAction<VisitRouteActionAnswer>("route", MESSAGES.saveStartPlaces);
  const addVisits = useVersionedAction<VisitRouteActionAnswer>(
    "route",
    MESSAGES.addRouteToCalendar,
  );

  // The first read made the draft; the reducer keeps the one held at a later read when it is the
  // route just saved, or changed.
  useEffect(() => dispatch(readOf(loaded)), [loaded]);
  // A new route is for the day it is on the user's device, which the server's clock may not be on.
  useEffect(() => dispatch({ type: "today", today: todayIn(loaded.timeZone) }), [loaded.timeZone]);
  // What was said about the route held before is not about the one read now.
  useEffect(() => {
    setLookups({});
    setOutcome(null);
  }, [reads]);

  const { problem, stops, plan, entered, matrix, path, line, markers } = useRouteFigures(
    draft,
    config.roads,
  );

  const figuresText = matrix ? "Road distances and driving times" : estimateText(draft);
  const placedCount = stops.length;
  const visits = plan ? plan.order.length : 0;
  const lookingUp = lookupBatch.total > lookupBatch.done;
  const links = plan ? googleMapsLinks(path) : [];
  const end = endPoint(draft);

  const markLookup = (id: string, lookup: Lookup | null) =>
    setLookups((all) => {
      const next = { ...all };
      if (lookup) next[id] = lookup;
      else delete next[id];
      return next;
    });

  /** Adds stops; those without a place are looked up, one after another. */
  const addStops = (added: DraftStop[]) => {
    dispatch({ type: "add-stops", stops: added });
    const toLookUp = added.filter((stop) => !isPlaced(stop));
    if (toLookUp.length === 0) return;
    if (geocoderMissing) {
      for (const stop of toLookUp) markLookup(stop.id, "no-geocoder");
      return;
    }
    setLookupBatch((batch) =>
      batch.total > batch.done
        ? { ...batch, total: batch.total + toLookUp.length }
        : { done: 0, total: toLookUp.length },
    );
    for (const stop of toLookUp) {
      markLookup(stop.id, "looking");
      void geocode(stop.address ?? stop.label).then((result) => {
        setLookupBatch((batch) => ({ ...batch, done: batch.done + 1 }));
        if (result.kind === "found") {
          markLookup(stop.id, null);
          const { lat, lng } = result.place;
          dispatch({ type: "place-stop", id: stop.id, lat, lng });
        } else if (result.kind === "no-geocoder") {
          setGeocoderMissing(true);
          markLookup(stop.id, "no-geocoder");
        } else
          markLookup(stop.id, result.kind === "failed" ? { failed: result.message } : "not-found");
      });
    }
  };

  const addCandidate = (candidate: StopCandidate) => addStops([stopOfCandidate(candidate)]);
  const addAddress = (address: string) =>
    addStops([stopOfAddress(address, `address-${crypto.randomUUID()}`)]);

  const startPinning = (target: PinTarget) => {
    setPinning((current) =>
      current && JSON.stringify(current) === JSON.stringify(target) ? null : target,
    );
    if (!wide) showTab("map");
  };

  const pin = (point: LatLng) => {
    if (!pinning) return;
    const rounded = { lat: round(point.lat), lng: round(point.lng) };
    const pinned: Place = {
      label: `Pinned point ${rounded.lat}, ${rounded.lng}`,
      address: null,
      ...rounded,
    };
    if (pinning.kind === "stop") {
      const id = pinning.id;
      markLookup(id, null);
      dispatch({ type: "place-stop", id, ...rounded });
      setSelected(id);
    } else dispatch({ type: "set", fields: { [pinning.kind]: pinned } });
    setPinning(null);
  };

  const move = (id: string, to: number) => {
    dispatch({ type: "move-stop", id, to });
    const stop = draft.stops.find((s) => s.id === id);
    setAnnouncement(
      `${stop?.label ?? "Stop"} moved to position ${to + 1} of ${draft.order.length}.`,
    );
  };

  const optimise = () => {
    if (!problem || !entered) return;
    const best = optimizeRoute(problem, { matrix, locked: lockedPositions(draft) });
    dispatch({ type: "order", placed: best.order });
    const late = best.late.length
      ? ` ${best.late.length} ${best.late.length === 1 ? "stop is" : "stops are"} still late: no order reaches every window.`
      : "";
    setOutcome({ text: `Optimised. ${savingText(savingOf(entered, best))}${late}` });
  };

  const save = async (): Promise<string | null> => {
    const reason = unsavableReason(draft);
    if (reason) {
      toast.error("The route cannot be saved yet", { description: reason });
      return null;
    }
    setBusy("saving");
    try {
      const input = bodyOfDraft(draft);
      const answer = draft.id
        ? await saveChanges({ intent: "save", input, version: version ?? undefined })
        : await saveNew({ intent: "save", input });
      if (!answer || !("saved" in answer)) {
        // Read again instead (the route was changed elsewhere): the next read replaces the draft.
        dispatch({ type: "discard" });
        return null;
      }
      const { saved } = answer;
      dispatch({ type: "saved", id: saved.id, version: saved.updatedAt });
      toast.success("Route saved");
      if (!draft.id)
        navigate(visitRoutePath(saved.id, tab === "map" ? { tab } : {}), { replace: true });
      return saved.id;
    } catch (error) {
      toastFailure(error);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const addToCalendar = async (calendarId: string, calendarName: string) => {
    const id = dirty || !draft.id ? await save() : draft.id;
    if (!id) return;
    setBusy("calendar");
    try {
      const answer = await addVisits({ intent: ADD_TO_CALENDAR, calendarId }, visitRoutePath(id));
      if (!answer || !("addedToCalendar" in answer)) return;
      // The route is as it was but for its version, which the answer carries: the page is not read
      // again (routes/_app.route-planner.$routeId.tsx), so what is said here stays.
      if (answer.version) dispatch({ type: "saved", id, version: answer.version });
      const result = answer.addedToCalendar;
      const count = result.eventIds.length;
      const replaced = result.replaced ? ` The ${result.replaced} added before were replaced.` : "";
      setOutcome({
        text: `Added ${count} ${count === 1 ? "visit" : "visits"} to ${calendarName}.${replaced}`,
        calendar: true,
      });
      setCalendarOpen(false);
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(null);
    }
  };

  /** Remembers a start as home or office; whether it was. */
  const rememberPlace = async (name: StartPlace, place: Place) => {
    try {
      const answer = await remember({
        intent: "remember",
        places: { home: places.home, office: places.office, [name]: place },
      });
      if (!answer) return false;
      toast.success(`Remembered as your ${name}`);
      return true;
    } catch (error) {
      toastFailure(error);
      return false;
    }
  };

  const downloadGpx = () => {
    if (!draft.start) return;
    const gpx = routeToGpx({
      name: draft.name,
      createdAt: new Date().toISOString(),
      start: {
        name: `Start: ${draft.start.label}`,
        ...pointOf(draft.start),
        description: draft.start.address ?? undefined,
      },
      stops: stops.map((stop) => {
        const leg = legTo(plan, stop.id);
        return {
          name: stop.label,
          lat: stop.lat,
          lng: stop.lng,
          description: [stop.address, leg && `ETA ${formatClock(leg.arriveAt, draft.timeZone)}`]
            .filter(Boolean)
            .join(" / "),
        };
      }),
      end: end ? { name: `End: ${end.label}`, ...pointOf(end) } : null,
    });
    downloadFile(gpxFileName(draft.name, draft.date), "application/gpx+xml", gpx);
  };

  const pinningLabel =
    pinning?.kind === "stop"
      ? (draft.stops.find((s) => s.id === pinning.id)?.label ?? null)
      : pinning?.kind === "start"
        ? "the start"
        : pinning?.kind === "end"
          ? "the end of the day"
          : null;

  const map = hydrated && (
    <Suspense
      fallback={
        <div role="status" className="skeleton h-full min-h-80 rounded-2xl">
          <span className="sr-only">Loading the map…</span>
        </div>
      }
    >
      <RouteMap
        tileUrl={config.tileUrl}
        attribution={config.attribution}
        markers={markers}
        line={line}
        selected={selected}
        onSelect={setSelected}
        pinning={pinningLabel}
        onPin={pin}
      />
    </Suspense>
  );

  const list = (
    <div className="space-y-4">
      {draft.stops.length === 0 ? (
        <EmptyState
          icon={MapPin}
          title="No stops yet"
          action={
            !readOnly && (
              <button
                type="button"
                className="btn-primary"
                disabled={!hydrated}
                onClick={() => setPicking(true)}
              >
                <Plus aria-hidden className="mr-1.5 size-4" /> Add stops
              </button>
            )
          }
        >
          {EMPTY_TEACHING}
        </EmptyState>
      ) : (
        <>
          {plan && (
            <RouteTotals plan={plan} entered={entered} stops={draft.stops} figures={figuresText} />
          )}
          {/* Its buttons change the draft in the browser: usable once the page has started. */}
          <fieldset disabled={!hydrated} className="min-w-0">
            <StopList
              stops={draft.stops}
              order={draft.order}
              plan={plan}
              timeZone={draft.timeZone}
              lookups={lookups}
              selected={selected}
              pinning={pinning?.kind === "stop" ? pinning.id : null}
              onSelect={setSelected}
              onMove={move}
              onToggleLock={(id) => dispatch({ type: "toggle-lock", id })}
              onServiceMinutes={(id, minutes) => dispatch({ type: "service-minutes", id, minutes })}
              onRemove={(id) => {
                dispatch({ type: "remove-stop", id });
                markLookup(id, null);
                if (selected === id) setSelected(null);
              }}
              onPin={(id) => startPinning({ kind: "stop", id })}
              readOnly={readOnly}
            />
          </fieldset>
          {plan && end && (
            <p className="text-sm text-muted">
              {draft.endMode === "start" ? "Back at the start" : `At ${end.label}`}
              {plan.legs.length > stops.length
                ? ` at ${formatClock(plan.legs[plan.legs.length - 1]!.arriveAt, draft.timeZone)}`
                : ""}
              .
            </p>
          )}
        </>
      )}
    </div>
  );

  return (
    <div>
      <BackLink to={modulePath("route-planner")}>All routes</BackLink>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold">{draft.id ? draft.name : "Plan a route"}</h2>
        {dirty && draft.id && <span className="text-sm text-muted">Unsaved changes</span>}
      </div>

      <fieldset disabled={readOnly} className="min-w-0">
        <RouteSettings
          key={reads}
          draft={draft}
          places={places}
          geocode={geocode}
          geocoderMissing={geocoderMissing}
          pinning={pinning?.kind === "start" || pinning?.kind === "end" ? pinning.kind : null}
          wide={wide}
          dispatch={dispatch}
          onPin={(kind) => startPinning({ kind })}
          onRemember={rememberPlace}
        />
      </fieldset>

      {geocoderMissing && (
        <p role="note" className="mb-4 rounded-xl border border-line bg-raised px-4 py-3 text-sm">
          {NO_GEOCODER}
        </p>
      )}

      {/* These work on the draft in the browser, so they wait for the page to start: without
          JavaScript a disabled button says so, where an enabled one would do nothing. */}
      <div className="mb-4 flex flex-wrap gap-2">
        {!readOnly && (
          <>
            <button
              type="button"
              className="btn-secondary"
              disabled={!hydrated}
              onClick={() => setPicking(true)}
            >
              <Plus aria-hidden className="size-4" /> Add stops
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={!hydrated || placedCount < 2 || !problem}
              onClick={optimise}
            >
              <Sparkles aria-hidden className="mr-1.5 size-4" /> Optimise
            </button>
            <button
              type="button"
              className="btn-secondary disabled:opacity-50"
              disabled={!hydrated || busy !== null}
              onClick={() => void save()}
            >
              <Save aria-hidden className="size-4" />{" "}
              {busy === "saving" ? "Saving..." : "Save route"}
            </button>
            <button
              type="button"
              className="btn-secondary disabled:opacity-50"
              disabled={!hydrated || !plan || busy !== null}
              onClick={() => setCalendarOpen(true)}
            >
              <CalendarPlus aria-hidden className="size-4" /> Add to calendar
            </button>
          </>
        )}
        <button
          type="button"
          className="btn-secondary disabled:opacity-50"
          disabled={!hydrated || !plan}
          onClick={downloadGpx}
        >
          <Download aria-hidden className="size-4" /> Download GPX
        </button>
        <button
          type="button"
          className="btn-secondary disabled:opacity-50"
          disabled={!hydrated || !plan}
          onClick={() => window.print()}
        >
          <Printer aria-hidden className="size-4" /> Print
        </button>
      </div>

      {links.length > 0 && (
        <nav
          aria-label="Directions in Google Maps"
          className="mb-4 flex flex-wrap items-center gap-2 text-sm"
        >
          {links.map((link) => (
            <a
              key={link.part}
              href={link.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-accent underline"
            >
              <ExternalLink aria-hidden className="size-3.5" />
              {link.of === 1
                ? "Open in Google Maps"
                : `Open in Google Maps: part ${link.part} of ${link.of}`}
            </a>
          ))}
        </nav>
      )}

      {(outcome || lookingUp || pinningLabel) && (
        <div
          role="status"
          className="mb-4 space-y-1 rounded-xl border border-line bg-raised px-4 py-3 text-sm"
        >
          {lookingUp && (
            <p>
              Looking up addresses: {lookupBatch.done} of {lookupBatch.total} done…
            </p>
          )}
          {pinningLabel && <p>Click the map to place {pinningLabel}.</p>}
          {outcome && (
            <p>
              {outcome.text}
              {outcome.calendar && " "}
              {outcome.calendar && (
                <Link
                  to={modulePath("calendar", { date: draft.date })}
                  className="text-accent underline"
                >
                  Open the calendar
                </Link>
              )}
            </p>
          )}
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {wide ? (
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-6">
          {list}
          <div className="sticky top-4 h-[calc(100vh-6rem)] self-start">{map}</div>
        </div>
      ) : (
        <>
          <div
            role="tablist"
            aria-label="Show the route as"
            className="mb-4 flex gap-1 border-b border-line"
          >
            {(["list", "map"] as const).map((shown) => (
              <button
                key={shown}
                type="button"
                role="tab"
                id={`route-tab-${shown}`}
                aria-selected={tab === shown}
                aria-controls={`route-panel-${shown}`}
                onClick={() => showTab(shown)}
                className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-medium transition ${tab === shown ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg"}`}
              >
                {shown === "list" ? "List" : "Map"}
              </button>
            ))}
          </div>
          <div id={`route-panel-${tab}`} role="tabpanel" aria-labelledby={`route-tab-${tab}`}>
            {tab === "list" ? list : <div className="h-[65vh]">{map}</div>}
          </div>
        </>
      )}

      {loaded.history && <HistoryPanel history={loaded.history} className="mt-6" />}
      {draft.id && version && <DeleteRoute name={draft.name} version={version} />}

      <StopPicker
        open={picking}
        date={draft.date}
        timeZone={draft.timeZone}
        added={new Set(draft.stops.map((stop) => stop.id))}
        addressHint={geocoderMissing ? `${NO_GEOCODER}.` : null}
        onAdd={addCandidate}
        onAddAddress={addAddress}
        onClose={() => setPicking(false)}
      />
      <CalendarDialog
        open={calendarOpen}
        visits={visits}
        busy={busy !== null}
        onAdd={(calendarId, name) => void addToCalendar(calendarId, name)}
        onClose={() => setCalendarOpen(false)}
      />
      <PrintView
        name={draft.name}
        date={draft.date}
        startLabel={draft.start?.label ?? ""}
        endLabel={draft.endMode === "start" ? "back at the start" : end ? `to ${end.label}` : null}
        stops={stops}
        plan={plan}
        timeZone={draft.timeZone}
        figures={figuresText}
        markers={markers}
        line={line}
      />
    </div>
  );
}

/** A saved route's delete, at the version shown; then the list. */
function DeleteRoute(props: { name: string; version: string }) {
  return (
    <DeleteRecord
      summary="Delete this route…"
      consequence={<>“{props.name}” will be deleted. Visits it added to a calendar stay there.</>}
      confirmLabel="Delete route"
      version={props.version}
      back={modulePath("route-planner")}
      className="mt-6"
    />
  );
}

/** Six decimals: about 10 cm. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;
