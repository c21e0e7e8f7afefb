/**
 * The browser API client (spec §7–§8). Every call resolves to `{ data }` or
 * `{ error: { message, statusCode } }`; it never throws.
 */
import { localTimeZone, TIME_ZONE_HEADER } from "~/domain/today";
import { MESSAGES, STORAGE_KEYS } from "./messages";

export interface ApiFailure {
  message: string;
  statusCode: number;
  /** Per-field problems from a 400 answer: `[{ field, message }]`. */
  details?: unknown;
}
export interface PageMeta {
  page: number;
  limit: number;
  total: number;
}
export type ApiResult<T> =
  | { data: T; meta?: PageMeta; error?: undefined }
  | { data?: undefined; meta?: undefined; error: ApiFailure };

let baseUrl = "/api";
/** Paths sit under /api on the same origin unless a full address is configured. */
export function configureApi(options: { baseUrl?: string }) {
  if (options.baseUrl) baseUrl = options.baseUrl.replace(/\/+$/, "");
}

/** The address of an API path: for a plain link too (a download the session cookie signs in). */
export const apiUrl = (path: string) => `${baseUrl}${path}`;

export function storedToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.authToken);
  } catch {
    return null;
  }
}

export function storeToken(token: string | null) {
  if (token) localStorage.setItem(STORAGE_KEYS.authToken, token);
  else localStorage.removeItem(STORAGE_KEYS.authToken);
}

function serverDetails(body: unknown): unknown {
  const error = (body as { error?: { details?: unknown } } | null)?.error;
  return error && typeof error === "object" ? error.details : undefined;
}

function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as { error?: unknown; message?: unknown };
  if (typeof record.error === "string") return record.error;
  if (record.error && typeof record.error === "object") {
    const message = (record.error as { message?: unknown }).message;
    if (typeof message === "string") return message;
  }
  return typeof record.message === "string" ? record.message : undefined;
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** The message when the server gives none (spec §8: Request failed). */
  fallbackMessage?: string;
  /** The ETag of the record's version this change was made against (412 when it changed since). */
  ifMatch?: string;
}

/**
 * A call whose successful answer is not JSON (a stream, audio): the raw response when it is OK,
 * else the same `{ error }` as `apiRequest`.
 */
export async function apiFetch(
  path: string,
  init: RequestOptions & { accept?: string } = {},
): Promise<
  { response: Response; error?: undefined } | { response?: undefined; error: ApiFailure }
> {
  const headers: Record<string, string> = {
    Accept: init.accept ?? "application/json",
    // The user's today is the browser's calendar day (app/domain/today.ts).
    [TIME_ZONE_HEADER]: localTimeZone(),
  };
  const token = storedToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.ifMatch) headers["If-Match"] = init.ifMatch;

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : MESSAGES.networkError;
    return { error: { message, statusCode: 0 } };
  }
  if (response.ok) return { response };
  return { error: await failureOf(response, init.fallbackMessage) };
}

async function failureOf(response: Response, fallbackMessage?: string): Promise<ApiFailure> {
  const contentType = response.headers.get("Content-Type") ?? "";
  let body: unknown;
  try {
    if (!contentType.includes("json")) throw new Error("not JSON");
    body = await response.json();
  } catch {
    return { message: MESSAGES.htmlInsteadOfJson, statusCode: response.status };
  }
  return {
    message: serverMessage(body) ?? fallbackMessage ?? MESSAGES.requestFailed,
    statusCode: response.status,
    details: serverDetails(body),
  };
}

export async function apiRequest<T>(
  path: string,
  init: RequestOptions = {},
): Promise<ApiResult<T>> {
  const { response, error } = await apiFetch(path, init);
  if (error) return { error };
  const contentType = response.headers.get("Content-Type") ?? "";
  if (!contentType.includes("json")) {
    return { error: { message: MESSAGES.htmlInsteadOfJson, statusCode: response.status } };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { error: { message: MESSAGES.htmlInsteadOfJson, statusCode: response.status } };
  }
  const data =
    body && typeof body === "object" && "data" in body ? (body as { data: T }).data : body;
  const meta = (body as { meta?: PageMeta } | null)?.meta;
  return meta ? { data: data as T, meta } : { data: data as T };
}
