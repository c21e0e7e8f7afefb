/**
 * The printed analysis (Print / PDF): one clean page with every figure and its formula in the
 * user's numbers. Hidden on screen. It is rendered straight into <body>, outside the app's shell,
 * so that app.css's print rules can leave out everything else and the page starts at its margin
 * (inside the shell it printed beside the sidebar's empty place, its left edge cut off).
 */
import { createPortal } from "react-dom";
import type { MetricExplanation } from "~/domain/deals/formulas";
import type { RuleCheck } from "~/domain/deals/judge";
import { equityOf } from "~/domain/deals/analyze";
import type { Strategy, YearRow } from "~/domain/deals/types";
import { formatDate, formatMoney } from "~/domain/format";
import { label } from "~/domain/workspace";
import { useHydrated } from "~/lib/use-hydrated";

export interface DealReportProps {
  name: string;
  address: string;
  strategy: Strategy;
  explained: Record<string, MetricExplanation>;
  checks: readonly RuleCheck[];
  years: readonly YearRow[] | undefined;
}

/** The report itself: the printed page's, and a shared link's (routes/shared.$token.tsx). */
export function DealReportArticle(props: DealReportProps & { className: string }) {
  return (
    <article className={props.className}>
      <header className="mb-3 border-b border-black pb-2">
        <h2 className="text-[14pt] font-bold">{props.name || "Deal analysis"}</h2>
        <p>
          {label(props.strategy)} analysis
          {props.address ? ` · ${props.address}` : ""} · {formatDate(new Date())} · AI42
        </p>
      </header>
      {props.checks.length > 0 && (
        <p className="mb-2">
          {props.checks
            .map((check) => `${check.label}: ${check.pass ? "pass" : "fail"} (${check.detail})`)
            .join(" · ")}
        </p>
      )}
      <table className="w-full border-collapse">
        <tbody>
          {Object.entries(props.explained).map(([name, metric]) => (
            <tr key={name} className="border-b border-gray-300 align-top">
              <th scope="row" className="py-0.5 pr-2 text-left font-semibold sm:whitespace-nowrap">
                {metric.label}
              </th>
              <td className="py-0.5 pr-2 text-right font-semibold whitespace-nowrap tabular-nums">
                {metric.value}
              </td>
              <td className="py-0.5 font-mono text-[8pt] [overflow-wrap:anywhere]">
                {metric.reason ? `No value: ${metric.reason}` : metric.formula}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {props.years && (
        <p className="mt-2 text-[8pt]">
          Projection:{" "}
          {props.years
            .map(
              (row) =>
                `year ${row.year} cash flow ${formatMoney(row.cashFlow)}, equity ${formatMoney(equityOf(row))}`,
            )
            .join("; ")}
          .
        </p>
      )}
    </article>
  );
}

/** The printed analysis (Print / PDF), hidden on screen. */
export function DealReport(props: DealReportProps) {
  // Nothing to print before the browser has the page (and no <body> to render into on the server).
  if (!useHydrated()) return null;
  return createPortal(
    <DealReportArticle
      {...props}
      className="print-report hidden text-[10pt] leading-snug print:block"
    />,
    document.body,
  );
}
