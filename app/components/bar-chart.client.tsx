/**
 * A bar chart of one series (the lead funnel, the pipeline, cash flow by property), horizontal or
 * upright. Browser-only (`.client`), loaded on demand with Chart.js (docs/decisions/0009),
 * registering only the parts it draws. The caller shows the same figures in a table or list, and
 * `summary` says them in a sentence for screen readers.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";
import { useTheme } from "~/lib/theme";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** A colour of the page's palette (app.css), as the theme has it now. */
const paletteColor = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim();

export interface BarChartProps {
  labels: readonly string[];
  values: readonly number[];
  /** How a value reads ("$1,200", "12 leads"). */
  format: (value: number) => string;
  summary: string;
  horizontal?: boolean;
  /** Bars below zero in the danger colour (cash flow). */
  signed?: boolean;
  height?: number;
}

export default function BarChart(props: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { theme } = useTheme();
  const { labels, values, format, horizontal, signed } = props;

  useEffect(() => {
    if (!canvas.current) return;
    const [accent, danger, muted, line] = ["accent", "danger", "muted", "line"].map(paletteColor);
    const valueAxis = horizontal ? "x" : "y";
    const chart = new Chart(canvas.current, {
      type: "bar",
      data: {
        labels: [...labels],
        datasets: [
          {
            data: [...values],
            backgroundColor: values.map((v) => (signed && v < 0 ? danger : accent)),
            borderRadius: 4,
          },
        ],
      },
      options: {
        indexAxis: horizontal ? "y" : "x",
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => format(Number(item.raw)) } },
        },
        scales: {
          x: {
            grid: { color: line },
            ticks: {
              color: muted,
              ...(valueAxis === "x" && { callback: (value) => format(Number(value)) }),
            },
          },
          y: {
            grid: { color: line },
            ticks: {
              color: muted,
              ...(valueAxis === "y" && { callback: (value) => format(Number(value)) }),
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, values, format, horizontal, signed, theme]);

  return (
    <div className="relative" style={{ height: props.height ?? 224 }}>
      <canvas ref={canvas} role="img" aria-label={props.summary} />
    </div>
  );
}
