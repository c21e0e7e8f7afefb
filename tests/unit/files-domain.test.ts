import { describe, expect, it } from "vitest";
import { sniffFileType } from "../../app/domain/files";
import { formDataBoundary, MultipartError, readFormData } from "../../worker/api/multipart";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === "string" ? [...part].map((char) => char.charCodeAt(0)) : part,
    ),
  );

describe("telling a file's type from its bytes", () => {
  it.each([
    ["contract.pdf", bytes("%PDF-1.7\n"), "application/pdf"],
    ["IMG_2041.JPG", bytes([0xff, 0xd8, 0xff, 0xe1], "Exif"), "image/jpeg"],
    ["plan.png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "image/png"],
    ["drive-by.heic", bytes([0, 0, 0, 0x18], "ftypheic"), "image/heic"],
    ["anim.gif", bytes("GIF89a"), "image/gif"],
    ["photo.webp", bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    [
      "rent roll.xlsx",
      bytes([0x50, 0x4b, 3, 4], "....[Content_Types].xml"),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ],
    [
      "offer.docx",
      bytes([0x50, 0x4b, 3, 4], "....word/document.xml"),
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ],
    [
      "old.xls",
      bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      "application/vnd.ms-excel",
    ],
    ["comps.csv", bytes("Address,Price\r\n1 Elm St,120000\r\n"), "text/csv; charset=utf-8"],
    [
      "notes.txt",
      new TextEncoder().encode("Roof: end of life — replace (about $9,500)"),
      "text/plain; charset=utf-8",
    ],
  ])("%s is %s", (name, head, mimeType) => {
    expect(sniffFileType(head, name)?.mimeType).toBe(mimeType);
  });

  it.each([
    ["an HTML page named .txt", "notes.txt", bytes("  <!doctype html><p>hi")],
    ["an SVG named .csv", "data.csv", bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["an SVG", "logo.svg", bytes("<svg/>")],
    ["a PE executable", "setup.exe", bytes("MZ", [0x90, 0])],
    ["an ELF binary named .txt", "run.txt", bytes([0x7f], "ELF", [2, 1, 1, 0])],
    ["a ZIP named .zip", "photos.zip", bytes([0x50, 0x4b, 3, 4], "....a.jpg")],
    ["a ZIP of anything named .docx", "offer.docx", bytes([0x50, 0x4b, 3, 4], "....evil.exe")],
    [
      "an OLE file named .msi",
      "setup.msi",
      bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    ],
    ["a video", "walkthrough.mp4", bytes([0, 0, 0, 0x18], "ftypmp42")],
    ["text that is not UTF-8", "list.csv", bytes([0x41, 0xff, 0xfe, 0x42])],
  ])("%s is refused", (_what, name, head) => {
    expect(sniffFileType(head, name)).toBeNull();
  });

  it("a text sample cut inside a character is still text", () => {
    const text = new TextEncoder().encode("Fachada — revisar");
    const cut = text.subarray(0, text.indexOf(0x80) + 0); // ends after the first byte of "—"
    expect(sniffFileType(cut, "notes.txt")?.kind).toBe("text");
  });
});

/** A multipart body as a browser writes it, arriving in pieces of `size` bytes. */
function body(text: Uint8Array, size: number) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= text.length) return controller.close();
      controller.enqueue(text.slice(at, at + size));
      at += size;
    },
  });
}

const BOUNDARY = "----WebKitFormBoundary7MA4YWxkTrZu0gW";
const encoder = new TextEncoder();
const FORM = encoder.encode(
  [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="ownerType"',
    "",
    "project",
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="file"; filename="Inspeção %22final%22.pdf"',
    "Content-Type: application/pdf",
    "",
    "%PDF-1.4\r\nline two\r\n--not-the-boundary\r\nend",
    `--${BOUNDARY}--`,
    "",
  ].join("\r\n"),
);

async function parts(stream: ReadableStream<Uint8Array>) {
  const found = [];
  for await (const part of readFormData(stream, BOUNDARY)) {
    found.push({ ...part, text: await new Response(part.body).text() });
  }
  return found;
}

describe("reading a multipart form as a stream", () => {
  it("reads Chrome's boundary from the Content-Type", () => {
    expect(formDataBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(formDataBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(formDataBoundary("application/json")).toBeNull();
  });

  it("gives each part's name, file name and exact content, however the body is cut", async () => {
    for (const size of [1, 2, 3, 7, 41, 64, 1000]) {
      const [owner, file] = await parts(body(FORM, size));
      expect(owner).toMatchObject({ name: "ownerType", text: "project" });
      expect(file).toMatchObject({
        name: "file",
        filename: 'Inspeção "final".pdf',
        contentType: "application/pdf",
        text: "%PDF-1.4\r\nline two\r\n--not-the-boundary\r\nend",
      });
    }
  });

  it("reads the request only as fast as the file is read", async () => {
    const big = new Uint8Array(1024 * 1024).fill(65);
    const text = new Uint8Array([
      ...encoder.encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n`,
      ),
      ...big,
      ...encoder.encode(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    let pulled = 0;
    const source = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const at = pulled * 1024;
          if (at >= text.length) return controller.close();
          controller.enqueue(text.slice(at, at + 1024));
          pulled += 1;
        },
      },
      { highWaterMark: 0 },
    );
    const generator = readFormData(source, BOUNDARY);
    const { value: part } = await generator.next();
    const reader = part!.body.getReader();
    await reader.read();
    // One chunk of content read: only a few of the body's 1,025 chunks were asked for.
    expect(pulled).toBeLessThan(5);
    reader.releaseLock();
  });

  it("a part left unread is skipped", async () => {
    const found = [];
    for await (const part of readFormData(body(FORM, 5), BOUNDARY)) found.push(part.name);
    expect(found).toEqual(["ownerType", "file"]);
  });

  it.each([
    ["no boundary at all", "just text"],
    [
      "a body that ends inside a part",
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc`,
    ],
    [
      "a part without Content-Disposition",
      `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nabc\r\n--${BOUNDARY}--`,
    ],
  ])("%s is a MultipartError", async (_what, text) => {
    await expect(parts(body(encoder.encode(text), 4))).rejects.toBeInstanceOf(MultipartError);
  });
});
