/** The user's Google account: connect (OAuth 2.0 + PKCE), its status, Gmail and Drive lists. */
import { z } from "@hono/zod-openapi";
import {
  DRIVE_DEFAULT_PAGE_SIZE,
  DRIVE_MAX_PAGE_SIZE,
  GMAIL_DEFAULT_RESULTS,
  GMAIL_MAX_RESULTS,
  EXTRA_GOOGLE_SCOPES,
  type ExtraGoogleScope,
  type GoogleService,
} from "../../../app/domain/google";
import { database } from "../../db/client";
import {
  disconnectGoogle,
  finishGoogleConnect,
  googleApis,
  googleStatus,
  startGoogleConnect,
  withGoogle,
} from "../../services/google";
import { readSession, requestToken } from "../../services/sessions";
import {
  apiRoute,
  appOrigin,
  dataResponse,
  errorResponses,
  router,
  googleScope,
  sessionOnly,
  signedIn,
} from "../openapi";
import { DriveFileSchema, GmailMessageSchema, GoogleStatusSchema } from "./google.schemas";

const app = router();

const UrlSchema = z.object({ url: z.string().url() });

app.openapi(
  apiRoute({
    method: "get",
    path: "/connect",
    operationId: "connectGoogle",
    summary: "Start connecting the user's Google account (OAuth 2.0 with PKCE)",
    description:
      "A browser is redirected to Google's consent screen; an API client (a bearer token, or `Accept: application/json`) gets the URL to open instead. Google returns to /api/google/callback. Only a signed-in session may connect an account: an access token gets 403 SESSION_REQUIRED.",
    ...sessionOnly,
    request: {
      query: z.object({
        scopes: z
          .enum(Object.keys(EXTRA_GOOGLE_SCOPES) as [ExtraGoogleScope])
          .optional()
          .openapi({
            description:
              "A permission to ask for besides the usual ones, keeping those granted before: `gmail.send` (follow-up sequences send from the user's Gmail)",
          }),
      }),
    },
    responses: {
      200: dataResponse("Google's consent URL", UrlSchema),
      302: { description: "To Google's consent screen" },
      ...errorResponses(401, 503),
    },
  }),
  async (c) => {
    const { scopes } = c.req.valid("query");
    const { url } = await startGoogleConnect(
      database(c.env.DB),
      c.env,
      c.var.session,
      appOrigin(c),
      scopes ? [scopes] : [],
    );
    const wantsJson =
      requestToken(c.req.raw)?.via === "bearer" ||
      (c.req.header("Accept") ?? "").includes("application/json");
    return wantsJson ? c.json({ data: { url } }, 200) : c.redirect(url, 302);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/callback",
    operationId: "googleCallback",
    // Google's redirect for browsers, not a call for API clients (and it has no 2xx answer).
    hide: true,
    summary: "Where Google returns the browser: checks the state, stores the tokens encrypted",
    description:
      "Always redirects to /connections?google=<outcome>: connected, partial (some permissions declined), denied, expired (state missing, used, another session's or stale) or failed. Nothing is stored unless the state is this session's own.",
    request: {
      query: z.object({
        state: z.string().max(200).optional(),
        code: z.string().max(2000).optional(),
        error: z.string().max(200).optional(),
        scope: z.string().max(2000).optional(),
      }),
    },
    responses: { 302: { description: "Back to /connections with the outcome" } },
  }),
  async (c) => {
    const carried = requestToken(c.req.raw);
    const session = carried && c.env.JWT_SECRET ? await readSession(c.env, carried.token) : null;
    const outcome = session
      ? await finishGoogleConnect(
          database(c.env.DB),
          c.env,
          session,
          appOrigin(c),
          c.req.valid("query"),
        )
      : "expired";
    return c.redirect(`/connections?google=${outcome}`, 302);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/disconnect",
    operationId: "disconnectGoogle",
    summary: "Revoke AI42's access at Google and forget the account",
    description: "Only a signed-in session may: an access token gets 403 SESSION_REQUIRED.",
    ...sessionOnly,
    responses: {
      200: dataResponse(
        "Whether an account was connected",
        z.object({ disconnected: z.boolean() }),
      ),
      ...errorResponses(401, 503),
    },
  }),
  async (c) => c.json({ data: await disconnectGoogle(googleScope(c)) }, 200),
);

const statusRoute = (path: string, operationId: string, service?: GoogleService) =>
  app.openapi(
    apiRoute({
      method: "get",
      path,
      operationId,
      summary: service
        ? `Whether ${service === "gmail" ? "Gmail" : "Drive"} is connected, and as whom`
        : "The Google account: connected, as whom, with which permissions",
      ...signedIn,
      responses: {
        200: dataResponse("The status; `connected: false` when not connected", GoogleStatusSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json({ data: await googleStatus(googleScope(c), service) }, 200),
  );

statusRoute("/status", "getGoogleStatus");
statusRoute("/gmail/status", "getGmailStatus", "gmail");
statusRoute("/drive/status", "getDriveStatus", "drive");

const GOOGLE_FAILURES = errorResponses(400, 401, 409, 502, 503);

app.openapi(
  apiRoute({
    method: "get",
    path: "/gmail/messages",
    operationId: "listGmailMessages",
    summary: "The latest Gmail messages (read-only), newest first",
    ...signedIn,
    request: {
      query: z.object({
        maxResults: z.coerce
          .number()
          .int()
          .min(1)
          .max(GMAIL_MAX_RESULTS)
          .default(GMAIL_DEFAULT_RESULTS),
        q: z
          .string()
          .trim()
          .max(500)
          .optional()
          .openapi({ description: "Gmail's own search, passed through (`from:title is:unread`)" }),
      }),
    },
    responses: {
      200: dataResponse("Messages", z.array(GmailMessageSchema)),
      ...GOOGLE_FAILURES,
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const messages = await withGoogle(googleScope(c), "gmail", async (auth, root) =>
      (await googleApis()).listGmailMessages(auth, root, query),
    );
    return c.json({ data: messages }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/drive/files",
    operationId: "listDriveFiles",
    summary: "Drive files whose names hold the given words (read-only), latest first",
    ...signedIn,
    request: {
      query: z.object({
        pageSize: z.coerce
          .number()
          .int()
          .min(1)
          .max(DRIVE_MAX_PAGE_SIZE)
          .default(DRIVE_DEFAULT_PAGE_SIZE),
        q: z.string().trim().max(200).optional().openapi({
          description: "The user's words (not Drive query syntax): every word must be in the name",
        }),
      }),
    },
    responses: {
      200: dataResponse("Files", z.array(DriveFileSchema)),
      ...GOOGLE_FAILURES,
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    const files = await withGoogle(googleScope(c), "drive", async (auth, root) =>
      (await googleApis()).listDriveFiles(auth, root, query),
    );
    return c.json({ data: files }, 200);
  },
);

export default app;
