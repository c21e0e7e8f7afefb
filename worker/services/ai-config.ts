/**
 * The AI providers' configuration, read from the environment: apart from their clients
 * (ai-providers.ts) so that a page showing whether they are set up does not load the SDK.
 */
import {
  allowedModels,
  PROVIDERS,
  TEXT_TO_SPEECH,
  type AiProvider,
} from "../../app/domain/ai/providers";
import type { Env } from "../env";

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

export const ttsModel = (env: Env) => env[TEXT_TO_SPEECH.modelName] || TEXT_TO_SPEECH.defaultModel;

/** Which providers are configured, with their models and the keys that set them up. */
export function aiStatus(env: Env) {
  const status = (provider: AiProvider) => {
    const { configured, model } = providerConfig(env, provider);
    return { configured, model, key: PROVIDERS[provider].keyName };
  };
  const openai = status("openai");
  const tts = { configured: openai.configured, model: ttsModel(env), key: TEXT_TO_SPEECH.keyName };
  return { openai, perplexity: status("perplexity"), tts };
}
