import { describe, expect, it } from "vitest";
import {
  alternating,
  ChatRequestSchema,
  conversationTitle,
  sharedPrefixLength,
  TtsRequestSchema,
} from "~/domain/ai/chat";
import { conversationToMarkdown, researchToMarkdown } from "~/domain/ai/markdown";
import { mentions } from "~/domain/ai/research";
import { createSseParser } from "~/domain/ai/sse";
import { byDay } from "~/domain/dates";

const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe("the SSE parser", () => {
  it("yields chunks as events complete, however the bytes are split", () => {
    const stream =
      chunk("Cap") +
      chunk(" rate") +
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 } })}\n\n` +
      "data: [DONE]\n\n";
    for (const size of [1, 3, 7, 50, stream.length]) {
      const parse = createSseParser();
      const chunks = [];
      for (let i = 0; i < stream.length; i += size)
        chunks.push(...parse(stream.slice(i, i + size)));
      expect(chunks.map((c) => c.content).join("")).toBe("Cap rate");
      expect(chunks.find((c) => c.usage)?.usage).toEqual({
        prompt_tokens: 3,
        completion_tokens: 2,
      });
      expect(chunks.at(-1)).toEqual({ content: "", done: true });
    }
  });

  it("reads Perplexity's sources from citations or from search_results", () => {
    const parse = createSseParser();
    const event = (extra: object) =>
      `data: ${JSON.stringify({ choices: [{ delta: { content: "x" } }], ...extra })}\n\n`;
    const [old, current, none] = parse(
      event({ citations: ["https://a.example"] }) +
        event({ search_results: [{ title: "B", url: "https://b.example" }] }) +
        event({}),
    );
    expect(old!.citations).toEqual(["https://a.example"]);
    expect(current!.citations).toEqual(["https://b.example"]);
    expect(none!.citations).toBeUndefined();
  });

  it("accepts CRLF line ends and skips comments and malformed events", () => {
    const parse = createSseParser();
    const text = `: keep-alive\r\n\r\ndata: {not json}\r\n\r\n${chunk("ok").replace(/\n/g, "\r\n")}`;
    expect(parse(text).map((c) => c.content)).toEqual(["ok"]);
  });
});

describe("conversation histories", () => {
  const user = (content: string) => ({ role: "user" as const, content });
  const assistant = (content: string) => ({ role: "assistant" as const, content });

  it("share a prefix up to the first difference in role or text", () => {
    const stored = [user("a"), assistant("b"), user("c"), assistant("d")];
    expect(sharedPrefixLength(stored, [user("a"), assistant("b"), user("c")])).toBe(3);
    expect(sharedPrefixLength(stored, [user("a"), assistant("b"), user("c, edited")])).toBe(2);
    expect(sharedPrefixLength(stored, [user("x")])).toBe(0);
    expect(sharedPrefixLength([], [user("a")])).toBe(0);
  });

  it("merge consecutive messages of one role so providers get turns in order", () => {
    expect(alternating([user("a"), user("b"), assistant("c"), assistant("d"), user("e")])).toEqual([
      user("a\n\nb"),
      assistant("c\n\nd"),
      user("e"),
    ]);
  });

  it("are titled by their first message, on one line, at most 60 characters", () => {
    expect(conversationTitle("  What is\na cap rate? ")).toBe("What is a cap rate?");
    const long = conversationTitle("word ".repeat(30));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith("…")).toBe(true);
  });

  it("must end with a non-empty user message and stay within the limits", () => {
    const parse = (body: unknown) => ChatRequestSchema.safeParse(body).success;
    expect(parse({ messages: [user("hi")] })).toBe(true);
    expect(parse({ messages: [user("hi"), assistant("hello")] })).toBe(false);
    expect(parse({ messages: [user("   ")] })).toBe(false);
    expect(parse({ messages: [] })).toBe(false);
    expect(parse({ messages: Array.from({ length: 101 }, () => user("x")) })).toBe(false);
    expect(parse({ messages: [user("hi")], model: "llama3.1:8b" })).toBe(true);
    expect(parse({ messages: [user("hi")], model: "a b" })).toBe(false);
    expect(TtsRequestSchema.safeParse({ text: "hi", voice: "nova" }).success).toBe(true);
    expect(TtsRequestSchema.safeParse({ text: "hi", voice: "robot" }).success).toBe(false);
  });
});

describe("research grounding", () => {
  it("finds a property or project the query names, however it is spelled", () => {
    const query = "227 Linden Avenue: is the BRRRR refinance realistic?";
    expect(mentions(query, "227 Linden Ave")).toBe(true);
    expect(mentions(query, "227 linden avenue")).toBe(true);
    expect(mentions("Is 12 Oak St., Springfield worth it?", "12 Oak Street")).toBe(true);
    expect(mentions("Update on the Maple flip", "Maple flip")).toBe(true);
    expect(mentions(query, "27 Linden Avenue")).toBe(false);
    expect(mentions(query, "Linden Ave duplex (BRRRR)")).toBe(false);
    expect(mentions(query, "Oak")).toBe(false);
    expect(mentions(query, null)).toBe(false);
  });
});

describe("exports", () => {
  it("write a conversation as Markdown with tool calls and sources", () => {
    const markdown = conversationToMarkdown("Cap rates", [
      { role: "user", content: "Find Maple" },
      {
        role: "assistant",
        content: "Maple Duplex is under contract.",
        toolCalls: [{ name: "search_projects", summary: "Found 1 project: Maple Duplex" }],
        citations: ["https://example.com/a"],
      },
    ]);
    expect(markdown).toBe(
      [
        "# Cap rates",
        "",
        "## You",
        "",
        "Find Maple",
        "",
        "## AI42",
        "",
        "Maple Duplex is under contract.",
        "",
        "> Tool `search_projects`: Found 1 project: Maple Duplex",
        "",
        "Sources:",
        "1. https://example.com/a",
        "",
      ].join("\n"),
    );
  });

  it("write a research report with every section, saying when there are no sources", () => {
    const markdown = researchToMarkdown("12 Oak St", {
      summary: "Solid rental.",
      market: "Rents up 3%.",
      comparables: "Two sales near $250k.",
      risks: ["Old roof"],
      nextSteps: [],
      sources: [],
    });
    expect(markdown).toContain("# Research: 12 Oak St");
    expect(markdown).toContain("## Risks\n\n- Old roof");
    expect(markdown).toContain("## Next steps\n\n_None noted._");
    expect(markdown).toContain("_No web sources: answered without web search._");
  });
});

describe("the week ahead", () => {
  it("groups dated items under their day and leaves the rest out", () => {
    const days = ["2027-01-28", "2027-01-29"];
    const items = [
      { name: "a", date: "2027-01-29" },
      { name: "b", date: null },
      { name: "c", date: "2027-03-01" },
      { name: "d", date: "2027-01-29T10:00:00Z" },
    ];
    expect(byDay(days, items, (i) => i.date).map((g) => g.items.map((i) => i.name))).toEqual([
      [],
      ["a", "d"],
    ]);
  });
});
