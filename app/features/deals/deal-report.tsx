/**
 * The printed analysis (Print / PDF): one clean page with every figure and its formula in the
 * user's numbers. Hidden on screen. It is rendered straight into <body>, outside the app's shell,
 * so that app.css's print rules can leave out everything else and the page starts at its margin
 * (inside the shell it printed beside the sidebar's empty place, its left edge cut off).
 */
import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import type { MetricExplanation } from "~/domain/deals/formulas";
import type { RuleCheck } from "~/domain/deals/judge";
import {
  CRITERIA,
  formatCriterion,
  verdictSummary,
  type CriteriaVerdict,
} from "~/domain/deals/criteria";
import { equityOf } from "~/domain/deals/analyze";
import { adjustedPricePerSqFt, type ItemizedSource } from "~/domain/deals/itemized";
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
  /** The inputs' itemized parts (units, rehab lines, comps), listed under the figures. */
  itemized?: ItemizedSource;
  /** How it measures up to the owner's buy box; its section is left out without a criterion. */
  buyBox?: CriteriaVerdict | null;
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
      {props.buyBox && <BuyBoxTable verdict={props.buyBox} />}
      {props.itemized && <ItemizedTables inputs={props.itemized} />}
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

const cell = "py-0.5 pr-2 text-left";
const figure = "py-0.5 pr-2 text-right tabular-nums";

/** A small table of the report: a caption, its column heads, its rows. */
function ReportTable(props: {
  caption: string;
  heads: readonly { label: string; numeric?: boolean }[];
  rows: readonly (readonly ReactNode[])[];
}) {
  return (
    <table className="mt-3 w-full border-collapse text-[9pt]">
      <caption className="mb-1 text-left font-semibold">{props.caption}</caption>
      <thead>
        <tr className="border-b border-current">
          {props.heads.map((head) => (
            <th key={head.label} scope="col" className={head.numeric ? figure : cell}>
              {head.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, index) => (
          <tr key={index} className="border-b border-gray-300 align-top">
            {row.map((value, column) => (
              <td key={column} className={props.heads[column]!.numeric ? figure : cell}>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The owner's criteria that apply, each with the deal's figure and pass or fail. */
function BuyBoxTable({ verdict }: { verdict: CriteriaVerdict }) {
  const summary = verdictSummary(verdict);
  if (summary === null) return null;
  return (
    <ReportTable
      caption={`Buy box: ${summary}`}
      heads={[
        { label: "Criterion" },
        { label: "Target", numeric: true },
        { label: "This deal", numeric: true },
        { label: "Result" },
      ]}
      rows={verdict.criteria.map((check) => [
        CRITERIA[check.name].label,
        formatCriterion(check.name, check.target),
        formatCriterion(check.name, check.value),
        check.pass ? "Pass" : "Fail",
      ])}
    />
  );
}

const count = (value: number | undefined) => (value === undefined ? "" : String(value));

/** The units, the rehab's lines and the comps the figures above were worked out from. */
export function ItemizedTables({ inputs }: { inputs: ItemizedSource }) {
  return (
    <>
      {inputs.units && inputs.units.length > 0 && (
        <ReportTable
          caption={`Units (${inputs.units.length})`}
          heads={[
            { label: "Unit" },
            { label: "Beds", numeric: true },
            { label: "Baths", numeric: true },
            { label: "Rent / month", numeric: true },
            { label: "Market rent", numeric: true },
          ]}
          rows={inputs.units.map((unit) => [
            unit.name,
            count(unit.beds),
            count(unit.baths),
            formatMoney(unit.monthlyRent),
            unit.marketRent === undefined ? "" : formatMoney(unit.marketRent),
          ])}
        />
      )}
      {inputs.rehabItems && inputs.rehabItems.length > 0 && (
        <ReportTable
          caption={`Rehab (${inputs.rehabItems.length} line${inputs.rehabItems.length === 1 ? "" : "s"}, contingency ${inputs.rehabContingencyPct ?? 0} %)`}
          heads={[
            { label: "Category" },
            { label: "Description" },
            { label: "Quantity", numeric: true },
            { label: "Unit cost", numeric: true },
            { label: "Line total", numeric: true },
          ]}
          rows={inputs.rehabItems.map((item) => [
            item.category,
            item.description ?? "",
            String(item.quantity ?? 1),
            formatMoney(item.unitCost, { cents: true }),
            formatMoney((item.quantity ?? 1) * item.unitCost, { cents: true }),
          ])}
        />
      )}
      {inputs.comps && inputs.comps.length > 0 && (
        <ReportTable
          caption={`Comps (${inputs.comps.length})${inputs.subjectSquareFeet ? `, subject ${inputs.subjectSquareFeet.toLocaleString("en-US")} sq ft` : ""}`}
          heads={[
            { label: "Address" },
            { label: "Sale price", numeric: true },
            { label: "Sq ft", numeric: true },
            { label: "Adjustments", numeric: true },
            { label: "Adjusted $/sq ft", numeric: true },
          ]}
          rows={inputs.comps.map((comp) => [
            comp.address ?? "",
            formatMoney(comp.salePrice),
            comp.squareFeet.toLocaleString("en-US"),
            formatMoney(comp.adjustments ?? 0),
            formatMoney(adjustedPricePerSqFt(comp), { cents: true }),
          ])}
        />
      )}
    </>
  );
}
