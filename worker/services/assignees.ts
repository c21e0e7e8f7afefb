/**
 * Assignment: whom a workspace's records may be assigned to (its members), an input's assignee
 * checked against them, a list's `assignee` filter read, and the member a record is newly assigned
 * to told in their bell (and by e-mail, as their preferences say).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  ASSIGNEE_ME,
  ASSIGNEE_NONE,
  assigneeOf,
  NOT_A_MEMBER,
  type AssignableMember,
  type Assignee,
} from "../../app/domain/assignees";
import { workspaceLink } from "../../app/domain/teams";
import type { Database } from "../db/client";
import { actorOf, inJsonList, ownerId, type Acting, type Owner } from "../db/queries";
import {
  auctions,
  calendarEvents,
  leads,
  projects,
  properties,
  users,
  workspaceMembers as memberships,
  workspaces,
} from "../db/schema";
import type { Env } from "../env";
import { invalidFields } from "../errors";
import { notify, type NewNotification } from "./notifications";

/** The people who work in a workspace, by name: whom its records may be assigned to. */
export async function assignableMembers(
  db: Database,
  workspaceId: string,
): Promise<AssignableMember[]> {
  return await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** Which of these people are members of the workspace: their ids (one read, however many). */
export async function membersAmong(
  db: Database,
  workspaceId: string,
  ids: readonly (string | null | undefined)[],
) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Set<string>();
  const found = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), inJsonList(memberships.userId, wanted)));
  return new Set(found.map((row) => row.id));
}

/**
 * An input's assignee must be a member of the record's workspace: else 400 naming `field`, before
 * anything is written. Nobody (null) and left out (undefined) need no read.
 */
export async function assertMember(
  db: Database,
  owner: Owner,
  assigneeId: string | null | undefined,
  field = "assigneeId",
) {
  if (!assigneeId) return;
  const members = await membersAmong(db, ownerId(owner), [assigneeId]);
  if (!members.has(assigneeId)) throw invalidFields([{ field, message: NOT_A_MEMBER }]);
}

/**
 * A list's `assignee` query as its service filters by it: the person asking (`me`), nobody
 * (`none`, null) or a member of the workspace (their id; anyone else is a 400); undefined: anyone.
 */
export async function readAssigneeFilter(
  db: Database,
  acting: Acting,
  asked: string | undefined,
): Promise<string | null | undefined> {
  if (asked === undefined) return undefined;
  if (asked === ASSIGNEE_ME) return acting.personId;
  if (asked === ASSIGNEE_NONE) return null;
  await assertMember(db, acting, asked, "assignee");
  return asked;
}

/** The member a record is assigned to, as a list reads their name beside it (no second read). */
export const assigneePeople = alias(users, "assignee");

/** The assignee's names under names of their own: a joined row's columns are named by name alone. */
export const ASSIGNEE_NAMES = {
  firstName: sql<string | null>`${assigneePeople.firstName}`.as("assignee_first_name"),
  lastName: sql<string | null>`${assigneePeople.lastName}`.as("assignee_last_name"),
};

/** The join that reads the names of the member a row's `column` names. */
export const assigneeJoin = (column: SQLiteColumn) => eq(assigneePeople.id, column);

type Names = { firstName: string | null; lastName: string | null };

/** A record's assignee as its JSON shows them (their names as read beside it); null for nobody. */
export const toAssignee = (assigneeId: string | null, names: Names | undefined): Assignee | null =>
  assigneeId
    ? assigneeOf({
        id: assigneeId,
        firstName: names?.firstName ?? "",
        lastName: names?.lastName ?? "",
      })
    : null;

/** The read of one assignee's names, for a record's page (in its batch) or a write's answer. */
export const assigneeNames = (db: Database, assigneeId: string | null) =>
  db
    .select(ASSIGNEE_NAMES)
    .from(assigneePeople)
    .where(eq(assigneePeople.id, assigneeId ?? ""))
    .limit(1);

/** A record's assignee read on its own, for an answer read without a list's join. */
export const assigneeNamed = async (db: Database, assigneeId: string | null) =>
  assigneeId ? toAssignee(assigneeId, (await assigneeNames(db, assigneeId))[0]) : null;

/** A record's assignment by a write, as its notice tells it. */
export interface Assignment {
  /** What it is, as a sentence names it: "lead", "property", "task"… */
  what: string;
  /** Its name: the lead's, the property's address, the event's title. */
  name: string;
  /** Its page. */
  link: string;
  /** Whom it is assigned to now, and was before the write (nobody, for a new record). */
  assigneeId: string | null;
  before: string | null;
  /** Its version after the write: each assignment is a notice of its own. */
  version: string;
  id: string;
}

/** How a notice tells of many records assigned at once (an import): "leads", and the list of one's own. */
export interface ManyAssigned {
  what: string;
  link: string;
}

/**
 * Tells each member a write newly assigned a record to, unless they made it themselves: "Mel
 * assigned you the lead Lee Park"; of many at once (`many`, an import), one notice says how many.
 * The workspace's own work (Import Data, a lead bot) tells nobody. Without `env` (a service that
 * has none) the notice's e-mail waits for the cron's next minute. A notice is the person's: their
 * bell, whatever workspace they are in, so it names the workspace.
 */
export async function tellAssignees(
  db: Database,
  env: Env | null,
  owner: Owner,
  assignments: Assignment[],
  many?: ManyAssigned,
) {
  const actor = actorOf(owner);
  const told = assignments.filter(
    (one) => one.assigneeId && one.assigneeId !== one.before && one.assigneeId !== actor,
  );
  if (!actor || !told.length) return;
  const [[person], [workspace]] = await db.batch([
    db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, actor)),
    db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, ownerId(owner))),
  ]);
  const by = assigneeOf({ id: actor, firstName: "", lastName: "", ...person });
  const called = person?.firstName.trim() || by.name;
  const where = workspace ? ` in ${workspace.name}` : "";
  // The record opens in its workspace, whichever the assignee is working in.
  const opened = (link: string, userId: string) =>
    userId === ownerId(owner) ? link : workspaceLink(ownerId(owner), link);
  const byAssignee = new Map<string, Assignment[]>();
  for (const one of told)
    byAssignee.set(one.assigneeId!, [...(byAssignee.get(one.assigneeId!) ?? []), one]);
  const items = [...byAssignee].flatMap(([userId, theirs]): NewNotification[] => {
    const first = theirs[0]!;
    if (many && theirs.length > 1)
      return [
        {
          userId,
          kind: "assigned",
          key: `assigned:${first.id}:${first.version}:${theirs.length}`,
          title: `${called} assigned you ${theirs.length} ${many.what}`,
          body: `${by.name} assigned you ${theirs.length} ${many.what}${where}.`,
          link: opened(many.link, userId),
        },
      ];
    return theirs.map((one) => ({
      userId,
      kind: "assigned" as const,
      key: `assigned:${one.id}:${one.version}`,
      title: `${called} assigned you the ${one.what} ${one.name}`,
      body: `${by.name} assigned you the ${one.what} ${one.name}${where}.`,
      link: opened(one.link, userId),
    }));
  });
  await notify(db, env, items, Date.now());
}

/** The kinds of record a member may be assigned. */
const ASSIGNED = [leads, properties, projects, auctions, calendarEvents] as const;

/**
 * A person who leaves a workspace (or is removed) is no one's assignee there any more: their
 * records in it go back to nobody (in one batch, each through its table's assignee index), to be
 * found under "Unassigned" and handed to someone else.
 */
export async function unassignFrom(db: Database, workspaceId: string, userId: string) {
  const [first, ...rest] = ASSIGNED.map((table) =>
    db
      .update(table)
      .set({ assigneeId: null })
      .where(and(eq(table.userId, workspaceId), eq(table.assigneeId, userId))),
  );
  await db.batch([first!, ...rest]);
}
