/**
 * The apps a user connected through OAuth: their grants, as the OAuth provider keeps them in
 * OAUTH_KV, listed beside the personal access tokens and revocable at once (the grant and every
 * token issued under it).
 */
import type { GrantSummary, OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import { accessScopeOf } from "../../app/domain/access";
import { isoAt } from "../db/queries";
import { notFound } from "../errors";

/** What completing an authorization stores with the grant, for this list. */
export interface GrantMetadata {
  clientName: string;
}

/** At most this many grants are listed (a user connects a handful of apps). */
const MAX_LISTED = 200;

export function publicConnectedApp(grant: GrantSummary) {
  const metadata = (grant.metadata ?? {}) as Partial<GrantMetadata>;
  return {
    id: grant.id,
    client_id: grant.clientId,
    client_name: metadata.clientName ?? grant.clientId,
    scope: accessScopeOf(grant.scope),
    created_at: isoAt(grant.createdAt * 1000),
    expires_at: grant.expiresAt ? isoAt(grant.expiresAt * 1000) : null,
  };
}
export type ConnectedApp = ReturnType<typeof publicConnectedApp>;

async function grantsOf(oauth: OAuthHelpers, userId: string) {
  const grants: GrantSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await oauth.listUserGrants(userId, { cursor, limit: 100 });
    grants.push(...page.items);
    cursor = page.cursor;
  } while (cursor && grants.length < MAX_LISTED);
  return grants;
}

export async function listConnectedApps(oauth: OAuthHelpers, userId: string) {
  const grants = await grantsOf(oauth, userId);
  return grants.map(publicConnectedApp).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Revokes one of the user's grants; another user's (or no) grant answers 404. */
export async function revokeConnectedApp(oauth: OAuthHelpers, userId: string, grantId: string) {
  const grants = await grantsOf(oauth, userId);
  if (!grants.some((grant) => grant.id === grantId)) throw notFound("Connected app");
  await oauth.revokeGrant(grantId, userId);
  return { id: grantId };
}

/** Revokes every grant of the user, each with its tokens (a new password: every app connects again). */
export async function revokeAllConnectedApps(oauth: OAuthHelpers, userId: string) {
  let cursor: string | undefined;
  do {
    const page = await oauth.listUserGrants(userId, { cursor, limit: 100 });
    await Promise.all(page.items.map((grant) => oauth.revokeGrant(grant.id, userId)));
    cursor = page.cursor;
  } while (cursor);
}
