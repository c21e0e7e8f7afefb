/**
 * Access for AI clients: the types of the tokens, connected apps and the log of what AI
 * clients did, and the log's further pages, read in place (Show more) and throwing a
 * `ServiceError` with a "Failed to …" message and what the server said. The lists' first screen
 * comes with the Connections page; its changes go to the page's action.
 */
import type { PublicAccessToken } from "../../../worker/services/access-tokens";
import type { ConnectedApp } from "../../../worker/services/connected-apps";
import type { publicMcpCall } from "../../../worker/services/mcp-calls";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { pageOrThrow, queryString } from "./workspace";

export type AccessToken = PublicAccessToken;
export type McpCall = ReturnType<typeof publicMcpCall>;
export type { ConnectedApp };

/** A new token: its secret, which nothing can show again, and the token as the list shows it. */
export interface MadeAccessToken {
  token: string;
  access_token: AccessToken;
}

export const accessApi = {
  calls: (query: { page: number; limit: number }) =>
    pageOrThrow(apiRequest<McpCall[]>(`/mcp-calls${queryString(query)}`), MESSAGES.fetchMcpCalls),
};
