/**
 * Office Open XML packages (.xlsx, .docx, .pptx): the zip's XML parts unpacked, a part found
 * through the package's relationships, and the few elements a reader needs found by a tag scanner,
 * as workerd has no DOMParser. Everything here reads in one forward pass with bounds: the bytes
 * actually inflated are counted (never the sizes the zip declares), and the scanner never goes
 * back, so hostile XML (a tag that never closes, an attribute without `=`) costs what its length
 * costs, not its square. Pure: runs in the browser, in Node and in the Worker; fflate is loaded on
 * first use (its own chunk in the browser).
 */
import { joinBytes } from "./bytes";
import { isZip } from "./imports/text";
import { ReadLimitError } from "./read-limits";

/** The package's XML parts by name, lower-cased (OPC part names ignore case). */
export type Parts = Map<string, Uint8Array>;

/** Inflated at most this much compressed at a time, so a bomb is caught a few MB past the bound. */
const INFLATE_STEP = 16 * 1024;

/**
 * The package's XML parts, at most `maxBytes` of them unpacked, counted as they inflate:
 * `tooLarge` (a ReadLimitError) past that, `notThis` when the bytes are not a readable zip.
 */
export async function unpackXml(
  bytes: Uint8Array,
  { maxBytes, notThis, tooLarge }: { maxBytes: number; notThis: string; tooLarge: string },
): Promise<Parts> {
  if (!isZip(bytes)) throw new Error(notThis);
  const { Inflate } = await import("fflate");
  const parts: Parts = new Map();
  let left = maxBytes;
  try {
    for (const entry of zipEntries(bytes)) {
      if (!/\.(xml|rels)$/i.test(entry.name)) continue;
      const data = bytes.subarray(entry.start, entry.start + entry.compressedSize);
      const chunks: Uint8Array[] = [];
      const keep = (chunk: Uint8Array) => {
        left -= chunk.length;
        if (left < 0) throw new ReadLimitError(tooLarge);
        chunks.push(chunk);
      };
      if (entry.method === STORED) keep(data);
      else if (entry.method === DEFLATED) {
        const inflate = new Inflate(keep);
        let at = 0;
        do {
          inflate.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
          at += INFLATE_STEP;
        } while (at < data.length);
      } else throw new Error(notThis);
      parts.set(entry.name.toLowerCase(), joinBytes(chunks));
    }
  } catch (error) {
    throw error instanceof ReadLimitError ? error : new Error(notThis);
  }
  return parts;
}

const STORED = 0;
const DEFLATED = 8;

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (u16(b, i) | (u16(b, i + 2) << 16)) >>> 0;

/**
 * The archive's entries as its central directory lists them (the list its writer vouches for),
 * each with where its data starts; throws on anything out of place. An Office file is never
 * ZIP64 (over 4 GB): its markers are refused.
 */
function* zipEntries(bytes: Uint8Array) {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i -= 1) {
    if (u32(bytes, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("No end of central directory");
  const names = new TextDecoder();
  let at = u32(bytes, end + 16);
  for (let n = u16(bytes, end + 10); n > 0; n -= 1) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw new Error("Bad entry");
    const method = u16(bytes, at + 10);
    const compressedSize = u32(bytes, at + 20);
    const nameLength = u16(bytes, at + 28);
    const local = u32(bytes, at + 42);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    if (local + 30 > bytes.length || u32(bytes, local) !== 0x04034b50) throw new Error("Bad entry");
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    if (compressedSize === 0xffffffff || start + compressedSize > bytes.length) {
      throw new Error("Bad entry");
    }
    yield { name, method, start, compressedSize };
  }
}

/** The path of the package's main part (xl/workbook.xml, word/document.xml…) or `fallback`. */
export const mainPart = (parts: Parts, fallback: string) =>
  relationships(parts, "").find((rel) => rel.type.endsWith("/officeDocument"))?.path ?? fallback;

/** A part's text, null when the archive lacks it (part names ignore case, as OPC says). */
export function partText(parts: Parts, path = ""): string | null {
  const bytes = parts.get(path.toLowerCase());
  return bytes ? new TextDecoder().decode(bytes) : null;
}

/** The relationships of the part at `source` ("" for the package), targets as archive paths. */
export function relationships(parts: Parts, source: string) {
  const dir = source.slice(0, source.lastIndexOf("/") + 1);
  const xml = partText(parts, `${dir}_rels/${source.slice(dir.length)}.rels`) ?? "";
  return Array.from(elements(xml, "Relationship"), ({ attrs }) => {
    const target = attrs.Target ?? "";
    const path: string[] = [];
    for (const step of (target.startsWith("/") ? target : dir + target).split("/")) {
      if (step === "..") path.pop();
      else if (step && step !== ".") path.push(step);
    }
    return { id: attrs.Id, type: attrs.Type ?? "", path: path.join("/") };
  });
}

/** The paths of a part's relationships by their id (r:id), for lookups in one step. */
export const relatedById = (parts: Parts, source: string) =>
  new Map(relationships(parts, source).map((rel) => [rel.id, rel.path]));

/** A tag of an XML text, as `nextTag` finds it. */
export interface Tag {
  /** The element's name without its namespace prefix. */
  name: string;
  /** Its name as written (w:t). */
  qname: string;
  closing: boolean;
  selfClosing: boolean;
  /** Where the tag's "<" is, and where the text after its ">" starts. */
  start: number;
  end: number;
  /** Where its attributes are written: `attributes(xml, tag)` reads them. */
  attrsFrom: number;
  attrsTo: number;
}

/** A tag longer than this (its attributes, mostly) is refused: no part read here needs one. */
export const MAX_TAG_CHARS = 65_536;
/** At most this many tags are read in one scan of a part. */
export const MAX_TAGS = 10_000_000;
const TOO_COMPLEX = "The file's XML is too complex to read";

const LT = 60;
const GT = 62;
const SLASH = 47;
const COLON = 58;
const QUOTE = 34;
const APOSTROPHE = 39;

/** XML's name characters, as far as a reader here needs: letters, digits, _ . - : and non-ASCII. */
const isNameChar = (c: number) =>
  (c >= 97 && c <= 122) ||
  (c >= 65 && c <= 90) ||
  (c >= 48 && c <= 58) ||
  c === 95 ||
  c === 46 ||
  c === 45 ||
  c >= 0x80;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/**
 * The next tag at or after `at` (opening, closing or self-closing) whose name, its prefix left
 * out, is `name` (any name when none is given); null when there is none. A tag ends at the first
 * ">" outside quotes; one broken by a "<" first is passed over, and the scan goes on from that
 * "<". Each character is looked at a bounded number of times, whatever the text.
 */
export function nextTag(xml: string, at: number, name?: string): Tag | null {
  for (let lt = xml.indexOf("<", at); lt >= 0; lt = xml.indexOf("<", lt + 1)) {
    let i = lt + 1;
    const closing = xml.charCodeAt(i) === SLASH;
    if (closing) i += 1;
    const nameFrom = i;
    let local = i;
    for (let c = xml.charCodeAt(i); isNameChar(c); c = xml.charCodeAt(++i)) {
      if (c === COLON) local = i + 1;
    }
    const after = xml.charCodeAt(i);
    if (i === nameFrom || !(isSpace(after) || after === SLASH || after === GT)) continue;
    if (name !== undefined && (i - local !== name.length || !xml.startsWith(name, local))) continue;
    let end = i;
    let quote = 0;
    for (; end < xml.length; end += 1) {
      const c = xml.charCodeAt(end);
      if (c === LT) break;
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === QUOTE || c === APOSTROPHE) quote = c;
      else if (c === GT) break;
    }
    // No ">" at all: no tag follows either.
    if (end === xml.length) return null;
    if (xml.charCodeAt(end) === LT) {
      lt = end - 1;
      continue;
    }
    if (end - lt > MAX_TAG_CHARS) throw new ReadLimitError(`${TOO_COMPLEX} (a tag over 64 KB)`);
    let attrsTo = end;
    while (attrsTo > i && isSpace(xml.charCodeAt(attrsTo - 1))) attrsTo -= 1;
    const selfClosing = !closing && attrsTo > i && xml.charCodeAt(attrsTo - 1) === SLASH;
    return {
      name: xml.slice(local, i),
      qname: xml.slice(nameFrom, i),
      closing,
      selfClosing,
      start: lt,
      end: end + 1,
      attrsFrom: i,
      attrsTo: selfClosing ? attrsTo - 1 : attrsTo,
    };
  }
  return null;
}

/** Every tag of `xml` (named `name`, when given) in order, at most MAX_TAGS. */
export function* tags(xml: string, name?: string): Generator<Tag, undefined> {
  let count = 0;
  for (let tag = nextTag(xml, 0, name); tag; tag = nextTag(xml, tag.end, name)) {
    if (++count > MAX_TAGS) throw new ReadLimitError(`${TOO_COMPLEX} (over 10 million tags)`);
    yield tag;
  }
}

/**
 * A tag's attributes by local name (r:id as id), their escapes undone. Read left to right once:
 * a name without "=" or a value without its closing quote ends nothing but itself.
 */
export function attributes(xml: string, { attrsFrom, attrsTo }: Tag): Record<string, string> {
  const attrs: Record<string, string> = {};
  let i = attrsFrom;
  while (i < attrsTo) {
    while (i < attrsTo && !isNameChar(xml.charCodeAt(i))) i += 1;
    let local = i;
    for (; i < attrsTo && isNameChar(xml.charCodeAt(i)); i += 1) {
      if (xml.charCodeAt(i) === COLON) local = i + 1;
    }
    const name = xml.slice(local, i);
    while (i < attrsTo && isSpace(xml.charCodeAt(i))) i += 1;
    if (xml.charCodeAt(i) !== 61 /* = */) continue;
    i += 1;
    while (i < attrsTo && isSpace(xml.charCodeAt(i))) i += 1;
    const quote = xml.charCodeAt(i);
    if (quote !== QUOTE && quote !== APOSTROPHE) continue;
    const close = xml.indexOf(String.fromCharCode(quote), i + 1);
    if (close < 0 || close >= attrsTo) break;
    attrs[name] = decodeXml(xml.slice(i + 1, close));
    i = close + 1;
  }
  return attrs;
}

export interface XmlElement {
  attrs: Record<string, string>;
  body: string;
}

/**
 * Each `name` element in `xml`, in order and whatever its namespace prefix: its attributes by
 * local name and its content ("" when it closes itself). Enough for the parts read here, as none
 * nests an element inside one of the same name; an element left open ends the scan.
 */
export function* elements(xml: string, name: string): Generator<XmlElement, undefined> {
  const scan = tags(xml, name);
  for (const open of scan) {
    if (open.closing) continue;
    let body = "";
    if (!open.selfClosing) {
      let close = scan.next().value;
      while (close && !close.closing) close = scan.next().value;
      if (!close) return;
      body = xml.slice(open.end, close.start);
    }
    yield { attrs: attributes(xml, open), body };
  }
}

export const first = (xml: string, name: string) => elements(xml, name).next().value;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML's escapes undone (named and numeric: &amp; &#10; &#x263A;), its line ends made \n. */
export const decodeXml = (text: string) =>
  !/[&\r]/.test(text)
    ? text
    : text.replace(/\r\n?/g, "\n").replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
        if (ref[0] !== "#") return ENTITIES[ref] ?? whole;
        const code = /x/i.test(ref) ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      });
