/**
 * Campaigns and the figures worked out from the leads that name them: cost per lead, deals closed,
 * return on spend, and the funnel of lead statuses. Pure: no I/O.
 */
import { z } from "zod";
import { isoDate, money, optionalText, requiredText } from "../workspace";
import { CAMPAIGN_CHANNELS, CAMPAIGN_STATUSES } from "./campaign-terms";

export * from "./campaign-terms";

export const CampaignInputSchema = z
  .object({
    name: requiredText(200, "Give the campaign a name"),
    channel: z.enum(CAMPAIGN_CHANNELS),
    status: z.enum(CAMPAIGN_STATUSES).default("planned"),
    budget: money,
    spend: money,
    startOn: isoDate,
    endOn: isoDate,
    notes: optionalText(5000),
  })
  .refine((c) => !c.startOn || !c.endOn || c.endOn >= c.startOn, {
    error: "The end date is before the start",
    path: ["endOn"],
  });
export type CampaignInput = z.infer<typeof CampaignInputSchema>;
