import { describe, expect, it } from "vitest";
import { readThumbnailPicture } from "../../app/domain/thumbnail-picture";
import { jpegPicture, pngPicture } from "../fixtures/pictures";

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** `jpeg` with segments slipped in after its start: an EXIF block and a comment. */
function withMetadata(jpeg: Uint8Array, hidden: string) {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 255,
    ...data,
  ];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe1, [...ascii("Exif\0\0"), ...ascii(hidden)]),
    ...segment(0xfe, ascii(hidden)),
    ...jpeg.subarray(2),
  ]);
}

/** A lossless WebP's RIFF around a VP8L header of `width` × `height`, and `extra` chunks after. */
function webpLossless(width: number, height: number, extra: number[] = []) {
  const bits = (width - 1) | ((height - 1) << 14);
  const vp8l = [0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, (bits >>> 24) & 255, 0];
  const body = [...ascii("VP8L"), vp8l.length, 0, 0, 0, ...vp8l, ...extra];
  const size = body.length + 4;
  return Uint8Array.from([
    ...ascii("RIFF"),
    size & 255,
    size >> 8,
    0,
    0,
    ...ascii("WEBP"),
    ...body,
  ]);
}

describe("a thumbnail read as a picture", () => {
  it("keeps a JPEG's frame and scan, and leaves out its EXIF and comments", () => {
    const read = readThumbnailPicture(withMetadata(jpegPicture(320, 200, 4_000), "GPS 40.7N"));
    expect(read).toMatchObject({ mimeType: "image/jpeg", width: 320, height: 200 });
    if ("error" in read) throw new Error(read.error);
    expect(latin1(read.bytes)).not.toContain("GPS");
    expect(latin1(read.bytes)).not.toContain("Exif");
    // What is kept is a JPEG again, read the same way.
    expect(readThumbnailPicture(read.bytes)).toMatchObject({ width: 320, height: 200 });
  });

  it("refuses a JPEG with bytes after its end, or one cut off", () => {
    const jpeg = jpegPicture(100, 100, 2_000);
    expect(readThumbnailPicture(Uint8Array.from([...jpeg, ...ascii("<html>")]))).toEqual({
      error: "bytes follow its end",
    });
    expect(readThumbnailPicture(jpeg.subarray(0, 1_000))).toHaveProperty("error");
  });

  it("reads a PNG's size from its header, checking each chunk's CRC", () => {
    expect(readThumbnailPicture(pngPicture(12, 34))).toMatchObject({
      mimeType: "image/png",
      width: 12,
      height: 34,
    });
    const damaged = pngPicture(12, 34);
    damaged[40] = damaged[40]! ^ 0xff;
    expect(readThumbnailPicture(damaged)).toHaveProperty("error", expect.stringMatching(/damaged/));
  });

  it("keeps a WebP's picture alone, and bounds its size", () => {
    const read = readThumbnailPicture(webpLossless(300, 150));
    expect(read).toMatchObject({ mimeType: "image/webp", width: 300, height: 150 });
    expect(readThumbnailPicture(webpLossless(2000, 10))).toEqual({
      error: "it is 2000×10 px; a thumbnail is at most 640 px on each edge",
    });
    const withExif = webpLossless(30, 30, [...ascii("EXIF"), 4, 0, 0, 0, ...ascii("GPS!")]);
    expect(readThumbnailPicture(withExif)).toEqual({ error: "it holds more than a picture" });
  });

  it("is not fooled by a picture's first bytes alone", () => {
    const header = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(readThumbnailPicture(header)).toHaveProperty("error");
    expect(readThumbnailPicture(new TextEncoder().encode("<svg onload=alert(1)>"))).toEqual({
      error: "it is not a JPEG, PNG or WebP picture",
    });
  });
});
