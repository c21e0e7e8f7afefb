/**
 * Office Open XML packages (.xlsx, .docx, .pptx): the zip unpacked (its XML parts only, the sizes
 * it declares added up before anything is inflated, so a zip bomb is refused without taking the
 * memory), a part found through the package's relationships, and the few elements a reader needs
 * found with regular expressions, as workerd has no DOMParser. Pure: runs in the browser, in Node
 * and in the Worker; fflate is loaded on first use (its own chunk in the browser).
 */
import { isZip } from "./imports/text";

export type Parts = Record<string, Uint8Array>;

/**
 * The package's XML parts, at most `maxBytes` of them unpacked: `tooLarge` past that, `notThis`
 * when the bytes are not a zip.
 */
export async function unpackXml(
  bytes: Uint8Array,
  { maxBytes, notThis, tooLarge }: { maxBytes: number; notThis: string; tooLarge: string },
): Promise<Parts> {
  if (!isZip(bytes)) throw new Error(notThis);
  const { unzipSync } = await import("fflate");
  let unpacked = 0;
  try {
    return unzipSync(bytes, {
      filter: (part) => {
        if (!/\.(xml|rels)$/i.test(part.name)) return false;
        unpacked += part.originalSize;
        if (unpacked > maxBytes) throw new Error(tooLarge);
        return true;
      },
    });
  } catch {
    throw new Error(unpacked > maxBytes ? tooLarge : notThis);
  }
}

/** The path of the package's main part (xl/workbook.xml, word/document.xml…) or `fallback`. */
export const mainPart = (parts: Parts, fallback: string) =>
  relationships(parts, "").find((rel) => rel.type.endsWith("/officeDocument"))?.path ?? fallback;

/** A part's text, null when the archive lacks it (part names ignore case, as OPC says). */
export function partText(parts: Parts, path = ""): string | null {
  const lower = path.toLowerCase();
  const bytes =
    parts[path] ?? Object.entries(parts).find(([name]) => name.toLowerCase() === lower)?.[1];
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

export interface XmlElement {
  attrs: Record<string, string>;
  body: string;
}

/**
 * Each `name` element in `xml`, in order and whatever its namespace prefix: its attributes by
 * local name (r:id as id) and its content ("" when it closes itself). A tag scanner is enough for
 * the parts read here, as none nests an element inside one of the same name. It reads damaged or
 * hostile XML in one pass: a tag stops at "<", and an element left open ends the scan.
 */
export function* elements(xml: string, name: string): Generator<XmlElement, undefined> {
  const start = new RegExp(`<(?:[\\w.-]+:)?${name}(?=[\\s/>])([^<>]*?)\\s*>`, "g");
  const end = new RegExp(`</(?:[\\w.-]+:)?${name}\\s*>`, "g");
  for (let open = start.exec(xml); open; open = start.exec(xml)) {
    const tag = open[1] ?? "";
    let body = "";
    if (!tag.endsWith("/")) {
      end.lastIndex = start.lastIndex;
      const close = end.exec(xml);
      if (!close) return;
      body = xml.slice(start.lastIndex, close.index);
      start.lastIndex = end.lastIndex;
    }
    const attrs: Record<string, string> = {};
    ATTRIBUTE.lastIndex = 0;
    for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) {
      attrs[m[1] ?? ""] = decodeXml(m[2] ?? m[3] ?? "");
    }
    yield { attrs, body };
  }
}

/** name="value" or name='value', its namespace prefix left out. */
const ATTRIBUTE = /(?:[\w.-]+:)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

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
