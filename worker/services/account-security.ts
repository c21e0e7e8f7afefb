/**
 * A new password, by a reset link or by the signed-in owner: whoever knew the old one may have
 * signed in, made a personal access token or connected an AI app with it, so all three end with
 * it. Otherwise a taken-over account stays open to its taker after its owner takes it back.
 */
import { eq } from "drizzle-orm";
import { database } from "../db/client";
import { users, type UserRow } from "../db/schema";
import type { Env } from "../env";
import { grantHelpers } from "../mcp/oauth";
import { queueAccountEmail } from "./account-emails";
import { revokeAllAccessTokens } from "./access-tokens";
import { revokeAllConnectedApps } from "./connected-apps";
import { clearAccountFailures } from "./login-throttle";
import { hashPassword } from "./passwords";
import { revokeAllSessions } from "./sessions";

/** Ends every session, personal access token and OAuth grant (with its tokens) of the user. */
export async function signOutEverywhere(env: Env, userId: string) {
  await Promise.all([
    revokeAllSessions(env, userId),
    revokeAllAccessTokens(database(env.DB), userId),
    grantHelpers(env).then((oauth) => revokeAllConnectedApps(oauth, userId)),
  ]);
}

/**
 * Sets the password and signs out everywhere, forgives the account's failed sign-ins and e-mails
 * the owner that it changed. A reset link proves the address is the owner's: it confirms it.
 */
export async function setNewPassword(
  env: Env,
  user: Pick<UserRow, "id" | "email" | "emailConfirmedAt">,
  password: string,
  via: { reset: boolean; origin: string | null; waitUntil: (work: Promise<unknown>) => void },
) {
  const now = new Date().toISOString();
  await database(env.DB)
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      updatedAt: now,
      ...(via.reset && !user.emailConfirmedAt ? { emailConfirmedAt: now } : {}),
    })
    .where(eq(users.id, user.id));
  await signOutEverywhere(env, user.id);
  await clearAccountFailures(env.DB, user.email);
  if (via.origin)
    await queueAccountEmail(
      env,
      { type: "account-email", kind: "password-changed", userId: user.id, origin: via.origin },
      via.waitUntil,
    );
}
