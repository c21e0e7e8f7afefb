/**
 * A `multipart/form-data` body read as a stream (RFC 7578): each part's headers, then its content
 * as a stream that reads the request only as fast as its consumer does, so a 25 MB upload goes
 * through the Worker a chunk at a time. (The parsers on npm either buffer each part whole or
 * push content into a stream with no backpressure; `request.formData()` buffers everything.)
 */

export class MultipartError extends Error {}

export interface FormPart {
  /** The form field's name. */
  name: string;
  /** The file's name as the client gave it, when the part is a file. */
  filename?: string;
  contentType?: string;
  /** The part's content: read it, or leave it and the next part skips it. */
  body: ReadableStream<Uint8Array>;
}

/** The boundary of a `multipart/form-data` Content-Type, or null when it is not one. */
export function formDataBoundary(contentType: string | null | undefined) {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2])! : null;
}

const MAX_HEADER_BYTES = 8 * 1024;
const CRLF = new Uint8Array([13, 10]);
const HEADER_END = new Uint8Array([13, 10, 13, 10]);
/** One character per byte (ISO-8859-1: TextDecoder's "latin1" is windows-1252, which is not). */
const binary = (bytes: Uint8Array) => {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
};
const utf8 = new TextDecoder();

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0) {
  const first = needle[0]!;
  for (let at = haystack.indexOf(first, from); at !== -1; at = haystack.indexOf(first, at + 1)) {
    if (at + needle.length > haystack.length) return -1;
    let same = true;
    for (let i = 1; i < needle.length && same; i += 1) same = haystack[at + i] === needle[i];
    if (same) return at;
  }
  return -1;
}

/** The bytes read from the body and not yet handed out. */
class Buffered {
  bytes = new Uint8Array(0);
  ended = false;
  constructor(private reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Reads one more chunk; false at the end of the body. */
  async more() {
    if (this.ended) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.ended = true;
      return false;
    }
    const joined = new Uint8Array(this.bytes.length + value.length);
    joined.set(this.bytes);
    joined.set(value, this.bytes.length);
    this.bytes = joined;
    return true;
  }

  take(length: number) {
    const taken = this.bytes.subarray(0, length);
    this.bytes = this.bytes.subarray(length);
    return taken;
  }

  /** Reads until `needle` is buffered (answers where), or the body ends (-1). */
  async find(needle: Uint8Array, limit: number) {
    for (;;) {
      const at = indexOf(this.bytes, needle);
      if (at !== -1) return at;
      if (this.bytes.length > limit) throw new MultipartError("A part's headers are too long");
      if (!(await this.more())) return -1;
    }
  }
}

/** RFC 5987's `filename*` value: UTF-8 percent-encoded, refused when it is not. */
function decodedName(encoded: string) {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new MultipartError("A file name (filename*) is not valid UTF-8 percent-encoding");
  }
}

function parseHeaders(block: Uint8Array) {
  const headers = new Map<string, string>();
  for (const line of binary(block).split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition") ?? "";
  if (!/^form-data\s*;/i.test(disposition)) {
    throw new MultipartError("A part has no Content-Disposition: form-data header");
  }
  const parameter = (key: string) => {
    const match = new RegExp(
      `;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${key}=([^;\\s]+)`,
      "i",
    ).exec(disposition);
    if (!match) return undefined;
    // Browsers send the name's UTF-8 bytes as they are (the header was read a byte a character),
    // with a quote and line breaks written %22, %0D and %0A (HTML's form encoding).
    const raw = (match[1] ?? match[2])!.replace(/\\(.)/g, "$1");
    return utf8
      .decode(Uint8Array.from(raw, (char) => char.charCodeAt(0)))
      .replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  };
  const encoded = /;\s*filename\*=UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  const name = parameter("name");
  if (name === undefined) throw new MultipartError("A part has no field name");
  return {
    name,
    filename: encoded ? decodedName(encoded) : parameter("filename"),
    contentType: headers.get("content-type"),
  };
}

/**
 * The parts of a `multipart/form-data` body, in order. Each part's `body` must be read (or left:
 * asking for the next part skips what is left of it) before the next part is read. Throws
 * MultipartError for a body that is not well formed.
 */
export async function* readFormData(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  maxParts = 20,
): AsyncGenerator<FormPart> {
  const encoder = new TextEncoder();
  const opening = encoder.encode(`--${boundary}`);
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const source = new Buffered(body.getReader());

  // The preamble (usually nothing) up to the first boundary.
  const start = await source.find(opening, MAX_HEADER_BYTES);
  if (start === -1) throw new MultipartError("The body has no multipart boundary");
  source.take(start + opening.length);

  for (let parts = 0; ; parts += 1) {
    while (source.bytes.length < 2 && (await source.more()));
    if (source.bytes[0] === 45 && source.bytes[1] === 45) return; // "--": the last boundary
    if (indexOf(source.bytes.subarray(0, 2), CRLF) !== 0) {
      throw new MultipartError("A boundary is not followed by a line break");
    }
    source.take(2);
    if (parts === maxParts) throw new MultipartError(`More than ${maxParts} parts`);
    const headerEnd = await source.find(HEADER_END, MAX_HEADER_BYTES);
    if (headerEnd === -1) throw new MultipartError("The body ends inside a part's headers");
    const headers = parseHeaders(source.take(headerEnd));
    source.take(HEADER_END.length);

    let finished = false;
    const content = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          for (;;) {
            const at = indexOf(source.bytes, delimiter);
            if (at !== -1) {
              if (at > 0) controller.enqueue(source.take(at).slice());
              source.take(delimiter.length);
              finished = true;
              controller.close();
              return;
            }
            // All but what could be the start of the delimiter is the part's.
            const safe = source.bytes.length - (delimiter.length - 1);
            if (safe > 0) {
              controller.enqueue(source.take(safe).slice());
              return;
            }
            if (!(await source.more())) {
              controller.error(new MultipartError("The body ends inside a part"));
              return;
            }
          }
        },
      },
      { highWaterMark: 0 },
    );
    yield { ...headers, body: content };
    if (!finished) {
      // Whatever the consumer left of the part is skipped.
      const reader = content.getReader();
      while (!(await reader.read()).done);
    }
  }
}
