/**
 * Whom a notice about a workspace's record goes to. The cron and a sequence's steps find what is
 * due by record, and a record belongs to a workspace, not to a person: the notice goes to the
 * member it is assigned to, and one assigned to nobody (or to someone no longer a member) to the
 * workspace's owners and admins. In a workspace of one that is the person whose it is, as before
 * teams.
 */
import { eq, inArray } from "drizzle-orm";
import { managesMembers, workspaceLink, type WorkspaceRole } from "../../app/domain/teams";
import type { Database } from "../db/client";
import { workspaceMembers, workspaces } from "../db/schema";
import type { NewNotification } from "./notifications";

/** A notice about a record of workspace `userId`, with the member the record is assigned to. */
export interface RecordNotice extends NewNotification {
  assigneeId?: string | null;
}

/** A workspace's members as notices reach them: each one's role, and the workspace's name. */
export interface Membership {
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  name: string;
}

/** D1 binds at most 100 values a statement. */
const CHUNK = 90;

/** The members of these workspaces (a team has a handful), by workspace. */
export async function membersOf(db: Database, workspaceIds: readonly string[]) {
  const wanted = [...new Set(workspaceIds)];
  const byWorkspace = new Map<string, Membership[]>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .select({
        workspaceId: workspaceMembers.workspaceId,
        userId: workspaceMembers.userId,
        role: workspaceMembers.role,
        name: workspaces.name,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(inArray(workspaceMembers.workspaceId, wanted.slice(i, i + CHUNK)));
    for (const row of rows)
      byWorkspace.set(row.workspaceId, [...(byWorkspace.get(row.workspaceId) ?? []), row]);
  }
  return byWorkspace;
}

/** The workspaces these people are members of, each with its members' roles (theirs among them). */
export async function workspacesOfPeople(db: Database, personIds: readonly string[]) {
  const ids = new Set<string>(personIds);
  for (let i = 0; i < personIds.length; i += CHUNK) {
    const rows = await db
      .select({ workspaceId: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(inArray(workspaceMembers.userId, personIds.slice(i, i + CHUNK)));
    for (const row of rows) ids.add(row.workspaceId);
  }
  return await membersOf(db, [...ids]);
}

/**
 * Who of a workspace's members a record's notice goes to: its assignee while a member, else the
 * owners and admins; a workspace with no membership read (its owner's own, made before teams)
 * is its account's.
 */
export function recipientsOf(
  workspaceId: string,
  assigneeId: string | null | undefined,
  members: readonly Membership[] | undefined,
): string[] {
  if (!members?.length) return [workspaceId];
  if (assigneeId && members.some((member) => member.userId === assigneeId)) return [assigneeId];
  return members.filter((member) => managesMembers(member.role)).map((m) => m.userId);
}

/**
 * Each notice as the notices its recipients get: the same idempotency key (unique per person), and
 * for someone whose own workspace it is not, a link that opens the record in its workspace and a
 * title that names the workspace.
 */
export async function addressed(db: Database, notices: RecordNotice[]): Promise<NewNotification[]> {
  if (!notices.length) return [];
  const members = await membersOf(
    db,
    notices.map((notice) => notice.userId),
  );
  return notices.flatMap((notice) => {
    const theirs = members.get(notice.userId);
    return recipientsOf(notice.userId, notice.assigneeId, theirs).map((personId) =>
      forPerson(notice, personId, theirs?.[0]?.name),
    );
  });
}

/** A workspace's notice as `personId` gets it (see `addressed`). */
export function forPerson(
  { assigneeId: _assignee, ...notice }: RecordNotice,
  personId: string,
  workspaceName: string | undefined,
): NewNotification {
  if (personId === notice.userId) return notice;
  return {
    ...notice,
    userId: personId,
    title: workspaceName ? `${notice.title} (${workspaceName})` : notice.title,
    link: notice.link && workspaceLink(notice.userId, notice.link),
  };
}
