/**
 * Invitations to a workspace: an owner or an admin invites an address with a role, and a link is
 * e-mailed to it (and shown to the inviter) that carries a random token, of which only the SHA-256
 * is kept. The person whose account has that address accepts it, once, within a week, unless it
 * was revoked; someone who signs up with the address from the link joins with the sign-up.
 */
import { and, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { InvitationInput } from "../../app/domain/team-input";
import {
  INVITATION_SPENT,
  INVITATION_TTL_DAYS,
  INVITATIONS_PER_DAY,
  invitationForAnother,
  invitationPath,
  invitationStatus,
  managerNeeded,
  WORKSPACE_ROLE_LABELS,
  type InvitationRole,
  type InvitationStatus,
  type Workspace,
  type WorkspaceRole,
} from "../../app/domain/teams";
import { database, type Database } from "../db/client";
import { isoAt } from "../db/queries";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../db/schema";
import type { Env } from "../env";
import { AppError } from "../errors";
import { queueJob, type JobMessage } from "../jobs";
import { randomToken, sha256Hex } from "./crypto";
import { requireLinkOrigin, sendEmail } from "./email";
import { normalizeEmail } from "./users";
import { findWorkspace, roleIn, workspaceNotFound } from "./workspaces";

const DAY_MS = 24 * 60 * 60 * 1000;
const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS;

/** A pending invitation as its workspace's owners and admins see it: never its token. */
export interface Invitation {
  id: string;
  email: string;
  role: InvitationRole;
  createdAt: string;
  expiresAt: string;
}

/** What an invitation's link shows: to whom, to what, from whom, and whether it still works. */
export interface InvitationLink {
  workspaceId: string;
  workspaceName: string;
  email: string;
  role: InvitationRole;
  expiresAt: string;
  status: InvitationStatus;
  /** The inviter's name. */
  invitedBy: string;
  /** Who accepted it; null until then. */
  acceptedBy: string | null;
}

export type InvitationEmail = Extract<JobMessage, { type: "invitation-email" }>;

const invitationNotFound = () =>
  new AppError(
    404,
    "INVITATION_NOT_FOUND",
    "This invitation link is not valid: it may have been copied only in part",
  );

/** 410: the link is spent. */
const spent = (status: Exclude<InvitationStatus, "pending">) =>
  new AppError(410, INVITATION_SPENT[status].code, INVITATION_SPENT[status].message);

/** An invitation that can still be accepted at `at`. */
const pending = (at: string) =>
  and(
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
    gt(workspaceInvitations.expiresAt, at),
  );

/** The invitations of a workspace that can still be accepted. */
const pendingIn = (workspaceId: string, at: string) =>
  and(eq(workspaceInvitations.workspaceId, workspaceId), pending(at));

/** Refuses whoever may not manage the workspace's invitations: 404 to a stranger, else 403. */
async function requireManager(db: Database, personId: string, workspaceId: string, what: string) {
  const role = await roleIn(db, personId, workspaceId);
  if (!role) throw workspaceNotFound();
  const refused = managerNeeded(role, what);
  if (refused) throw new AppError(403, "FORBIDDEN_ROLE", refused);
}

/**
 * 429 once the workspace has sent INVITATIONS_PER_DAY invitations in the last 24 hours (revoked
 * ones count: each was an e-mail), with the seconds until the oldest of them leaves the window.
 */
async function withinDailyInvitations(db: Database, workspaceId: string, now: number) {
  const since = isoAt(now - DAY_MS);
  const sent = await db
    .select({ createdAt: workspaceInvitations.createdAt })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        gt(workspaceInvitations.createdAt, since),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt))
    .limit(INVITATIONS_PER_DAY);
  if (sent.length < INVITATIONS_PER_DAY) return;
  const oldest = Date.parse(sent.at(-1)!.createdAt);
  const retryAfter = Math.max(1, Math.ceil((oldest + DAY_MS - now) / 1000));
  const hours = Math.ceil(retryAfter / 3600);
  throw new AppError(
    429,
    "TOO_MANY_INVITATIONS",
    `This workspace has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours: try again in ${hours} hour${hours === 1 ? "" : "s"}`,
    { retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}

/**
 * Invites `input.email` to the workspace with `input.role`: the invitation and its token, which is
 * never kept. An invitation to the same address still pending is revoked: the newest link is the
 * one that works. Someone already a member answers 409 ALREADY_MEMBER;
 * past the day's invitations, 429 TOO_MANY_INVITATIONS.
 */
export async function inviteMember(
  db: Database,
  personId: string,
  workspaceId: string,
  input: InvitationInput,
  now = Date.now(),
): Promise<{ invitation: Invitation; token: string }> {
  await requireManager(db, personId, workspaceId, "Inviting people");
  await withinDailyInvitations(db, workspaceId, now);
  const email = normalizeEmail(input.email);
  const [member] = await db
    .select({ userId: workspaceMembers.userId })
    .from(users)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.userId, users.id), eq(workspaceMembers.workspaceId, workspaceId)),
    )
    .where(and(eq(users.email, email), eq(users.kind, "person")))
    .limit(1);
  if (member)
    throw new AppError(409, "ALREADY_MEMBER", `${email} is already a member of this workspace`);
  const token = randomToken(32);
  const invitation: Invitation = {
    id: crypto.randomUUID(),
    email,
    role: input.role,
    createdAt: isoAt(now),
    expiresAt: isoAt(now + INVITATION_TTL_MS),
  };
  await db.batch([
    db
      .update(workspaceInvitations)
      .set({ revokedAt: invitation.createdAt })
      .where(
        and(pendingIn(workspaceId, invitation.createdAt), eq(workspaceInvitations.email, email)),
      ),
    db.insert(workspaceInvitations).values({
      ...invitation,
      workspaceId,
      tokenHash: await sha256Hex(token),
      invitedBy: personId,
    }),
  ]);
  return { invitation, token };
}

/** The workspace's invitations that can still be accepted, newest first; owners and admins only. */
export async function listInvitations(
  db: Database,
  personId: string,
  workspaceId: string,
  now = Date.now(),
): Promise<Invitation[]> {
  await requireManager(db, personId, workspaceId, "Seeing invitations");
  return await db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      createdAt: workspaceInvitations.createdAt,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .where(pendingIn(workspaceId, isoAt(now)))
    .orderBy(desc(workspaceInvitations.createdAt), desc(sql`rowid`));
}

/** Revokes a pending invitation: its link stops working. One that is not pending answers 404. */
export async function revokeInvitation(
  db: Database,
  personId: string,
  workspaceId: string,
  invitationId: string,
  now = Date.now(),
) {
  await requireManager(db, personId, workspaceId, "Revoking invitations");
  const [revoked] = await db
    .update(workspaceInvitations)
    .set({ revokedAt: isoAt(now) })
    .where(and(eq(workspaceInvitations.id, invitationId), pendingIn(workspaceId, isoAt(now))))
    .returning({ id: workspaceInvitations.id });
  if (!revoked)
    throw new AppError(404, "NOT_FOUND", "No such pending invitation in this workspace");
}

/** The invitation `which` selects, with its workspace's name and its inviter's. */
const invitationWith = (db: Database, which: SQL) =>
  db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      expiresAt: workspaceInvitations.expiresAt,
      acceptedAt: workspaceInvitations.acceptedAt,
      acceptedBy: workspaceInvitations.acceptedBy,
      revokedAt: workspaceInvitations.revokedAt,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .innerJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(which)
    .limit(1);

/** The invitation a link's token names; 404 INVITATION_NOT_FOUND. */
async function invitationByToken(db: Database, token: string) {
  const [row] = await invitationWith(
    db,
    eq(workspaceInvitations.tokenHash, await sha256Hex(token)),
  );
  if (!row) throw invitationNotFound();
  return row;
}

const fullName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

/** What an invitation's link shows, to anyone who has it; 404 INVITATION_NOT_FOUND. */
export async function describeInvitation(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<InvitationLink> {
  const row = await invitationByToken(db, token);
  return {
    workspaceId: row.workspaceId,
    workspaceName: row.workspaceName,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    status: invitationStatus(row, isoAt(now)),
    invitedBy: fullName(row.inviterFirstName, row.inviterLastName),
    acceptedBy: row.acceptedBy,
  };
}

/**
 * Accepts an invitation for the signed-in person whose account has its address: the membership,
 * with its role (one already a member keeps theirs), and the link is spent, in one batch that
 * spends it only while it still works. The workspace, as their list shows it.
 */
export async function acceptInvitation(
  db: Database,
  personId: string,
  token: string,
  now = Date.now(),
): Promise<Workspace> {
  const invitation = await invitationByToken(db, token);
  const at = isoAt(now);
  const status = invitationStatus(invitation, at);
  if (status !== "pending") throw spent(status);
  const [person] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, personId))
    .limit(1);
  if (person?.email !== invitation.email)
    throw new AppError(403, "INVITATION_WRONG_ADDRESS", invitationForAnother(invitation.email));
  const accepting = eq(workspaceInvitations.id, invitation.id);
  const [accepted] = await db.batch([
    acceptance(db, accepting, personId, at).returning({ id: workspaceInvitations.id }),
    membershipFromAcceptance(db, accepting, personId, at),
  ]);
  if (!accepted.length) {
    // Spent between the read and the batch (accepted in another tab, revoked): say which. At
    // `at` it can't read pending, since the batch found it spent then.
    const why = invitationStatus(await invitationByToken(db, token), at);
    throw spent(why === "pending" ? "accepted" : why);
  }
  return await findWorkspace(db, personId, invitation.workspaceId);
}

/** Spends the invitation `which` selects for `personId` at `at`, while it still works. */
const acceptance = (db: Database, which: SQL | undefined, personId: string, at: string) =>
  db
    .update(workspaceInvitations)
    .set({ acceptedAt: at, acceptedBy: personId })
    .where(and(which, pending(at)));

/**
 * The membership the invitation `which` selects gives, once `acceptance` spent it for `personId`
 * at `at`: the statement after it in a batch, it makes nothing when that one changed nothing. One
 * already a member keeps their role.
 */
const membershipFromAcceptance = (
  db: Database,
  which: SQL | undefined,
  personId: string,
  at: string,
) =>
  db
    .insert(workspaceMembers)
    .select(
      db
        .select({
          workspaceId: workspaceInvitations.workspaceId,
          userId: sql<string>`${personId}`.as("user_id"),
          role: sql<WorkspaceRole>`${workspaceInvitations.role}`.as("role"),
          assignedOnly: sql<boolean>`0`.as("assigned_only"),
          createdAt: sql<string>`${at}`.as("created_at"),
          updatedAt: sql<string>`${at}`.as("updated_at"),
        })
        .from(workspaceInvitations)
        .where(
          and(
            which,
            eq(workspaceInvitations.acceptedBy, personId),
            eq(workspaceInvitations.acceptedAt, at),
          ),
        ),
    )
    .onConflictDoNothing();

/**
 * A sign-up from an invitation's link (`token`) with `email`: the statements that accept it for
 * the new account in the batch that makes the account, when it is pending and was sent to that
 * address; and, after the batch, the workspace it joined, if any. They read the account's row, so
 * when the account was not made (its address taken) they change nothing.
 */
export async function signUpInvitation(db: Database, token: string, email: string) {
  const sent = and(
    eq(workspaceInvitations.tokenHash, await sha256Hex(token)),
    eq(workspaceInvitations.email, normalizeEmail(email)),
  );
  const at = isoAt(Date.now());
  return {
    statements: (accountId: string) =>
      [
        acceptance(
          db,
          and(sent, sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${accountId})`),
          accountId,
          at,
        ),
        membershipFromAcceptance(db, sent, accountId, at),
      ] as const,
    joined: async (accountId: string) => {
      const [row] = await db
        .select({ workspaceId: workspaceInvitations.workspaceId })
        .from(workspaceInvitations)
        .where(and(sent, eq(workspaceInvitations.acceptedBy, accountId)))
        .limit(1);
      return row?.workspaceId ?? null;
    },
  };
}

/** Hands the invitation's e-mail to the queue; without one bound, sends it after the answer. */
/**
 * Invites `input.email` (see `inviteMember`) and e-mails them the link, which the answer carries
 * too, for the inviter to copy. The link names APP_URL, never a Host the caller chose: without it
 * (away from a local run) nothing is made.
 */
export async function sendInvitation(
  db: Database,
  personId: string,
  workspaceId: string,
  input: InvitationInput,
  env: Env,
  request: { url: string; waitUntil: (work: Promise<unknown>) => void },
) {
  const origin = requireLinkOrigin(env, request.url, "Invitation e-mail");
  const { invitation, token } = await inviteMember(db, personId, workspaceId, input);
  const url = `${origin}${invitationPath(token)}`;
  await queueInvitationEmail(
    env,
    { type: "invitation-email", invitationId: invitation.id, link: url },
    request.waitUntil,
  );
  return { ...invitation, url };
}

export const queueInvitationEmail = (
  env: Env,
  email: InvitationEmail,
  waitUntil: (work: Promise<unknown>) => void,
) => queueJob(env.JOBS, email, () => deliverInvitationEmail(env, email), waitUntil);

/**
 * Sends an invitation's e-mail, or nothing when it no longer works (revoked, accepted, a newer one
 * sent). Throws when the provider fails: the queue tries again, and the provider sends one
 * e-mail however often it is asked (its idempotency key).
 */
export async function deliverInvitationEmail(env: Env, email: InvitationEmail) {
  const [row] = await invitationWith(
    database(env.DB),
    eq(workspaceInvitations.id, email.invitationId),
  );
  if (!row || invitationStatus(row, isoAt(Date.now())) !== "pending") return;
  const inviter = fullName(row.inviterFirstName, row.inviterLastName);
  await sendEmail(env, {
    to: row.email,
    subject: `${inviter} invited you to ${row.workspaceName} on AI42`,
    text: `Hello,\n\n${inviter} invited you to join ${row.workspaceName} on AI42 (role: ${WORKSPACE_ROLE_LABELS[row.role]}). Open this link within ${INVITATION_TTL_DAYS} days to accept:\n\n${email.link}\n\nSign in, or sign up, with this address (${row.email}): the invitation is for it alone.\n\nIf you did not expect it, ignore this message: nothing happens without the link.`,
    idempotencyKey: `invitation:${email.invitationId}`,
  });
}
