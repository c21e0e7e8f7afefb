/**
 * Research sources and chat citations link only to web pages: a `javascript:` or `data:` "source"
 * from a model, a provider or an imported file is dropped at input and never rendered as a link.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SourceLinks } from "~/components/source-links";
import { readReport, ResearchReportSchema } from "~/domain/ai/research";
import { createSseParser } from "~/domain/ai/sse";

const HOSTILE = ["javascript:alert(document.cookie)", "JavaScript:alert(1)", "data:text/html,<b>x"];

describe("sources at input", () => {
  it("keeps only the http(s) sources of a research report, and the report itself", () => {
    const answer = JSON.stringify({
      summary: "Solid rental demand.",
      market: "Tight.",
      comparables: "Three sales nearby.",
      risks: [],
      nextSteps: [],
      sources: ["https://county.example/records", ...HOSTILE, "not a url"],
    });
    const report = readReport(answer, ["http://news.example/a", "javascript:void(0)"]);
    expect(report.summary).toBe("Solid rental demand.");
    expect(report.sources).toEqual(["https://county.example/records", "http://news.example/a"]);
  });

  it("keeps only the http(s) citations of a chat answer, streamed or not", () => {
    const parse = createSseParser();
    const event = (extra: object) =>
      `data: ${JSON.stringify({ choices: [{ delta: { content: "x" } }], ...extra })}\n\n`;
    const [cited, searched, hostileOnly] = parse(
      event({ citations: ["https://a.example", ...HOSTILE] }) +
        event({
          search_results: HOSTILE.map((url) => ({ url })).concat({ url: "https://b.example" }),
        }) +
        event({ citations: HOSTILE }),
    );
    expect(cited!.citations).toEqual(["https://a.example"]);
    expect(searched!.citations).toEqual(["https://b.example"]);
    expect(hostileOnly!.citations).toBeUndefined();
  });

  it("refuses an imported research report with a non-web source", () => {
    const report = {
      summary: "s",
      market: "m",
      comparables: "c",
      risks: [],
      nextSteps: [],
      sources: ["https://ok.example"],
    };
    expect(ResearchReportSchema.safeParse(report).success).toBe(true);
    for (const source of HOSTILE) {
      const parsed = ResearchReportSchema.safeParse({ ...report, sources: [source] });
      expect(parsed.success, source).toBe(false);
    }
  });
});

describe("the source list", () => {
  it("links web addresses and shows anything else as plain text, keeping the numbers", () => {
    const html = renderToStaticMarkup(
      createElement(SourceLinks, {
        urls: ["https://a.example/", HOSTILE[0]!, "http://b.example/"],
      }),
    );
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["https://a.example/", "http://b.example/"]);
    expect(html).not.toMatch(/javascript:[^<]*<\/a>/i);
    expect(html).toContain(
      '<span class="truncate text-muted">[2] javascript:alert(document.cookie)</span>',
    );
    expect(html).toContain("[3] http://b.example/</a>");
  });
});
