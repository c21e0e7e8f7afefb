/**
 * The OAuth consent page's server side (the page is app/routes/oauth.authorize.tsx): it checks an
 * MCP client's authorization request, names the client, where access goes and what it asks for, and
 * on the signed-in user's answer completes or declines it. The provider keeps the request between
 * the two steps, bound to this browser by a cookie, for ten minutes, once.
 */
import type { OAuthHelpers } from "@cloudflare/workers-oauth-provider";
import {
  ACCESS_SCOPES,
  accessScopeOf,
  oauthScopesOf,
  type AccessScope,
  type McpPrincipal,
} from "../../app/domain/access";
import type { GrantMetadata } from "../services/connected-apps";

/** What the page shows before the user answers. */
export interface ConsentRequest {
  handle: string;
  clientName: string;
  /** A client whose id is a metadata document's URL is published by this domain; else null. */
  clientDomain: string | null;
  redirectHost: string;
  /** Where the answer redirects to: the page's CSP must let its form go there. */
  redirectUri: string;
  /** Access would go to an app on this computer (a localhost redirect). */
  loopback: boolean;
  /** What the client asked for: read_write when it asked for `write`. */
  requested: AccessScope;
}

/** How a step ends: the page to show, a redirect (with its headers), or why it cannot go on. */
export type ConsentStep =
  | { kind: "ask"; consent: ConsentRequest; headers: Headers }
  | { kind: "redirect"; headers: Headers }
  | { kind: "invalid"; message: string };

const redirectTo = (location: string, headers = new Headers()) => {
  headers.set("Location", location);
  return { kind: "redirect" as const, headers };
};

/**
 * The provider's refusals: back to the client when it and its redirect are trusted, else shown.
 * (The library is loaded here rather than imported: see worker/mcp/oauth.ts.)
 */
async function refused(error: unknown): Promise<ConsentStep> {
  const { AuthorizationError, CimdFetchError } = await import("@cloudflare/workers-oauth-provider");
  if (error instanceof AuthorizationError) {
    if (error.redirectTo) return redirectTo(error.redirectTo);
    return { kind: "invalid", message: error.description };
  }
  if (error instanceof CimdFetchError) {
    return {
      kind: "invalid",
      message: "This app could not be verified: its metadata is unreachable",
    };
  }
  throw error;
}

/** GET: the request checked and the page's facts, with the cookie that binds it to this browser. */
export async function askConsent(oauth: OAuthHelpers, request: Request): Promise<ConsentStep> {
  try {
    const authRequest = await oauth.parseAuthRequest(request);
    const details = await oauth.describeConsent(authRequest);
    const { handle, headers } = await oauth.beginConsent(authRequest);
    return {
      kind: "ask",
      headers,
      consent: {
        handle,
        clientName: details.clientName,
        clientDomain: details.clientDomain ?? null,
        redirectHost: details.redirectHost,
        redirectUri: details.redirectUri,
        loopback: details.redirectIsLoopback,
        requested: accessScopeOf(authRequest.scope),
      },
    };
  } catch (error) {
    return refused(error);
  }
}

/**
 * POST: the user's answer. Allow grants the scope they chose (read, or read and write) to them;
 * Deny sends the client `access_denied`. Either way the client gets its redirect.
 */
export async function answerConsent(
  oauth: OAuthHelpers,
  request: Request,
  { userId, workspaceId }: { userId: string; workspaceId: string },
  form: { handle: string; decision: string; scope: string },
): Promise<ConsentStep> {
  try {
    if (form.decision !== "allow") {
      const denied = await oauth.denyConsent(request, form.handle, {
        description: "The user declined",
      });
      return { kind: "redirect", headers: denied.headers };
    }
    const scope: AccessScope = (ACCESS_SCOPES as readonly string[]).includes(form.scope)
      ? (form.scope as AccessScope)
      : "read";
    const approved = await oauth.approveConsent(request, form.handle, {
      scope: oauthScopesOf(scope),
    });
    const client = await oauth.lookupClient(approved.request.clientId);
    const clientName = client?.clientName ?? approved.request.clientId;
    const props: McpPrincipal = {
      userId,
      workspaceId,
      scope,
      via: "app",
      viaId: approved.request.clientId,
      viaName: clientName,
    };
    const { redirectTo: location } = await oauth.completeAuthorization({
      request: approved.request,
      userId,
      metadata: { clientName } satisfies GrantMetadata,
      scope: oauthScopesOf(scope),
      props,
    });
    return redirectTo(location, approved.headers);
  } catch (error) {
    return refused(error);
  }
}
