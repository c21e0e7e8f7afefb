import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { MaxBidDefaults } from "../../app/domain/auctions/max-bid";
import { database, type Database } from "../db/client";
import { users, type UserRow } from "../db/schema";
import { personalWorkspaceStatements } from "./workspaces";

export interface PublicUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function publicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    created_at: row.createdAt,
  };
}

/** The person with this address: a team's account is never found by one (it signs in as no one). */
export async function findUserByEmail(d1: D1Database, email: string) {
  return database(d1).query.users.findFirst({
    where: and(eq(users.email, normalizeEmail(email)), eq(users.kind, "person")),
  });
}

export async function findUserById(d1: D1Database, id: string) {
  return database(d1).query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * Makes the account with its personal workspace (docs/decisions/0046), or returns null when the
 * e-mail is already taken (and makes nothing). `also`: more statements for the same batch, given
 * the new account's id (joining a workspace from an invitation), which must make nothing when the
 * account was not made.
 */
export async function insertUser(
  d1: D1Database,
  input: { email: string; passwordHash: string; firstName: string; lastName: string },
  also: (id: string) => readonly BatchItem<"sqlite">[] = () => [],
) {
  const db = database(d1);
  const id = crypto.randomUUID();
  const [[row]] = await db.batch([
    db
      .insert(users)
      .values({ ...input, id, email: normalizeEmail(input.email) })
      .onConflictDoNothing({ target: users.email })
      .returning(),
    ...personalWorkspaceStatements(db, { id, ...input }),
    ...also(id),
  ]);
  return row ?? null;
}

export async function setPasswordHash(d1: D1Database, userId: string, passwordHash: string) {
  await database(d1)
    .update(users)
    .set({ passwordHash, updatedAt: new Date().toISOString() })
    .where(eq(users.id, userId));
}

/** The selling costs and profit the user's max-bid calculator starts from; null until set. */
export async function maxBidDefaults(db: Database, userId: string) {
  const [row] = await db
    .select({ defaults: users.maxBidDefaults })
    .from(users)
    .where(eq(users.id, userId));
  return row?.defaults ?? null;
}

export async function saveMaxBidDefaults(db: Database, userId: string, defaults: MaxBidDefaults) {
  await db.update(users).set({ maxBidDefaults: defaults }).where(eq(users.id, userId));
  return defaults;
}
