/**
 * The projection's chart: cash flow by year as bars, equity and the loan balance as lines.
 * Browser-only (`.client`) and loaded on demand with Chart.js (docs/decisions/0009), registering
 * only the parts it draws. The table beside it holds the same figures for screen readers.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";
import { useEffect, useRef } from "react";
import { equityOf } from "~/domain/deals/analyze";
import type { YearRow } from "~/domain/deals/types";
import { formatMoney } from "~/domain/format";
import { useTheme } from "~/lib/theme";

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** A colour of the page's palette (app.css), as the theme has it now. */
const paletteColor = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim();

export default function ProjectionChart(props: { years: readonly YearRow[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { theme } = useTheme();

  useEffect(() => {
    if (!canvas.current) return;
    const [accent, success, danger, muted, line] = [
      "accent",
      "success",
      "danger",
      "muted",
      "line",
    ].map(paletteColor);
    const chart = new Chart(canvas.current, {
      data: {
        labels: props.years.map((row) => `Year ${row.year}`),
        datasets: [
          {
            type: "bar",
            label: "Cash flow",
            data: props.years.map((row) => row.cashFlow),
            backgroundColor: props.years.map((row) => (row.cashFlow < 0 ? danger : success)),
            yAxisID: "flow",
          },
          {
            type: "line",
            label: "Equity",
            data: props.years.map((row) => equityOf(row)),
            borderColor: accent,
            backgroundColor: accent,
            yAxisID: "amount",
          },
          {
            type: "line",
            label: "Loan balance",
            data: props.years.map((row) => row.loanBalance),
            borderColor: muted,
            backgroundColor: muted,
            borderDash: [6, 4],
            yAxisID: "amount",
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        color: muted,
        interaction: { mode: "index", intersect: false },
        plugins: {
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label}: ${formatMoney(item.parsed.y)}` },
          },
        },
        scales: {
          x: { grid: { color: line }, ticks: { color: muted } },
          flow: {
            position: "left",
            grid: { color: line },
            ticks: { color: muted, callback: (value) => formatMoney(Number(value)) },
            title: { display: true, text: "Cash flow / year", color: muted },
          },
          amount: {
            position: "right",
            grid: { drawOnChartArea: false },
            ticks: { color: muted, callback: (value) => formatMoney(Number(value)) },
            title: { display: true, text: "Equity and loan", color: muted },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [props.years, theme]);

  const last = props.years.at(-1);
  const summary = last
    ? `Chart of cash flow, equity and loan balance over ${props.years.length} years; in year ${last.year}: cash flow ${formatMoney(last.cashFlow)}, equity ${formatMoney(equityOf(last))}, loan ${formatMoney(last.loanBalance)}. The table below lists every year.`
    : "No years to chart";
  return (
    <div className="relative h-64">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
