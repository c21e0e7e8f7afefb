/**
 * The years AI42 takes dates in. A sale, an event, a follow-up or a closing is dated 1900 to 2100:
 * outside that it is a typing slip (year 0001, 9999-12-31), and such dates broke the screens
 * ("Sale in 2912114 d", a calendar week it could not list). Their schemas are in
 * date-schemas.ts, so a screen that shows the bounds downloads no zod. Pure: no I/O.
 */

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

export const YEAR_RANGE_MESSAGE = `Use a date between ${MIN_YEAR} and ${MAX_YEAR}`;

/**
 * Whether an ISO date or date-time ("2027-03-31", "2027-03-31T10:00:00-04:00") is dated within
 * the years, as written (its own year, whatever its offset).
 */
export const withinYears = (iso: string, min = MIN_YEAR, max = MAX_YEAR) => {
  const year = Number(iso.slice(0, 4));
  return year >= min && year <= max;
};

/**
 * The bounds of what a calendar can show: the weeks around the first and last day of the years
 * (a week view of 1 January 1900 starts in December 1899).
 */
export const SHOWN_YEARS = { min: MIN_YEAR - 1, max: MAX_YEAR + 1 } as const;
