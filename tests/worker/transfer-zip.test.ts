/**
 * Export Data's .zip and Import Data's restore of it, against the real local R2 and D1: the .zip
 * streams the export document, the manifest and every file of the user's (no one else's), byte for
 * byte; the import says where each record landed, so a file goes on the record its owner became; a
 * file sent again with its SHA-256 is found already here and not stored twice.
 */
import { env } from "cloudflare:test";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../app/domain/transfer-zip-manifest";
import { account, api } from "./helpers";

type Data<T> = { data: T };
interface StoredFile {
  id: string;
  ownerType: string;
  ownerId: string;
  name: string;
  sha256: string;
}
interface ImportResult {
  runId: string | null;
  projects: { created: number; skipped: number };
  recordIds: Record<
    "projects" | "properties" | "auctions" | "contacts" | "deals",
    Record<string, string>
  >;
}
type Failure = { error: { code: string; message: string } };

const encoder = new TextEncoder();
const PDF = encoder.encode(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n",
);

/** `size` bytes that start as a JPEG does, and are otherwise pseudo-random. */
function jpeg(size: number) {
  const bytes = new Uint8Array(size);
  let seed = 11;
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

async function upload(
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", new File([file.bytes], file.name));
  const response = await api("/files", { method: "POST", token, body });
  return { status: response.status, body: (await response.json()) as Data<StoredFile> & Failure };
}

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
let projectId: string;
let propertyId: string;
const photo = jpeg(700 * 1024);
const stored: StoredFile[] = [];
let bobsFile: StoredFile;

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
  for (const [fields, file] of [
    [
      { ownerType: "project", ownerId: projectId },
      { name: "Inspection: roof.pdf", bytes: PDF },
    ],
    [
      { ownerType: "property", ownerId: propertyId },
      { name: "front yard.jpg", bytes: photo },
    ],
  ] as const) {
    const sent = await upload(alice.token, fields, file);
    expect(sent.status).toBe(201);
    stored.push(sent.body.data);
  }
  const bobsProject = (
    await bob.call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Bob's own", status: "prospecting" },
    })
  ).body.data.id;
  bobsFile = (
    await upload(
      bob.token,
      { ownerType: "project", ownerId: bobsProject },
      { name: "bob.pdf", bytes: PDF },
    )
  ).body.data;
});

/** The .zip as a client reads it: chunk by chunk, as it streams. */
async function downloadZip(token: string) {
  const response = await api("/export.zip", { token });
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
  }
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  const compression = new Map<string, number>();
  const entries = unzipSync(bytes, {
    filter: (file) => {
      compression.set(file.name, file.compression);
      return true;
    },
  });
  return { response, chunks: chunks.length, entries, compression };
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("Export Data's .zip", () => {
  it("streams the export document, the manifest and each of the user's files, byte for byte", async () => {
    const { response, chunks, entries, compression } = await downloadZip(alice.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="ai42-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    // Written as it is sent: no length known up front, many chunks.
    expect(response.headers.get("Content-Length")).toBeNull();
    expect(chunks).toBeGreaterThan(1);

    const document = JSON.parse(text(entries["ai42-export.json"])) as {
      format: string;
      part: { of: number };
      projects: { id: string }[];
    };
    expect(document.format).toBe("ai42-export");
    expect(document.part.of).toBe(1);
    expect(document.projects.map((project) => project.id)).toEqual([projectId]);

    const manifest = JSON.parse(text(entries["files.json"])) as Manifest;
    expect(manifest).toMatchObject({ format: "ai42-files", version: 1 });
    expect(manifest.files.map((file) => file.id).sort()).toEqual(
      stored.map((file) => file.id).sort(),
    );
    for (const file of manifest.files) {
      const original = stored.find((one) => one.id === file.id)!;
      expect(file).toMatchObject({
        ownerType: original.ownerType,
        ownerId: original.ownerId,
        name: original.name,
        sha256: original.sha256,
      });
      expect(file.path).toMatch(new RegExp(`^files/${file.id}/`));
      expect(await sha256(entries[file.path]!)).toBe(original.sha256);
    }
    const pdf = manifest.files.find((file) => file.kind === "pdf")!;
    expect(pdf.path).toBe(`files/${pdf.id}/Inspection_ roof.pdf`);
    // A photo is stored as it is; a PDF, the document and the manifest are deflated.
    const jpg = manifest.files.find((file) => file.kind === "image")!;
    expect(compression.get(jpg.path)).toBe(0);
    expect(compression.get(pdf.path)).toBe(8);
    expect(compression.get("ai42-export.json")).toBe(8);

    // Nothing of another user's.
    expect(Object.keys(entries).filter((name) => name.includes(bobsFile.id))).toEqual([]);
    expect(Object.keys(entries).sort()).toEqual(
      ["ai42-export.json", "files.json", ...manifest.files.map((file) => file.path)].sort(),
    );
  });

  it("answers 401 without a session", async () => {
    const response = await api("/export.zip");
    expect(response.status).toBe(401);
    expect(((await response.json()) as Failure).error.code).toBeTruthy();
  });
});

describe("Import Data's restore of a .zip", () => {
  it("says where each record landed, so files go on the record their owner became, once", async () => {
    const { entries } = await downloadZip(alice.token);
    const document = JSON.parse(text(entries["ai42-export.json"]));
    const manifest = JSON.parse(text(entries["files.json"])) as Manifest;

    // Bob imports Alice's export: her ids are hers, so his records get ids derived for him.
    const imported = await bob.call<Data<ImportResult>>("/import", {
      method: "POST",
      json: document,
    });
    expect(imported.status).toBe(200);
    const { recordIds } = imported.body.data;
    const bobsProject = recordIds.projects[projectId]!;
    const bobsProperty = recordIds.properties[propertyId]!;
    expect(bobsProject).toBeTruthy();
    expect(bobsProject).not.toBe(projectId);
    expect(bobsProperty).not.toBe(propertyId);
    expect(Object.keys(recordIds).sort()).toEqual([
      "auctions",
      "contacts",
      "deals",
      "projects",
      "properties",
    ]);
    expect((await bob.call(`/projects/${bobsProject}`)).status).toBe(200);

    const pdf = manifest.files.find((file) => file.kind === "pdf")!;
    const send = (sha: string, bytes = entries[pdf.path]!, name = pdf.name) =>
      upload(
        bob.token,
        { ownerType: "project", ownerId: recordIds.projects[pdf.ownerId]!, sha256: sha },
        { name, bytes: bytes as Uint8Array<ArrayBuffer> },
      );
    const first = await send(pdf.sha256);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      ownerId: bobsProject,
      name: pdf.name,
      sha256: pdf.sha256,
    });

    // Its text is read for search as any upload's is (the read starts after the answer).
    const textRead = async () => {
      for (let tries = 0; tries < 100; tries += 1) {
        const got = await bob.call<Data<{ text: { status: string } }>>(
          `/files/${first.body.data.id}`,
        );
        if (got.body.data.text.status !== "pending") return got.body.data.text.status;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return "pending";
    };
    expect(await textRead()).not.toBe("pending");

    // Again: the server finds it already here and stores nothing.
    const again = await send(pdf.sha256);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    // Bytes that are not the ones named: refused, and nothing kept.
    const wrong = await send(pdf.sha256, photo, "front yard.jpg");
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("CHECKSUM_MISMATCH");
    const onProject = await bob.call<Data<StoredFile[]>>(
      `/files?ownerType=project&ownerId=${bobsProject}`,
    );
    expect(onProject.body.data.map((file) => file.id)).toEqual([first.body.data.id]);
    const objects = await env.FILES!.list({ prefix: `files/${bob.user.id}/` });
    expect(objects.objects).toHaveLength(2); // bob.pdf and the restored one

    // Importing the document again finds the records already here, at the same ids.
    const twice = await bob.call<Data<ImportResult>>("/import", { method: "POST", json: document });
    expect(twice.body.data.projects).toMatchObject({ created: 0, skipped: 1 });
    expect(twice.body.data.recordIds.projects[projectId]).toBe(bobsProject);
  });

  it("maps a record to itself when it is the user's own, and a bad SHA-256 is 400", async () => {
    const { entries } = await downloadZip(alice.token);
    const document = JSON.parse(text(entries["ai42-export.json"]));
    const preview = await alice.call<Data<ImportResult>>("/import?dryRun=true", {
      method: "POST",
      json: document,
    });
    expect(preview.body.data.recordIds.projects).toEqual({ [projectId]: projectId });
    expect(preview.body.data.recordIds.properties).toEqual({ [propertyId]: propertyId });

    const own = stored.find((file) => file.name === "front yard.jpg")!;
    const same = await upload(
      alice.token,
      { ownerType: "property", ownerId: propertyId, sha256: own.sha256 },
      { name: own.name, bytes: photo },
    );
    expect(same.status).toBe(200);
    expect(same.body.data.id).toBe(own.id);

    const malformed = await upload(
      alice.token,
      { ownerType: "property", ownerId: propertyId, sha256: "not-a-hash" },
      { name: own.name, bytes: photo },
    );
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain("sha256");
  });
});
