/**
 * The server's half of scripts-after-paint.tsx: the HTML stream with Remix's module preloads and
 * module script renamed, so that the browser fetches none of them before the first paint.
 * Attribute values with raw quotes are markup only (React escapes quotes in text, JSON in the
 * inline data escapes them), so a user's text can never be rewritten.
 */
import { HELD_MODULE, HELD_PRELOAD } from "./scripts-after-paint";

const RENAMES: [string, string][] = [
  ['rel="modulepreload"', `rel="${HELD_PRELOAD}"`],
  [' type="module"', ` type="${HELD_MODULE}"`],
];
/** A match may straddle two chunks: this much of each chunk's end waits for the next one. */
const OVERLAP = Math.max(...RENAMES.map(([from]) => from.length)) - 1;

function rename(html: string) {
  return RENAMES.reduce((text, [from, to]) => text.replaceAll(from, to), html);
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

export function holdScriptsUntilPaint(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let carry = "";
  return new TransformStream({
    transform(chunk, controller) {
      const text = rename(carry + decoder.decode(chunk, { stream: true }));
      let cut = Math.max(0, text.length - OVERLAP);
      // Never between the two halves of a character outside the BMP (an emoji in a name).
      if (cut > 0 && isLowSurrogate(text.charCodeAt(cut))) cut -= 1;
      carry = text.slice(cut);
      if (cut > 0) controller.enqueue(encoder.encode(text.slice(0, cut)));
    },
    flush(controller) {
      const rest = carry + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rename(rest)));
    },
  });
}
