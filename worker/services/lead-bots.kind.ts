/** Lead bots in Export Data and Import Data. */
import { LeadBotInputSchema } from "../../app/domain/marketing/bots";
import { publicRow } from "../db/queries";
import { leadBots, type LeadBotRow } from "../db/schema";
import { recordKind, usersRows } from "./record-kind";

export const leadBotKind = recordKind({
  name: "leadBots",
  table: leadBots,
  key: leadBots.id,
  exportQueries: usersRows(leadBots),
  exportRecords: ([rows]) => (rows as LeadBotRow[]).map((row) => publicRow(row)),
  input: LeadBotInputSchema,
});
