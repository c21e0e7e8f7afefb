/** Compare: two to four saved analyses side by side, the best value of each row marked. */
import { Link } from "@remix-run/react";
import { Trophy } from "lucide-react";
import { useMemo } from "react";
import { explainDeal, type MetricExplanation } from "~/domain/deals/formulas";
import { bestColumns, rankedValue } from "~/domain/deals/judge";
import { analysisPath } from "~/domain/modules";
import { label as strategyLabel } from "~/domain/workspace";
import type { Deal } from "~/lib/api/deals";
import { BackLink } from "../shared";

/** The figures' names stay in view while a phone scrolls the analyses sideways. */
const STICKY = "sticky left-0 z-1 bg-surface px-3 sm:px-4";

interface Compared {
  deal: Deal;
  explained: Record<string, MetricExplanation>;
  metrics: Record<string, number | null>;
}

/** Every metric any of the analyses has, in the order the first one that has it lists them. */
function metricRows(compared: readonly Compared[]) {
  const rows = new Map<string, string>();
  for (const { explained } of compared)
    for (const [name, metric] of Object.entries(explained))
      if (!rows.has(name)) rows.set(name, metric.label);
  return [...rows];
}

export function DealCompare(props: {
  deals: readonly Deal[];
  /** Where Back goes: the property they were compared from, or the list. */
  back: string;
}) {
  const compared = useMemo(
    () =>
      props.deals.map((deal): Compared => ({
        deal,
        explained: explainDeal(deal.strategy, deal.inputs as never) as Record<
          string,
          MetricExplanation
        >,
        metrics: deal.metrics as Record<string, number | null>,
      })),
    [props.deals],
  );

  return (
    <div>
      <BackLink to={props.back}>Back</BackLink>
      <h2 className="mb-4 text-2xl font-semibold">Compare analyses</h2>
      <div
        tabIndex={0}
        role="region"
        aria-label="Analyses side by side"
        className="relative overflow-x-auto rounded-2xl border border-line bg-surface"
      >
        <table className="w-full min-w-[560px] text-sm">
          <caption className="sr-only">
            {compared.length} analyses side by side; the best value of each row is marked
          </caption>
          <thead className="border-b border-line">
            <tr>
              <th
                scope="col"
                className={`${STICKY} py-3 text-left text-xs font-medium text-muted uppercase`}
              >
                Figure
              </th>
              {compared.map(({ deal }) => (
                <th key={deal.id} scope="col" className="px-3 py-3 text-right align-bottom sm:px-4">
                  <Link to={analysisPath(deal)} className="font-semibold hover:underline">
                    {deal.name}
                  </Link>
                  <span className="block text-xs font-normal text-muted">
                    {strategyLabel(deal.strategy)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {metricRows(compared).map(([name, label]) => {
              const best = bestColumns(
                compared.map(({ metrics }) => rankedValue(metrics, name)),
                name,
              );
              return (
                <tr key={name}>
                  <th scope="row" className={`${STICKY} py-2 text-left font-medium`}>
                    {label}
                  </th>
                  {compared.map(({ deal, explained }, column) => (
                    <td
                      key={deal.id}
                      className={`px-3 py-2 text-right tabular-nums sm:px-4 ${best.has(column) ? "bg-success/10 font-semibold text-success" : ""}`}
                    >
                      {explained[name]?.value ?? "n/a"}
                      {best.has(column) && (
                        <>
                          <Trophy aria-hidden className="ml-1 inline size-3.5" />
                          <span className="sr-only"> (best)</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
