/**
 * The AI providers: OpenAI-compatible clients (the `openai` SDK pointed at OPENAI_BASE_URL or
 * PERPLEXITY_BASE_URL), their configuration and how their failures reach the user.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import {
  allowedModels,
  PROVIDERS,
  TEXT_TO_SPEECH,
  type AiProvider,
} from "../../app/domain/ai/providers";
import { AppError, invalidFields, notConfigured } from "../errors";
import type { Env } from "../env";

/** Headers must arrive within this long (a streamed body may then take its time). */
export const AI_TIMEOUT_MS = 60_000;
/** One retry on a 5xx, 408/409/429 or a dropped connection; the SDK backs off in between. */
export const AI_MAX_RETRIES = 1;

export interface ProviderConfig {
  provider: AiProvider;
  configured: boolean;
  baseURL: string;
  model: string;
  /** The models a chat may name: `model` first. */
  models: string[];
}

export function providerConfig(env: Env, provider: AiProvider): ProviderConfig {
  const facts = PROVIDERS[provider];
  const model = env[facts.modelName] || facts.defaultModel;
  return {
    provider,
    configured: Boolean(env[facts.keyName]),
    baseURL: env[facts.baseUrlName] || facts.defaultBaseUrl,
    model,
    models: allowedModels(model, env[facts.modelsName]),
  };
}

/** Which providers are configured, with their models and the key that sets each (GET /api/ai/status). */
export function aiStatus(env: Env) {
  const status = (provider: AiProvider) => {
    const { configured, model } = providerConfig(env, provider);
    return { configured, model, key: PROVIDERS[provider].keyName };
  };
  const openai = status("openai");
  const tts = { configured: openai.configured, model: ttsModel(env), key: TEXT_TO_SPEECH.keyName };
  return { openai, perplexity: status("perplexity"), tts };
}

/**
 * The model a chat runs on: the configured one unless the request names another the allow-list
 * holds. Any other name is refused (400) before anything is stored, counted or sent.
 */
export function chatModel(config: ProviderConfig, requested: string | undefined) {
  if (requested === undefined || config.models.includes(requested)) {
    return requested ?? config.model;
  }
  const { label } = PROVIDERS[config.provider];
  throw invalidFields([
    {
      field: "model",
      message: `${requested} is not offered for ${label}: choose ${config.models.join(", ")}`,
    },
  ]);
}

export const ttsModel = (env: Env) => env[TEXT_TO_SPEECH.modelName] || TEXT_TO_SPEECH.defaultModel;

/** Tests shorten the header timeout with AI_TIMEOUT_MS; production keeps 60 s. */
const timeoutOf = (env: Env) => {
  const value = Number(env.AI_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : AI_TIMEOUT_MS;
};

/** A client for the provider, or 503 NOT_CONFIGURED naming the key to set. */
export function aiClient(env: Env, provider: AiProvider) {
  const config = providerConfig(env, provider);
  const facts = PROVIDERS[provider];
  if (!config.configured) throw notConfigured(facts.keyName, `The ${facts.label} provider`);
  const client = new OpenAI({
    apiKey: env[facts.keyName],
    baseURL: config.baseURL,
    timeout: timeoutOf(env),
    maxRetries: AI_MAX_RETRIES,
    // Workers' fetch must be called unbound.
    fetch: (input, init) => fetch(input, init),
  });
  return { client, config };
}

/**
 * The user-facing error for a provider failure: 504 when it did not answer in time, 502 when it
 * answered with an error or could not be reached. The provider's own message is kept (it names
 * the model or quota problem), its status is in `details`.
 */
export function providerError(error: unknown, provider: AiProvider): AppError {
  const { label: name, baseUrlName } = PROVIDERS[provider];
  if (error instanceof AppError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new AppError(504, "UPSTREAM_TIMEOUT", `${name} did not answer in time. Try again.`);
  }
  if (error instanceof APIConnectionError) {
    return new AppError(
      502,
      "UPSTREAM_UNREACHABLE",
      `Could not reach ${name}: check ${baseUrlName}`,
    );
  }
  if (error instanceof APIError) {
    const reason = upstreamMessage(error.error) ?? error.message;
    return new AppError(502, "UPSTREAM_ERROR", `${name} answered with an error: ${reason}`, {
      upstreamStatus: error.status,
    });
  }
  console.error(`${name} call failed`, error);
  return new AppError(502, "UPSTREAM_ERROR", `${name} call failed`);
}

function upstreamMessage(body: unknown): string | undefined {
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
    return body.message.slice(0, 300);
  }
  return undefined;
}

/** Runs a provider call, turning its failures into the API's envelope. */
export async function callProvider<T>(provider: AiProvider, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerError(error, provider);
  }
}
