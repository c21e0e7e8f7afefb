/**
 * Dates as the API and the forms take them, within the years of date-bounds.ts: a calendar day and
 * an instant with its offset. Pure: no I/O.
 */
import { z } from "zod";
import { withinYears, YEAR_RANGE_MESSAGE } from "./date-bounds";
import { isIsoDay } from "./dates";

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
