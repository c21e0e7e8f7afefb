import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { VIEWER_CANT_WRITE, WORKSPACE_HEADER, writesRecords } from "../../../app/domain/teams";
import { AppError, forbiddenRole, notConfigured, unauthorized } from "../../errors";
import { database } from "../../db/client";
import type { AppEnv } from "../types";
import { answerAtHome, forwardedOf } from "./workspace-home";
import { isAccessToken, resolveAccessToken } from "../../services/access-tokens";
import { readSession, requestTimeZone, requestToken, type Session } from "../../services/sessions";
import {
  currentWorkspace,
  membershipIn,
  workspaceFor,
  workspaceNotFound,
} from "../../services/workspaces";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What a personal access token's request acts as: its user, bounded by its scope, never longer. */
async function tokenSession(c: Parameters<typeof requireAuth>[0], token: string) {
  const holder = await resolveAccessToken(database(c.env.DB), token, (work) =>
    c.executionCtx.waitUntil(work),
  );
  if (!holder) return null;
  const now = Math.floor(Date.now() / 1000);
  return {
    id: `token:${holder.tokenId}`,
    userId: holder.user.id,
    user: holder.user,
    createdAt: now,
    expiresAt: now,
    remember: false,
    timeZone: requestTimeZone(c.req.raw) ?? "UTC",
    access: {
      tokenId: holder.tokenId,
      tokenName: holder.tokenName,
      scope: holder.scope,
      workspaceId: holder.workspaceId,
    },
  } satisfies Session;
}

/**
 * Guard for routes that need a signed-in user: sets `c.var.session` or answers 401. A personal
 * access token (`ai42_pat_…`) stands for its user within its scope: a read token's change is
 * refused 403 INSUFFICIENT_SCOPE before the route runs. A workspace whose records are in its own
 * object is answered there (middleware/workspace-home.ts).
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  // Inside a workspace's object, the Worker has already signed the caller in.
  const forwarded = forwardedOf(c);
  if (forwarded) {
    c.set("session", forwarded.session);
    c.set("workspace", forwarded.workspace);
    return next();
  }
  const carried = requestToken(c.req.raw);
  if (carried?.via === "bearer" && isAccessToken(carried.token)) {
    const session = await tokenSession(c, carried.token);
    if (!session) {
      throw new AppError(
        401,
        "UNAUTHORIZED",
        "This access token is not valid: it was revoked, has expired or never existed",
      );
    }
    if (session.access.scope === "read" && !READ_METHODS.has(c.req.method)) {
      throw new AppError(
        403,
        "INSUFFICIENT_SCOPE",
        `This access token has the read scope: ${c.req.method} changes data and needs the read_write scope`,
        { scope: session.access.scope, required: "read_write" },
      );
    }
    c.set("session", session);
    c.set("workspace", await tokenWorkspace(c, session.userId, session.access.workspaceId));
    return (await answerAtHome(c)) ?? next();
  }
  if (!c.env.JWT_SECRET) throw notConfigured("JWT_SECRET", "Sign-in");
  const session = carried && (await readSession(c.env, carried.token));
  if (!session) throw unauthorized();
  c.set("session", { ...session, timeZone: requestTimeZone(c.req.raw) ?? session.timeZone });
  c.set("workspace", await requestWorkspace(c, session));
  return (await answerAtHome(c)) ?? next();
});

/**
 * The workspace an access token's request acts on: the token's own, with its maker's role there
 * now. Naming another is 404, as for a workspace one is not in; a maker no longer a member there
 * holds a token that no longer works.
 */
async function tokenWorkspace(c: Context<AppEnv>, userId: string, workspaceId: string) {
  const named = c.req.header(WORKSPACE_HEADER)?.trim();
  if (named && named !== workspaceId) throw workspaceNotFound();
  const membership = await membershipIn(database(c.env.DB), userId, workspaceId);
  if (!membership) {
    throw new AppError(
      401,
      "UNAUTHORIZED",
      "This access token's workspace is no longer one you are a member of: make a new token there",
    );
  }
  return membership;
}

/**
 * The workspace a request acts on: the one its X-Workspace-Id names (404 unless the caller is a
 * member), else the session's current one while they still are a member, else their own.
 */
async function requestWorkspace(c: Context<AppEnv>, session: Session) {
  const db = database(c.env.DB);
  const named = c.req.header(WORKSPACE_HEADER);
  if (named !== undefined) return await workspaceFor(db, session.userId, named.trim());
  return await currentWorkspace(db, session.userId, session.workspaceId);
}

/**
 * After requireAuth, on routes that change the workspace's records: a viewer's change is refused
 * 403 FORBIDDEN_ROLE before the route runs. Reads pass whatever the role.
 */
export const requireWriteRole = createMiddleware<AppEnv>(async (c, next) => {
  const { role } = c.var.workspace;
  if (!READ_METHODS.has(c.req.method) && !writesRecords(role)) {
    throw forbiddenRole(VIEWER_CANT_WRITE, role);
  }
  await next();
});

/**
 * After requireAuth, for what only the account holder signed in to AI42 may do: make or revoke
 * access, sign out. A personal access token is refused 403 SESSION_REQUIRED, whatever its scope.
 */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.session.access) throw sessionRequired();
  await next();
});

export const sessionRequired = () =>
  new AppError(
    403,
    "SESSION_REQUIRED",
    "An access token can't do this: sign in to AI42 and do it there (revoke a token on Connections → AI clients)",
  );
