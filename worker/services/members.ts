/**
 * A workspace's members: who they are, their roles, and their leaving. Every member sees the list;
 * owners and admins change and remove others (app/domain/teams.ts says who may do what); a
 * workspace always keeps an owner, and a person's own workspace keeps them.
 */
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { MemberChange } from "../../app/domain/team-input";
import { memberChangeRefusal, type WorkspaceRole } from "../../app/domain/teams";
import type { Database } from "../db/client";
import { users, workspaceMembers } from "../db/schema";
import { AppError } from "../errors";
import { unassignFrom } from "./assignees";
import { revokeWorkspaceTokens } from "./access-tokens";
import { roleIn, workspaceNotFound } from "./workspaces";

/** A member as the workspace's list shows them. */
export interface Member {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: WorkspaceRole;
  assignedOnly: boolean;
  joinedAt: string;
}

const memberColumns = {
  userId: workspaceMembers.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: workspaceMembers.role,
  assignedOnly: workspaceMembers.assignedOnly,
  joinedAt: workspaceMembers.createdAt,
};

const members = (db: Database, workspaceId: string, userId?: string) =>
  db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        userId === undefined ? undefined : eq(workspaceMembers.userId, userId),
      ),
    );

const memberNotFound = () => new AppError(404, "NOT_FOUND", "No such member of this workspace");

/** The caller's role in the workspace; 404 when they are not a member, as if it did not exist. */
async function callerRole(db: Database, personId: string, workspaceId: string) {
  const role = await roleIn(db, personId, workspaceId);
  if (!role) throw workspaceNotFound();
  return role;
}

/** The member a change names, with the caller's role; 404 for either unknown. */
async function memberToChange(db: Database, personId: string, workspaceId: string, userId: string) {
  const role = await callerRole(db, personId, workspaceId);
  const [target] = await members(db, workspaceId, userId).limit(1);
  if (!target) throw memberNotFound();
  return { actor: { userId: personId, role }, target };
}

const forbiddenRole = (message: string) => new AppError(403, "FORBIDDEN_ROLE", message);

const lastOwner = () =>
  new AppError(
    409,
    "LAST_OWNER",
    "A workspace keeps at least one owner: make another member an owner first",
  );

/** A person's own workspace is their account: nobody removes them from it or demotes them. */
const ownWorkspace = (member: Member) =>
  new AppError(
    409,
    "OWN_WORKSPACE",
    `This is ${member.firstName || member.email}'s own workspace: they stay its owner`,
  );

/**
 * The statement's condition that the workspace keeps another owner when this member stops being
 * one: read in the statement that changes them, so two owners leaving at once can't both go.
 */
const anotherOwner = (workspaceId: string) =>
  sql`(SELECT count(*) FROM ${workspaceMembers} WHERE ${workspaceMembers.workspaceId} = ${workspaceId} AND ${workspaceMembers.role} = 'owner') > 1`;

/** The workspace's members, earliest to join first; any member may read them. */
export async function listMembers(
  db: Database,
  personId: string,
  workspaceId: string,
): Promise<Member[]> {
  await callerRole(db, personId, workspaceId);
  return await members(db, workspaceId).orderBy(
    asc(workspaceMembers.createdAt),
    asc(workspaceMembers.userId),
  );
}

/** Changes a member's role or what they see: the member after. */
export async function updateMember(
  db: Database,
  personId: string,
  workspaceId: string,
  userId: string,
  change: MemberChange,
): Promise<Member> {
  const { actor, target } = await memberToChange(db, personId, workspaceId, userId);
  const refused = memberChangeRefusal(actor, target, change);
  if (refused) throw forbiddenRole(refused);
  const role = change.role ?? target.role;
  if (target.userId === workspaceId && role !== "owner") throw ownWorkspace(target);
  const [changed] = await db
    .update(workspaceMembers)
    .set({
      role,
      assignedOnly: change.assignedOnly ?? target.assignedOnly,
      updatedAt: new Date().toISOString(),
    })
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.userId, userId),
        role === "owner"
          ? undefined
          : or(ne(workspaceMembers.role, "owner"), anotherOwner(workspaceId)),
      ),
    )
    .returning({ role: workspaceMembers.role, assignedOnly: workspaceMembers.assignedOnly });
  // Not changed: the last owner, or a member who left meanwhile.
  if (!changed) throw target.role === "owner" ? lastOwner() : memberNotFound();
  return { ...target, ...changed };
}

/**
 * Removes a member, or lets one leave; their access to the workspace ends with this request (every
 * request reads its membership).
 */
export async function removeMember(
  db: Database,
  personId: string,
  workspaceId: string,
  userId: string,
) {
  const { actor, target } = await memberToChange(db, personId, workspaceId, userId);
  const refused = memberChangeRefusal(actor, target, "remove");
  if (refused) throw forbiddenRole(refused);
  if (target.userId === workspaceId) throw ownWorkspace(target);
  const [removed] = await db
    .delete(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.userId, userId),
        or(ne(workspaceMembers.role, "owner"), anotherOwner(workspaceId)),
      ),
    )
    .returning({ userId: workspaceMembers.userId });
  if (!removed) throw target.role === "owner" ? lastOwner() : memberNotFound();
  await membershipEnded(db, workspaceId, userId);
}

/**
 * Ends what a person held in a workspace besides their membership, once it is gone: their access
 * tokens there are deleted, and the records assigned to them there assigned to nobody. Their sessions need nothing, nor do the apps they connected there:
 * each request reads the membership (a session without it works in their own workspace, an app's
 * call is refused).
 */
export async function membershipEnded(db: Database, workspaceId: string, userId: string) {
  await revokeWorkspaceTokens(db, workspaceId, userId);
  await unassignFrom(db, workspaceId, userId);
}
