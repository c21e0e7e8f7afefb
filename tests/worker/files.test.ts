/**
 * Files in R2, against the real local R2 and D1: an upload comes back byte for byte, only to its
 * owner; what a browser would run is refused; the size limit and the quota answer 413; a delete
 * takes the object; a crash between the row and the object is cleaned up.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { files } from "../../worker/db/schema";
import { STALE_UPLOAD_MS, sweepFiles } from "../../worker/services/files";
import { runScheduled } from "../../worker/scheduled";
import { eq } from "drizzle-orm";
import { account, api, apiWith, remeasureAllStorage, storedBytes } from "./helpers";
import { pngPicture } from "../fixtures/pictures";

type Data<T> = { data: T };
interface StoredFile {
  id: string;
  ownerType: string;
  ownerId: string;
  name: string;
  kind: string;
  mimeType: string;
  size: number;
  sha256: string;
}
type Failure = { error: { code: string; message: string } };

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
let projectId: string;
let propertyId: string;

beforeAll(async () => {
  alice = await account();
  bob = await account();
  projectId = (
    await alice.call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Elm St flip", status: "prospecting" },
    })
  ).body.data.id;
  propertyId = (
    await alice.call<Data<{ ids: string[] }>>("/data/properties", {
      method: "POST",
      json: [{ address: "4 Elm St", city: "Dayton", state: "OH" }],
    })
  ).body.data.ids[0]!;
});

const encoder = new TextEncoder();
/** A small but real PDF (a header, one empty page, a trailer). */
const PDF = encoder.encode(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
);
const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** `size` bytes that start as a JPEG does, and are otherwise pseudo-random. */
function jpeg(size: number) {
  const bytes = new Uint8Array(size);
  let seed = 7;
  for (let i = 0; i < size; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = seed >> 16;
  }
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

async function sha256(bytes: BufferSource) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function form(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string },
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) {
    body.append(
      "file",
      new File([file.bytes], file.name, { type: file.type ?? "application/octet-stream" }),
    );
  }
  return body;
}

async function upload(
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string },
) {
  const response = await api("/files", { method: "POST", token, body: form(fields, file) });
  return { status: response.status, body: (await response.json()) as Data<StoredFile> & Failure };
}

const onProject = () => ({ ownerType: "project", ownerId: projectId });

describe("uploading and downloading", () => {
  it("gives back the same bytes, with the type told from them, only as an attachment by default", async () => {
    const bytes = jpeg(6 * 1024 * 1024 + 123); // over one 5 MiB part: a multipart upload to R2
    const stored = await upload(
      alice.token,
      { ownerType: "property", ownerId: propertyId },
      {
        name: "front yard.jpg",
        bytes,
        type: "text/html", // what the client claims does not matter
      },
    );
    expect(stored.status).toBe(201);
    const file = stored.body.data;
    expect(file).toMatchObject({
      ownerType: "property",
      ownerId: propertyId,
      name: "front yard.jpg",
      kind: "image",
      mimeType: "image/jpeg",
      size: bytes.length,
      sha256: await sha256(bytes),
    });

    const download = await api(`/files/${file.id}/content`, { token: alice.token });
    expect(download.status).toBe(200);
    expect(await sha256(await download.arrayBuffer())).toBe(await sha256(bytes));
    expect(download.headers.get("Content-Type")).toBe("image/jpeg");
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="front yard.jpg"; filename*=UTF-8''front%20yard.jpg`,
    );
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");

    const inline = await api(`/files/${file.id}/content?disposition=inline`, {
      token: alice.token,
    });
    await inline.arrayBuffer();
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline; /);
    expect(inline.headers.get("Content-Security-Policy")).toMatch(/^sandbox;/);
  });

  it("stores a PDF on a project, lists it and finds it by name, and never keeps the name in the key", async () => {
    const stored = await upload(alice.token, onProject(), {
      name: "Purchase contract.pdf",
      bytes: PDF,
    });
    expect(stored.status).toBe(201);
    expect(stored.body.data).toMatchObject({
      kind: "pdf",
      mimeType: "application/pdf",
      size: PDF.length,
    });

    const listed = await alice.call<Data<StoredFile[]> & { meta: { total: number } }>(
      `/files?ownerType=project&ownerId=${projectId}&q=contract`,
    );
    expect(listed.body.data.map((file) => file.name)).toEqual(["Purchase contract.pdf"]);
    const [row] = await database(env.DB)
      .select()
      .from(files)
      .where(eq(files.id, stored.body.data.id));
    expect(row!.objectKey).not.toContain("contract");
    expect(row!.objectKey).not.toContain("Purchase");
    expect(await env.FILES!.head(row!.objectKey)).not.toBeNull();
  });

  it("a name outside ASCII is kept, and sent back safely", async () => {
    const stored = await upload(alice.token, onProject(), {
      name: "Inspeção “final”.pdf",
      bytes: PDF,
    });
    expect(stored.body.data.name).toBe("Inspeção “final”.pdf");
    const download = await api(`/files/${stored.body.data.id}/content`, { token: alice.token });
    await download.arrayBuffer();
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Inspe__o _final_.pdf"; filename*=UTF-8''${encodeURIComponent("Inspeção “final”.pdf")}`,
    );
  });
});

describe("what is refused, and changes nothing", () => {
  const objectCount = async () =>
    (await env.FILES!.list({ prefix: `files/${alice.user.id}/` })).objects.length;

  it("another user's file is 404, and another user's record cannot hold one", async () => {
    const stored = await upload(alice.token, onProject(), { name: "title.pdf", bytes: PDF });
    for (const path of [`/files/${stored.body.data.id}`, `/files/${stored.body.data.id}/content`]) {
      expect((await api(path, { token: bob.token })).status, path).toBe(404);
    }
    expect(
      (await api(`/files/${stored.body.data.id}`, { method: "DELETE", token: bob.token })).status,
    ).toBe(404);
    const listed = await bob.call<Data<StoredFile[]>>(
      `/files?ownerType=project&ownerId=${projectId}`,
    );
    expect(listed.body.data).toEqual([]);
    const onAlices = await upload(bob.token, onProject(), { name: "mine.pdf", bytes: PDF });
    expect(onAlices.status).toBe(404);
  });

  it.each([
    ["an HTML page", "offer.html", "<!DOCTYPE html><html><script>alert(1)</script></html>"],
    ["HTML named as text", "notes.txt", "<html><body onload=alert(1)>"],
    [
      "an SVG",
      "logo.svg",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ],
    [
      "an SVG named as a picture",
      "photo.png",
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ],
    ["a Windows program", "invoice.pdf", "MZ\u0090\u0000\u0003"],
    [
      "a plain ZIP named as a workbook",
      "rent roll.xlsx",
      "PK\u0003\u0004\u0014\u0000\u0000\u0000evil.exe",
    ],
  ])("%s is refused with 415", async (_what, name, text) => {
    const before = await objectCount();
    const refused = await upload(alice.token, onProject(), { name, bytes: encoder.encode(text) });
    expect(refused.status).toBe(415);
    expect(refused.body.error.code).toBe("UNSUPPORTED_FILE_TYPE");
    expect(refused.body.error.message).toContain(name);
    expect(await objectCount()).toBe(before);
  });

  it("a file over 25 MB is 413 naming the limit, and nothing is stored", async () => {
    const before = await objectCount();
    const refused = await upload(alice.token, onProject(), {
      name: "scan.jpg",
      bytes: jpeg(26 * 1000 * 1000),
    });
    expect(refused.status).toBe(413);
    expect(refused.body.error.code).toBe("FILE_TOO_LARGE");
    expect(refused.body.error.message).toContain("25 MB");
    expect(await objectCount()).toBe(before);
    const pending = await database(env.DB).select().from(files).where(eq(files.status, "pending"));
    expect(pending.filter((row) => row.userId === alice.user.id)).toEqual([]);
  });

  it("a file that would not fit the storage quota is 413 naming the quota", async () => {
    const carol = await account();
    const project = (
      await carol.call<Data<{ id: string }>>("/projects", {
        method: "POST",
        json: { name: "Lot", status: "prospecting" },
      })
    ).body.data.id;
    const call = apiWith({ STORAGE_QUOTA_MB: "1" });
    const response = await call("/files", {
      method: "POST",
      token: carol.token,
      body: form(
        { ownerType: "project", ownerId: project },
        { name: "big.jpg", bytes: jpeg(1100 * 1024) },
      ),
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as Failure;
    expect(body.error.code).toBe("STORAGE_QUOTA_EXCEEDED");
    expect((await env.FILES!.list({ prefix: `files/${carol.user.id}/` })).objects).toEqual([]);
  });

  it("a form without a record, without a file or not multipart is 400/415 with the field named", async () => {
    const noOwner = await api("/files", {
      method: "POST",
      token: alice.token,
      body: form({}, { name: "a.pdf", bytes: PDF }),
    });
    expect(noOwner.status).toBe(400);
    expect(((await noOwner.json()) as Failure).error.message).toContain("ownerType");
    const noFile = await api("/files", {
      method: "POST",
      token: alice.token,
      body: form(onProject()),
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as Failure).error.message).toContain("file");
    const json = await alice.call<Failure>("/files", { method: "POST", json: { name: "a.pdf" } });
    expect(json.status).toBe(415);
    const badOwner = await upload(
      alice.token,
      { ownerType: "planet", ownerId: projectId },
      { name: "a.pdf", bytes: PDF },
    );
    expect(badOwner.status).toBe(400);
  });
});

describe("deleting, and what a crash leaves", () => {
  it("deleting a file removes its object; a second delete is 404", async () => {
    const stored = await upload(alice.token, onProject(), { name: "old.pdf", bytes: PDF });
    const [row] = await database(env.DB)
      .select()
      .from(files)
      .where(eq(files.id, stored.body.data.id));
    const removed = await api(`/files/${stored.body.data.id}`, {
      method: "DELETE",
      token: alice.token,
    });
    expect(removed.status).toBe(204);
    expect(await env.FILES!.head(row!.objectKey)).toBeNull();
    expect(
      (await api(`/files/${stored.body.data.id}`, { method: "DELETE", token: alice.token })).status,
    ).toBe(404);
  });

  it("a crash between the object and the row leaves a pending row, which the sweep removes with its object", async () => {
    const db = database(env.DB);
    const id = crypto.randomUUID();
    const objectKey = `files/${alice.user.id}/${id}`;
    // The upload wrote its row and its object, and the isolate died before marking it ready.
    await db.insert(files).values({
      id,
      userId: alice.user.id,
      ownerType: "project",
      ownerId: projectId,
      name: "half.pdf",
      kind: "pdf",
      mimeType: "application/pdf",
      objectKey,
      status: "pending",
    });
    await env.FILES!.put(objectKey, PDF);
    // Never seen by its owner meanwhile.
    expect((await api(`/files/${id}`, { token: alice.token })).status).toBe(404);
    // A sweep before the upload could still be running leaves it.
    await sweepFiles(db, env.FILES!, Date.now());
    expect(await env.FILES!.head(objectKey)).not.toBeNull();
    // Once it is stale, the scheduled run removes both.
    await runScheduled(env, Date.now() + STALE_UPLOAD_MS + 1000);
    expect(await env.FILES!.head(objectKey)).toBeNull();
    expect(await db.select().from(files).where(eq(files.id, id))).toEqual([]);
  });

  it("deleting the record its files belong to removes them", async () => {
    const project = (
      await alice.call<Data<{ id: string }>>("/projects", {
        method: "POST",
        json: { name: "Gone", status: "prospecting" },
      })
    ).body.data.id;
    const stored = await upload(
      alice.token,
      { ownerType: "project", ownerId: project },
      { name: "deed.pdf", bytes: PDF },
    );
    const [row] = await database(env.DB)
      .select()
      .from(files)
      .where(eq(files.id, stored.body.data.id));
    expect(
      (await api(`/projects/${project}`, { method: "DELETE", token: alice.token })).status,
    ).toBe(200);
    // Gone from the lists at once; the bytes with the next scheduled run.
    expect((await api(`/files/${stored.body.data.id}`, { token: alice.token })).status).toBe(404);
    await runScheduled(env, Date.now() + 2 * 60_000);
    expect(await env.FILES!.head(row!.objectKey)).toBeNull();
    expect(
      await database(env.DB).select().from(files).where(eq(files.id, stored.body.data.id)),
    ).toEqual([]);
  });
});

describe("the storage figure", () => {
  it("counts a file's bytes with everything else the user stores, as it is stored", async () => {
    const dave = await account();
    const project = (
      await dave.call<Data<{ id: string }>>("/projects", {
        method: "POST",
        json: { name: "Lot", status: "prospecting" },
      })
    ).body.data.id;
    const before = await storedBytes(dave.user.id);
    const bytes = Uint8Array.from([...PNG_HEADER, ...new Uint8Array(300_000)]);
    await upload(
      dave.token,
      { ownerType: "project", ownerId: project },
      { name: "plan.png", bytes },
    );
    const after = await storedBytes(dave.user.id);
    expect(after - before).toBeGreaterThanOrEqual(bytes.length);
    expect(after - before).toBeLessThan(bytes.length + 1000);
    // The background re-measure finds the same.
    await remeasureAllStorage();
    expect(await storedBytes(dave.user.id)).toBe(after);
  });
});

describe("a photo's thumbnail", () => {
  /** The upload's form with a thumbnail part after the file, as the browser sends a photo. */
  async function uploadWithThumbnail(
    fields: Record<string, string>,
    file: { name: string; bytes: Uint8Array<ArrayBuffer> },
    thumbnail: Uint8Array<ArrayBuffer>,
  ) {
    const body = form(fields, file);
    body.append("thumbnail", new File([thumbnail], "thumbnail.jpg", { type: "image/jpeg" }));
    const response = await api("/files", { method: "POST", token: alice.token, body });
    return {
      status: response.status,
      body: (await response.json()) as Data<StoredFile & { thumbnail: boolean }> & Failure,
    };
  }
  const onProperty = () => ({ ownerType: "property", ownerId: propertyId });
  const smallPng = pngPicture(64, 48);

  it("is kept beside the photo, served inline to its owner only, and goes with it", async () => {
    const house = (
      await alice.call<Data<{ ids: string[] }>>("/data/properties", {
        method: "POST",
        json: [{ address: "9 Birch Ln", city: "Dayton", state: "OH" }],
      })
    ).body.data.ids[0]!;
    const stored = await uploadWithThumbnail(
      { ownerType: "property", ownerId: house },
      { name: "Front.jpg", bytes: jpeg(50_000) },
      smallPng,
    );
    expect(stored.status).toBe(201);
    expect(stored.body.data.thumbnail).toBe(true);
    const id = stored.body.data.id;

    const served = await api(`/files/${id}/thumbnail`, { token: alice.token });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toBe("private, no-store");
    expect(served.headers.get("Content-Disposition")).toMatch(/^inline;/);
    // Shown only by <img>: nothing in it runs, and no page may frame it.
    expect(served.headers.get("Content-Security-Policy")).toMatch(
      /^sandbox;.*frame-ancestors 'none'/,
    );
    expect(served.headers.get("X-Frame-Options")).toBe("DENY");
    expect(await sha256(await served.arrayBuffer())).toBe(await sha256(smallPng));
    expect((await api(`/files/${id}/thumbnail`, { token: bob.token })).status).toBe(404);

    // The property's picture in lists is its first photo.
    const listed = await alice.call<Data<{ id: string; photoFileId: string | null }[]>>(
      "/data/properties?limit=100",
    );
    expect(listed.body.data.find((p) => p.id === house)?.photoFileId).toBe(id);
    // A later photo does not replace it; a property without one has none.
    await uploadWithThumbnail(
      { ownerType: "property", ownerId: house },
      { name: "Back.jpg", bytes: jpeg(20_000) },
      smallPng,
    );
    const again = await alice.call<Data<{ id: string; photoFileId: string | null }[]>>(
      "/data/properties?limit=100",
    );
    expect(again.body.data.find((p) => p.id === house)?.photoFileId).toBe(id);
    const bare = (
      await alice.call<Data<{ ids: string[] }>>("/data/properties", {
        method: "POST",
        json: [{ address: "11 Birch Ln", city: "Dayton", state: "OH" }],
      })
    ).body.data.ids[0]!;
    const withBare = await alice.call<Data<{ id: string; photoFileId: string | null }[]>>(
      "/data/properties?limit=100",
    );
    expect(withBare.body.data.find((p) => p.id === bare)?.photoFileId).toBeNull();

    const [row] = await database(env.DB).select().from(files).where(eq(files.id, id));
    expect(await env.FILES!.head(`${row!.objectKey}.thumbnail`)).not.toBeNull();
    expect((await api(`/files/${id}`, { method: "DELETE", token: alice.token })).status).toBe(204);
    expect(await env.FILES!.head(`${row!.objectKey}.thumbnail`)).toBeNull();
  });

  it("one that is not a small picture, or on a file that is no photo, refuses the upload whole", async () => {
    const db = database(env.DB);
    const count = async () =>
      (await db.select().from(files).where(eq(files.userId, alice.user.id))).length;
    const before = await count();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const tooLarge = Uint8Array.from([...PNG_HEADER, ...new Uint8Array(300 * 1024)]);
    for (const [file, thumbnail] of [
      [{ name: "Front.jpg", bytes: jpeg(10_000) }, html],
      [{ name: "Front.jpg", bytes: jpeg(10_000) }, tooLarge],
      [{ name: "Contract.pdf", bytes: PDF }, smallPng],
    ] as const) {
      const refused = await uploadWithThumbnail(onProperty(), file, thumbnail);
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toMatch(/^thumbnail: must be a JPEG, PNG or WebP picture/);
    }
    expect(await count()).toBe(before);
    const left = await env.FILES!.list({ prefix: `files/${alice.user.id}/` });
    const keys = new Set(
      (await db.select().from(files).where(eq(files.userId, alice.user.id))).map(
        (row) => row.objectKey,
      ),
    );
    expect(
      left.objects.filter((object) => !keys.has(object.key.replace(/\.thumbnail$/, ""))),
    ).toEqual([]);
  });

  it("a form broken after the file refuses the upload, and keeps nothing", async () => {
    const db = database(env.DB);
    const count = async () =>
      (await db.select().from(files).where(eq(files.userId, alice.user.id))).length;
    const before = await count();
    const boundary = "----ai42-broken";
    const head = (disposition: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`;
    const body = new Blob([
      head('name="ownerType"'),
      "property\r\n",
      head('name="ownerId"'),
      `${propertyId}\r\n`,
      head('name="file"; filename="Side.jpg"'),
      jpeg(20_000),
      "\r\n",
      head('name="thumbnail"; filename="thumbnail.jpg"'),
      smallPng,
      // …and the body ends without its closing boundary.
    ]);
    const response = await api("/files", {
      method: "POST",
      token: alice.token,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Failure).error.code).toBe("MALFORMED_MULTIPART");
    expect(await count()).toBe(before);
  });

  it("without one, a picture a browser shows is its own thumbnail; other files have none", async () => {
    const png = await upload(alice.token, onProject(), {
      name: "Plan.png",
      bytes: smallPng,
    });
    const served = await api(`/files/${png.body.data.id}/thumbnail`, { token: alice.token });
    expect(served.status).toBe(200);
    expect(await sha256(await served.arrayBuffer())).toBe(await sha256(smallPng));
    const pdf = await upload(alice.token, onProject(), { name: "Deed.pdf", bytes: PDF });
    const none = await api(`/files/${pdf.body.data.id}/thumbnail`, { token: alice.token });
    expect(none.status).toBe(404);
  });
});
