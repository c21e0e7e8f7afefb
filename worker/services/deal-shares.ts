/**
 * Read-only links to a saved analysis: the owner makes, lists and revokes them; anyone with a live
 * link's token reads that analysis as its printed report, and nothing else of the user's (the
 * property's address is the one other thing it shows).
 */
import { database } from "../db/client";
import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { analyzeDeal } from "../../app/domain/deals/analyze";
import { judgeCriteria, NO_CRITERIA, type CriteriaVerdict } from "../../app/domain/deals/criteria";
import type { Strategy, DealInputs } from "../../app/domain/deals/types";
import { formatAddress } from "../../app/domain/format";
import type { Database } from "../db/client";
import { findOwned, inJsonList, nowIso } from "../db/queries";
import {
  dealCriteria,
  deals,
  dealShares,
  properties,
  shareLinks,
  type DealShareRow,
} from "../db/schema";
import { recordsD1 } from "../workspace-database";
import { invalidFields, notFound } from "../errors";
import type { Env } from "../env";
import { randomToken } from "./crypto";
import { clientAddress } from "./login-throttle";

/** The page a link opens, under the app's origin. */
export const sharedDealPath = (token: string) => `/shared/${token}`;

/** A link as its owner sees it. */
export interface DealShare {
  id: string;
  dealId: string;
  token: string;
  /** The link itself, absolute. */
  url: string;
  expiresAt: string | null;
  createdAt: string;
}

const toShare = (row: DealShareRow, origin: string): DealShare => ({
  id: row.id,
  dealId: row.dealId,
  token: row.token,
  url: new URL(sharedDealPath(row.token), origin).href,
  expiresAt: row.expiresAt,
  createdAt: row.createdAt,
});

const live = (now: string) => or(isNull(dealShares.expiresAt), gt(dealShares.expiresAt, now));

/** A new link to the user's analysis; `expiresAt` (an instant) must be in the future. */
export async function createDealShare(
  db: Database,
  userId: string,
  dealId: string,
  input: { expiresAt?: string | null },
  origin: string,
) {
  await findOwned(db, deals, userId, dealId, "Deal");
  const now = nowIso();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  if (expiresAt && expiresAt <= now) {
    throw invalidFields([{ field: "expiresAt", message: "must be in the future" }]);
  }
  const token = randomToken();
  // The link's token in the directory too, where `/shared/<token>` finds its workspace; first, so
  // that where the two are not one transaction (a moved workspace's share is in its object) a
  // failure between leaves a token that opens nothing rather than a share no link opens.
  const [, [row]] = await db.batch([
    db.insert(shareLinks).values({ token, workspaceId: userId, createdAt: now }),
    db.insert(dealShares).values({ userId, dealId, token, expiresAt, createdAt: now }).returning(),
  ]);
  return toShare(row!, origin);
}

/** The analysis's links that still open, newest first. */
export async function listDealShares(db: Database, userId: string, dealId: string, origin: string) {
  await findOwned(db, deals, userId, dealId, "Deal");
  const rows = await db
    .select()
    .from(dealShares)
    .where(and(eq(dealShares.userId, userId), eq(dealShares.dealId, dealId), live(nowIso())))
    .orderBy(desc(dealShares.createdAt), desc(dealShares.id));
  return rows.map((row) => toShare(row, origin));
}

/**
 * Revokes one link of the analysis, or with no `shareId` every link it has; the links open
 * nothing from then on. 404 when there was nothing of the user's to revoke.
 */
export async function revokeDealShares(
  db: Database,
  userId: string,
  dealId: string,
  shareId?: string,
) {
  const revoked = await db
    .delete(dealShares)
    .where(
      and(
        eq(dealShares.userId, userId),
        eq(dealShares.dealId, dealId),
        shareId === undefined ? undefined : eq(dealShares.id, shareId),
      ),
    )
    .returning({ id: dealShares.id, token: dealShares.token });
  if (revoked.length === 0) throw notFound("Link");
  // The directory forgets the links' tokens too.
  await db.delete(shareLinks).where(
    inJsonList(
      shareLinks.token,
      revoked.map((row) => row.token),
    ),
  );
  return revoked.map((row) => row.id);
}

/** What a shared link shows. */
export interface SharedDeal {
  name: string;
  strategy: Strategy;
  inputs: DealInputs[Strategy];
  /** The property's address, when the analysis is about one. */
  address: string;
  expiresAt: string | null;
  /** How it measures up to the owner's buy box: the criteria that apply to it, not the others. */
  buyBox: CriteriaVerdict;
}

/** The analysis a live link opens, or null (unknown, revoked or expired: all alike). */
export async function sharedDeal(db: Database, token: string): Promise<SharedDeal | null> {
  const [row] = await db
    .select({
      name: deals.name,
      strategy: deals.strategy,
      inputs: deals.inputs,
      expiresAt: dealShares.expiresAt,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      zip: properties.zip,
      criteria: dealCriteria,
    })
    .from(dealShares)
    .innerJoin(deals, and(eq(deals.id, dealShares.dealId), eq(deals.userId, dealShares.userId)))
    .leftJoin(dealCriteria, eq(dealCriteria.userId, dealShares.userId))
    .leftJoin(
      properties,
      and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)),
    )
    .where(and(eq(dealShares.token, token), live(nowIso())))
    .limit(1);
  if (!row) return null;
  const {
    userId: _user,
    updatedAt: _updated,
    ...criteria
  } = row.criteria ?? {
    ...NO_CRITERIA,
    userId: null,
    updatedAt: null,
  };
  const { metrics } = analyzeDeal(row.strategy, row.inputs);
  return {
    name: row.name,
    strategy: row.strategy,
    inputs: row.inputs,
    address: row.address ? formatAddress(row) : "",
    expiresAt: row.expiresAt,
    buyBox: judgeCriteria(row.strategy, row.inputs, metrics, criteria),
  };
}

export type SharedDealPage =
  { limited: true; deal: null } | { limited: false; deal: SharedDeal | null };

/**
 * A shared link's page, as its loader asks for it: the analysis, null when the link opens
 * nothing, or `limited` when this client address has opened too many links in the last minute
 * (wrangler.toml's SHARED_LINK_LIMITER; tokens cannot be guessed, this slows anyone trying).
 */
export async function openSharedDeal(
  env: Env,
  request: Request,
  token: string,
): Promise<SharedDealPage> {
  const limiter = env.SHARED_LINK_LIMITER;
  if (limiter && !(await limiter.limit({ key: clientAddress(request) })).success) {
    return { limited: true, deal: null };
  }
  // The workspace the link belongs to, from the directory; its analysis where its records are.
  const [link] = await database(env.DB)
    .select({ workspaceId: shareLinks.workspaceId })
    .from(shareLinks)
    .where(eq(shareLinks.token, token))
    .limit(1);
  if (!link) return { limited: false, deal: null };
  const records = database(await recordsD1(env, link.workspaceId));
  return { limited: false, deal: await sharedDeal(records, token) };
}
