/**
 * The page a shared link opens (issue 29): the analysis as the printed report shows it — every
 * figure with its formula, the rules, the units, rehab items and comps — and the property's
 * address, as one HTML document with its styles inline and no scripts. Everything the user typed
 * is escaped. Pure: no I/O.
 */
import { z } from "zod";
import { instantWithin } from "../date-schemas";
import { formatMoney } from "../format";
import { label } from "../workspace-terms";
import { analyzeDeal } from "./analyze";
import { explainDeal, type MetricExplanation } from "./formulas";
import { adjustedPricePerSqFt } from "./itemized";
import { ruleChecks } from "./judge";
import type { DealInputs, Strategy } from "./types";

/** `POST /api/deals/{id}/share`: an optional expiry, an instant in the future. */
export const DealShareInputSchema = z.object({
  expiresAt: instantWithin("Use a time like 2027-03-31T18:00:00Z")
    .nullish()
    .transform((value) => value ?? null),
});

export interface SharedDeal<S extends Strategy = Strategy> {
  name: string;
  strategy: S;
  inputs: DealInputs[S];
  /** The property's address, when the analysis is about one. */
  address: string | null;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const cell = (text: string | number, numeric = false) =>
  `<td${numeric ? ' class="n"' : ""}>${escapeHtml(String(text))}</td>`;

function table(caption: string, headers: string[], rows: string[][]) {
  if (!rows.length) return "";
  return `<h2>${escapeHtml(caption)}</h2><table><thead><tr>${headers
    .map((header) => `<th>${escapeHtml(header)}</th>`)
    .join(
      "",
    )}</tr></thead><tbody>${rows.map((row) => `<tr>${row.join("")}</tr>`).join("")}</tbody></table>`;
}

const optional = (value: number | undefined, show: (value: number) => string = String) =>
  value === undefined ? "" : show(value);

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111;background:#fff}
h1{font-size:1.5rem;margin:0}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}p{margin:.25rem 0}
table{width:100%;border-collapse:collapse}th,td{text-align:left;vertical-align:top;padding:.2rem .5rem .2rem 0;border-bottom:1px solid #ddd}
td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}.f{font-family:ui-monospace,monospace;font-size:12px}
footer{margin-top:2rem;color:#555;font-size:12px}`;

/** The whole report page for a shared analysis. */
export function sharedReportHtml(deal: SharedDeal) {
  const { strategy, inputs } = deal;
  const analysis = analyzeDeal(strategy, inputs);
  const explained = explainDeal(strategy, inputs, analysis) as Record<string, MetricExplanation>;
  const rentToPrice =
    "rentToPricePct" in analysis.metrics ? analysis.metrics.rentToPricePct : undefined;
  const checks = ruleChecks(strategy, inputs, rentToPrice);
  const itemized = inputs as Partial<DealInputs["rental"]>;
  const title = deal.name || "Deal analysis";
  const figures = Object.values(explained).map((metric) => [
    `<th scope="row">${escapeHtml(metric.label)}</th>`,
    cell(metric.value, true),
    `<td class="f">${escapeHtml(metric.reason ? `No value: ${metric.reason}` : metric.formula)}</td>`,
  ]);
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(
      [`${label(strategy)} analysis`, deal.address].filter(Boolean).join(" · "),
    )}</p>`,
    ...checks.map(
      (check) =>
        `<p>${escapeHtml(`${check.label}: ${check.pass ? "pass" : "fail"} (${check.detail})`)}</p>`,
    ),
    table("Figures", ["Metric", "Value", "Formula"], figures),
    table(
      "Units",
      ["Unit", "Beds", "Baths", "Rent", "Market rent"],
      (itemized.units ?? []).map((unit) => [
        cell(unit.name),
        cell(optional(unit.beds), true),
        cell(optional(unit.baths), true),
        cell(formatMoney(unit.monthlyRent), true),
        cell(optional(unit.marketRent, formatMoney), true),
      ]),
    ),
    table(
      "Rehab",
      ["Category", "Description", "Quantity", "Unit cost", "Line"],
      (itemized.rehabItems ?? []).map((item) => [
        cell(item.category),
        cell(item.description ?? ""),
        cell(item.quantity ?? 1, true),
        cell(formatMoney(item.unitCost, { cents: true }), true),
        cell(formatMoney((item.quantity ?? 1) * item.unitCost), true),
      ]),
    ),
    table(
      "Comps",
      ["Address", "Sale price", "Sq ft", "Adjustments", "Adjusted $/sq ft"],
      (itemized.comps ?? []).map((comp) => [
        cell(comp.address ?? ""),
        cell(formatMoney(comp.salePrice), true),
        cell(comp.squareFeet, true),
        cell(formatMoney(comp.adjustments ?? 0), true),
        cell(formatMoney(adjustedPricePerSqFt(comp), { cents: true }), true),
      ]),
    ),
    `<footer>A read-only analysis shared from AI42.</footer>`,
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body.join("")}</main></body></html>`;
}
