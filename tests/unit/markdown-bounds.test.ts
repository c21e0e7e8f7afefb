/**
 * Markdown is rendered within bounds: inputs that used to freeze the tab (2,200 nested `>`, `*a`
 * repeated to 80 KB) render at once, the part past a bound shown as plain text with a note, while
 * realistic documents render whole. Rendered through the page's own Markdown component.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import { Markdown } from "~/components/markdown.client";
import { researchToMarkdown } from "~/domain/ai/markdown";
import {
  boundMarkdown,
  MARKDOWN_LIMITS,
  PLAIN_TEXT_NOTES,
  type MarkdownLimits,
} from "~/domain/markdown-bounds";

/** The Markdown component's HTML for `text`, and how long rendering it took. */
function render(text: string) {
  const started = performance.now();
  const html = renderToStaticMarkup(createElement(Markdown, { children: text }));
  return { html, ms: performance.now() - started };
}
const count = (html: string, tag: string) => html.split(`<${tag}>`).length - 1;

// Generous: what matters is that it is not the 35 s (or the endless layout) it used to be.
const AT_ONCE_MS = 2000;
/** For tests that render whole documents or parse hundreds: slow on a busy machine. */
const SLOW_TEST_MS = 60_000;

describe("inputs that used to freeze the tab", () => {
  it("2,200 nested block quotes", () => {
    const { html, ms } = render(`${">".repeat(2200)} the end`);
    expect(ms).toBeLessThan(AT_ONCE_MS);
    expect(html).toContain(PLAIN_TEXT_NOTES.nesting);
    expect(html).toContain(`${"&gt;".repeat(2200)} the end`);
    expect(count(html, "blockquote")).toBe(0);
  });

  it("block quotes nested a level deeper on each line", () => {
    const text = Array.from({ length: 200 }, (_, i) => `${">".repeat(i + 1)} level ${i + 1}`);
    const { html, ms } = render(text.join("\n"));
    expect(ms).toBeLessThan(AT_ONCE_MS);
    expect(count(html, "blockquote")).toBe(MARKDOWN_LIMITS.nesting);
    expect(html).toContain(PLAIN_TEXT_NOTES.nesting);
    expect(html).toContain("level 200");
  });

  it("`*a` repeated to 80 KB, on one line or on many", () => {
    for (const text of ["*a".repeat(40_000), "*a\n".repeat(27_000)]) {
      const { html, ms } = render(text);
      expect(ms).toBeLessThan(AT_ONCE_MS);
      expect(html).toContain(PLAIN_TEXT_NOTES.marks);
      expect(count(html, "em")).toBe(0);
      expect(html).toContain(text.slice(0, 100));
    }
  });

  it("formats paragraphs up to the bound on their marks, the rest as text", () => {
    const paragraph = "*a".repeat(800);
    const { markdown, plain, limit } = boundMarkdown(Array(60).fill(paragraph).join("\n\n"));
    expect(limit).toBe("marks");
    const formatted = markdown.split("\n\n").filter(Boolean).length;
    expect(formatted).toBeGreaterThan(5);
    expect(formatted).toBeLessThan(20);
    expect(plain.startsWith(paragraph)).toBe(true);
  });

  it("loses no text: the Markdown part and the plain part are the whole", () => {
    const texts = [
      "*a".repeat(40_000),
      `${"> ".repeat(40)}x`,
      `${"- ".repeat(500)}x`,
      "a\n".repeat(40_000),
    ];
    for (const text of texts) {
      const { markdown, plain, limit } = boundMarkdown(text);
      expect(limit).not.toBeNull();
      expect(markdown + plain).toBe(text);
    }
  });
});

/** A dense paragraph as an investor writes one: bold, italics, links, strikethrough. */
const paragraph = (i: number) =>
  `The **${i} Linden Ave** duplex rents for _$1,450_ a side; see [the county record](https://county.example/parcel/${i}) and the ~~old~~ new tax bill. Cap rate **7.9%**, cash-on-cash *11%*, DSCR 1.31, inside the [1% rule](https://ai42.example/glossary#one-percent). Next: call the agent, order the inspection, compare three comps.`;

/** A 31 KB document: headings, paragraphs, nested lists, quotes, code and a 150-row table. */
const DOCUMENT = [
  "# Acquisition memo: Linden portfolio",
  ...Array.from({ length: 16 }, (_, i) =>
    [
      `## Property ${i + 1}`,
      paragraph(i),
      paragraph(i + 100),
      "- **Roof**: replaced 2019, [permit](https://city.example/permits/1)\n  - shingles: _architectural_\n    - warranty: 30 years\n- **HVAC**: 2011, budget $6,500",
      "1. Order the inspection\n2. Get an insurance quote\n3. Review the **lease**",
      '> Seller: *"motivated, will consider terms"*\n> > Agent: the **roof** is new.',
      "```js\nconst cap_rate = noi / price; // **not** emphasis\nconst cash_on_cash = (cash_flow * 12) / cash_in;\n```",
    ].join("\n\n"),
  ),
  "## Rent roll",
  [
    "| Unit | Tenant | Rent | Lease end | Notes |",
    "|---|---|---:|---|---|",
    ...Array.from(
      { length: 150 },
      (_, i) =>
        `| ${i + 1}A | **T${i}** | $1,${400 + i} | 2026-0${(i % 9) + 1}-01 | [lease](https://x.example/${i}) _renewing_ |`,
    ),
  ].join("\n"),
].join("\n\n");

/** A long research report, as saved to the Project Hub. */
const REPORT = researchToMarkdown("123 Main St, Columbus, OH 43215: flip or rental?", {
  summary: Array.from({ length: 8 }, (_, i) => paragraph(i)).join("\n\n"),
  market: Array.from({ length: 10 }, (_, i) => paragraph(i + 20)).join("\n\n"),
  comparables: Array.from({ length: 10 }, (_, i) => paragraph(i + 40)).join("\n\n"),
  risks: Array.from(
    { length: 25 },
    (_, i) => `**Risk ${i}**: flood zone AE, see [FEMA](https://fema.example/${i})`,
  ),
  nextSteps: Array.from(
    { length: 25 },
    (_, i) => `Call **${i}** about [permits](https://city.example/${i})`,
  ),
  sources: Array.from({ length: 30 }, (_, i) => `https://source${i}.example/article/${i}`),
});

const GUIDES = readdirSync("public/guides").map((name) =>
  readFileSync(`public/guides/${name}`, "utf8"),
);

describe("realistic documents", () => {
  it(
    "render whole, exactly as before",
    () => {
      expect(DOCUMENT.length).toBeGreaterThan(30_000);
      for (const text of [DOCUMENT, REPORT, ...GUIDES]) {
        expect(boundMarkdown(text)).toEqual({ markdown: text, plain: "", limit: null });
        const { html } = render(text);
        expect(html).not.toContain('role="note"');
      }
      const { html } = render(DOCUMENT);
      expect(count(html, "tr")).toBe(151);
      expect(count(html, "blockquote")).toBe(32);
      expect(html).toContain("cash_on_cash");
      expect(html).toContain("<strong>T149</strong>");
    },
    SLOW_TEST_MS,
  );

  it(
    "past 50,000 characters, the rest is plain text from a line's start",
    () => {
      const text = `${DOCUMENT}\n\n${DOCUMENT}`;
      const { markdown, plain, limit } = boundMarkdown(text);
      expect(limit).toBe("length");
      expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_LIMITS.chars);
      expect(markdown.endsWith("\n")).toBe(true);
      expect(markdown + plain).toBe(text);
      expect(render(text).html).toContain(PLAIN_TEXT_NOTES.length);
    },
    SLOW_TEST_MS,
  );
});

describe("the block structure it counts marks by", () => {
  /** What micromark itself makes of `text`: each inline part's cost, and the deepest nesting. */
  function parsed(text: string) {
    let tree: MdNode = { type: "root" };
    const capture = () => (root: MdNode) => void (tree = root);
    renderToStaticMarkup(
      createElement(ReactMarkdown, { remarkPlugins: [remarkGfm, capture] }, text),
    );
    const costs: number[] = [];
    let depth = 0;
    const walk = (node: MdNode, level: number) => {
      const here =
        level + (["blockquote", "list", "footnoteDefinition"].includes(node.type) ? 1 : 0);
      depth = Math.max(depth, here);
      if (["paragraph", "heading", "tableCell"].includes(node.type) && node.position) {
        const source = text.slice(node.position.start.offset, node.position.end.offset);
        costs.push((source.match(/([*_~])\1*|[[\]]/g)?.length ?? 0) * (source.length + 1));
      } else for (const child of node.children ?? []) walk(child, here);
    };
    walk(tree, 0);
    return { costs, depth };
  }

  it(
    "never counts less than micromark parses, on 300 random documents",
    () => {
      const small: MarkdownLimits = {
        chars: 1e6,
        nesting: 4,
        paragraphCost: 2000,
        totalCost: 20_000,
      };
      const random = seeded(26);
      const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
      for (let i = 0; i < 300; i += 1) {
        const lines = Array.from(
          { length: 3 + Math.floor(random() * 40) },
          () => pick(PREFIXES) + pick(BODIES)(() => "*a".repeat(1 + Math.floor(random() * 25))),
        );
        const text = lines.join(pick(["\n", "\n", "\n", "\r\n", "\r"]));
        const { costs, depth } = parsed(boundMarkdown(text, small).markdown);
        expect(Math.max(0, ...costs), text).toBeLessThanOrEqual(small.paragraphCost);
        expect(
          costs.reduce((sum, cost) => sum + cost, 0),
          text,
        ).toBeLessThanOrEqual(small.totalCost);
        expect(depth, text).toBeLessThanOrEqual(small.nesting);
      }
    },
    SLOW_TEST_MS,
  );
});

interface MdNode {
  type: string;
  children?: MdNode[];
  position?: { start: { offset: number }; end: { offset: number } };
}

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Line openings and bodies that mix every block construct, and runs of marks to count. */
const PREFIXES = [
  "",
  "",
  "",
  "> ",
  ">",
  "  ",
  "   ",
  "    ",
  "      ",
  "\t",
  "- ",
  "* ",
  "+ ",
  "1. ",
  "2. ",
  "2) ",
  "10. ",
  "-      ",
  "> - ",
  "- > ",
  "  - ",
  "    - ",
  "> > ",
  " 1. ",
  "> 1. > ",
  "1) - ",
  "  > ",
  " > - ",
  ">  - ",
];
const BODIES: ((marks: () => string) => string)[] = [
  (marks) => marks(),
  (marks) => marks(),
  (marks) => `| ${marks()} | b |`,
  (marks) => `# h ${marks()}`,
  (marks) => `[a](b) ${marks()}`,
  (marks) => `~~a~~ __a__ ${marks()}`,
  ...[
    "|---|---|",
    "|-|",
    "| a |",
    "| a | b |",
    "a | b",
    "--|--",
    "|",
    "```",
    "~~~",
    "``` `x`",
    "````",
  ].map((body) => () => body),
  ...[
    "---",
    "***",
    "* * *",
    "===",
    "-",
    "1.",
    "",
    "",
    "<div>",
    "<span>",
    "</div>",
    "</script>",
    "<!-- x",
    "-->",
  ].map((body) => () => body),
  ...[
    "<script>",
    "<a href='x'>",
    "<x",
    "[a]: /b",
    "[^a]: x",
    "    code",
    "\t*a*a\t|",
    "a  ",
    "\\*a",
  ].map((body) => () => body),
];
