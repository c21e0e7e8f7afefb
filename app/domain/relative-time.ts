/**
 * How long ago something happened, in words ("5 minutes ago"), for the notifications. Apart from
 * format.ts, which every page carries: only the bell's panel and the preferences use it. Pure.
 */
import { formatDate, onFirstUse } from "./format";

const relative = onFirstUse(() => new Intl.RelativeTimeFormat("en-US", { numeric: "auto" }));
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Infinity],
];

/** "just now", "5 minutes ago", "yesterday", "in 2 hours": `value` seen from `now`. */
export function formatRelative(value: string | Date, now: number = Date.now()) {
  let amount = (new Date(value).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return "just now";
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relative().format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(value);
}
