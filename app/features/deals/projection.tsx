/** The hold year by year (chart and table) and the loan's amortisation schedule. */
import { lazy, Suspense, useMemo, useState } from "react";
import { Skeleton } from "~/components/skeleton";
import { amortizationSchedule, yearlySchedule, type LoanTerms } from "~/domain/deals/finance";
import { equityOf } from "~/domain/deals/analyze";
import type { YearRow } from "~/domain/deals/types";
import { formatMoney } from "~/domain/format";
import { useHydrated } from "~/lib/use-hydrated";

const ProjectionChart = lazy(() => import("./projection-chart.client"));

const NUMBER = "px-3 py-2 text-right tabular-nums";
/** A table's head: the row's name, then its figures, right-aligned. */
function HeaderRow(props: { first: string; figures: readonly string[]; sticky?: boolean }) {
  return (
    <thead className={props.sticky ? "sticky top-0 bg-raised" : "bg-raised"}>
      <tr>
        <th scope="col" className="px-3 py-2 text-left font-medium text-muted">
          {props.first}
        </th>
        {props.figures.map((figure) => (
          <th key={figure} scope="col" className="px-3 py-2 text-right font-medium text-muted">
            {figure}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function ProjectionTable(props: { years: readonly YearRow[] }) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="projection-title" className="space-y-3">
      <h3 id="projection-title" className="text-sm font-semibold">
        Projection
      </h3>
      {hydrated && (
        <Suspense fallback={<Skeleton variant="default" />}>
          <ProjectionChart years={props.years} />
        </Suspense>
      )}
      {/* Focusable, so a keyboard scrolls it where it is wider than a phone. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Projection by year"
        className="overflow-x-auto rounded-xl border border-line"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Each year of the hold</caption>
          <HeaderRow
            first="Year"
            figures={["NOI", "Cash flow", "Value", "Loan balance", "Equity"]}
          />
          <tbody className="divide-y divide-line">
            {props.years.map((row) => (
              <tr key={row.year}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {row.year}
                </th>
                <td className={NUMBER}>{formatMoney(row.noi)}</td>
                <td className={`${NUMBER} ${row.cashFlow < 0 ? "text-danger" : ""}`}>
                  {formatMoney(row.cashFlow)}
                </td>
                <td className={NUMBER}>{formatMoney(row.propertyValue)}</td>
                <td className={NUMBER}>{formatMoney(row.loanBalance)}</td>
                <td className={NUMBER}>{formatMoney(equityOf(row))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function AmortizationSchedule(props: { loan: LoanTerms | null; title: string }) {
  const [monthly, setMonthly] = useState(false);
  const rows = useMemo(
    () =>
      monthly
        ? amortizationSchedule(props.loan).map((row) => ({ ...row, label: `Month ${row.month}` }))
        : yearlySchedule(props.loan).map((row) => ({ ...row, label: `Year ${row.year}` })),
    [props.loan, monthly],
  );
  if (!props.loan) return null;
  return (
    <section aria-labelledby="schedule-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="schedule-title" className="text-sm font-semibold">
          {props.title}
        </h3>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={monthly}
            onChange={(event) => setMonthly(event.target.checked)}
            className="accent-[var(--accent)]"
          />
          Every month
        </label>
      </div>
      <div
        tabIndex={0}
        role="region"
        aria-label={props.title}
        className="max-h-96 overflow-auto rounded-xl border border-line"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">
            {props.title}, {monthly ? "month by month" : "year by year"}
          </caption>
          <HeaderRow
            first={monthly ? "Month" : "Year"}
            figures={["Payments", "Interest", "Principal", "Balance"]}
            sticky
          />
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {row.label}
                </th>
                <td className={NUMBER}>{formatMoney(row.payment, { cents: true })}</td>
                <td className={NUMBER}>{formatMoney(row.interest, { cents: true })}</td>
                <td className={NUMBER}>{formatMoney(row.principal, { cents: true })}</td>
                <td className={NUMBER}>{formatMoney(row.balance, { cents: true })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
