/**
 * Workspaces and memberships: which workspaces a person works in, making a team's, and which one a
 * request acts on. A workspace is an account: a person's own is theirs, a team's has its own
 * (docs/decisions/0046-workspaces-are-accounts.md).
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { WorkspaceInput } from "../../app/domain/team-input";
import { personalWorkspaceName, type Workspace, type WorkspaceRole } from "../../app/domain/teams";
import type { Database } from "../db/client";
import type { Acting } from "../db/queries";
import { notificationSettings, users, workspaceMembers, workspaces } from "../db/schema";
import { AppError, forbiddenRole } from "../errors";
import { discardAllFiles } from "./files";

/**
 * A team's account is reached by no address anyone has: the `.invalid` domain is reserved for
 * names that never resolve (RFC 2606), and sign-in never looks at a team's row.
 */
const teamAccountEmail = (id: string) => `${id}@team.ai42.invalid`;
/** No password hashes to this: it names no algorithm (worker/services/passwords.ts). */
const NO_PASSWORD = "!team-account";

/**
 * The workspace a request acts on, the person acting and their membership: their role, and whether
 * they reach only the records assigned to them (an `Acting` owner for the services of the kinds
 * with assignees: worker/db/queries.ts).
 */
export interface WorkspaceScope extends Acting {
  role: WorkspaceRole;
}

export const workspaceNotFound = () =>
  new AppError(404, "NOT_FOUND", "No such workspace: it does not exist or you are not a member");

/**
 * Deletes team workspace `id` with everything in it, by one of its owners: its files' bytes in R2
 * first (`bucket`: none where files are not stored), then its account, whose delete takes the
 * workspace's records, members, invitations and access tokens with it (their foreign keys). Its
 * members' sessions then work in their own workspaces and an app connected to it is refused, as
 * for a member removed. 404 for someone not a member, 403 for anyone but an owner, 409 for a
 * person's own workspace (it is their account).
 */
export async function deleteWorkspace(
  db: Database,
  personId: string,
  id: string,
  bucket: R2Bucket | null,
) {
  const membership = await membershipIn(db, personId, id);
  if (!membership) throw workspaceNotFound();
  if (id === personId)
    throw new AppError(
      409,
      "OWN_WORKSPACE",
      "Your own workspace can't be deleted: it is your account's. Delete its records instead",
    );
  if (membership.role !== "owner")
    throw forbiddenRole("Only an owner can delete the workspace", membership.role);
  if (bucket) await discardAllFiles(db, bucket, id);
  await db.delete(users).where(and(eq(users.id, id), eq(users.kind, "team")));
}

/**
 * The statements that give a new account its personal workspace (the account's own id) and its
 * owner's membership, for the batch that makes the account. They copy the account's row, so when
 * the account was not made (its address taken) they make nothing.
 */
export function personalWorkspaceStatements(
  db: Database,
  account: { id: string; firstName: string; lastName: string },
) {
  const now = new Date().toISOString();
  const name = personalWorkspaceName(account.firstName, account.lastName);
  return [
    db.insert(workspaces).select(
      db
        .select({
          id: users.id,
          name: sql<string>`${name}`.as("name"),
          personal: sql<boolean>`1`.as("personal"),
          movedAt: sql<string | null>`NULL`.as("moved_at"),
          frozenUntil: sql<number | null>`NULL`.as("frozen_until"),
          clearedAt: sql<string | null>`NULL`.as("cleared_at"),
          createdAt: sql<string>`${now}`.as("created_at"),
          updatedAt: sql<string>`${now}`.as("updated_at"),
        })
        .from(users)
        .where(eq(users.id, account.id)),
    ),
    db.insert(workspaceMembers).select(
      db
        .select({
          workspaceId: users.id,
          userId: users.id,
          role: sql<WorkspaceRole>`'owner'`.as("role"),
          assignedOnly: sql<boolean>`0`.as("assigned_only"),
          createdAt: sql<string>`${now}`.as("created_at"),
          updatedAt: sql<string>`${now}`.as("updated_at"),
        })
        .from(users)
        .where(eq(users.id, account.id)),
    ),
  ] as const;
}

/** Whether the workspace is the person's own: someone else's own one they joined is not. */
const ownWorkspace = (userId: string) =>
  sql<boolean>`${workspaces.id} = ${userId}`.mapWith(Boolean);

/** A person's memberships with their workspaces, each as the switcher lists it. */
const memberWorkspaces = (db: Database, userId: string, where?: SQL) =>
  db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      personal: ownWorkspace(userId),
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), where));

/** The workspaces a person works in: their own first, then the teams' by name. */
export async function listWorkspaces(db: Database, userId: string): Promise<Workspace[]> {
  return await memberWorkspaces(db, userId).orderBy(
    desc(ownWorkspace(userId)),
    asc(workspaces.name),
    asc(workspaces.id),
  );
}

/**
 * Makes a team workspace: its account, its row and its maker's owner membership, all or none; and
 * its time zone, its maker's (a team's closing and event reminders count their days in it),
 * with no brief or morning of its own (its members get theirs).
 */
export async function createWorkspace(
  db: Database,
  userId: string,
  input: WorkspaceInput,
): Promise<Workspace> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.batch([
    db.insert(users).values({
      id,
      email: teamAccountEmail(id),
      passwordHash: NO_PASSWORD,
      firstName: input.name,
      lastName: "",
      kind: "team",
      createdAt: now,
      updatedAt: now,
    }),
    db
      .insert(workspaces)
      .values({ id, name: input.name, personal: false, createdAt: now, updatedAt: now }),
    db
      .insert(workspaceMembers)
      .values({ workspaceId: id, userId, role: "owner", createdAt: now, updatedAt: now }),
    db.insert(notificationSettings).select(
      db
        .select({
          userId: sql<string>`${id}`.as("user_id"),
          timeZone: notificationSettings.timeZone,
          zoneChosen: sql<boolean>`0`.as("zone_chosen"),
          briefHour: sql<number | null>`NULL`.as("brief_hour"),
          briefNextAt: sql<string | null>`NULL`.as("brief_next_at"),
          morningNextAt: sql<string | null>`NULL`.as("morning_next_at"),
          quietStart: sql<string | null>`NULL`.as("quiet_start"),
          quietEnd: sql<string | null>`NULL`.as("quiet_end"),
          channels: sql<string>`'{}'`.as("channels"),
          updatedAt: sql<string>`${now}`.as("updated_at"),
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId)),
    ),
  ]);
  return { id, name: input.name, role: "owner", personal: false };
}

/** The person working in their own workspace: they own it, and reach all of it. */
const ownScope = (personId: string): WorkspaceScope => ({
  id: personId,
  personId,
  role: "owner",
  assignedOnly: false,
});

/**
 * The person's membership of workspace `id` as the scope a request acts in, or null when they are
 * not a member. Their own needs no read: it is their account, and they own it.
 */
export async function membershipIn(
  db: Database,
  personId: string,
  id: string,
): Promise<WorkspaceScope | null> {
  if (id === personId) return ownScope(personId);
  const [row] = await db
    .select({ role: workspaceMembers.role, assignedOnly: workspaceMembers.assignedOnly })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, personId)))
    .limit(1);
  return row ? { id, personId, ...row } : null;
}

/** Where a workspace's records are: D1's, or its own object's since `movedAt` (docs/decisions/0049). */
export interface WorkspaceHome {
  movedAt: string | null;
  /** Until when (epoch ms) its writes wait, at the end of a move; null when they don't. */
  frozenUntil: number | null;
}

/** Where workspace `id`'s records are, read from the directory (one row by its key). */
export async function workspaceHome(db: Database, id: string): Promise<WorkspaceHome> {
  const [row] = await db
    .select({ movedAt: workspaces.movedAt, frozenUntil: workspaces.frozenUntil })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .limit(1);
  return row ?? { movedAt: null, frozenUntil: null };
}

/** A write to a workspace in the last seconds of its move: 503, to be sent again shortly. */
export const workspaceMoving = (frozenUntil: number, now = Date.now()) =>
  new AppError(
    503,
    "WORKSPACE_MOVING",
    "This workspace is moving to its own database: try again in a few seconds (nothing was changed)",
    undefined,
    // Asked again within seconds: the hold is its longest, and usually ends well before.
    { "Retry-After": String(Math.min(10, Math.max(1, Math.ceil((frozenUntil - now) / 1000)))) },
  );

/** The person's role in workspace `id`, or null when they are not a member. */
export async function roleIn(
  db: Database,
  personId: string,
  id: string,
): Promise<WorkspaceRole | null> {
  return (await membershipIn(db, personId, id))?.role ?? null;
}

/**
 * The workspace a person's request names (`requested`: a header's) when they are a member of it,
 * else 404 as if it did not exist; naming none, their own.
 */
export async function workspaceFor(
  db: Database,
  userId: string,
  requested: string | null | undefined,
): Promise<WorkspaceScope> {
  if (!requested) return ownScope(userId);
  const membership = await membershipIn(db, userId, requested);
  if (!membership) throw workspaceNotFound();
  return membership;
}

/** One of the person's workspaces, as the switcher lists it; 404 when they are not a member. */
export async function findWorkspace(db: Database, userId: string, id: string): Promise<Workspace> {
  const [row] = await memberWorkspaces(db, userId, eq(workspaceMembers.workspaceId, id)).limit(1);
  if (!row) throw workspaceNotFound();
  return row;
}

/**
 * The workspace a session works in when a request names none: the one it chose while the person is
 * still a member of it, else their own.
 */
export async function currentWorkspace(
  db: Database,
  userId: string,
  chosen: string | null | undefined,
): Promise<WorkspaceScope> {
  return (chosen && (await membershipIn(db, userId, chosen))) || ownScope(userId);
}
