/**
 * The AI providers AI42 talks to, and every fact about them the API, the Connections screen and
 * the AI screens show: labels, the settings that configure them, their defaults. Pure: no I/O.
 */
export const AI_PROVIDERS = ["openai", "perplexity"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

export interface ProviderFacts {
  label: string;
  /** The secret that turns the provider on. */
  keyName: "OPENAI_API_KEY" | "PERPLEXITY_API_KEY";
  baseUrlName: "OPENAI_BASE_URL" | "PERPLEXITY_BASE_URL";
  modelName: "OPENAI_MODEL" | "PERPLEXITY_MODEL";
  /** More models a chat may ask for, comma-separated (the configured model is always allowed). */
  modelsName: "OPENAI_MODELS" | "PERPLEXITY_MODELS";
  defaultBaseUrl: string;
  defaultModel: string;
  /** What AI42 uses it for, in a sentence. */
  uses: string;
}

export const PROVIDERS: Record<AiProvider, ProviderFacts> = {
  openai: {
    label: "OpenAI",
    keyName: "OPENAI_API_KEY",
    baseUrlName: "OPENAI_BASE_URL",
    modelName: "OPENAI_MODEL",
    modelsName: "OPENAI_MODELS",
    defaultBaseUrl: "https://api.openai.com/v1",
    defaultModel: "gpt-4o-mini",
    uses: "Main Agent chat (streamed), agent mode over your data, reading answers aloud, and property research when Perplexity is not set. Any OpenAI-compatible server works: set OPENAI_BASE_URL (Azure, OpenRouter, Ollama, vLLM, llama.cpp).",
  },
  perplexity: {
    label: "Perplexity",
    keyName: "PERPLEXITY_API_KEY",
    baseUrlName: "PERPLEXITY_BASE_URL",
    modelName: "PERPLEXITY_MODEL",
    modelsName: "PERPLEXITY_MODELS",
    defaultBaseUrl: "https://api.perplexity.ai",
    defaultModel: "sonar",
    uses: "Web-grounded answers with their sources, in the Main Agent and in Property Research.",
  },
};

/**
 * The models a chat may name: the configured one (the one the screens offer) and those the
 * `modelsName` setting lists. The provider bills by model, so the client never picks freely.
 */
export function allowedModels(configured: string, listed: string | undefined) {
  const extra = (listed ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return [...new Set([configured, ...extra])];
}

/** Reading answers aloud runs on the OpenAI provider with its own model setting. */
export const TEXT_TO_SPEECH = {
  keyName: "OPENAI_API_KEY",
  modelName: "OPENAI_TTS_MODEL",
  defaultModel: "gpt-4o-mini-tts",
} as const;
