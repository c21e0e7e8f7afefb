/**
 * The little Markdown a notification's body holds: links to paths in the app
 * (`[12 Oak St](/auction/…)`) and **bold** headings, as parts to render, without a Markdown
 * library. Anything else stays text. Pure.
 */
export type InlinePart =
  | { type: "text"; text: string }
  | { type: "bold"; text: string }
  | { type: "link"; text: string; path: string };

const INLINE = /\[([^\]]*)\]\((\/[^)\s]*)\)|\*\*([^*]+)\*\*/g;

export function inlineParts(source: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let from = 0;
  for (const match of source.matchAll(INLINE)) {
    if (match.index > from) parts.push({ type: "text", text: source.slice(from, match.index) });
    parts.push(
      match[2] !== undefined
        ? { type: "link", text: match[1]!, path: match[2] }
        : { type: "bold", text: match[3]! },
    );
    from = match.index + match[0].length;
  }
  if (from < source.length) parts.push({ type: "text", text: source.slice(from) });
  return parts;
}
