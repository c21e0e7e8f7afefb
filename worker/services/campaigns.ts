/** Campaigns: CRUD, each with its figures worked out from the leads that name it. */
import { desc, eq } from "drizzle-orm";
import type { CampaignInput } from "../../app/domain/marketing/campaigns";
import type { Database } from "../db/client";
import {
  deleteOwned,
  findOwned,
  missedChange,
  nextVersion,
  ownedAt,
  publicRow,
  type IfVersion,
} from "../db/queries";
import { campaigns, type CampaignRow } from "../db/schema";
import { figuresByCampaign } from "./leads";

async function withFigures(db: Database, userId: string, rows: CampaignRow[]) {
  const figures = await figuresByCampaign(db, userId, rows);
  return rows.map((row) => ({ ...publicRow(row), figures: figures.get(row.id)! }));
}

/** The user's campaigns, newest first, with their figures. */
export async function listCampaigns(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return withFigures(db, userId, rows);
}

/**
 * The user's campaigns as a form or a filter offers them (name and channel), newest first: no
 * figures, which would read every lead of every campaign.
 */
export function campaignChoices(db: Database, userId: string) {
  return db
    .select({ id: campaigns.id, name: campaigns.name, channel: campaigns.channel })
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
}

export async function getCampaign(db: Database, userId: string, id: string) {
  const row = await findOwned(db, campaigns, userId, id, "Campaign");
  return (await withFigures(db, userId, [row]))[0]!;
}

export async function createCampaign(db: Database, userId: string, input: CampaignInput) {
  const [row] = await db
    .insert(campaigns)
    .values({ ...input, userId })
    .returning();
  return (await withFigures(db, userId, [row!]))[0]!;
}

/** Replaces the campaign's fields (PUT); only at one of `ifVersion` when given (else 412). */
export async function updateCampaign(
  db: Database,
  userId: string,
  id: string,
  input: CampaignInput,
  ifVersion?: IfVersion,
) {
  const [row] = await db
    .update(campaigns)
    .set({ ...input, updatedAt: nextVersion(campaigns.updatedAt) })
    .where(ownedAt(campaigns, userId, id, ifVersion))
    .returning();
  if (!row) {
    throw await missedChange(db, campaigns, userId, id, "Campaign", { ifVersion, show: publicRow });
  }
  return (await withFigures(db, userId, [row]))[0]!;
}

/** Deletes the campaign; its leads stay, no longer attributed to it. */
export const deleteCampaign = async (
  db: Database,
  userId: string,
  id: string,
  ifVersion?: IfVersion,
) =>
  publicRow(
    await deleteOwned(db, campaigns, userId, id, "Campaign", { ifVersion, show: publicRow }),
  );
