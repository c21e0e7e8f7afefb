/**
 * The activity log of the API's record routes, after requireAuth and requireWriteRole on every
 * route that may change the workspace's records (`signedIn`, `signedInStoring`): a create
 * (POST to a kind's path) is kept from its answer's id; a change or delete (PUT, PATCH, DELETE of
 * `<path>/{id}`, or of `<path>?id=`) from the record read before and after
 * (services/activity.ts). Any other route passes through untouched.
 */
import { createMiddleware } from "hono/factory";
import type { RecordType } from "../../../app/domain/activity";
import { database } from "../../db/client";
import { namingChanger, readRecord, recordChanged, recordCreated } from "../../services/activity";
import type { AppEnv } from "../types";

/** Where the API keeps each kind, and the ids a create's answer made (its `data.id`). */
const RECORD_PATHS: Record<string, { type: RecordType; made?: (data: never) => string[] }> = {
  "/api/projects": { type: "project" },
  "/api/contacts": { type: "contact" },
  "/api/data/entries": { type: "document" },
  // One property or a thousand: only one made on its own is a record someone created here.
  "/api/data/properties": {
    type: "property",
    made: (data: { received: number; created: number; ids: string[] }) =>
      data.received === 1 && data.created === 1 ? data.ids : [],
  },
  "/api/deals": { type: "analysis" },
  "/api/auctions": { type: "auction" },
  "/api/routes": { type: "route" },
  "/api/calendar/events": { type: "event" },
  "/api/marketing/leads": { type: "lead" },
  "/api/marketing/campaigns": { type: "campaign" },
  "/api/marketing/bots": { type: "bot" },
  "/api/marketing/sequences": { type: "sequence" },
  "/api/files": { type: "file" },
};

const CHANGES = { PUT: "updated", PATCH: "updated", DELETE: "deleted" } as const;

export const recordsActivity = createMiddleware<AppEnv>(async (c, next) => {
  const { method, routePath } = c.req;
  const action = CHANGES[method as keyof typeof CHANGES];
  const item = routePath.endsWith("/:id")
    ? RECORD_PATHS[routePath.slice(0, -"/:id".length)]
    : undefined;
  const kind =
    method === "POST" ? RECORD_PATHS[routePath] : action && (item ?? RECORD_PATHS[routePath]);
  if (!kind) return next();
  const db = database(c.env.DB);
  const doer = { workspaceId: c.var.workspace.id, actorId: c.var.session.userId };

  if (method === "POST") {
    await next();
    if (!c.res.ok || c.error) return;
    const { data } = await c.res.clone().json<{ data: never }>();
    await recordCreated(db, doer, kind.type, kind.made?.(data) ?? [(data as { id: string }).id]);
    return;
  }
  const id = item ? c.req.param("id") : c.req.query("id");
  if (!id) return next();
  const { type } = kind;
  const before = await readRecord(db, doer.workspaceId, type, id);
  await next();
  if (c.error) {
    // The route's failure is answered already; a 412's answer is made again naming who changed it.
    const named = await namingChanger(db, doer.workspaceId, type, id, c.error);
    if (named !== c.error) throw named;
    return;
  }
  if (c.res.ok) await recordChanged(db, doer, { type, action, id }, before);
});
