/**
 * Numbers, money, percentages, dates and addresses as the screens show them, and as people type
 * them back. Pure: no I/O. Amounts are US dollars; every screen formats through here so that the
 * deal analyzer, the lists and the exports agree to the cent.
 */

const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
const PLAIN = /^(\d+(\.\d*)?|\.\d+)$/;

/**
 * A number as people write it: `$125,000`, `125,000.50`, `7.5%`, ` 3 `, `-1,200`, `(1,200)`
 * (accounting negative). Null when the text is empty or not a number; thousands separators must
 * be in threes, so "1,5" (a decimal comma) is refused rather than misread as 15.
 */
export function parseNumberLike(text: string): number | null {
  let digits = text.replace(/\s+/g, "");
  if (!digits) return null;
  let negative = false;
  if (/^\(.*\)$/.test(digits)) {
    negative = true;
    digits = digits.slice(1, -1);
  }
  if (/^[-+]/.test(digits)) {
    negative = digits.startsWith("-") !== negative;
    digits = digits.slice(1);
  }
  digits = digits.replace(/^\$/, "").replace(/%$/, "");
  if (!GROUPED.test(digits) && !PLAIN.test(digits)) return null;
  const value = Number(digits.replace(/,/g, ""));
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

/** What a screen shows for a figure that has no value. */
export const DASH = "—";
const isNumber = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value);

/**
 * A formatter made on its first use, then kept. Making the first Intl formatter loads the locale's
 * data (about 15 ms): at the top of a module the Worker's start-up would pay for it, on every cold
 * isolate, even when no request formats anything.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/**
 * Date formatters by zone (undefined: the viewer's), each made on its first use, then kept: a
 * page formats several dates a row, an import thousands, and making a formatter costs more than
 * using it.
 */
export function perZone(options: Intl.DateTimeFormatOptions) {
  const made = new Map<string | undefined, Intl.DateTimeFormat>();
  return (zone: string | undefined) => {
    let format = made.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
      made.set(zone, format);
    }
    return format;
  };
}

const dollars = onFirstUse(
  () =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    }),
);
const cents = onFirstUse(
  () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }),
);

/** "$189,900" (whole dollars), or "$1,264.14" with `{ cents: true }`; "—" when there is none. */
export const formatMoney = (value: number | null | undefined, options: { cents?: boolean } = {}) =>
  isNumber(value) ? (options.cents ? cents : dollars)().format(value) : DASH;

const percents = new Map<number, Intl.NumberFormat>();

/** A percent number (7.5 means 7.5 %) as "7.5%", to at most `digits` decimals. */
export function formatPercent(value: number | null | undefined, digits = 2) {
  if (!isNumber(value)) return DASH;
  let format = percents.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { maximumFractionDigits: digits });
    percents.set(digits, format);
  }
  return `${format.format(value)}%`;
}

/** What `toLocaleString("en-US")` writes, without making a formatter for each number. */
const grouped = onFirstUse(() => new Intl.NumberFormat("en-US"));

/** "1,450" for counts and areas. */
export const formatCount = (value: number | null | undefined) =>
  isNumber(value) ? grouped().format(value) : DASH;

const mediumDate = perZone({ dateStyle: "medium" });

/** "Jan 15, 2027". A date-only value ("2027-01-15") is a calendar day, shown as such in any zone. */
export const formatDate = (value: string | Date | null | undefined) =>
  value
    ? mediumDate(
        typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? "UTC" : undefined,
      ).format(new Date(value))
    : DASH;

const dateTime = onFirstUse(
  () => new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }),
);

/** "Jan 15, 2027, 3:04 PM" in the viewer's time zone; "—" when there is none. */
export const formatDateTime = (value: string | Date | null | undefined) =>
  value ? dateTime().format(new Date(value)) : DASH;

/** "12 Oak St, Dayton, OH 45402" from whichever parts a record has; "" when it has none. */
export const formatAddress = (parts: {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}) =>
  [parts.address, parts.city, [parts.state, parts.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
