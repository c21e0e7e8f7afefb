/**
 * An AI client connecting over OAuth, for the browser tests of the consent page and of Connections'
 * connected apps.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

/** Where the client (a local app) takes its code: a test answers it with `page.route`. */
export const REDIRECT_URI = "http://127.0.0.1:33418/callback";

const base64Url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/**
 * Registers "Claude Desktop" as an MCP client registers itself and answers the consent page's
 * path for it (read and write asked), with the PKCE verifier its token request needs.
 */
export async function startConnecting(request: APIRequestContext, baseURL: string) {
  const registered = await request.post("/oauth/register", {
    data: {
      client_name: "Claude Desktop",
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    },
  });
  expect(registered.status()).toBe(201);
  const { client_id: clientId } = await registered.json();
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64Url(
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
  );
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: "read write",
    state: "from-claude",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: `${baseURL}/mcp`,
  });
  return { clientId, verifier, path: `/oauth/authorize?${query}` };
}
