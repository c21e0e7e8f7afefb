/**
 * Access from outside AI42's own pages: personal access tokens for /api and /mcp, and the apps an
 * investor connects through OAuth. Both carry one of two scopes: `read` sees the user's data;
 * `read_write` may also change it. Shared by the Worker (which enforces them) and the Connections
 * screen (which makes and lists them).
 */
import { invitationTokenIn } from "./teams";

export const ACCESS_SCOPES = ["read", "read_write"] as const;
export type AccessScope = (typeof ACCESS_SCOPES)[number];

export const ACCESS_SCOPE_LABELS: Record<AccessScope, string> = {
  read: "Read only",
  read_write: "Read and write",
};

/** What each scope lets a client do, in the words the token form and the consent screen use. */
export const ACCESS_SCOPE_MEANINGS: Record<AccessScope, string> = {
  read: "See your deals, properties, auctions, routes, projects, contacts, leads, calendar and files, and search your connected Gmail and Drive",
  read_write:
    "All that, and change it: create events, leads, projects and documents, save analyses and routes, start follow-up sequences (which can e-mail leads from your Gmail)",
};

/**
 * The OAuth scope strings an MCP client asks for. `write` implies `read`; a grant's AI42 scope is
 * read_write exactly when it holds `write`.
 */
export const OAUTH_SCOPES = ["read", "write"] as const;
export const accessScopeOf = (oauthScopes: readonly string[]): AccessScope =>
  oauthScopes.includes("write") ? "read_write" : "read";
export const oauthScopesOf = (scope: AccessScope) =>
  scope === "read_write" ? ["read", "write"] : ["read"];

/** Whom an MCP request acts for, and through what: the `props` its token carries. */
export interface McpPrincipal {
  userId: string;
  /**
   * The workspace the token or grant acts in, with its maker's role there at each call; absent
   * (made before workspaces), the person's own.
   */
  workspaceId?: string;
  scope: AccessScope;
  via: "token" | "app";
  /** The personal access token's id, or the OAuth client's id. */
  viaId: string;
  /** The token's or the app's name as it was then (the log keeps it after a revoke). */
  viaName: string;
}

/** Every personal access token starts so: a secret scanner (and AI42) can tell it at sight. */
export const TOKEN_PREFIX = "ai42_pat_";
/** How much of a token the list shows after the prefix, to tell tokens apart. */
export const TOKEN_SHOWN_CHARACTERS = 4;

/** The lifetimes a token may have, in days; null never expires. */
export const TOKEN_LIFETIMES = [7, 30, 90, 365, null] as const;
export type TokenLifetime = (typeof TOKEN_LIFETIMES)[number];
export const tokenLifetimeLabel = (days: TokenLifetime) =>
  days === null ? "No expiry" : days === 365 ? "1 year" : `${days} days`;
/** How many tokens one user may hold at once. */
export const MAX_ACCESS_TOKENS = 50;

/** Whether a token or grant that expires at `expiresAt` (ISO, or null: never) has run out. */
export const expired = (expiresAt: string | null, now: number) =>
  expiresAt !== null && Date.parse(expiresAt) <= now;

/** Where AI clients reach AI42 (MCP over Streamable HTTP) and where OAuth clients sign in. */
export const MCP_PATH = "/mcp";
export const OAUTH_AUTHORIZE_PATH = "/oauth/authorize";
export const OAUTH_TOKEN_PATH = "/oauth/token";
export const OAUTH_REGISTER_PATH = "/oauth/register";

/**
 * The paths the OAuth provider answers itself: the MCP endpoint (behind its token check), the
 * token and registration endpoints and the discovery documents. The consent page is AI42's own.
 */
export const servedByOAuthProvider = (pathname: string) =>
  pathname === MCP_PATH ||
  pathname.startsWith(`${MCP_PATH}/`) ||
  pathname === OAUTH_TOKEN_PATH ||
  pathname === OAUTH_REGISTER_PATH ||
  pathname.startsWith("/.well-known/oauth-");

/**
 * Where sign-in goes on to when the login screen was opened with `?next=` by the consent page or
 * an invitation's: an OAuth authorization or an invitation on this origin only (never elsewhere:
 * no open redirect); else null.
 */
export function nextAfterSignIn(search: string) {
  const next = new URLSearchParams(search).get("next");
  return next?.startsWith(`${OAUTH_AUTHORIZE_PATH}?`) || invitationTokenIn(next) ? next : null;
}

/**
 * `path` when it is a path on this origin (never elsewhere: no open redirect), else null: where a
 * form or a link that names the page to go on to may go.
 */
export const pathOnThisOrigin = (path: string | null) =>
  path?.startsWith("/") && !path.startsWith("//") && !path.includes("\\") ? path : null;

/**
 * The page a login form posted without JavaScript goes back to once signed in (`next`, the page
 * it was shown on): a path on this origin only; else the Dashboard.
 */
export const pageAfterSignIn = (next: string | null) => pathOnThisOrigin(next) ?? "/home";
