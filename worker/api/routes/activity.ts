/** A workspace's activity log: who created, changed and deleted which record, and when. */
import type { Context } from "hono";
import { ACTIVITY_KEEP_DAYS, ACTIVITY_PAGE_SIZE } from "../../../app/domain/activity";
import { listActivity } from "../../services/activity";
import { workspaceFor, workspaceNotFound } from "../../services/workspaces";
import {
  apiRoute,
  errorResponses,
  IdParamSchema,
  pageResponse,
  router,
  scope,
  signedIn,
} from "../openapi";
import type { AppEnv } from "../types";
import { ActivityEntrySchema, ActivityMetaSchema, ActivityQuerySchema } from "./activity.schemas";
import { database } from "../../db/client";
import { recordsD1 } from "../../workspace-database";

/**
 * The caller's membership of workspace `id` (any role; a member "assigned records only" reads
 * only what they reach), else 404 as if absent. An access token reaches only the workspace it
 * acts in.
 */
async function memberWorkspace(c: Context<AppEnv>, id: string) {
  if (id === c.var.workspace.id) return c.var.workspace;
  if (c.var.session.access) throw workspaceNotFound();
  const [db] = scope(c);
  return workspaceFor(db, c.var.session.userId, id);
}

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}/activity",
    operationId: "listActivity",
    summary: "The workspace's activity log, newest first (filters: recordType, recordId, userId)",
    description: `Who created, changed (each field, from and to) and deleted which record, and when, through the API, the pages, the agent and MCP; kept ${ACTIVITY_KEEP_DAYS} days. Any member may read it, a member held to the records assigned to them only the entries of those and of the kinds not assigned; a workspace the caller is not a member of answers 404. ${ACTIVITY_PAGE_SIZE} entries a page; \`meta.hasMore\` says whether older ones follow (the log is not counted).`,
    ...signedIn,
    request: { params: IdParamSchema, query: ActivityQuerySchema },
    responses: {
      200: pageResponse("A page of the log", ActivityEntrySchema, ActivityMetaSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const reader = await memberWorkspace(c, c.req.valid("param").id);
    const { page, ...filters } = c.req.valid("query");
    const limit = ACTIVITY_PAGE_SIZE;
    // The log is the workspace's: read where its records are (D1, or its object once moved).
    const db = database(await recordsD1(c.env, reader.id));
    const { items, hasMore } = await listActivity(db, reader, filters, { page, limit });
    return c.json({ data: items, meta: { page, limit, hasMore } }, 200);
  },
);

export default app;
