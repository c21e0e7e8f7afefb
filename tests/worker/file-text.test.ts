/**
 * A stored file's text, against the real local R2 and D1 and the extractor Worker (workers/extract,
 * bound as EXTRACT): read after the upload, searched by the files list and by the agent, quoted
 * with its page and a link, and read again by the scheduled handler when the upload's read was
 * lost. The files are real ones written by LibreOffice (tests/fixtures/files).
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import inspectionPdf from "../fixtures/files/inspection-report.pdf?base64";
import inspectionDocx from "../fixtures/files/inspection-report.docx?base64";
import rentRollXlsx from "../fixtures/files/rent-roll.xlsx?base64";
import { database } from "../../worker/db/client";
import { rowsPerStatement } from "../../worker/db/queries";
import { filePages, files } from "../../worker/db/schema";
import { runScheduled } from "../../worker/scheduled";
import { MAX_TEXT_READS, STALE_TEXT_MS } from "../../worker/services/files";
import { entryTools } from "../../worker/services/entries.tools";
import { account, api } from "./helpers";

type Data<T> = { data: T };
interface FileText {
  status: string;
  unit: string | null;
  pages: number;
  error: string | null;
}
interface StoredFile {
  id: string;
  name: string;
  kind: string;
  text: FileText;
  match?: { page: number; unit: string; snippet: string };
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const db = () => database(env.DB);

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
let projectId: string;

beforeAll(async () => {
  alice = await account();
  bob = await account();
  projectId = (
    await alice.call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Maple St duplex", status: "prospecting" },
    })
  ).body.data.id;
});

async function upload(token: string, name: string, bytes: Uint8Array) {
  const body = new FormData();
  body.append("ownerType", "project");
  body.append("ownerId", projectId);
  body.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const response = await api("/files", { method: "POST", token, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as Data<StoredFile>).data;
}

/** The file's text as the API shows it, once it is no longer pending (read after the answer). */
async function settled(token: string, id: string): Promise<FileText> {
  for (let tries = 0; tries < 100; tries += 1) {
    const response = await api(`/files/${id}`, { token });
    const { text } = ((await response.json()) as Data<StoredFile>).data;
    if (text.status !== "pending") return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The file's text was never read");
}

const search = async (token: string, q: string) =>
  (
    await (
      await api(`/files?q=${encodeURIComponent(q)}`, { token })
    ).json<Data<StoredFile[]> & { meta: { total: number } }>()
  ).data;

describe("a file's text, read after the upload", () => {
  let pdf: StoredFile;
  beforeAll(async () => {
    pdf = await upload(alice.token, "Inspection report.pdf", bytesOf(inspectionPdf));
  });

  it("is pending at the answer, then read page by page", async () => {
    expect(pdf.text).toEqual({ status: "pending", unit: null, pages: 0, error: null });
    expect(await settled(alice.token, pdf.id)).toEqual({
      status: "ready",
      unit: "page",
      pages: 3,
      error: null,
    });
    const pages = await db()
      .select({ page: filePages.page })
      .from(filePages)
      .where(eq(filePages.fileId, pdf.id));
    expect(pages.map((row) => row.page).sort()).toEqual([1, 2, 3]);
  });

  it("is searched: the words found on one page, answered with the page and the text around them", async () => {
    await settled(alice.token, pdf.id);
    const found = await search(alice.token, "roof END of life");
    expect(found.map((file) => file.name)).toEqual(["Inspection report.pdf"]);
    expect(found[0]!.match).toMatchObject({ page: 2, unit: "page" });
    expect(found[0]!.match!.snippet).toContain("Roof: asphalt shingles at end of life");
    // A word in no file finds nothing.
    expect(await search(alice.token, "roof zebra")).toEqual([]);
    // Words on different pages find the file, at the first page holding one of them.
    const apart = await search(alice.token, "roof heater");
    expect(apart.map((file) => [file.name, file.match?.page])).toEqual([
      ["Inspection report.pdf", 2],
    ]);
    // Words only in the name find the file, with no place in its text.
    const byName = await search(alice.token, "report.pdf");
    expect(byName.find((file) => file.id === pdf.id)).toBeDefined();
    expect(byName.find((file) => file.id === pdf.id)?.match).toBeUndefined();
  });

  it("never finds another user's text", async () => {
    await settled(alice.token, pdf.id);
    const bobsProject = (
      await bob.call<Data<{ id: string }>>("/projects", {
        method: "POST",
        json: { name: "Garage", status: "prospecting" },
      })
    ).body.data.id;
    const body = new FormData();
    body.append("ownerType", "project");
    body.append("ownerId", bobsProject);
    body.append("file", new File(["The garage roof leaks at the ridge."], "Roof notes.txt"));
    const bobs = (
      (await (
        await api("/files", { method: "POST", token: bob.token, body })
      ).json()) as Data<StoredFile>
    ).data;
    await settled(bob.token, bobs.id);
    // Alice's report holds "shingles"; Bob's note does not.
    expect(await search(bob.token, "shingles")).toEqual([]);
    const roof = await search(bob.token, "roof");
    expect(roof.map((file) => [file.name, file.match?.snippet])).toEqual([
      ["Roof notes.txt", "The garage roof leaks at the ridge."],
    ]);
  });

  it("reads a Word document's pages and a workbook's sheets", async () => {
    const docx = await upload(alice.token, "Inspection.docx", bytesOf(inspectionDocx));
    const xlsx = await upload(alice.token, "Rent roll.xlsx", bytesOf(rentRollXlsx));
    expect(await settled(alice.token, docx.id)).toMatchObject({ status: "ready", pages: 3 });
    expect(await settled(alice.token, xlsx.id)).toMatchObject({
      status: "ready",
      unit: "sheet",
      pages: 2,
    });
    const [rentRoll] = await search(alice.token, "okafor 1175");
    expect(rentRoll).toMatchObject({ name: "Rent roll.xlsx", match: { page: 1, unit: "sheet" } });
    const panel = await search(alice.token, "Federal Pacific");
    expect(panel.map((file) => [file.name, file.match?.page])).toEqual([
      ["Inspection.docx", 3],
      ["Inspection report.pdf", 3],
    ]);
  });

  it("marks a file it cannot read as failed, with the reason; an image has no text", async () => {
    const damaged = await upload(
      alice.token,
      "Scan.pdf",
      new TextEncoder().encode("%PDF-1.7\nnot really a PDF after all\n%%EOF\n"),
    );
    expect(await settled(alice.token, damaged.id)).toEqual({
      status: "failed",
      unit: null,
      pages: 0,
      error: "The PDF is damaged or not a PDF",
    });
    const photo = await upload(
      alice.token,
      "Front.jpg",
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
    );
    expect(photo.text.status).toBe("none");
  });

  it("skips a file that would take more than its bounds, and says which; reads the next", async () => {
    // A Word document whose XML inflates to 60 MB, though the zip says 10 bytes: the bytes
    // inflated are counted, never the sizes declared.
    const bomb = zipSync(
      {
        "_rels/.rels": strToU8(
          `<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
        ),
        "word/document.xml": new Uint8Array(60_000_000).fill(0x20),
      },
      { level: 1 },
    );
    const view = new DataView(bomb.buffer);
    const central = view.getUint32(bomb.length - 22 + 16, true);
    for (let at = central, n = 0; n < 2; n += 1) {
      view.setUint32(at + 24, 10, true);
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true);
    }
    const skipped = await upload(alice.token, "Bomb.docx", bomb);
    expect(await settled(alice.token, skipped.id)).toEqual({
      status: "skipped",
      unit: null,
      pages: 0,
      error: "This Word document has too much text to read (over 50 MB of XML)",
    });
    const after = await upload(alice.token, "After.docx", bytesOf(inspectionDocx));
    expect((await settled(alice.token, after.id)).status).toBe("ready");
  });

  it("reads a workbook whose relationships tag never closes at once, as not a workbook", async () => {
    // 1 KB of zip, 60,000 spaces after the tag's name and no ">".
    const openTag = zipSync({
      "_rels/.rels": strToU8(`<Relationships><Relationship${" ".repeat(60_000)}`),
      "xl/workbook.xml": strToU8("<workbook/>"),
    });
    const started = Date.now();
    const file = await upload(alice.token, "Open tag.xlsx", openTag);
    expect(await settled(alice.token, file.id)).toMatchObject({
      status: "failed",
      error: "This is not an Excel workbook (.xlsx)",
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("goes with the file when the file is deleted", async () => {
    const doc = await upload(alice.token, "Throwaway.docx", bytesOf(inspectionDocx));
    await settled(alice.token, doc.id);
    expect((await api(`/files/${doc.id}`, { method: "DELETE", token: alice.token })).status).toBe(
      204,
    );
    const left = await db().select().from(filePages).where(eq(filePages.fileId, doc.id));
    expect(left).toEqual([]);
  });
});

describe("a search over a full page of files", () => {
  it("answers 100 files with their places and records' names, within D1's limits", async () => {
    const carol = await account();
    const project = (
      await carol.call<Data<{ id: string }>>("/projects", {
        method: "POST",
        json: { name: "Portfolio", status: "prospecting" },
      })
    ).body.data.id;
    const ids = Array.from({ length: 100 }, () => crypto.randomUUID());
    const now = new Date().toISOString();
    const perStatement = rowsPerStatement(files);
    for (let at = 0; at < ids.length; at += perStatement) {
      const part = ids.slice(at, at + perStatement);
      await db()
        .insert(files)
        .values(
          part.map((id) => ({
            id,
            userId: carol.user.id,
            ownerType: "project" as const,
            ownerId: project,
            name: `Lease ${id.slice(0, 4)}.pdf`,
            kind: "pdf",
            mimeType: "application/pdf",
            objectKey: `files/${carol.user.id}/${id}`,
            status: "ready" as const,
            textStatus: "ready" as const,
            textUnit: "page" as const,
            textPages: 2,
            createdAt: now,
            updatedAt: now,
          })),
        );
      await db()
        .insert(filePages)
        .values(
          part.map((fileId) => ({
            fileId,
            userId: carol.user.id,
            page: 2,
            text: "Tenant pays water and sewer",
          })),
        );
    }
    const response = await api(
      `/files?limit=100&q=${encodeURIComponent("tenant water pays and sewer ten wat pa se tena zebra")}`,
      { token: carol.token },
    );
    // Past ten words the rest are not read ("zebra" is in no file): the ten are all on page 2.
    expect(response.status).toBe(200);
    const found = ((await response.json()) as Data<(StoredFile & { ownerName: string })[]>).data;
    expect(found).toHaveLength(100);
    expect(new Set(found.map((file) => file.ownerName))).toEqual(new Set(["Portfolio"]));
    expect(found.every((file) => file.match?.page === 2)).toBe(true);
  });
});

describe("the agent", () => {
  it("finds a file's page and quotes it with a link, and reads the pages on", async () => {
    const pdf = await upload(alice.token, "Roof report.pdf", bytesOf(inspectionPdf));
    await settled(alice.token, pdf.id);
    const context = { env, origin: "http://example.com", role: "owner" as const };
    const searched = await entryTools.search_documents.run(
      db(),
      alice.user.id,
      { query: "shingles" } as never,
      context,
    );
    const { files: hits } = searched.result as {
      files: { id: string; name: string; page?: number; quote?: string; link: string }[];
    };
    const hit = hits.find((file) => file.id === pdf.id)!;
    expect(hit).toMatchObject({ name: "Roof report.pdf", page: 2 });
    expect(hit.quote).toContain("asphalt shingles at end of life");
    expect(hit.link).toBe(`/api/files/${pdf.id}/content?disposition=inline#page=2`);
    expect(searched.summary).toContain("Roof report.pdf (page 2)");

    const read = await entryTools.read_file.run(
      db(),
      alice.user.id,
      { fileId: pdf.id, fromPage: 2, fromChar: 0 } as never,
      context,
    );
    expect(read.result).toMatchObject({
      name: "Roof report.pdf",
      pagesInAll: 3,
      next: null,
      pages: [
        { page: 2, text: expect.stringContaining("Gutters: loose") },
        { page: 3, text: expect.stringContaining("Water heater") },
      ],
    });
    // Another user's file is not there for them.
    await expect(
      entryTools.read_file.run(
        db(),
        bob.user.id,
        { fileId: pdf.id, fromPage: 1, fromChar: 0 } as never,
        context,
      ),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("read_file over long and missing pages", () => {
  it("goes on inside a page longer than one read, skips pages without text, and ends", async () => {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await db()
      .insert(files)
      .values({
        id,
        userId: alice.user.id,
        ownerType: "project",
        ownerId: projectId,
        name: "Scan with a long table.pdf",
        kind: "pdf",
        mimeType: "application/pdf",
        objectKey: `files/${alice.user.id}/${id}`,
        status: "ready",
        textStatus: "ready",
        textUnit: "page",
        textPages: 3,
        createdAt: now,
        updatedAt: now,
      });
    const long = Array.from({ length: 3_000 }, (_, i) => `row${String(i).padStart(5, "0")} `).join(
      "",
    );
    // Page 2 is a scanned picture: no text, so no row.
    await db()
      .insert(filePages)
      .values([
        { fileId: id, userId: alice.user.id, page: 1, text: long },
        { fileId: id, userId: alice.user.id, page: 3, text: "Signed by both parties." },
      ]);
    const context = { env, origin: "http://example.com", role: "owner" as const };
    const read = async (fromPage: number, fromChar: number) =>
      (
        await entryTools.read_file.run(
          db(),
          alice.user.id,
          { fileId: id, fromPage, fromChar } as never,
          context,
        )
      ).result as {
        pages: { page: number; text: string }[];
        next: { fromPage: number; fromChar: number } | null;
      };

    const first = await read(1, 0);
    expect(first.pages.map((page) => [page.page, page.text.length])).toEqual([[1, 12_000]]);
    expect(first.next).toEqual({ fromPage: 1, fromChar: 12_000 });
    const second = await read(1, 12_000);
    expect(second.pages[0]!.text.startsWith(long.slice(12_000, 12_020))).toBe(true);
    expect(second.next).toEqual({ fromPage: 1, fromChar: 24_000 });
    const last = await read(1, 24_000);
    expect(last.pages.map((page) => [page.page, page.text.length])).toEqual([
      [1, long.length - 24_000],
      [3, "Signed by both parties.".length],
    ]);
    expect(last.next).toBeNull();
    // Past the last page: nothing, and no way on.
    expect(await read(4, 0)).toMatchObject({ pages: [], next: null });
  });
});

describe("the scheduled handler", () => {
  it("reads the text of a file whose read was lost, once it is stale, and only then", async () => {
    const doc = await upload(alice.token, "Lost read.docx", bytesOf(inspectionDocx));
    await settled(alice.token, doc.id);
    // As if the Worker had stopped before reading: pending, no pages, last touched a while ago.
    const now = Date.now();
    const recently = new Date(now - 60_000).toISOString();
    await db().delete(filePages).where(eq(filePages.fileId, doc.id));
    const lost = and(eq(files.id, doc.id), eq(files.userId, alice.user.id));
    await db()
      .update(files)
      .set({ textStatus: "pending", textPages: 0, textUnit: null, updatedAt: recently })
      .where(lost);

    await runScheduled(env, now);
    expect((await db().select().from(files).where(lost))[0]!.textStatus).toBe("pending");

    await runScheduled(env, now + STALE_TEXT_MS);
    const [row] = await db().select().from(files).where(lost);
    expect(row).toMatchObject({ textStatus: "ready", textPages: 3, textUnit: "page" });
    const pages = await db().select().from(filePages).where(eq(filePages.fileId, doc.id));
    expect(pages).toHaveLength(3);
  });

  it("stops reading a file whose reads keep being lost, and says so", async () => {
    const doc = await upload(alice.token, "Always lost.docx", bytesOf(inspectionDocx));
    await settled(alice.token, doc.id);
    const lost = and(eq(files.id, doc.id), eq(files.userId, alice.user.id));
    const now = Date.now();
    // Three reads began and none ended (the Worker stopped each time).
    await db().delete(filePages).where(eq(filePages.fileId, doc.id));
    await db()
      .update(files)
      .set({
        textStatus: "pending",
        textPages: 0,
        textUnit: null,
        textReads: MAX_TEXT_READS,
        updatedAt: new Date(now - STALE_TEXT_MS).toISOString(),
      })
      .where(lost);
    await runScheduled(env, now);
    expect(await settled(alice.token, doc.id)).toEqual({
      status: "failed",
      unit: null,
      pages: 0,
      error: "This file's text could not be read: reading it stopped three times",
    });
  });
});
