/**
 * Stands in for the OpenAI SDK's API resources that AI42 never calls, in the Worker bundle (see
 * the `[alias]` in wrangler.toml): the client builds one object per resource, and AI42 uses only
 * `chat` (chat completions, streamed or not) and `audio` (text to speech), which stay the SDK's
 * own. The other ~30 resources (assistants, realtime, vector stores, fine-tuning, files…) would be
 * ~55 KB gzip of the Worker's budget. So are the chat helpers `stream()` and `runTools()` build on
 * (AI42 streams with `create({ stream: true })`). Reaching one fails loudly, naming it.
 */
export { Audio } from "openai/resources/audio/audio.mjs";
export { Chat } from "openai/resources/chat/chat.mjs";

/** A resource AI42 does not use: the client may make it, but any call on it fails. */
function unused(name: string) {
  return class {
    constructor() {
      return new Proxy(this, {
        get(target, property) {
          if (property === "then" || typeof property === "symbol") return undefined;
          throw new Error(
            `openai.${name} is not in the AI42 Worker (see worker/openai-resources-on-workers.ts)`,
          );
        },
      });
    }
  };
}

export const Admin = unused("admin");
export const Batches = unused("batches");
export const Beta = unused("beta");
export const Completions = unused("completions");
export const Containers = unused("containers");
export const ContentProvenanceChecks = unused("contentProvenanceChecks");
export const Conversations = unused("conversations");
export const Decisions = unused("decisions");
export const Embeddings = unused("embeddings");
export const Evals = unused("evals");
export const Files = unused("files");
export const FineTuning = unused("fineTuning");
export const Graders = unused("graders");
export const Images = unused("images");
export const Live = unused("live");
export const Models = unused("models");
export const Moderations = unused("moderations");
export const Realtime = unused("realtime");
export const Responses = unused("responses");
export const Safety = unused("safety");
export const Skills = unused("skills");
export const Uploads = unused("uploads");
export const VectorStores = unused("vectorStores");
export const Videos = unused("videos");
export const Webhooks = unused("webhooks");

export const ChatCompletionRunner = unused("chat.completions.runTools");
export const ChatCompletionStreamingRunner = unused("chat.completions.runTools");
export const ChatCompletionStream = unused("chat.completions.stream");
