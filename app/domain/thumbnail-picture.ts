/**
 * A photo's thumbnail as the server keeps it: read through to its last byte to prove it is a JPEG,
 * PNG or WebP picture of bounded size, and written again with only what draws it (pictures, colour
 * tables, transparency). Text, metadata, trailing bytes and anything else a client hid in it are
 * left out, so what `/thumbnail` serves is a picture and nothing more. Pure: bytes in, bytes out.
 */
import { joinBytes } from "./bytes";

/** The browser draws thumbnails 320 px on the long edge; twice that leaves room for sharp screens. */
export const MAX_THUMBNAIL_EDGE = 640;

export type ThumbnailPicture =
  | {
      mimeType: "image/jpeg" | "image/png" | "image/webp";
      width: number;
      height: number;
      bytes: Uint8Array;
    }
  | { error: string };

class NotAPicture extends Error {}

const refuse = (why: string): never => {
  throw new NotAPicture(why);
};

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32le = (b: Uint8Array, at: number) => (u24le(b, at) + b[at + 3]! * 0x1000000) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, at + length));

function bounded(width: number, height: number, maxEdge: number) {
  if (width < 1 || height < 1) refuse("it has no width or height");
  if (width > maxEdge || height > maxEdge) {
    refuse(`it is ${width}×${height} px; a thumbnail is at most ${maxEdge} px on each edge`);
  }
  return { width, height };
}

// --- JPEG (ITU T.81): markers and their segments, then the scan's entropy-coded data.

/** Start-of-frame markers (baseline, extended, progressive, lossless; not DHT, JPG or DAC). */
const isFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Segments a decoder needs: tables, frames, restart interval, Adobe's colour transform. */
const keptJpeg = (marker: number) =>
  isFrame(marker) ||
  marker === 0xc4 ||
  marker === 0xcc ||
  marker === 0xdb ||
  marker === 0xdd ||
  marker === 0xee;

function readJpeg(b: Uint8Array, maxEdge: number) {
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let size: { width: number; height: number } | null = null;
  let at = 2;
  for (;;) {
    if (at + 2 > b.length) refuse("it ends before its last marker");
    if (b[at] !== 0xff) refuse("a segment does not start with a marker");
    let marker = b[at + 1]!;
    while (marker === 0xff && at + 2 < b.length) marker = b[++at + 1]!; // fill bytes
    if (marker === 0xd9) {
      if (at + 2 !== b.length) refuse("bytes follow its end");
      if (!size) refuse("it has no frame");
      kept.push(b.subarray(at, at + 2));
      return { ...size!, bytes: joinBytes(kept) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      refuse("a marker is out of place");
    }
    if (at + 4 > b.length) refuse("a segment is cut off");
    const length = u16be(b, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > b.length) refuse("a segment is cut off");
    if (isFrame(marker)) {
      if (length < 8) refuse("its frame header is cut off");
      size = bounded(u16be(b, at + 7), u16be(b, at + 5), maxEdge);
    }
    if (marker === 0xda) {
      if (!size) refuse("its picture data comes before its frame");
      // The scan's data runs to the next marker that is not a stuffed 0xFF or a restart.
      let scan = end;
      while (scan + 1 < b.length) {
        if (b[scan] === 0xff) {
          const next = b[scan + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        scan += 1;
      }
      if (scan + 1 >= b.length) refuse("its picture data is cut off");
      kept.push(b.subarray(at, scan));
      at = scan;
      continue;
    }
    if (keptJpeg(marker)) kept.push(b.subarray(at, end));
    at = end;
  }
}

// --- PNG (ISO 15948): chunks, each checked against its CRC.

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The chunks a PNG is drawn from; the rest (text, times, colour hints, animation) go. */
const KEPT_PNG = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);

function readPng(b: Uint8Array, maxEdge: number) {
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let size: { width: number; height: number } | null = null;
  let pictures = 0;
  for (let at = 8; ;) {
    if (at + 12 > b.length) refuse("it ends before its last chunk");
    const length = u32be(b, at);
    const end = at + 12 + length;
    if (end > b.length) refuse("a chunk is cut off");
    const type = ascii(b, at + 4, 4);
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== u32be(b, at + 8 + length)) {
      refuse(`its ${type} chunk is damaged`);
    }
    if (at === 8) {
      if (type !== "IHDR" || length !== 13) refuse("it does not start with a header");
      size = bounded(u32be(b, at + 8), u32be(b, at + 12), maxEdge);
    }
    if (type === "IDAT") pictures += 1;
    if (KEPT_PNG.has(type)) kept.push(b.subarray(at, end));
    if (type === "IEND") {
      if (end !== b.length) refuse("bytes follow its end");
      if (!pictures) refuse("it has no picture data");
      return { ...size!, bytes: joinBytes(kept) };
    }
    at = end;
  }
}

// --- WebP (RIFF): a lossy or lossless picture, with its transparency; nothing else.

function readWebp(b: Uint8Array, maxEdge: number) {
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd !== b.length && riffEnd + 1 !== b.length) refuse("its length is not its own");
  const chunks: { type: string; at: number; end: number }[] = [];
  for (let at = 12; at < riffEnd;) {
    if (at + 8 > riffEnd) refuse("a chunk is cut off");
    const length = u32le(b, at + 4);
    const end = at + 8 + length;
    if (end > riffEnd) refuse("a chunk is cut off");
    chunks.push({ type: ascii(b, at, 4), at, end });
    at = end + (length % 2);
  }
  const first = chunks[0] ?? refuse("it has no picture");
  const picture = chunks.find((chunk) => chunk.type === "VP8 " || chunk.type === "VP8L");
  if (!picture) refuse("it has no picture");
  const data = b.subarray(picture!.at + 8, picture!.end);
  let size;
  if (picture!.type === "VP8 ") {
    if (data.length < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) {
      refuse("its picture header is damaged");
    }
    size = bounded(u16le(data, 6) & 0x3fff, u16le(data, 8) & 0x3fff, maxEdge);
  } else {
    if (data.length < 5 || data[0] !== 0x2f) refuse("its picture header is damaged");
    const bits = u32le(data, 1);
    size = bounded((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1, maxEdge);
  }
  let parts: Uint8Array[];
  if (first.type === "VP8X") {
    const alpha = chunks.find((chunk) => chunk.type === "ALPH");
    const header = b.slice(first.at, first.end);
    if (header.length < 18) refuse("its header is cut off");
    if (u24le(header, 12) + 1 !== size.width || u24le(header, 15) + 1 !== size.height) {
      refuse("its header and its picture differ in size");
    }
    header[8] = alpha ? 0x10 : 0; // only "has transparency" stays: no ICC, EXIF, XMP, animation
    parts = [
      header,
      ...(alpha ? [b.subarray(alpha.at, alpha.end + ((alpha.end - alpha.at) % 2))] : []),
    ];
  } else {
    if (chunks.length !== 1) refuse("it holds more than a picture");
    parts = [];
  }
  parts.push(b.subarray(picture!.at, picture!.end + ((picture!.end - picture!.at) % 2)));
  const body = joinBytes(parts);
  const riff = new Uint8Array(12);
  riff.set([0x52, 0x49, 0x46, 0x46]);
  new DataView(riff.buffer).setUint32(4, body.length + 4, true);
  riff.set([0x57, 0x45, 0x42, 0x50], 8);
  return { ...size, bytes: joinBytes([riff, body]) };
}

const startsWith = (b: Uint8Array, prefix: readonly number[], at = 0) =>
  b.length >= at + prefix.length && prefix.every((byte, i) => b[at + i] === byte);

/**
 * The thumbnail as it will be kept, or why it is not one: a JPEG, PNG or WebP picture, read to
 * its end, at most `maxEdge` px on each edge.
 */
export function readThumbnailPicture(
  bytes: Uint8Array,
  maxEdge = MAX_THUMBNAIL_EDGE,
): ThumbnailPicture {
  try {
    if (startsWith(bytes, [0xff, 0xd8]))
      return { mimeType: "image/jpeg", ...readJpeg(bytes, maxEdge) };
    if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
      return { mimeType: "image/png", ...readPng(bytes, maxEdge) };
    }
    if (
      startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
      startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)
    ) {
      return { mimeType: "image/webp", ...readWebp(bytes, maxEdge) };
    }
    return { error: "it is not a JPEG, PNG or WebP picture" };
  } catch (error) {
    if (error instanceof NotAPicture) return { error: error.message };
    throw error;
  }
}
