import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";
import { databaseInTurns } from "./turns";

/**
 * The database through drizzle; for a signed-in user's request, with their statements taking
 * turns (worker/db/turns.ts), so that one user's many requests never queue ahead of another's.
 */
export function database(d1: D1Database, userId?: string) {
  return drizzle(userId ? databaseInTurns(d1, userId) : d1, { schema });
}
export type Database = ReturnType<typeof database>;
