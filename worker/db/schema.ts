/**
 * The one drizzle schema for AI42's D1 database. Every table a user owns carries `user_id`.
 * Migrations in /migrations are generated from this file with `npm run db:generate`.
 */
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const timestamps = {
  createdAt: text("created_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString()),
  updatedAt: text("updated_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString()),
};

export const users = sqliteTable("users", {
  id: id(),
  /** Stored lower-cased so uniqueness is case-insensitive. */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  ...timestamps,
});

/** Failed sign-in counters, one row per normalised e-mail (known or not). */
export const loginAttempts = sqliteTable("login_attempts", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: integer("window_start").notNull(),
});

export type UserRow = typeof users.$inferSelect;
