/**
 * `owned(db, table, owner, what)`: one table's rows as whoever acts in a workspace reaches them,
 * with the five things a record service does to them (list, get, create, update, remove). Every
 * statement it makes is filtered by the workspace (and, for a member held to assigned records, by
 * assignee), and every write first checks the role: a viewer's is refused 403 FORBIDDEN_ROLE
 * before anything runs. A service that reaches its table through it can't forget either.
 */
import { and, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { VIEWER_CANT_WRITE, writesRecords } from "../../app/domain/teams";
import { forbiddenRole, notFound } from "../errors";
import type { Database } from "./client";
import {
  deleteOwned,
  findOwned,
  missedChange,
  nextVersion,
  ownedAt,
  ownedRows,
  ownerId,
  type Condition,
  type OwnedTable,
  type Owner,
  type VersionedTable,
} from "./queries";

/** A list's order and bound: the order its index holds, and how many rows a page shows. */
export interface OwnedList {
  where?: SQL;
  orderBy?: (SQLiteColumn | SQL)[];
  limit?: number;
}

/** 403 for a role that may not change records; the workspace's own work (no person) may. */
export function assertMayWrite(owner: Owner) {
  if (typeof owner !== "string" && owner.role && !writesRecords(owner.role))
    throw forbiddenRole(VIEWER_CANT_WRITE, owner.role);
}

export function owned<T extends OwnedTable>(db: Database, table: T, owner: Owner, what: string) {
  type Row = T["$inferSelect"];
  type Values = Omit<T["$inferInsert"], "userId">;
  const from = table as SQLiteTable;
  // Only a table whose rows have versions (`updatedAt`) is updated, or deleted against a version.
  const versioned = table as unknown as VersionedTable;
  return {
    /** The condition of the owner's rows (with `where`), for a query the helper does not make. */
    rows: (where?: SQL) => and(ownedRows(table, owner), where)!,

    /** The owner's rows, filtered, ordered and bounded as the screen shows them. */
    async list({ where, orderBy = [], limit }: OwnedList = {}): Promise<Row[]> {
      const query = db
        .select()
        .from(from)
        .where(and(ownedRows(table, owner), where))
        .orderBy(...orderBy);
      return (await (limit ? query.limit(limit) : query)) as Row[];
    },

    /** The owner's row with this id; another workspace's id is 404, as if absent. */
    get: (id: string): Promise<Row> => findOwned(db, table, owner, id, what),

    /** A new row in the workspace (its `userId` is the workspace's, whatever `values` holds). */
    async create(values: Values): Promise<Row> {
      assertMayWrite(owner);
      const [row] = await db
        .insert(from)
        .values({ ...values, userId: ownerId(owner) } as never)
        .returning();
      return row as Row;
    },

    /**
     * Changes the owner's row with this id and gives it a new version; 404 when there is none,
     * 412 with the record as it is when `condition` names versions it is no longer at.
     */
    async update(id: string, values: Partial<Values>, condition?: Condition<Row>): Promise<Row> {
      assertMayWrite(owner);
      const [row] = await db
        .update(from)
        .set({ ...values, updatedAt: nextVersion(versioned.updatedAt) } as never)
        .where(ownedAt(versioned, owner, id, condition?.ifVersion))
        .returning();
      if (row) return row as Row;
      throw condition
        ? await missedChange(db, versioned, owner, id, what, condition)
        : notFound(what);
    },

    /** Deletes the owner's row with this id and returns it; 404 or 412 as `update`. */
    remove(id: string, condition?: Condition<Row>): Promise<Row> {
      assertMayWrite(owner);
      return deleteOwned(db, table, owner, id, what, condition);
    },
  };
}
