/**
 * Business documents as files: what may be stored, told from the bytes themselves (magic numbers),
 * never from the name or the type the client claims. Pure: no I/O.
 */

/** One file's limit: 25 MB (25,000,000 bytes, as the limit is written). */
export const MAX_FILE_BYTES = 25 * 1000 * 1000;
export const MAX_FILE_TEXT = "25 MB";
/** The bytes a file's type is told from. */
export const SNIFF_BYTES = 4096;

/** What a file may belong to. */
export const FILE_OWNERS = ["project", "property", "auction", "contact", "deal"] as const;
export type FileOwner = (typeof FILE_OWNERS)[number];

/**
 * Whether a file's text has been read for search (see worker/db/schema.ts, `files.textStatus`):
 * `skipped` when the file would take more to read than the extractor allows.
 */
export const FILE_TEXT_STATUSES = ["none", "pending", "ready", "failed", "skipped"] as const;
export type FileTextStatus = (typeof FILE_TEXT_STATUSES)[number];

export const FILE_KINDS = [
  "pdf",
  "image",
  "document",
  "spreadsheet",
  "presentation",
  "text",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface SniffedType {
  kind: FileKind;
  /** The type the file is served as. */
  mimeType: string;
  /** Shown inline in the page (under a sandbox CSP); anything else is only downloaded. */
  inline: boolean;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export const extensionOf = (name: string) =>
  /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? "";

/** Office Open XML (a ZIP): the extension says which; the ZIP's first entry says it is one. */
export const OOXML: Record<string, SniffedType> = {
  docx: {
    kind: "document",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    inline: false,
  },
  xlsx: {
    kind: "spreadsheet",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    inline: false,
  },
  pptx: {
    kind: "presentation",
    mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    inline: false,
  },
};
/** The legacy binary Office formats share one container (OLE2). */
export const OLE: Record<string, SniffedType> = {
  doc: { kind: "document", mimeType: "application/msword", inline: false },
  xls: { kind: "spreadsheet", mimeType: "application/vnd.ms-excel", inline: false },
  ppt: { kind: "presentation", mimeType: "application/vnd.ms-powerpoint", inline: false },
};
const TEXT: Record<string, SniffedType> = {
  txt: { kind: "text", mimeType: "text/plain; charset=utf-8", inline: false },
  md: { kind: "text", mimeType: "text/plain; charset=utf-8", inline: false },
  csv: { kind: "spreadsheet", mimeType: "text/csv; charset=utf-8", inline: false },
  tsv: { kind: "spreadsheet", mimeType: "text/tab-separated-values; charset=utf-8", inline: false },
};

const image = (mimeType: string): SniffedType => ({ kind: "image", mimeType, inline: true });

/** Markup a browser would run, wherever it starts in the first bytes. */
const MARKUP = /<\s*(!doctype\s+html|html|head|body|script|svg|iframe|object|embed|\?xml)\b/i;

/** Plain text: UTF-8 without NUL bytes or markup. */
function isPlainText(bytes: Uint8Array) {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    // The sample may end inside a character: up to three bytes of it are left out.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, trimTail(bytes)));
  } catch {
    return false;
  }
  return !MARKUP.test(text);
}

/** The length of `bytes` without a UTF-8 character cut off at its end. */
function trimTail(bytes: Uint8Array) {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return size > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/**
 * The file's type, from its first bytes (SNIFF_BYTES of them, or all of a smaller file) and, where
 * the bytes are a container several types share (ZIP, OLE2, text), its name's extension. Null:
 * not on the allow-list (HTML, SVG, scripts, executables, archives, anything unknown).
 */
export function sniffFileType(head: Uint8Array, name: string): SniffedType | null {
  const extension = extensionOf(name);
  if (startsWith(head, ascii("%PDF-"))) {
    return { kind: "pdf", mimeType: "application/pdf", inline: true };
  }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return image("image/png");
  if (startsWith(head, [0xff, 0xd8, 0xff])) return image("image/jpeg");
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) {
    return image("image/gif");
  }
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) {
    return image("image/webp");
  }
  // ISO media: HEIC/HEIF photos from a phone (`ftyp` then the brand).
  if (startsWith(head, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    if (["heic", "heix", "mif1", "msf1", "heis"].includes(brand)) {
      return { kind: "image", mimeType: "image/heic", inline: false };
    }
    return null;
  }
  // ZIP: an Office Open XML document names its parts; a plain archive is refused.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const type = OOXML[extension];
    const text = new TextDecoder("latin1").decode(head);
    const office = /\[Content_Types\]\.xml|_rels\/\.rels|docProps\/|word\/|xl\/|ppt\//.test(text);
    return type && office ? type : null;
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return OLE[extension] ?? null;
  }
  const text = TEXT[extension];
  return text && isPlainText(head) ? text : null;
}

/** What the refusal of an unknown type says. */
export const ALLOWED_TYPES_TEXT =
  "PDF, images (JPEG, PNG, GIF, WebP, HEIC), Word, Excel, PowerPoint, CSV or plain text";

/** The `accept` of a file input: what the allow-list takes, by extension. */
export const FILE_INPUT_ACCEPT =
  ".pdf,.jpg,.jpeg,.png,.gif,.webp,.heic,.heif,.docx,.xlsx,.pptx,.doc,.xls,.ppt,.csv,.tsv,.txt,.md";

/**
 * The formats whose text AI42 reads for search (app/domain/file-text.ts), by stored MIME type.
 * Here, not there, so the app Worker tells which files have text without bundling the readers.
 */
const FORMATS = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/plain": "text",
  "text/csv": "text",
  "text/tab-separated-values": "text",
} as const;
export type TextFormat = (typeof FORMATS)[keyof typeof FORMATS];

/** The format whose text AI42 reads for a stored file's type (its MIME type), or null: none. */
export function textFormatOf(mimeType: string): TextFormat | null {
  const bare = mimeType.split(";")[0]!.trim().toLowerCase();
  return (FORMATS as Record<string, TextFormat>)[bare] ?? null;
}
