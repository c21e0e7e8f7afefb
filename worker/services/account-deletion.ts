/**
 * Deleting one's account: the person's own workspace with every record and file in it, their
 * memberships of others' workspaces, their sessions, access tokens, connected AI apps and Google
 * connection. A team's workspace must not be left without an owner: while the person is the only
 * owner of one, nothing is deleted, and the answer names the teams to hand over (make another
 * member an owner) or delete first. The account's row goes first, in one statement that checks
 * it may; what lives outside D1 (the files' bytes in R2, the grant at Google) is let go only once
 * it has.
 */
import { and, eq, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { database, type Database } from "../db/client";
import { chunk } from "../db/queries";
import { users, workspaceMembers, workspaces } from "../db/schema";
import type { Env } from "../env";
import { AppError } from "../errors";
import { signOutEverywhere } from "./account-security";
import { storedObjectKeys } from "./files";
import { revokeAtGoogle, storedGoogleGrant } from "./google";
import { clearAccountFailures } from "./login-throttle";
import { confirmPassword } from "./sign-in";
import { findUserById } from "./users";
import { membersChanged, recordsD1, workspaceDeleted } from "../workspace-database";

/** R2 deletes at most 1,000 keys a call. */
const R2_DELETE_KEYS = 1000;

const otherOwner = alias(workspaceMembers, "other_owner");

/**
 * The teams `personId` alone owns: their membership as an owner of a workspace not their own, with
 * no other owner beside them. Read by `workspace_members_user`, then each team's owners by its key.
 */
const soleOwnerships = (db: Database, personId: string) =>
  and(
    eq(workspaceMembers.userId, personId),
    eq(workspaceMembers.role, "owner"),
    ne(workspaceMembers.workspaceId, personId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(otherOwner)
        .where(
          and(
            eq(otherOwner.workspaceId, workspaceMembers.workspaceId),
            eq(otherOwner.role, "owner"),
            ne(otherOwner.userId, personId),
          ),
        ),
    ),
  )!;

/** The team workspaces the person is the only owner of, by name. */
export async function teamsOnlyOwnedBy(db: Database, personId: string) {
  return db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(soleOwnerships(db, personId))
    .orderBy(workspaces.name);
}

const ownsTeams = (teams: { id: string; name: string }[]) =>
  new AppError(
    409,
    "OWNS_WORKSPACES",
    `Hand over or delete ${teams.length === 1 ? "your team workspace" : "your team workspaces"} first: ${teams.map((team) => team.name).join(", ")}. Make another member an owner on Team, or delete the workspace there.`,
    teams,
  );

/**
 * Deletes the account of the signed-in person, who confirms it with their password. A wrong
 * password answers 400 WRONG_PASSWORD and counts as a failed sign-in (429 after too many); while
 * they alone own a team workspace, 409 OWNS_WORKSPACES naming them. Nothing changes on either.
 */
export async function deleteAccount(
  env: Env,
  personId: string,
  password: string,
  via: { address: string; origin: string },
) {
  const person = await findUserById(env.DB, personId);
  if (!person) throw new AppError(401, "UNAUTHORIZED", "Sign in again");
  await confirmPassword(env, person, password, via.address, {
    field: "password",
    message: "That is not your password",
    fieldMessage: "Not your password",
  });
  const db = database(env.DB);
  const teams = await teamsOnlyOwnedBy(db, person.id);
  if (teams.length) throw ownsTeams(teams);

  // What must be undone outside D1 once the account is gone, read while its rows are there (its
  // files where its records are: D1, or its workspace's object).
  const records = database(await recordsD1(env, person.id, { writing: true }));
  const [objectKeys, googleGrant, leaving] = await Promise.all([
    env.FILES ? storedObjectKeys(records, person.id) : [],
    storedGoogleGrant(db, person.id),
    // The teams they leave: a moved one's object forgets them too (and what was theirs there).
    db
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.userId, person.id), ne(workspaceMembers.workspaceId, person.id)),
      ),
  ]);
  // The check again in the delete itself: a co-owner who stepped down meanwhile keeps the account,
  // and then nothing of it has gone.
  const [deleted] = await db
    .delete(users)
    .where(
      and(
        eq(users.id, person.id),
        eq(users.kind, "person"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(workspaceMembers)
            .where(soleOwnerships(db, person.id)),
        ),
      ),
    )
    .returning({ id: users.id });
  if (!deleted) throw ownsTeams(await teamsOnlyOwnedBy(db, person.id));
  await workspaceDeleted(env, person.id);
  for (const team of leaving) await membersChanged(env, team.id);
  for (const keys of chunk(objectKeys, R2_DELETE_KEYS)) await env.FILES!.delete(keys);
  if (googleGrant) await revokeAtGoogle(env, via.origin, googleGrant);
  // What lives outside the account's row: sessions in KV, OAuth grants, sign-in counters.
  await signOutEverywhere(env, person.id);
  await clearAccountFailures(env.DB, person.email);
}
