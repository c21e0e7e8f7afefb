/** Reading an OpenAI-compatible chat stream (Server-Sent Events), in the Worker and the browser. */
import { webSources } from "./sources";

/**
 * Perplexity's `citations`, or the URLs of its `search_results`, whichever an answer carries: only
 * the web addresses among them.
 */
export function citationsOf(body: unknown): string[] {
  const value = (body ?? {}) as { citations?: unknown; search_results?: { url?: unknown }[] };
  if (Array.isArray(value.citations)) return webSources(value.citations);
  if (Array.isArray(value.search_results))
    return webSources(value.search_results.map((r) => r.url));
  return [];
}

/** One parsed Server-Sent Events chunk of an OpenAI-compatible chat stream. */
export interface StreamChunk {
  content: string;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  citations?: string[];
  done: boolean;
}

/**
 * Incremental parser for `data: {...}\n\n` events: feed it decoded text as it arrives, it returns
 * the chunks completed so far and keeps the unfinished tail for the next call.
 */
export function createSseParser() {
  let buffer = "";
  return (text: string): StreamChunk[] => {
    buffer += text;
    const chunks: StreamChunk[] = [];
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (!data) continue;
      if (data === "[DONE]") {
        chunks.push({ content: "", done: true });
        continue;
      }
      try {
        const json = JSON.parse(data) as {
          choices?: { delta?: { content?: string | null } }[];
          usage?: StreamChunk["usage"] | null;
        };
        const citations = citationsOf(json);
        chunks.push({
          content: json.choices?.[0]?.delta?.content ?? "",
          usage: json.usage ?? undefined,
          ...(citations.length && { citations }),
          done: false,
        });
      } catch {
        // A malformed event carries nothing we can show; the next one may.
      }
    }
    return chunks;
  };
}
