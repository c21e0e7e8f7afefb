import type { TextExtractor } from "../app/domain/file-text";
import type { JobMessage } from "./jobs";

/** Bindings and configuration of the AI42 Worker (wrangler.toml [vars], secrets, bindings). */
export interface Env {
  DB: D1Database;
  SESSIONS: KVNamespace;
  /**
   * The OAuth provider's store: registered MCP clients, their grants and tokens, kept hashed and
   * encrypted by @cloudflare/workers-oauth-provider, which names the binding.
   */
  OAUTH_KV: KVNamespace;
  /** The files users store; absent, file uploads answer 503. */
  FILES?: R2Bucket;
  /**
   * The text extractor Worker (workers/extract), a service binding: reads stored files' text for
   * search. Absent, files are stored and served but their text is not read.
   */
  EXTRACT?: TextExtractor;
  /**
   * Each workspace's own database, a Durable Object with SQLite storage named by the workspace's id
   * (worker/workspace-object.ts, `workspaceObject` reaches one).
   */
  WORKSPACES?: DurableObjectNamespace;
  /**
   * "on": the cron moves workspaces from D1 into their objects (worker/services/workspace-move.ts),
   * a bounded share a minute. Off by default until every part of a workspace runs there.
   */
  MOVE_WORKSPACES?: string;
  ASSETS?: Fetcher;
  /**
   * Background deliveries (worker/queue.ts): notification e-mails, sequence steps. Absent, the cron
   * delivers them itself, without retries.
   */
  JOBS?: Queue<JobMessage>;
  /** Opens of shared analyses per client address (wrangler.toml); absent, they are not limited. */
  SHARED_LINK_LIMITER?: RateLimit;
  /** MCP clients' registrations per client address (wrangler.toml); absent, not limited. */
  OAUTH_REGISTER_LIMITER?: RateLimit;
  JWT_SECRET?: string;
  TOKEN_ENCRYPTION_KEY?: string;
  MARKETING_URL?: string;
  /**
   * Public origin used in e-mailed links. Without it reset links are made only for a local run at a
   * loopback address (worker/services/password-reset.ts): required in production.
   */
  APP_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_API_URL?: string;
  EMAIL_FROM?: string;
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_MODEL?: string;
  OPENAI_TTS_MODEL?: string;
  /** More models a chat may name besides OPENAI_MODEL, comma-separated. */
  OPENAI_MODELS?: string;
  /** How long to wait for an AI provider's response headers (default 60 000). */
  AI_TIMEOUT_MS?: string;
  PERPLEXITY_API_KEY?: string;
  PERPLEXITY_BASE_URL?: string;
  PERPLEXITY_MODEL?: string;
  /** More models a chat may name besides PERPLEXITY_MODEL, comma-separated. */
  PERPLEXITY_MODELS?: string;
  /** Per-user limits (app/domain/usage.ts): AI calls a minute, AI tokens a UTC day, storage. */
  AI_REQUESTS_PER_MINUTE?: string;
  AI_DAILY_TOKENS?: string;
  STORAGE_QUOTA_MB?: string;
  /** Notification e-mails a user may be sent in a rolling 24 hours (worker/services/notifications.ts). */
  NOTIFICATION_EMAILS_PER_DAY?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_API_BASE_URL?: string;
  /** Nominatim-compatible geocoder; the page CSP admits its origin. */
  GEOCODER_URL?: string;
  /** Tile URL template (`…/{z}/{x}/{y}.png`); the page CSP admits its host. */
  MAP_TILE_URL?: string;
  /** Optional OSRM-compatible routing service (`/table`); the page CSP admits its origin. */
  ROUTING_URL?: string;
}

export const DEFAULT_MARKETING_URL = "/landing.html";

/**
 * This AI42's public origin: APP_URL's when set, else the request's (links, OAuth, MCP). A page's
 * loader passes its URL.
 */
export const publicOrigin = (env: Env, request: Pick<Request, "url">) =>
  env.APP_URL ? new URL(env.APP_URL).origin : new URL(request.url).origin;
