/**
 * The server's half of scripts-after-paint.tsx: the HTML stream with Remix's module preloads and
 * module script renamed, so that the browser fetches none of them before the first paint.
 * Attribute values with raw quotes are markup only (React escapes quotes in text, JSON in the
 * inline data escapes them), so a user's text can never be rewritten.
 *
 * The bytes are searched as they are, never decoded: the words are ASCII, and in UTF-8 an ASCII
 * byte is always that character, never part of another. A page's HTML is mostly passed on as it
 * came (decoding and encoding a 200 KB page cost more than rendering its table).
 */
import { HELD_MODULE, HELD_PRELOAD } from "./scripts-after-paint";

const encoder = new TextEncoder();
const QUOTE = encoder.encode('"')[0]!;

const RENAMES = (
  [
    ['rel="modulepreload"', `rel="${HELD_PRELOAD}"`],
    [' type="module"', ` type="${HELD_MODULE}"`],
  ] as const
).map(([from, to]) => ({
  from: encoder.encode(from),
  to: encoder.encode(to),
  // Found by its first quote, a rarer byte than its first letter.
  quote: from.indexOf('"'),
}));
/** A match may straddle two chunks: this much of each chunk's end waits for the next one. */
const OVERLAP = Math.max(...RENAMES.map(({ from }) => from.length)) - 1;

type Rename = (typeof RENAMES)[number];

/** Where `from` next starts in `bytes`, at `start` or after; -1 if nowhere. */
function next(bytes: Uint8Array, { from, quote }: Rename, start: number) {
  for (let at = bytes.indexOf(QUOTE, start + quote); at !== -1; at = bytes.indexOf(QUOTE, at + 1)) {
    const begin = at - quote;
    let same = 0;
    while (same < from.length && bytes[begin + same] === from[same]) same += 1;
    if (same === from.length) return begin;
  }
  return -1;
}

/** `bytes` renamed; the same array when nothing in it is. */
function renamed(bytes: Uint8Array) {
  const found: { at: number; rename: Rename }[] = [];
  for (const rename of RENAMES)
    for (let at = next(bytes, rename, 0); at !== -1; at = next(bytes, rename, at + 1))
      found.push({ at, rename });
  if (!found.length) return bytes;
  found.sort((a, b) => a.at - b.at);
  const grown = found.reduce((sum, { rename }) => sum + rename.to.length - rename.from.length, 0);
  const out = new Uint8Array(bytes.length + grown);
  let read = 0;
  let written = 0;
  for (const { at, rename } of found) {
    out.set(bytes.subarray(read, at), written);
    written += at - read;
    out.set(rename.to, written);
    written += rename.to.length;
    read = at + rename.from.length;
  }
  out.set(bytes.subarray(read), written);
  return out;
}

function joined(first: Uint8Array, second: Uint8Array) {
  if (!first.length) return second;
  const both = new Uint8Array(first.length + second.length);
  both.set(first);
  both.set(second, first.length);
  return both;
}

export function holdScriptsUntilPaint(): TransformStream<Uint8Array, Uint8Array> {
  let carry = new Uint8Array(0);
  return new TransformStream({
    transform(chunk, controller) {
      const bytes = renamed(joined(carry, chunk));
      const cut = Math.max(0, bytes.length - OVERLAP);
      carry = bytes.slice(cut);
      if (cut > 0) controller.enqueue(bytes.subarray(0, cut));
    },
    flush(controller) {
      if (carry.length) controller.enqueue(carry);
    },
  });
}
