/** Campaigns in Export Data and Import Data. */
import { CampaignInputSchema } from "../../app/domain/marketing/campaigns";
import { publicRow } from "../db/queries";
import { campaigns, type CampaignRow } from "../db/schema";
import { recordKind, usersRows } from "./record-kind";

export const campaignKind = recordKind({
  name: "campaigns",
  table: campaigns,
  key: campaigns.id,
  exportQueries: usersRows(campaigns),
  exportRecords: ([rows]) => (rows as CampaignRow[]).map((row) => publicRow(row)),
  input: CampaignInputSchema,
});
