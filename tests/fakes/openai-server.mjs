// A local stand-in for OpenAI-compatible APIs (OpenAI, and Perplexity under /perplexity), speaking
// their real wire format: `POST …/chat/completions` (JSON or SSE `data:` chunks ending with
// `data: [DONE]`, tool calls, `response_format`), `POST …/audio/speech` (MP3 bytes), error bodies
// `{error:{message,type}}`. Used by the workerd tests, the browser tests, the benchmarks and, if you
// point OPENAI_BASE_URL at it, offline development: `node tests/fakes/openai-server.mjs [port]`.
//
// Answers are worked out from the request, never canned per test. What the last user message says
// steers it, the way a real model follows instructions:
//   "fail with 500"        → HTTP 500 error body        "hang"  → never answers (timeouts)
//   "long answer"          → a 1,000-chunk stream        anything else → an answer quoting it
//   "CALL_TOOL name {json}" → calls that tool (when tools are offered); "pipeline", "find X",
//   "create a contact First Last", "create a project Name" pick the matching tool.
// A model named like "fake-pace-5" streams with 5 ms between chunks instead of the default.
// `GET /__fake/requests` lists what it received and whether the client hung up mid-stream;
// `DELETE /__fake/requests` forgets it.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

const now = () => performance.timeOrigin + performance.now();

/** One silent MPEG-1 Layer III frame (128 kbit/s, 44.1 kHz, mono): a header and zeroed data. */
function silentMp3(frames = 40) {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

const textOf = (content) =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((part) => part.text ?? "").join("")
      : "";

function lastUserText(messages) {
  const user = [...messages].reverse().find((message) => message.role === "user");
  return user ? textOf(user.content) : "";
}

/** The tool call the "model" makes for this request, if any. */
function chooseToolCall(body) {
  const tools = (body.tools ?? []).map((tool) => tool.function?.name);
  const last = body.messages.at(-1);
  if (!tools.length || !last || last.role !== "user") return null;
  const text = textOf(last.content);
  const explicit = /CALL_TOOL\s+(\w+)\s*(\{.*\})?/s.exec(text);
  if (explicit) return { name: explicit[1], arguments: explicit[2] ?? "{}" };
  const pick = (name, args) =>
    tools.includes(name) ? { name, arguments: JSON.stringify(args) } : null;
  let match;
  if ((match = /create a contact (\S+) (\S+)/i.exec(text)))
    return pick("create_contact", { firstName: match[1], lastName: match[2], type: "other" });
  if ((match = /create a project (.+?)[.?!]*$/i.exec(text)))
    return pick("create_project", { name: match[1] });
  if (/pipeline/i.test(text)) return pick("summarize_pipeline", {});
  // The analyzer's "Ask the agent": analyze_deal's arguments in the handover's JSON block.
  if ((match = /```json ai42-analysis\n(\{.*\})\n```/s.exec(text)))
    return pick("analyze_deal", JSON.parse(match[1]));
  if (
    (match =
      /find (?:the )?(projects?|contacts?|propert(?:y|ies)|documents?) (?:about |named |for )?(.+?)[.?!]*$/i.exec(
        text,
      ))
  ) {
    const kind = match[1]
      .toLowerCase()
      .replace(/y$|ies$/, "ie")
      .replace(/s$/, "");
    const name = {
      project: "search_projects",
      contact: "search_contacts",
      propertie: "search_properties",
      document: "search_documents",
    }[kind];
    return name ? pick(name, { query: match[2] }) : null;
  }
  return null;
}

/** A tool result in words, the way a model would read it back: names of rows, figures of objects. */
function describe(content) {
  let value;
  try {
    value = JSON.parse(content);
  } catch {
    return content;
  }
  const nameOf = (row) =>
    row.name ??
    row.title ??
    row.address ??
    ([row.firstName, row.lastName].filter(Boolean).join(" ") || row.company);
  if (Array.isArray(value)) return value.length ? value.map(nameOf).join(", ") : "nothing matched";
  if (value && typeof value === "object") {
    if (value.error) return `the tool failed: ${value.error}`;
    const name = nameOf(value);
    if (name) return `done: ${name}`;
    const figure = ([key, v]) =>
      typeof v === "number"
        ? `${key}: ${v}`
        : `${key}: ${Object.entries(v)
            .map(([a, b]) => `${a} ${b}`)
            .join(", ")}`;
    return Object.entries(value)
      .filter(([, v]) => typeof v === "number" || (v && typeof v === "object" && !Array.isArray(v)))
      .map(figure)
      .join("; ");
  }
  return String(value);
}

function answerFor(body, perplexity) {
  const messages = body.messages ?? [];
  const last = messages.at(-1);
  if (last?.role === "tool") {
    const results = messages
      .filter((message) => message.role === "tool")
      .map((m) => describe(textOf(m.content)));
    return `Here is what I found in your workspace:\n\n${results.map((r) => `- ${r}`).join("\n")}`;
  }
  const question = lastUserText(messages);
  if (body.response_format?.type === "json_schema") {
    return JSON.stringify({
      summary: `Research summary for ${question.split("\n")[0].slice(0, 200)}`,
      market: "Median prices rose 4% over the last year; days on market are 31.",
      comparables: "Three similar homes within half a mile sold between $240k and $265k.",
      risks: ["Older roof", "Flood zone AE on the north edge"],
      nextSteps: ["Order an inspection", "Pull the title report"],
      sources: perplexity ? ["https://example.com/market-report"] : [],
    });
  }
  if (/long answer/i.test(question)) {
    return Array.from({ length: 1000 }, (_, i) => `word${i}`).join(" ");
  }
  return [
    `You asked: "${question}".`,
    "",
    `Here is a short answer from **${body.model}**:`,
    "",
    "| measure | value |",
    "| --- | --- |",
    `| words in your question | ${question.split(/\s+/).filter(Boolean).length} |`,
    "",
    "- first point",
    "- second point",
  ].join("\n");
}

/** Starts the fake; `paceMs` is the pause between streamed chunks. */
export function startFakeOpenAI({ port = 0, paceMs = 20 } = {}) {
  const log = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const json = (status, body) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/__fake/requests") {
      if (request.method === "DELETE") log.length = 0;
      return json(200, log);
    }
    let raw = "";
    request.on("data", (chunk) => (raw += chunk));
    request.on("end", () => {
      if (!request.headers.authorization?.startsWith("Bearer ")) {
        return json(401, { error: { message: "Missing API key", type: "invalid_request_error" } });
      }
      let body;
      try {
        body = JSON.parse(raw || "{}");
      } catch {
        return json(400, { error: { message: "Invalid JSON", type: "invalid_request_error" } });
      }
      const perplexity = url.pathname.startsWith("/perplexity");
      const entry = {
        path: url.pathname,
        model: body.model,
        stream: Boolean(body.stream),
        messages: body.messages,
        tools: (body.tools ?? []).map((tool) => tool.function?.name),
        input: body.input,
        voice: body.voice,
        authorization: request.headers.authorization,
        chunksSent: 0,
        firstChunkAt: null,
        lastChunkAt: null,
        completed: false,
        clientClosed: false,
      };
      log.push(entry);
      response.on("close", () => {
        if (!response.writableFinished) entry.clientClosed = true;
      });

      if (url.pathname.endsWith("/audio/speech")) {
        if (!body.input)
          return json(400, {
            error: { message: "input is required", type: "invalid_request_error" },
          });
        entry.completed = true;
        response.writeHead(200, { "Content-Type": "audio/mpeg" });
        return response.end(silentMp3());
      }
      if (!url.pathname.endsWith("/chat/completions")) {
        return json(404, {
          error: { message: `Unknown path ${url.pathname}`, type: "invalid_request_error" },
        });
      }
      const question = lastUserText(body.messages ?? []);
      if (/fail with 500/i.test(question)) {
        return json(500, {
          error: { message: "The fake model is having a bad day", type: "server_error" },
        });
      }
      if (/\bhang\b/i.test(question)) return; // never answers: the caller's timeout must fire

      const id = `chatcmpl-${log.length}`;
      const created = Math.floor(Date.now() / 1000);
      const toolCall = chooseToolCall(body);
      const content = toolCall ? null : answerFor(body, perplexity);
      const promptTokens = JSON.stringify(body.messages ?? []).length >> 2;
      const completionTokens = content ? content.split(/\s+/).length : 10;
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };
      const extra = perplexity
        ? {
            citations: ["https://example.com/market-report", "https://example.org/county-records"],
            search_results: [
              { title: "Market report", url: "https://example.com/market-report" },
              { title: "County records", url: "https://example.org/county-records" },
            ],
          }
        : {};
      const tool_calls = toolCall
        ? [{ id: `call_${log.length}`, type: "function", function: toolCall }]
        : undefined;

      if (!body.stream) {
        entry.completed = true;
        return json(200, {
          id,
          object: "chat.completion",
          created,
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: "assistant", content, ...(tool_calls && { tool_calls }) },
              finish_reason: toolCall ? "tool_calls" : "stop",
            },
          ],
          usage,
          ...extra,
        });
      }

      response.writeHead(200, {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
        Connection: "keep-alive",
      });
      const pieces = (content ?? "").match(/\s*\S+/g) ?? [];
      const chunk = (delta, finish = null, more = {}) =>
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }], ...more, ...extra })}\n\n`;
      const pace = Number(/pace-(\d+)/.exec(body.model ?? "")?.[1] ?? paceMs);
      let index = 0;
      const send = () => {
        if (response.destroyed) return;
        if (index === 0) response.write(chunk({ role: "assistant", content: "" }));
        if (index < pieces.length) {
          response.write(chunk({ content: pieces[index] }));
          entry.chunksSent += 1;
          entry.firstChunkAt ??= now();
          entry.lastChunkAt = now();
          index += 1;
          return void setTimeout(send, pace);
        }
        response.write(chunk({}, "stop"));
        if (body.stream_options?.include_usage)
          response.write(
            `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model: body.model, choices: [], usage })}\n\n`,
          );
        response.end("data: [DONE]\n\n");
        entry.completed = true;
      };
      send();
    });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}`, log });
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startFakeOpenAI({ port: Number(process.argv[2] ?? 8790) });
  console.log(`Fake OpenAI-compatible API on ${url}/v1 (Perplexity: ${url}/perplexity)`);
}
