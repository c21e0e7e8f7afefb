import { createMiddleware } from "hono/factory";
import { database } from "../../db/client";
import { measureStorage, releaseStorage, reserveStorage } from "../../services/usage";
import type { AppEnv } from "../types";

/**
 * Guard for signed-in routes that store what they are sent (imports, documents): the body's size
 * counts against the user's storage quota before the route runs (413 when it does not fit). A
 * large body is held while the route runs and settled after, then measured once the answer is on
 * its way. A preview (`dryRun=true`) writes nothing and is let through.
 */
export const storageQuota = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.query("dryRun") === "true") return next();
  const db = database(c.env.DB);
  const { userId } = c.var.session;
  // Measured once, by the body's limit: a chunked upload counts as a sized one does.
  const bytes = c.var.bodyBytes ?? 0;
  if (!(await reserveStorage(db, c.env, userId, bytes))) return next();
  let wrote = false;
  try {
    await next();
    wrote = !c.error && c.res.status < 400;
  } finally {
    if (await releaseStorage(db, userId, bytes, wrote)) {
      c.executionCtx.waitUntil(
        measureStorage(db, userId).catch((error: unknown) =>
          console.error("Measuring a user's storage failed", error),
        ),
      );
    }
  }
});
