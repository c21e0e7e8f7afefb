import { createMiddleware } from "hono/factory";
import { database } from "../../db/client";
import { withStorageHeld } from "../../services/usage";
import type { AppEnv } from "../types";

/**
 * Guard for signed-in routes that store what they are sent (imports, documents): the body's size
 * is held against the workspace's storage quota while the route runs (413 when it does not fit), so
 * parallel writes cannot all fit in what is left; what the route writes is counted as it is
 * written. A preview (`dryRun=true`) writes nothing and is let through.
 */
export const storageQuota = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.query("dryRun") === "true") return next();
  const db = database(c.env.DB);
  // Measured once, by the body's limit: a chunked upload counts as a sized one does.
  const bytes = c.var.bodyBytes ?? 0;
  // The workspace's quota: what the route writes is the workspace's.
  await withStorageHeld(db, c.env, c.var.workspace.id, bytes, next);
});
