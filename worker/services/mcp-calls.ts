/**
 * The log of what AI clients did over MCP: each tool call and resource read, with the token or app
 * that made it and whether it worked. The user reads it on Connections; the sweep forgets entries
 * after LOG_DAYS.
 */
import { desc, eq, lt } from "drizzle-orm";
import type { McpPrincipal } from "../../app/domain/access";
import type { Database } from "../db/client";
import { isoAt, nowIso, selectPage, type PageRequest } from "../db/queries";
import { mcpCalls, type McpCallRow } from "../db/schema";

/** How long the log keeps a call. */
export const LOG_DAYS = 90;

export interface McpCallOutcome {
  kind: McpCallRow["kind"];
  name: string;
  ok: boolean;
  error?: string;
}

export async function logMcpCall(db: Database, principal: McpPrincipal, call: McpCallOutcome) {
  await db.insert(mcpCalls).values({
    userId: principal.userId,
    kind: call.kind,
    name: call.name.slice(0, 200),
    via: principal.via,
    viaId: principal.viaId,
    viaName: principal.viaName,
    ok: call.ok,
    error: call.error?.slice(0, 500) ?? null,
    at: nowIso(),
  });
}

export function publicMcpCall(row: McpCallRow) {
  return {
    id: row.id,
    at: row.at,
    kind: row.kind,
    name: row.name,
    via: row.via,
    via_name: row.viaName,
    ok: row.ok,
    error: row.error,
  };
}

/** The user's log, newest first, a page at a time. */
export async function listMcpCalls(db: Database, userId: string, page: PageRequest) {
  const { rows, meta } = await selectPage(
    db,
    mcpCalls,
    eq(mcpCalls.userId, userId),
    [desc(mcpCalls.at), desc(mcpCalls.id)],
    page,
  );
  return { items: rows.map(publicMcpCall), meta };
}

/** Forgets calls older than LOG_DAYS (the five-minute sweep). */
export async function forgetOldMcpCalls(db: Database, now = Date.now()) {
  await db.delete(mcpCalls).where(lt(mcpCalls.at, isoAt(now - LOG_DAYS * 864e5)));
}
