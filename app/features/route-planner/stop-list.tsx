/**
 * The stops in the order the route runs, each with its arrival, wait and lateness. Reordered by
 * dragging the handle (mouse, touch or pen), by the arrow keys on the focused handle, or by the
 * Move up / Move down buttons; a stop can be locked in its place for the next Optimise. Read only
 * (a viewer), the stops are listed to select on the map, with none of these.
 */
import {
  AlertTriangle,
  ChevronDown,
  ChevronUp,
  GripVertical,
  Lock,
  LockOpen,
  MapPin,
  Trash2,
} from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { RoutePlan } from "~/domain/routing/optimize";
import {
  formatClock,
  formatMinutes,
  isPlaced,
  legTo,
  minutesLate,
  windowText,
  type DraftStop,
} from "./draft";

/** Why a stop has no place yet. */
export type Lookup = "looking" | "not-found" | "no-geocoder" | { failed: string };

const SMALL_BUTTON =
  "grid size-9 shrink-0 place-items-center rounded-lg border border-line text-muted hover:bg-raised hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent";

function lookupText(lookup: Lookup | undefined) {
  if (lookup === "looking") return "Looking up the address…";
  if (lookup === "not-found") return "Address not found: pin it on the map.";
  if (lookup === "no-geocoder") return "No place yet: pin it on the map.";
  if (lookup) return `${lookup.failed}. Pin it on the map.`;
  return "No place yet: pin it on the map.";
}

export function StopList(props: {
  stops: readonly DraftStop[];
  /** Every stop id, in the order the route runs. */
  order: readonly string[];
  plan: RoutePlan | null;
  /** The zone the times are shown in. */
  timeZone: string;
  lookups: Record<string, Lookup>;
  selected: string | null;
  pinning: string | null;
  onSelect: (id: string) => void;
  /** Moves a stop to a place in the order (0-based). */
  onMove: (id: string, to: number) => void;
  onToggleLock: (id: string) => void;
  onServiceMinutes: (id: string, minutes: number) => void;
  onRemove: (id: string) => void;
  onPin: (id: string) => void;
  readOnly: boolean;
}) {
  const { readOnly } = props;
  const listRef = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  /** The control to give focus back to once a move has re-rendered the list. */
  const [refocus, setRefocus] = useState<string | null>(null);
  const byId = new Map(props.stops.map((stop) => [stop.id, stop]));
  const rows = props.order.flatMap((id) => byId.get(id) ?? []);
  let number = 0;
  const numbers = new Map(
    rows.filter(isPlaced).map((stop) => {
      number += 1;
      return [stop.id, number];
    }),
  );

  useEffect(() => {
    if (!refocus) return;
    listRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(refocus)}"]`)?.focus();
    setRefocus(null);
  }, [refocus]);

  const move = (id: string, index: number, to: number, focus: string) => {
    if (to < 0 || to >= rows.length || to === index) return;
    props.onMove(id, to);
    setRefocus(focus);
  };

  // Live reordering while a handle is held: the dragged stop takes the slot the pointer is over.
  // Listened for on the window, as the handle moves in the page (and loses the pointer) each time.
  const { onMove } = props;
  useEffect(() => {
    if (!dragging) return;
    const follow = (event: PointerEvent) => {
      const items = [...(listRef.current?.querySelectorAll<HTMLElement>("[data-stop-id]") ?? [])];
      const from = items.findIndex((item) => item.dataset.stopId === dragging);
      const to = items.filter((item) => {
        if (item.dataset.stopId === dragging) return false;
        const box = item.getBoundingClientRect();
        return box.top + box.height / 2 < event.clientY;
      }).length;
      if (from >= 0 && to !== from) onMove(dragging, to);
    };
    const drop = () => setDragging(null);
    window.addEventListener("pointermove", follow);
    window.addEventListener("pointerup", drop);
    window.addEventListener("pointercancel", drop);
    return () => {
      window.removeEventListener("pointermove", follow);
      window.removeEventListener("pointerup", drop);
      window.removeEventListener("pointercancel", drop);
    };
  }, [dragging, onMove]);

  return (
    <ol ref={listRef} aria-label="Stops in visiting order" className="space-y-2">
      {rows.map((stop, index) => {
        const leg = legTo(props.plan, stop.id);
        const late = minutesLate(stop, leg);
        const placed = isPlaced(stop);
        const position = numbers.get(stop.id);
        const selected = props.selected === stop.id;
        return (
          <li
            key={stop.id}
            data-stop-id={stop.id}
            data-testid="route-stop"
            className={`flex gap-2 rounded-xl border bg-surface p-3 transition ${late ? "border-danger/70" : selected ? "border-accent" : "border-line"} ${dragging === stop.id ? "opacity-70 shadow-xl" : ""}`}
          >
            {!readOnly && (
              <button
                type="button"
                data-focus={`handle-${stop.id}`}
                aria-label={`Reorder ${stop.label}: drag, or press the up and down arrow keys`}
                title="Drag to reorder"
                onPointerDown={(event) => {
                  if (event.button !== 0) return;
                  event.preventDefault();
                  setDragging(stop.id);
                }}
                onKeyDown={(event) => {
                  const to = { ArrowUp: index - 1, ArrowDown: index + 1 }[event.key];
                  if (to === undefined) return;
                  event.preventDefault();
                  move(stop.id, index, to, `handle-${stop.id}`);
                }}
                className="-my-1 -ml-1 grid w-7 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg active:cursor-grabbing"
              >
                <GripVertical aria-hidden className="size-4" />
              </button>
            )}
            <span
              aria-hidden
              className={`mt-0.5 grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold ${!placed ? "border border-dashed border-line text-muted" : late ? "bg-[var(--danger-fill)] text-white" : "bg-accent text-accent-fg"}`}
            >
              {position ?? "?"}
            </span>
            <div className="min-w-0 flex-1">
              <button
                type="button"
                onClick={() => props.onSelect(stop.id)}
                aria-pressed={selected}
                className="text-left font-medium break-words hover:text-accent"
              >
                <span className="sr-only">
                  {position ? `Stop ${position}: ` : "Unplaced stop: "}
                </span>
                {stop.label}
              </button>
              {stop.address && stop.address !== stop.label && (
                <p className="text-sm break-words text-muted">{stop.address}</p>
              )}
              {stop.window && (
                <p className="text-sm text-muted">{windowText(stop.window, props.timeZone)}</p>
              )}
              {placed && leg && (
                <p className="mt-1 flex flex-wrap gap-x-3 text-sm" data-testid="stop-eta">
                  <span>Arrive {formatClock(leg.arriveAt, props.timeZone)}</span>
                  {leg.waitMinutes >= 1 && <span>Wait {formatMinutes(leg.waitMinutes)}</span>}
                  {late > 0 && (
                    <span className="inline-flex items-center gap-1 font-semibold text-danger">
                      <AlertTriangle aria-hidden className="size-4" /> Late by {formatMinutes(late)}
                    </span>
                  )}
                </p>
              )}
              {!placed && (
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span
                    className={props.lookups[stop.id] === "looking" ? "text-muted" : "text-danger"}
                  >
                    {lookupText(props.lookups[stop.id])}
                  </span>
                  {props.lookups[stop.id] !== "looking" && !readOnly && (
                    <button
                      type="button"
                      onClick={() => props.onPin(stop.id)}
                      aria-pressed={props.pinning === stop.id}
                      className="btn-secondary py-1"
                    >
                      <MapPin aria-hidden className="size-4" />
                      {props.pinning === stop.id ? "Click the map…" : "Pin on the map"}
                      <span className="sr-only"> for {stop.label}</span>
                    </button>
                  )}
                </div>
              )}
              {readOnly ? (
                <p className="mt-2 text-sm text-muted">Stay {stop.serviceMinutes} min</p>
              ) : (
                <label className="mt-2 flex w-fit items-center gap-2 text-sm text-muted">
                  Stay
                  <input
                    type="number"
                    min={0}
                    max={1440}
                    step={5}
                    value={stop.serviceMinutes}
                    onChange={(event) => {
                      const minutes = Number(event.target.value);
                      if (Number.isFinite(minutes) && minutes >= 0 && minutes <= 1440)
                        props.onServiceMinutes(stop.id, minutes);
                    }}
                    aria-label={`Minutes at ${stop.label}`}
                    className="input w-20 px-2 py-1 text-fg"
                  />
                  min
                </label>
              )}
            </div>
            {!readOnly && (
              <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:items-start">
                <button
                  type="button"
                  data-focus={`lock-${stop.id}`}
                  onClick={() => props.onToggleLock(stop.id)}
                  aria-pressed={stop.locked}
                  aria-label={`Lock ${stop.label} in place`}
                  title={stop.locked ? "Locked: Optimise keeps it here" : "Lock in place"}
                  className={`${SMALL_BUTTON} ${stop.locked ? "border-accent text-accent" : ""}`}
                >
                  {stop.locked ? (
                    <Lock aria-hidden className="size-4" />
                  ) : (
                    <LockOpen aria-hidden className="size-4" />
                  )}
                </button>
                <button
                  type="button"
                  data-focus={`up-${stop.id}`}
                  disabled={index === 0}
                  onClick={() =>
                    move(
                      stop.id,
                      index,
                      index - 1,
                      index - 1 === 0 ? `down-${stop.id}` : `up-${stop.id}`,
                    )
                  }
                  aria-label={`Move ${stop.label} up`}
                  className={SMALL_BUTTON}
                >
                  <ChevronUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  data-focus={`down-${stop.id}`}
                  disabled={index === rows.length - 1}
                  onClick={() =>
                    move(
                      stop.id,
                      index,
                      index + 1,
                      index + 1 === rows.length - 1 ? `up-${stop.id}` : `down-${stop.id}`,
                    )
                  }
                  aria-label={`Move ${stop.label} down`}
                  className={SMALL_BUTTON}
                >
                  <ChevronDown aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  onClick={() => props.onRemove(stop.id)}
                  aria-label={`Remove ${stop.label}`}
                  className={`${SMALL_BUTTON} hover:text-danger`}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
