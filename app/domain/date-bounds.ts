/**
 * The years AI42 takes dates in. A sale, an event, a follow-up or a closing is dated 1900 to 2100:
 * outside that it is a typing slip (year 0001, 9999-12-31), and such dates broke the screens
 * ("Sale in 2912114 d", a calendar week it could not list). Pure: no I/O.
 */
import { z } from "zod";
import { isIsoDay } from "./dates";

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

/** A calendar day, "2027-03-31", that exists and is within the years. */
export const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2027-03-31", abort: true })
  .refine(isIsoDay, { error: "Not a real date", abort: true })
  .refine((value) => withinYears(value), { error: YEAR_RANGE_MESSAGE });

/** An instant with its offset ("2027-03-31T10:00:00-04:00"), dated within the years. */
export const instantWithin = (error: z.core.$ZodErrorMap | string) =>
  z.iso
    .datetime({ offset: true, error })
    .refine((value) => withinYears(value), { error: YEAR_RANGE_MESSAGE });
