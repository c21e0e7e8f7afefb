/**
 * Bounds on the Markdown AI42 renders (documents, chat answers, guides). The parser under
 * react-markdown (micromark) takes time quadratic in the emphasis and link marks of one paragraph
 * (`*a` repeated to 80 KB: 35 s), and a browser lays out thousands of nested block quotes for
 * minutes. Before anything is parsed, this decides how much of a text is rendered as Markdown; the
 * rest is shown as plain text with a note. Realistic documents (a long research report, a 30 KB
 * document with tables, lists and code) stay whole, and what is rendered costs about what a
 * realistic document of its length does. Pure.
 *
 * The marks are counted per paragraph, so the text's block structure is read first, as micromark
 * reads it (its quirks included: a differential test against it is in tests/unit). A table's rows,
 * a list's items and code are not one paragraph; a lazy line is part of its paragraph.
 */

export const MARKDOWN_LIMITS = {
  /** Characters formatted as Markdown at most (a 30 KB document, with room to spare). */
  chars: 50_000,
  /** Block quotes, lists and footnotes inside one another (a browser hangs on a few thousand). */
  nesting: 16,
  /**
   * Inline parsing work (marks × characters) allowed in one paragraph and in the whole text. A
   * dense 3 KB paragraph with 150 marks (`**bold**`, `[link](…)`) costs 450,000; a 30 KB document
   * a few million. A mark is a run of `*`, `_` or `~`, or one `[` or `]`.
   */
  paragraphCost: 1_500_000,
  totalCost: 20_000_000,
};
export type MarkdownLimits = typeof MARKDOWN_LIMITS;

export type MarkdownLimit = "length" | "nesting" | "marks";

export const PLAIN_TEXT_NOTES: Record<MarkdownLimit, string> = {
  length: `The rest is shown as plain text: only the first ${MARKDOWN_LIMITS.chars.toLocaleString("en-US")} characters are formatted.`,
  nesting: `The rest is shown as plain text: it nests quotes or lists more than ${MARKDOWN_LIMITS.nesting} deep.`,
  marks: "The rest is shown as plain text: it holds too many formatting marks to format quickly.",
};

export interface BoundedMarkdown {
  /** The part rendered as Markdown. */
  markdown: string;
  /** The part shown as plain text ("" when the whole text is Markdown). */
  plain: string;
  /** Which bound ended the Markdown part. */
  limit: MarkdownLimit | null;
}

const TAB_STOP = 4;
const LINE_END = /\r\n?|\n/g;
const MARKS = /([*_~])\1*|[[\]]/g;
const LIST_MARKER = /^(?:[-+*]|(\d{1,9})[.)])(?=[ \t]|$)/;
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/;
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
const FENCE = /^(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^(`{3,}|~{3,})[ \t]*$/;
const HTML_BLOCK_NAMES =
  "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul";
const HTML_ATTRIBUTE = `[ \\t]+[A-Za-z_:][\\w.:-]*(?:[ \\t]*=[ \\t]*(?:[^\\s"'=<>\`]+|'[^']*'|"[^"]*"))?`;
/** HTML block starts (CommonMark's seven kinds), what ends each, and whether it ends a paragraph. */
const HTML_BLOCKS: { start: RegExp; end: RegExp | null; interrupts: boolean }[] = [
  {
    start: /^<(?:pre|script|style|textarea)(?:[ \t>]|$)/i,
    end: /<\/(?:pre|script|style|textarea)>/i,
    interrupts: true,
  },
  { start: /^<!--/, end: /-->/, interrupts: true },
  { start: /^<\?/, end: /\?>/, interrupts: true },
  { start: /^<![A-Za-z]/, end: />/, interrupts: true },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, interrupts: true },
  {
    start: new RegExp(`^</?(?:${HTML_BLOCK_NAMES})(?:[ \\t]|/?>|$)`, "i"),
    end: null,
    interrupts: true,
  },
  {
    start: new RegExp(
      `^(?:<[A-Za-z][A-Za-z0-9-]*(?:${HTML_ATTRIBUTE})*[ \\t]*/?>|</[A-Za-z][A-Za-z0-9-]*[ \\t]*>)[ \\t]*$`,
    ),
    end: null,
    interrupts: false,
  },
];
const FOOTNOTE_START = /^\[\^(?:\\[[\\\]]|\\(?![[\\\]])|[^\s[\\\]]){1,999}\]:/;
const CONTAINER_MARKER = /^[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)|\[\^[^\s[\]]+\]:)/;
const TABLE_DELIMITER_ROW = /^\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/** A table row's cells: its text between unescaped pipes, without the outer ones. */
function cellCount(row: string) {
  const inner = row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return inner === "" ? 0 : inner.split(/(?<!\\)\|/).length;
}

/** An open paragraph: where it starts, its marks and characters, a table header candidate. */
interface Paragraph {
  start: number;
  marks: number;
  chars: number;
  /** Its last line, if that may be a table's header row. */
  header: string | null;
  /** It may be link definitions only, which an underline does not make a heading. */
  definitions: boolean;
}

/**
 * An open block quote, a GFM footnote definition (its lines indented by 4), or a list item with
 * how far its content is indented within its container and whether it holds anything yet (a blank
 * line ends an item that does not).
 */
type Container =
  { kind: "quote" } | { kind: "footnote" } | { kind: "item"; indent: number; filled: boolean };

/** How many quote, list or footnote markers open `text`, one after another (up to `most`). */
function markersAhead(text: string, most: number) {
  let count = 0;
  for (let rest = text; count < most; count += 1) {
    const marker = THEMATIC_BREAK.test(rest) ? null : CONTAINER_MARKER.exec(rest);
    if (!marker) break;
    rest = rest.slice(marker[0].length);
  }
  return count;
}

/**
 * Where the Markdown part of `text` ends, and why; null when the whole text is within bounds.
 *
 * Lines are read as CommonMark reads them: the block quotes and list items they continue or
 * open, then what they hold. Only paragraphs (with their lazy lines), headings and table rows are
 * parsed inline; code is not. Where the reading is unsure, lines are kept in one paragraph, which
 * can only overstate the cost.
 */
function overrun(
  text: string,
  limits: MarkdownLimits,
): { at: number; limit: MarkdownLimit } | null {
  const scanned = text.slice(0, limits.chars);
  const containers: Container[] = [];
  let fence: { marker: string } | null = null;
  /** An open HTML block: what ends it (null: a blank line). */
  let html: { end: RegExp | null } | null = null;
  let table = false;
  /** Indented code is open: like a paragraph, it keeps a list from starting at 2 or empty. */
  let code = false;
  let paragraph: Paragraph | null = null;
  let spent = 0;
  const closeLeaf = () => {
    if (paragraph) spent += paragraph.marks * paragraph.chars;
    paragraph = null;
    fence = null;
    html = null;
    table = false;
    code = false;
  };

  /** The line being read, how far (`pos`, at column `col`), where its container's content starts. */
  let line = "";
  let pos = 0;
  let col = 0;
  let base = 0;
  /** The first character from `pos` on that is not a space or tab, and its column. */
  const next = () => {
    let at = pos;
    let atCol = col;
    for (; line[at] === " " || line[at] === "\t"; at += 1)
      atCol = line[at] === "\t" ? atCol + TAB_STOP - (atCol % TAB_STOP) : atCol + 1;
    return { at, atCol };
  };
  const enterQuote = (at: number, atCol: number) => {
    pos = at + 1;
    col = atCol + 1;
    base = col;
    if (line[pos] === " " || line[pos] === "\t") base += 1;
    if (line[pos] === " ") [pos, col] = [pos + 1, col + 1];
  };

  for (let lineStart = 0; lineStart < scanned.length;) {
    LINE_END.lastIndex = lineStart;
    const ending = LINE_END.exec(scanned);
    line = scanned.slice(lineStart, ending ? ending.index : scanned.length);
    const start = lineStart;
    lineStart = ending ? LINE_END.lastIndex : scanned.length;
    [pos, col, base] = [0, 0, 0];

    // The containers this line continues.
    let matched = 0;
    for (const container of containers) {
      const { at, atCol } = next();
      if (container.kind === "quote") {
        if (line[at] !== ">" || atCol - base > 3) break;
        enterQuote(at, atCol);
      } else if (container.kind === "footnote") {
        if (at < line.length && atCol - base < 4) break;
        base += 4;
      } else {
        if (at === line.length ? !container.filled : atCol - base < container.indent) break;
        base += container.indent;
      }
      matched += 1;
    }
    const allMatched = matched === containers.length;
    // As micromark does: with a paragraph or indented code open in the innermost container, no
    // list on this line may start empty or at a number other than 1.
    const interrupts = allMatched && (paragraph !== null || code);

    // The containers it opens.
    let opened = 0;
    while (!(allMatched && (fence || html))) {
      const { at, atCol } = next();
      if (atCol - base >= 4) break;
      const rest = line.slice(at);
      const footnote = FOOTNOTE_START.exec(rest)?.[0];
      if (rest.startsWith(">")) {
        containers.length = matched + opened;
        containers.push({ kind: "quote" });
        enterQuote(at, atCol);
      } else if (footnote) {
        containers.length = matched + opened;
        containers.push({ kind: "footnote" });
        pos = at + footnote.length;
        col = atCol + footnote.length;
        ({ at: pos, atCol: col } = next());
        base = col;
      } else {
        const marker = THEMATIC_BREAK.test(rest) ? null : LIST_MARKER.exec(rest);
        if (!marker) break;
        const gap = /^[ \t]*/.exec(rest.slice(marker[0].length))![0];
        const empty = rest.slice(marker[0].length + gap.length) === "";
        const ordinal = marker[1];
        if (interrupts && (empty || (ordinal !== undefined && ordinal !== "1"))) break;
        const markerEnd = atCol + marker[0].length;
        const gapWidth = advance(markerEnd, gap) - markerEnd;
        // Five or more spaces after a marker begin indented code in the item, not its text.
        const contentCol = markerEnd + (empty || gapWidth >= 5 ? 1 : gapWidth);
        containers.length = matched + opened;
        containers.push({ kind: "item", indent: contentCol - base, filled: false });
        pos = at + marker[0].length;
        col = markerEnd;
        base = contentCol;
      }
      opened += 1;
      if (containers.length > limits.nesting) return { at: start, limit: "nesting" };
    }

    const { at, atCol } = next();
    const rest = line.slice(at);
    // Markers left unopened (a list that may not interrupt) still count towards the nesting.
    if (containers.length + markersAhead(rest, limits.nesting + 1) > limits.nesting)
      return { at: start, limit: "nesting" };
    const blank = at === line.length;
    const indent = atCol - base;
    const fenceOpen = indent < 4 && /^[`~]/.test(rest) ? FENCE.exec(rest) : null;
    const opensFence = fenceOpen && !(fenceOpen[1]![0] === "`" && fenceOpen[2]!.includes("`"));
    const opensHtml =
      indent < 4 && rest.startsWith("<")
        ? HTML_BLOCKS.find((kind) => kind.start.test(rest))
        : undefined;
    const startsBlock =
      indent < 4 &&
      (opensFence || opensHtml?.interrupts || ATX_HEADING.test(rest) || THEMATIC_BREAK.test(rest));
    const lazy = !allMatched && opened === 0 && paragraph !== null && !blank && !startsBlock;
    if (!lazy && (!allMatched || opened > 0)) {
      containers.length = matched + opened;
      closeLeaf();
    }
    if (!blank)
      for (const container of containers) if (container.kind === "item") container.filled = true;

    const lineChars = lineStart - start + (ending ? 0 : 1);
    /** How the line is parsed inline: with its paragraph, on its own, or not at all. */
    let inline: "paragraph" | "underline" | "alone" | null = null;
    if (!lazy && !blank && indent < 4) code = false;
    if (lazy && opensHtml) {
      // micromark lets a lone tag on a lazy line end the paragraph and begin an HTML block.
      closeLeaf();
      html = { end: null };
    } else if (lazy) inline = "paragraph";
    else if (fence) {
      const closer = indent < 4 ? FENCE_CLOSE.exec(rest)?.[1] : undefined;
      if (closer?.startsWith(fence.marker[0]!) && closer.length >= fence.marker.length)
        fence = null;
    } else if (html) {
      if (html.end ? html.end.test(rest) : blank) closeLeaf();
    } else if (blank) {
      if (!code) closeLeaf();
    } else if (indent >= 4) {
      if (paragraph) inline = "paragraph";
      else [table, code] = [false, code || allMatched]; // micromark ends code begun as containers end
    } else if (opensFence) {
      closeLeaf();
      fence = { marker: fenceOpen![1]! };
    } else if (opensHtml && (opensHtml.interrupts || !paragraph)) {
      closeLeaf();
      if (!opensHtml.end?.test(rest)) html = { end: opensHtml.end };
    } else if (ATX_HEADING.test(rest)) {
      closeLeaf();
      inline = "alone";
    } else if (paragraph && SETEXT_UNDERLINE.test(rest))
      inline = paragraph.definitions ? "paragraph" : "underline";
    else if (THEMATIC_BREAK.test(rest)) closeLeaf();
    else if (table && rest.includes("|")) inline = "alone";
    else if (
      paragraph?.header != null &&
      rest.includes("|") &&
      TABLE_DELIMITER_ROW.test(rest) &&
      cellCount(rest) === cellCount(paragraph.header)
    ) {
      closeLeaf();
      table = true;
    } else {
      if (table) closeLeaf();
      inline = "paragraph";
    }
    if (!inline) continue;

    const lineMarks = line.match(MARKS)?.length ?? 0;
    if (inline === "alone") {
      const cost = lineMarks * lineChars;
      spent += cost;
      if (cost > limits.paragraphCost || spent > limits.totalCost)
        return { at: start, limit: "marks" };
      continue;
    }
    const open: Paragraph = paragraph ?? {
      start,
      marks: 0,
      chars: 0,
      header: null,
      definitions: rest.startsWith("["),
    };
    paragraph = open;
    open.marks += lineMarks;
    open.chars += lineChars;
    open.header = indent < 4 && rest.includes("|") ? rest : null; // a lazy line may be one
    const cost = open.marks * open.chars;
    if (cost > limits.paragraphCost || spent + cost > limits.totalCost)
      return { at: open.start, limit: "marks" };
    if (inline === "underline") closeLeaf(); // the paragraph was a heading
  }
  if (text.length <= limits.chars) return null;
  const lastBreak = Math.max(scanned.lastIndexOf("\n"), scanned.lastIndexOf("\r"));
  let at = lastBreak > 0 ? lastBreak + 1 : limits.chars;
  if (/[\uD800-\uDBFF]/.test(text[at - 1] ?? "")) at -= 1;
  return { at, limit: "length" };
}

/** The column after `text` when it starts at column `col` (tabs to the next multiple of 4). */
function advance(col: number, text: string) {
  for (const char of text) col = char === "\t" ? col + TAB_STOP - (col % TAB_STOP) : col + 1;
  return col;
}

/** The part of `text` to render as Markdown and the part to show as plain text. */
export function boundMarkdown(text: string, limits = MARKDOWN_LIMITS): BoundedMarkdown {
  const cut = overrun(text, limits);
  if (!cut) return { markdown: text, plain: "", limit: null };
  return { markdown: text.slice(0, cut.at), plain: text.slice(cut.at), limit: cut.limit };
}
