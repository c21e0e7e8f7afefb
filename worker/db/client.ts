import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

const made = new WeakMap<D1Database, ReturnType<typeof open>>();

const open = (d1: D1Database) => drizzle(d1, { schema });

/**
 * The drizzle client of a D1 binding, made once per isolate: making one works out the relations of
 * the whole schema, more than a page's own queries cost to build. It holds the binding and the
 * schema, nothing of a request's.
 */
export function database(d1: D1Database) {
  let db = made.get(d1);
  if (!db) {
    db = open(d1);
    made.set(d1, db);
  }
  return db;
}
export type Database = ReturnType<typeof database>;
