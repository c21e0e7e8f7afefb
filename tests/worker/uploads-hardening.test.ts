/**
 * What an upload or a page form must survive, each as an outside review sent it: a chunked body,
 * a broken file name, a thumbnail that is not a picture, a PDF named like a page, a form posted
 * from another site.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { database } from "../../worker/db/client";
import { files } from "../../worker/db/schema";
import { readThumbnailPicture } from "../../app/domain/thumbnail-picture";
import { account, api, ORIGIN, remeasureAllStorage, storedBytes } from "./helpers";
import { jpegPicture, pngPicture } from "../fixtures/pictures";

type Data<T> = { data: T };
type Failure = { error: { code: string; message: string } };
interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  thumbnail: boolean;
}

let alice: Awaited<ReturnType<typeof account>>;
let propertyId: string;

beforeAll(async () => {
  alice = await account();
  propertyId = (
    await alice.call<Data<{ ids: string[] }>>("/data/properties", {
      method: "POST",
      json: [{ address: "4 Elm St", city: "Dayton", state: "OH" }],
    })
  ).body.data.ids[0]!;
});

const encoder = new TextEncoder();
const PDF = encoder.encode(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n<html><script>alert(document.domain)</script></html>\n",
);
const GIF = Uint8Array.from([
  ...encoder.encode("GIF89a"),
  1,
  0,
  1,
  0,
  0x80,
  0,
  0,
  0,
  0,
  0,
  0xff,
  0xff,
  0xff,
  0x2c,
  0,
  0,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
  2,
  2,
  0x44,
  1,
  0,
  0x3b,
]);

const BOUNDARY = "----ai42-hardening";
const partHead = (disposition: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`;

/** The upload's multipart body, written by hand so each header is exactly as a client sent it. */
function uploadBody(
  file: { disposition: string; bytes: Uint8Array<ArrayBuffer> },
  thumbnail?: Uint8Array<ArrayBuffer>,
) {
  return new Blob([
    partHead('name="ownerType"'),
    "property\r\n",
    partHead('name="ownerId"'),
    `${propertyId}\r\n`,
    partHead(file.disposition),
    file.bytes,
    "\r\n",
    ...(thumbnail
      ? [partHead('name="thumbnail"; filename="thumbnail.jpg"'), thumbnail, "\r\n"]
      : []),
    `--${BOUNDARY}--\r\n`,
  ]);
}

const multipart = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };

/** The body sent as a stream of `chunk`-byte pieces: no Content-Length, chunked on the wire. */
function chunked(blob: Blob, chunk = 64 * 1024) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= blob.size) return controller.close();
      controller.enqueue(new Uint8Array(await blob.slice(at, at + chunk).arrayBuffer()));
      at += chunk;
    },
  });
}

async function post(body: BodyInit, headers: Record<string, string> = multipart) {
  const response = await api("/files", { method: "POST", token: alice.token, headers, body });
  return { status: response.status, body: (await response.json()) as Data<StoredFile> & Failure };
}

describe("a chunked upload", () => {
  it("is stored as a sized one is", async () => {
    const body = uploadBody({ disposition: 'name="file"; filename="Lease.pdf"', bytes: PDF });
    const stored = await post(chunked(body));
    expect(stored.status).toBe(201);
    expect(stored.body.data).toMatchObject({ name: "Lease.pdf", size: PDF.length });
  });

  it("over the file limit answers 413, and keeps nothing", async () => {
    const before = await database(env.DB)
      .select()
      .from(files)
      .where(eq(files.userId, alice.user.id));
    const big = new Uint8Array(25_000_001);
    big.set(PDF);
    const refused = await post(
      chunked(uploadBody({ disposition: 'name="file"; filename="Big.pdf"', bytes: big }), 1 << 20),
    );
    expect(refused.status).toBe(413);
    expect(refused.body.error.code).toBe("FILE_TOO_LARGE");
    const after = await database(env.DB)
      .select()
      .from(files)
      .where(eq(files.userId, alice.user.id));
    expect(after.length).toBe(before.length);
  });
});

describe("a part's headers", () => {
  it("a file name that is not valid percent-encoding is a 400", async () => {
    const refused = await post(
      uploadBody({ disposition: `name="file"; filename*=UTF-8''%E0%A4%A`, bytes: PDF }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("MALFORMED_MULTIPART");
    expect(refused.body.error.message).toMatch(/file name/);
  });
});

describe("a stored file's download name", () => {
  it("takes the extension of the type told from its bytes, in the download and the export", async () => {
    const stored = await post(
      uploadBody({ disposition: 'name="file"; filename="poly.html"', bytes: PDF }),
    );
    expect(stored.status).toBe(201);
    expect(stored.body.data.mimeType).toBe("application/pdf");
    const download = await api(`/files/${stored.body.data.id}/content`, { token: alice.token });
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="poly.pdf"; filename*=UTF-8''poly.pdf`,
    );
    await download.arrayBuffer();

    // In the workspace's export, the file is saved under the same name; the manifest keeps the
    // name as uploaded, so importing it back restores what the user named it.
    const zip = unzipSync(
      new Uint8Array(await (await api("/export.zip", { token: alice.token })).arrayBuffer()),
    );
    const manifest = JSON.parse(new TextDecoder().decode(zip["files.json"])) as {
      files: { id: string; name: string; path: string }[];
    };
    const listed = manifest.files.find((file) => file.id === stored.body.data.id)!;
    expect(listed).toMatchObject({ name: "poly.html", path: `files/${listed.id}/poly.pdf` });
    expect(zip[listed.path]).toBeDefined();
  });
});

describe("a photo's thumbnail", () => {
  const upload = (thumbnail: Uint8Array<ArrayBuffer>) =>
    post(uploadBody({ disposition: 'name="file"; filename="Front.gif"', bytes: GIF }, thumbnail));

  it("is kept as a picture and nothing more: text and trailing bytes hidden in it are gone", async () => {
    const hidden = pngPicture(32, 24, { text: "<script>alert(1)</script>" });
    const stored = await upload(hidden);
    expect(stored.status).toBe(201);
    expect(stored.body.data.thumbnail).toBe(true);
    const served = await api(`/files/${stored.body.data.id}/thumbnail`, { token: alice.token });
    expect(served.headers.get("Content-Type")).toBe("image/png");
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(new TextDecoder("latin1").decode(bytes)).not.toContain("script");
    expect(readThumbnailPicture(bytes)).toMatchObject({
      mimeType: "image/png",
      width: 32,
      height: 24,
    });
  });

  it("that is not a picture, or one too large, refuses the upload", async () => {
    const html = encoder.encode("<html><script>alert(1)</script></html>");
    const png = pngPicture(8, 8);
    const withTail = Uint8Array.from([...png, ...encoder.encode("<html>")]);
    const header = Uint8Array.from([
      0x89,
      0x50,
      0x4e,
      0x47,
      0x0d,
      0x0a,
      0x1a,
      0x0a,
      ...new Uint8Array(200_000),
    ]);
    for (const [thumbnail, why] of [
      [html, /not a JPEG, PNG or WebP/],
      [header, /damaged|does not start/],
      [withTail, /bytes follow its end/],
      [pngPicture(4000, 10), /4000×10 px/],
    ] as const) {
      const refused = await upload(thumbnail);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/^thumbnail: must be a JPEG, PNG or WebP picture/);
      expect(refused.body.error.message).toMatch(why);
    }
  });

  it("counts against the storage quota with its photo, as stored and when measured again", async () => {
    const owner = await account();
    const house = (
      await owner.call<Data<{ ids: string[] }>>("/data/properties", {
        method: "POST",
        json: [{ address: "7 Oak St", city: "Dayton", state: "OH" }],
      })
    ).body.data.ids[0]!;
    const thumbnail = jpegPicture(320, 240, 200_000);
    const body = new Blob([
      partHead('name="ownerType"'),
      "property\r\n",
      partHead('name="ownerId"'),
      `${house}\r\n`,
      partHead('name="file"; filename="Tiny.gif"'),
      GIF,
      "\r\n",
      partHead('name="thumbnail"; filename="thumbnail.jpg"'),
      thumbnail,
      `\r\n--${BOUNDARY}--\r\n`,
    ]);
    const response = await api("/files", {
      method: "POST",
      token: owner.token,
      headers: multipart,
      body,
    });
    expect(response.status).toBe(201);
    const counted = await storedBytes(owner.user.id);
    expect(counted).toBeGreaterThanOrEqual(GIF.length + thumbnail.length);
    await remeasureAllStorage();
    expect(await storedBytes(owner.user.id)).toBe(counted);
  });
});

describe("a page form posted from another site", () => {
  it("is refused with a 403 page, not a 500", async () => {
    for (const path of ["/reset-password", "/oauth/authorize"]) {
      const response = await SELF.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: {
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "password=hunter22hunter22",
        redirect: "manual",
      });
      expect(response.status, path).toBe(403);
      expect(response.headers.get("Content-Type"), path).toMatch(/^text\/html/);
      expect(await response.text(), path).toMatch(/another site/i);
    }
  });
});
