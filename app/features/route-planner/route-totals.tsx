/**
 * The route's figures: distance, time and stops, what they rest on, the saving against the order
 * the stops were entered in, and the stops reached too late, named.
 */
import type { RoutePlan } from "~/domain/routing/optimize";
import { formatKm, formatMinutes, savingOf, type DraftStop, type Saving } from "./draft";

/** "Saves 12.3 km and 18 min against the order you entered." */
export function savingText(saving: Saving) {
  const km = Math.round(saving.km * 10) / 10;
  const minutes = Math.round(saving.minutes);
  if (km === 0 && minutes === 0) return "Same distance and time as the order you entered.";
  if (km >= 0 && minutes >= 0)
    return `Saves ${formatKm(km)} and ${formatMinutes(minutes)} against the order you entered.`;
  const distance = km === 0 ? "the same distance" : `${formatKm(km)} ${km > 0 ? "less" : "more"}`;
  const time =
    minutes === 0 ? "the same time" : `${formatMinutes(minutes)} ${minutes > 0 ? "less" : "more"}`;
  return `Against the order you entered: ${distance}, ${time}.`;
}

function Total(props: { term: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-muted uppercase">{props.term}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={props.testId}>
        {props.value}
      </dd>
    </div>
  );
}

export function RouteTotals(props: {
  plan: RoutePlan;
  /** The plan of the order the stops were entered in. */
  entered: RoutePlan | null;
  stops: readonly DraftStop[];
  /** What the figures rest on: roads, or the estimate. */
  figures: string;
}) {
  const { plan, entered } = props;
  const count = plan.order.length;
  const late = plan.late.map((id) => props.stops.find((stop) => stop.id === id)?.label ?? id);
  return (
    <section
      aria-label="Route figures"
      data-testid="route-totals"
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <Total term="Distance" value={formatKm(plan.totalDistanceKm)} testId="total-km" />
        <Total term="Time" value={formatMinutes(plan.totalMinutes)} testId="total-time" />
        <Total term="Stops" value={String(count)} />
      </dl>
      <p className="mt-3 text-sm text-muted">{props.figures}</p>
      {entered && count > 1 && (
        <p className="mt-1 text-sm" data-testid="route-saving">
          {savingText(savingOf(entered, plan))}
        </p>
      )}
      {late.length > 0 && (
        <p className="mt-1 text-sm font-semibold text-danger">
          {late.length} {late.length === 1 ? "stop is" : "stops are"} late: {late.join(", ")}.
        </p>
      )}
    </section>
  );
}
