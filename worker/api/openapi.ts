/** Shared pieces for declaring routes: the validation hook, the router factory, schemas. */
import { createRoute, OpenAPIHono, z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { database } from "../db/client";
import { publicOrigin } from "../env";
import type { GoogleScope } from "../services/google";
import { readAssigneeFilter } from "../services/assignees";
import { EXISTING_ROWS, type ExistingRows } from "../services/properties";
import { validationError } from "../errors";
import { recordsActivity } from "./middleware/activity";
import { requireAuth, requireSession, requireWriteRole } from "./middleware/auth";
import { storageQuota } from "./middleware/storage-quota";
import type { AppEnv } from "./types";

export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).optional().openapi({
    description:
      "Only the rows where each word typed begins a word of the fields the list searches (in any case, accents ignored: `mai` finds Main St, `jose` finds José; signs alone find nothing)",
  }),
});

export const IdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" } }),
});

/**
 * The query of an import: `dryRun=true` checks and counts without writing (the preview);
 * `existing` says what to do with a record already in the workspace.
 */
export const importQuery = (existingByDefault: ExistingRows) =>
  z.object({
    dryRun: z
      .enum(["true", "false"])
      .default("false")
      .openapi({ description: "`true`: check and count, write nothing (the preview)" }),
    existing: z.enum(EXISTING_ROWS).default(existingByDefault).openapi({
      description: "What to do with a record already in the workspace: `skip` or `update` it",
    }),
  });

export const MetaSchema = z.object({ page: z.number(), limit: z.number(), total: z.number() });

export const ErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      code: z.string().openapi({ example: "VALIDATION_FAILED" }),
      details: z.unknown().optional(),
    }),
  })
  .openapi("Error");

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: `Error ${status}`, content: { "application/json": { schema: ErrorSchema } } },
    ]),
  );

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

export const dataResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema: z.object({ data: schema }) } },
});

/** What a write of a kind whose records are assigned to members says of `assigneeId`. */
export const ASSIGNING =
  "`assigneeId` is the member of the workspace the record is assigned to, null for nobody; anyone else is a 400 (field `assigneeId`) and nothing is written. Left out, a new record is assigned to nobody (a member who sees only the records assigned to them: to themselves), and a PUT keeps the record's assignee, so a client that does not know of assignment never unassigns. A member newly assigned a record is notified, unless they assigned it themselves.";

/**
 * A paged list: `{ data: [...], meta: { page, limit, total } }`; a list whose total would be a
 * count of more than it shows answers another `meta` (the activity log's `hasMore`).
 */
export const pageResponse = <T extends z.ZodType>(
  description: string,
  schema: T,
  meta: z.ZodType = MetaSchema,
) => ({
  description,
  content: {
    "application/json": {
      schema: z.object({
        data: z.array(schema),
        meta,
      }),
    },
  },
});

/** A session's token from /auth/login, or a personal access token (within its scope). */
export const bearerSecurity: Record<string, string[]>[] = [
  { bearerAuth: [] },
  { personalAccessToken: [] },
];

/**
 * A route of this API: it names its operation (client generators name their functions after
 * it), is public unless it says otherwise (`...signedIn`), and declares the errors any request
 * may meet besides its own: 413 for a body over the limit, and 403 when a state-changing call
 * authenticated by cookie comes from another site.
 */
export const apiRoute = <R extends RouteConfig & { operationId: string; summary: string }>(
  config: R,
) =>
  createRoute({
    security: [],
    ...config,
    responses: {
      ...errorResponses(...(config.method === "get" ? [413] : [403, 413])),
      ...([config.middleware].flat().includes(storageQuota) && {
        413: {
          description:
            "The body is over the size limit, or would not fit the user's storage quota (STORAGE_QUOTA_MB; code STORAGE_QUOTA_EXCEEDED, which never resets by itself: deleting records makes room)",
          content: { "application/json": { schema: ErrorSchema } },
        },
      }),
      ...config.responses,
    },
  });

/**
 * What a signed-in route's service call starts with: the database and the workspace whose records
 * it may touch (`listProjects(...scope(c), filters)`): the one the request names, else the
 * session's (middleware/auth.ts).
 */
export const scope = (c: Context<AppEnv>) => [database(c.env.DB), c.var.workspace.id] as const;

/**
 * As `scope`, with the person acting and their role: for the kinds whose records are assigned to
 * members (leads, properties, projects, auctions), where a member "assigned records only" reaches
 * only theirs and assignments are told to the assignee as theirs, and for the services that reach
 * their table through `owned` (worker/db/owned.ts), which refuses a viewer's writes by the role.
 */
export const actingScope = (c: Context<AppEnv>) => [database(c.env.DB), c.var.workspace] as const;

/**
 * A list's `assignee` query as its service filters by it: the caller (`me`), nobody (`none`) or a
 * member; anyone else is a 400.
 */
export const assigneeFilter = (c: Context<AppEnv>, asked: string | undefined) =>
  readAssigneeFilter(database(c.env.DB), c.var.workspace, asked);

/**
 * As `scope`, for what is the person's own in every workspace: their notifications and their
 * preferences, their access tokens, their AI usage.
 */
export const personScope = (c: Context<AppEnv>) =>
  [database(c.env.DB), c.var.session.userId] as const;

/** This AI42's public origin: APP_URL when set, else the request's (e-mailed links, OAuth redirects). */
export const appOrigin = (c: Context<AppEnv>) => publicOrigin(c.env, c.req.raw);

/** What a call that may reach the user's Google account starts with (`listEvents(googleScope(c), …)`). */
export const googleScope = (c: Context<AppEnv>): GoogleScope => ({
  db: database(c.env.DB),
  env: c.env,
  userId: c.var.session.userId,
  workspaceId: c.var.workspace.id,
  assignedOnly: c.var.workspace.assignedOnly,
  origin: appOrigin(c),
  timeZone: c.var.session.timeZone,
});

/**
 * Spread into `createRoute` for routes that need a signed-in user. A change (any method but a
 * read's) is the workspace's: a viewer is refused 403 FORBIDDEN_ROLE, and a record's creation,
 * change or deletion is kept in the activity log.
 */
export const signedIn = {
  security: bearerSecurity,
  middleware: [requireAuth, requireWriteRole, recordsActivity],
};

/**
 * Spread instead of `signedIn` on a POST or PUT that changes nothing the workspace holds, so any
 * role may call it: a calculation, an AI answer, the person's own notifications; and on a change
 * to the workspace its path names (its members, its invitations), whose service judges the
 * caller's role there rather than in the workspace the request works in.
 */
export const signedInAnyRole = { security: bearerSecurity, middleware: [requireAuth] };

/**
 * Spread instead of `signedIn` on what only the account holder signed in to AI42 may do (make or
 * revoke access, sign out): a personal access token is refused 403 SESSION_REQUIRED.
 */
export const sessionOnly = {
  security: [{ bearerAuth: [] }],
  middleware: [requireAuth, requireSession],
};

/**
 * Spread instead of `signedIn` on routes that store what they are sent (imports, documents): the
 * body counts against the user's storage quota, 413 STORAGE_QUOTA_EXCEEDED when it does not fit.
 */
export const signedInStoring = {
  security: bearerSecurity,
  middleware: [requireAuth, requireWriteRole, storageQuota, recordsActivity],
};
