// How the measures compute and print their figures.
import { performance } from "node:perf_hooks";

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Milliseconds since the epoch with sub-millisecond precision, comparable across this process. */
export const clock = () => performance.timeOrigin + performance.now();

export const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** The nearest-rank percentile (`p` in 0–100). */
export function percentile(values, p) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];
}
