/**
 * The JSON API under /api: one Hono router per resource, every route declared with zod so that
 * validation and the OpenAPI document are one thing.
 */
import { DOCS_PAGE_CSP, PRIVATE_RESPONSE_HEADERS } from "../security-headers";
import { AppError } from "../errors";
import { errorResponse } from "./errors";
import { renderDocsPage } from "./docs";
import { limitBody } from "./middleware/body-limit";
import { sameOriginForCookies } from "./middleware/csrf";
import { router } from "./openapi";
import access from "./routes/access";
import activity from "./routes/activity";
import ai from "./routes/ai";
import auctions from "./routes/auctions";
import auth from "./routes/auth";
import calendar from "./routes/calendar";
import contacts from "./routes/contacts";
import conversations from "./routes/conversations";
import dashboard from "./routes/dashboard";
import deals from "./routes/deals";
import dealShares from "./routes/deal-shares";
import rehabTemplates from "./routes/rehab-templates";
import entries from "./routes/entries";
import csvExports from "./routes/exports";
import google from "./routes/google";
import health from "./routes/health";
import maps from "./routes/maps";
import marketing from "./routes/marketing";
import projects from "./routes/projects";
import properties from "./routes/properties";
import research from "./routes/research";
import routes from "./routes/routes";
import sequences from "./routes/sequences";
import transfer from "./routes/transfer";
import { TRANSFER_LIMITS } from "../../app/domain/record-kinds";
import imports from "./routes/imports";
import usage from "./routes/usage";
import files from "./routes/files";
import notifications from "./routes/notifications";
import workspaces from "./routes/workspaces";
import members from "./routes/members";
import invitations from "./routes/invitations";
import { UNSUBSCRIBE_API_PATH } from "../services/notifications";
import { MAX_FILE_BYTES } from "../../app/domain/files";
import { fileTooLarge, MAX_THUMBNAIL_BYTES } from "../services/files";

const API_BASE = "/api";

export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** A workspace export (documents, conversations, research) or a big list may outgrow the usual limit. */
export const MAX_IMPORT_BYTES = TRANSFER_LIMITS.bytes;
const IMPORT_PATH = `${API_BASE}/import`;
/** A list of 50,000 rows from PropStream or a county is several MB. */
const FILE_IMPORT_PATH = `${API_BASE}/imports/`;
const FILES_PATH = `${API_BASE}/files`;

const tooLargeFor = (maxSize: number) => () =>
  new AppError(413, "PAYLOAD_TOO_LARGE", `Request body is larger than ${maxSize / 1024 / 1024} MB`);
const usualLimit = limitBody(MAX_BODY_BYTES, tooLargeFor(MAX_BODY_BYTES));
/**
 * One file, its thumbnail and the form's fields; the service counts the file's own bytes against
 * MAX_FILE_BYTES.
 */
const fileLimit = limitBody(MAX_FILE_BYTES + MAX_THUMBNAIL_BYTES + 64 * 1024, fileTooLarge);
const importLimit = limitBody(MAX_IMPORT_BYTES, tooLargeFor(MAX_IMPORT_BYTES));

const OPENAPI_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "AI42 API",
    version: "1.0.0",
    description:
      "JSON in and out. Success: `{ data }` (lists add `meta`). Failure: `{ error: { message, code, details? } }`. Authenticate with `Authorization: Bearer <token>` from /auth/login or /auth/register. A GET of one record answers its version as `ETag` (its `updatedAt` in quotes); send it back as `If-Match` with a PUT or DELETE, and when someone changed the record meanwhile nothing changes and the answer is 412 VERSION_MISMATCH with the record as it now is in `error.details.current` and who changed it last in `error.details.changedBy`. Without If-Match a change is made whatever the version. Name the user's IANA time zone in `X-Time-Zone` (America/Phoenix) for their today: the agent's date, export file names; without it, the zone the session signed in with, else UTC. Records belong to a workspace (each account has its own; a team shares one, GET /workspaces): name the one a call acts on in `X-Workspace-Id`; without it, the session's current workspace (PUT /workspaces/current), else the caller's own. A workspace the caller is not a member of answers 404, as if absent. Every role reads the workspace's records; a viewer's change to them is refused 403 FORBIDDEN_ROLE (calculations, AI answers and the caller's own notifications stay open to it).",
    license: {
      name: "Proprietary: all rights reserved",
      identifier: "LicenseRef-AI42-Proprietary",
    },
  },
  servers: [{ url: API_BASE, description: "This AI42 (same origin)" }],
};

/**
 * The contract as clients see it: paths relative to the server `/api`, as generators expect.
 * Worked out once per isolate, on the first request for it.
 */
export function openApiDocument(api: ReturnType<typeof createApi>) {
  const document = api.getOpenAPI31Document(OPENAPI_CONFIG);
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path.slice(API_BASE.length) || "/",
      item,
    ]),
  );
  return { ...document, paths };
}

export function createApi() {
  const api = router().basePath(API_BASE);

  api.use("*", async (c, next) => {
    await next();
    // A route may say more (a file's download: `private, no-store`, framed by our own pages).
    for (const [name, value] of Object.entries(PRIVATE_RESPONSE_HEADERS)) {
      if (!c.res.headers.has(name)) c.header(name, value);
    }
  });
  api.use("*", (c, next) =>
    (c.req.path === IMPORT_PATH || c.req.path.startsWith(FILE_IMPORT_PATH)
      ? importLimit
      : c.req.path === FILES_PATH && c.req.method === "POST"
        ? fileLimit
        : usualLimit)(c, next),
  );
  // An e-mail's one-click unsubscribe is authorised by its token alone, and posted by mail
  // clients from anywhere (RFC 8058): no cookie is read, so there is nothing to forge.
  api.use("*", (c, next) =>
    c.req.path === UNSUBSCRIBE_API_PATH ? next() : sameOriginForCookies(c, next),
  );

  api.route("/auth", auth);
  api.route("/health", health);
  api.route("/projects", projects);
  api.route("/contacts", contacts);
  api.route("/data/entries", entries);
  api.route("/data/properties", properties);
  api.route("/deals", deals);
  api.route("/deals", dealShares);
  api.route("/rehab-templates", rehabTemplates);
  api.route("/auctions", auctions);
  api.route("/maps", maps);
  api.route("/routes", routes);
  api.route("/marketing", marketing);
  api.route("/marketing/sequences", sequences);
  api.route("/dashboard", dashboard);
  api.route("/export", csvExports);
  api.route("/", transfer);
  api.route("/imports", imports);
  api.route("/ai", ai);
  api.route("/ai", research);
  api.route("/conversations", conversations);
  api.route("/google", google);
  api.route("/calendar", calendar);
  api.route("/usage", usage);
  api.route("/files", files);
  api.route("/notifications", notifications);
  api.route("/workspaces", workspaces);
  api.route("/workspaces", members);
  api.route("/workspaces", activity);
  api.route("/", invitations);
  api.route("/", access);

  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The session token from /auth/login or /auth/register",
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "personalAccessToken", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "ai42_pat_…",
    description:
      "A personal access token made on Connections → AI clients (POST /access-tokens). A `read` token may call GET routes only: any other method answers 403 INSUFFICIENT_SCOPE. No token may manage access tokens, connected apps or Google's connection (403 SESSION_REQUIRED).",
  });
  let document: ReturnType<typeof openApiDocument> | undefined;
  const contract = () => (document ??= openApiDocument(api));
  api.get("/openapi.json", (c) => c.json(contract()));
  api.get("/docs", (c) =>
    c.html(renderDocsPage(contract()), 200, { "Content-Security-Policy": DOCS_PAGE_CSP }),
  );

  api.notFound((c) =>
    c.json(
      { error: { message: `No API route for ${c.req.method} ${c.req.path}`, code: "NOT_FOUND" } },
      404,
    ),
  );
  api.onError(errorResponse);
  return api;
}

export const api = createApi();
