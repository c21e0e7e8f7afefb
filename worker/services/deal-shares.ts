/**
 * Read-only links to an analysis (issue 29): made, listed and revoked by the deal's owner; read
 * by anyone with the token, who sees that analysis and its property's address, nothing else.
 */
import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { nowIso } from "../db/queries";
import { dealShares, deals, properties } from "../db/schema";
import { invalidFields } from "../errors";
import { randomToken } from "./crypto";
import { findDeal } from "./deals";

/** 128 random bits: as unguessable as a session id. */
const TOKEN_BYTES = 16;
/** The path of a link's page. */
export const sharePath = (token: string) => `/share/${token}`;

const live = () => or(isNull(dealShares.expiresAt), gt(dealShares.expiresAt, nowIso()));

const toShare = (row: {
  token: string;
  dealId: string;
  expiresAt: string | null;
  createdAt: string;
  dealName: string;
}) => ({
  ...row,
  path: sharePath(row.token),
});

/** A new link to the user's deal (404 if it is not theirs); `expiresAt` must be in the future. */
export async function createShare(
  db: Database,
  userId: string,
  dealId: string,
  { expiresAt }: { expiresAt?: string | null },
) {
  const deal = await findDeal(db, userId, dealId);
  const expires = expiresAt ? new Date(expiresAt).toISOString() : null;
  if (expires && expires <= nowIso())
    throw invalidFields([{ field: "expiresAt", message: "Choose a time in the future" }]);
  const [row] = await db
    .insert(dealShares)
    .values({ token: randomToken(TOKEN_BYTES), userId, dealId: deal.id, expiresAt: expires })
    .returning();
  return toShare({ ...row!, dealName: deal.name });
}

/** The user's live links, newest first, each with its deal's name. */
export async function listShares(db: Database, userId: string, dealId?: string) {
  const rows = await db
    .select({
      token: dealShares.token,
      dealId: dealShares.dealId,
      expiresAt: dealShares.expiresAt,
      createdAt: dealShares.createdAt,
      dealName: deals.name,
    })
    .from(dealShares)
    .innerJoin(deals, and(eq(deals.id, dealShares.dealId), eq(deals.userId, dealShares.userId)))
    .where(
      and(
        eq(dealShares.userId, userId),
        dealId ? eq(dealShares.dealId, dealId) : undefined,
        live(),
      ),
    )
    .orderBy(desc(dealShares.createdAt), desc(dealShares.token));
  return rows.map(toShare);
}

/** Revokes every link to the user's deal (404 if it is not theirs): their pages answer 404. */
export async function revokeShares(db: Database, userId: string, dealId: string) {
  const deal = await findDeal(db, userId, dealId);
  const revoked = await db
    .delete(dealShares)
    .where(and(eq(dealShares.userId, userId), eq(dealShares.dealId, deal.id)))
    .returning({ token: dealShares.token });
  return { revoked: revoked.length };
}

/**
 * What a live link shows: its deal's name, strategy and inputs, and its property's address (the
 * owner's own property only); null for a token unknown, revoked or expired.
 */
export async function sharedDeal(db: Database, token: string) {
  const [row] = await db
    .select({
      name: deals.name,
      strategy: deals.strategy,
      inputs: deals.inputs,
      address: properties.address,
    })
    .from(dealShares)
    .innerJoin(deals, and(eq(deals.id, dealShares.dealId), eq(deals.userId, dealShares.userId)))
    .leftJoin(
      properties,
      and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)),
    )
    .where(and(eq(dealShares.token, token), live()))
    .limit(1);
  return row ?? null;
}
