/**
 * AI42 as an OAuth 2.1 authorization server for MCP clients, through Cloudflare's
 * workers-oauth-provider: dynamic client registration, PKCE, tokens and their revocation, the
 * discovery documents, and the token check in front of /mcp. The consent page is AI42's own
 * (app/routes/oauth.authorize.tsx). A personal access token is accepted at /mcp too, as an external
 * token.
 *
 * Evaluated only for the provider's own paths and the consent page, never at start-up.
 */
import type {
  OAuthHelpers,
  OAuthProvider,
  OAuthProviderOptions,
} from "@cloudflare/workers-oauth-provider";
import {
  MCP_PATH,
  OAUTH_AUTHORIZE_PATH,
  OAUTH_REGISTER_PATH,
  OAUTH_SCOPES,
  OAUTH_TOKEN_PATH,
  accessScopeOf,
  type McpPrincipal,
} from "../../app/domain/access";
import { database } from "../db/client";
import { publicOrigin, type Env } from "../env";
import { AppError } from "../errors";
import { resolveAccessToken } from "../services/access-tokens";
import { sha256Hex } from "../services/crypto";
import { clientAddress } from "../services/login-throttle";

function optionsFor(origin: string): OAuthProviderOptions<Env> {
  return {
    apiRoute: MCP_PATH,
    apiHandler: {
      fetch: async (request, env, ctx) => {
        const { props, auth } = ctx as ExecutionContext & {
          props: McpPrincipal;
          auth?: { scope: string[] };
        };
        // An app's token may carry less than its grant (a client narrowed it when refreshing):
        // the less of the two rules. An access token's scope is its own (`auth.scope` is empty).
        const narrowed =
          props.via === "app" && props.scope === "read_write" && auth?.scope.length
            ? { ...props, scope: accessScopeOf(auth.scope) }
            : props;
        return (await import("./handler")).handleMcp(request, env, ctx, narrowed);
      },
    },
    defaultHandler: { fetch: () => new Response(null, { status: 404 }) },
    authorizeEndpoint: OAUTH_AUTHORIZE_PATH,
    tokenEndpoint: OAUTH_TOKEN_PATH,
    clientRegistrationEndpoint: OAUTH_REGISTER_PATH,
    scopesSupported: [...OAUTH_SCOPES],
    requiredScopes: ["read"],
    resourceMetadata: {
      resource: `${origin}${MCP_PATH}`,
      authorization_servers: [origin],
      resource_name: "AI42",
    },
    resolveExternalToken: async ({ token, env }) => {
      const holder = await resolveAccessToken(database(env.DB), token);
      if (!holder) return null;
      const props: McpPrincipal = {
        userId: holder.user.id,
        workspaceId: holder.workspaceId,
        scope: holder.scope,
        via: "token",
        viaId: holder.tokenId,
        viaName: holder.tokenName,
      };
      return { props, audience: `${origin}${MCP_PATH}` };
    },
  };
}

/**
 * The library, loaded when first needed: it imports `cloudflare:workers`, which Node (loading
 * vite.config.ts, whose load context reaches this module) cannot.
 */
const library = () => import("@cloudflare/workers-oauth-provider");

const providers = new Map<string, OAuthProvider<Env>>();

/**
 * The provider for this origin, made once per isolate. An origin it cannot serve (plain http
 * other than a loopback address) answers 503 naming APP_URL.
 */
async function providerFor(origin: string) {
  let provider = providers.get(origin);
  if (!provider) {
    const { OAuthProvider } = await library();
    try {
      provider = new OAuthProvider(optionsFor(origin));
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      throw new AppError(
        503,
        "NOT_CONFIGURED",
        `AI clients need AI42 on an https:// address: set APP_URL (now ${origin})`,
      );
    }
    providers.set(origin, provider);
  }
  return provider;
}

/** Answers a request for one of the provider's paths (`servedByOAuthProvider`). */
export async function serveOAuth(request: Request, env: Env, ctx: ExecutionContext) {
  const limiter = env.OAUTH_REGISTER_LIMITER;
  if (
    limiter &&
    request.method === "POST" &&
    new URL(request.url).pathname === OAUTH_REGISTER_PATH &&
    !(await limiter.limit({ key: clientAddress(request) })).success
  ) {
    return Response.json(
      { error: "too_many_requests", error_description: "Too many registrations: try in a minute" },
      { status: 429, headers: { "Retry-After": "60" } },
    );
  }
  try {
    const provider = await providerFor(publicOrigin(env, request));
    if (request.method === "POST" && new URL(request.url).pathname === OAUTH_TOKEN_PATH)
      return await refreshOnce(request, env, (checked) => provider.fetch(checked, env, ctx));
    return await provider.fetch(request, env, ctx);
  } catch (error) {
    if (error instanceof AppError) {
      return Response.json(
        { error: { message: error.message, code: error.code } },
        { status: error.status },
      );
    }
    throw error;
  }
}

/**
 * How long a used refresh token is remembered: as long as it could have lived (the provider's
 * default refresh-token lifetime, 30 days, which AI42 keeps).
 */
const USED_REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
const usedRefreshKey = (tokenDigest: string) => `used-refresh:${tokenDigest}`;

/**
 * A refresh token works once. The provider rotates it at each use but keeps the one before valid
 * (for a client that lost the answer), so a stolen token could be replayed for as long as the
 * real client does not refresh, and its use would then lock the real client out. Instead (OAuth
 * 2.1 §4.3.1, the OAuth security BCP): each token the provider accepts is remembered by its hash;
 * one presented again means two parties hold the grant, so the grant is revoked, with every token
 * issued under it, and both must connect again.
 */
async function refreshOnce(
  request: Request,
  env: Env,
  exchange: (request: Request) => Promise<Response>,
) {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const token = form?.get("grant_type") === "refresh_token" ? form.get("refresh_token") : null;
  if (typeof token !== "string" || !token) return exchange(request);
  const key = usedRefreshKey(await sha256Hex(token));
  const used = await env.OAUTH_KV.get<{ userId: string; grantId: string }>(key, "json");
  if (used) {
    await (await grantHelpers(env)).revokeGrant(used.grantId, used.userId);
    return Response.json(
      {
        error: "invalid_grant",
        error_description:
          "This refresh token was used before: the grant is revoked. Connect the app again.",
      },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const response = await exchange(request);
  if (response.ok) {
    // The provider's refresh tokens read `<user id>:<grant id>:<secret>`.
    const [userId, grantId] = token.split(":");
    await env.OAUTH_KV.put(key, JSON.stringify({ userId, grantId }), {
      expirationTtl: USED_REFRESH_TTL_SECONDS,
    });
  }
  return response;
}

/**
 * The provider's grant helpers, which read and write OAUTH_KV alone and so are the same for every
 * origin: made for a loopback one, which the provider accepts whatever APP_URL is.
 */
export async function grantHelpers(env: Env): Promise<OAuthHelpers> {
  return (await library()).getOAuthApi(optionsFor("http://127.0.0.1"), env);
}

/** The provider's helpers (consent, grants) for this origin. */
export async function oauthApi(env: Env, origin: string): Promise<OAuthHelpers> {
  await providerFor(origin);
  return (await library()).getOAuthApi(optionsFor(origin), env);
}
