import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { RECORD_KINDS } from "~/domain/record-kinds";
import * as schema from "../../worker/db/schema";
import { KINDS } from "../../worker/services/kinds";

/** Tables a kind writes beside its own rows (its `related` statements). */
const WRITTEN_WITH_A_KIND = ["conversation_messages", "auction_history"];
/** Tables of a user's that are not work they made, so Export Data leaves them out. */
const NOT_THE_USERS_WORK = [
  "google_connections", // this account's Google tokens
  "google_oauth_states", // a sign-in with Google under way
  "import_mappings", // how this account's file imports read columns
  "import_runs", // this account's import history, for Undo
  "usage_counters", // this account's AI and storage usage
  "start_places", // route start points: settings, not records
  "deal_shares", // links this account gave out: access, not work, which an import must not revive
  "deal_criteria", // the buy box: a setting, not records
  "rehab_templates", // the rehab estimator's saved lines: presets, as the buy box is a setting
  "file_pages", // a stored file's text, read from the file again wherever the file goes
  "notification_settings", // how this account is told things: a setting
  "notifications", // what this account was told, and when: history, not work
  "sequences", // follow-up sequences: automation settings, as the rehab templates are presets
  "sequence_settings", // sequences on or off and the daily cap: a setting
  // A sequence running on a lead: an import must not start one again (it would e-mail the lead).
  "sequence_enrollments",
  "sequence_log", // what the sequences did: the account's own send log, not records
  "access_tokens", // credentials: an import must never bring a token back to life
  "mcp_calls", // what AI clients did: the account's audit log, not records
  "lead_tallies", // the funnel's counts, kept by triggers as the imported leads are written
  "workspace_members", // who works in a workspace: access, which an import must not grant
];
/**
 * The user's work Export Data carries beside the JSON document: stored files go in the .zip with
 * their bytes, listed in its `files.json` (worker/services/transfer-zip.ts).
 */
const EXPORTED_IN_THE_ZIP = ["files"];

describe("the kinds of record Export Data and Import Data know", () => {
  it("cover every table that holds a user's records", () => {
    const usersTables = (Object.values(schema) as unknown[])
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .filter((table) => "userId" in getTableColumns(table))
      .map((table) => getTableName(table));
    const covered = new Set([
      ...KINDS.map((kind) => getTableName(kind.table)),
      ...WRITTEN_WITH_A_KIND,
      ...NOT_THE_USERS_WORK,
      ...EXPORTED_IN_THE_ZIP,
    ]);
    expect(usersTables.filter((name) => !covered.has(name))).toEqual([]);
  });

  it("are read in an order where every reference points at a kind read before", () => {
    const order = KINDS.map((kind) => kind.name);
    for (const kind of KINDS) {
      const before = order.slice(0, order.indexOf(kind.name));
      const named = [...Object.values(kind.references ?? {}), kind.recordOf].filter(Boolean);
      for (const target of named) expect(before, `${kind.name} → ${target}`).toContain(target);
    }
    expect(order).toEqual(RECORD_KINDS.map((kind) => kind.name));
  });
});
