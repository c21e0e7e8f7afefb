/**
 * Access for AI clients (issue 32): making and revoking personal access tokens, disconnecting an
 * app connected through OAuth, and the log of what AI clients did, a page at a time. The lists'
 * first screen comes with the Connections page. Each throws a `ServiceError` with a "Failed to …"
 * message and what the server said.
 */
import type { CreateAccessTokenInput } from "~/domain/access-input";
import type { PublicAccessToken } from "../../../worker/services/access-tokens";
import type { ConnectedApp } from "../../../worker/services/connected-apps";
import type { publicMcpCall } from "../../../worker/services/mcp-calls";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, pageOrThrow, queryString } from "./workspace";

export type AccessToken = PublicAccessToken;
export type McpCall = ReturnType<typeof publicMcpCall>;
export type { ConnectedApp };

/** A new token: its secret, which nothing can show again, and the token as the list shows it. */
export interface MadeAccessToken {
  token: string;
  access_token: AccessToken;
}

export const accessApi = {
  createToken: (input: CreateAccessTokenInput) =>
    orThrow(
      apiRequest<MadeAccessToken>("/access-tokens", { method: "POST", body: input }),
      MESSAGES.createAccessToken,
    ),
  revokeToken: (id: string) =>
    orThrow(
      apiRequest<{ id: string }>(`/access-tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
      MESSAGES.revokeAccessToken,
    ),
  disconnectApp: (id: string) =>
    orThrow(
      apiRequest<{ id: string }>(`/connected-apps/${encodeURIComponent(id)}`, {
        method: "DELETE",
      }),
      MESSAGES.disconnectApp,
    ),
  calls: (query: { page: number; limit: number }) =>
    pageOrThrow(apiRequest<McpCall[]>(`/mcp-calls${queryString(query)}`), MESSAGES.fetchMcpCalls),
};
