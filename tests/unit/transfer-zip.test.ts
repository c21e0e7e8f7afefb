/**
 * Export Data's .zip as Import Data reads it back in the browser: which entries are the export,
 * which file goes on which imported record, and the archive the Worker writes read entry by entry,
 * an Office file stored in it included (its own ZIP signatures must not cut it).
 */
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  ALREADY_HERE,
  exportZipLayout,
  isCompressedType,
  mergeRecordIds,
  NOT_IMPORTED,
  planFileRestore,
  safeZipName,
  storedFileKey,
  zipFilePath,
} from "~/domain/transfer-zip";
import type { Manifest, ManifestFile } from "~/domain/transfer-zip-manifest";
import { readExportZip } from "~/lib/transfer-zip.client";
import { zipOf, type ZipEntry } from "../../worker/services/transfer-zip";

const sha = (digit: string) => digit.repeat(64);

const manifestFile = (overrides: Partial<ManifestFile>): ManifestFile => ({
  id: "f1",
  ownerType: "project",
  ownerId: "p1",
  name: "inspection.pdf",
  kind: "pdf",
  mimeType: "application/pdf",
  size: 10,
  sha256: sha("a"),
  createdAt: "2026-11-01T10:00:00.000Z",
  path: "files/f1/inspection.pdf",
  ...overrides,
});

describe("exportZipLayout", () => {
  it("finds the one document and the manifest beside it", () => {
    expect(exportZipLayout(["ai42-export.json", "files/f1/a.pdf", "files.json"])).toEqual({
      folder: "",
      documents: ["ai42-export.json"],
      manifest: "files.json",
    });
  });

  it("takes the parts in order, whatever order the .zip lists them in", () => {
    const layout = exportZipLayout([
      "ai42-export-part-3-of-3.json",
      "ai42-export-part-1-of-3.json",
      "ai42-export-part-2-of-3.json",
    ]);
    expect(layout).toEqual({
      folder: "",
      documents: [
        "ai42-export-part-1-of-3.json",
        "ai42-export-part-2-of-3.json",
        "ai42-export-part-3-of-3.json",
      ],
      manifest: null,
    });
  });

  it("reads a .zip made again of the unzipped folder, and leaves out a Mac's resource forks", () => {
    expect(
      exportZipLayout([
        "__MACOSX/ai42-export-2026-11-26/._ai42-export.json",
        "ai42-export-2026-11-26/ai42-export.json",
        "ai42-export-2026-11-26/files.json",
      ]),
    ).toEqual({
      folder: "ai42-export-2026-11-26/",
      documents: ["ai42-export-2026-11-26/ai42-export.json"],
      manifest: "ai42-export-2026-11-26/files.json",
    });
  });

  it("says when the .zip holds no export, or lacks a part", () => {
    expect(exportZipLayout(["photo.jpg", "notes.json"])).toEqual({
      problem: "This .zip holds no AI42 export (ai42-export.json): nothing was imported",
    });
    expect(
      exportZipLayout(["ai42-export-part-1-of-3.json", "ai42-export-part-3-of-3.json"]),
    ).toEqual({
      problem:
        "This .zip lacks ai42-export-part-2-of-3.json, part 2 of the export: nothing was imported",
    });
  });
});

describe("names in the .zip", () => {
  it("keep a file's name where every unzip tool writes it as it is", () => {
    expect(safeZipName("Inspection report.pdf")).toBe("Inspection report.pdf");
    expect(safeZipName('../../etc/pass:wd?"<>|.txt')).toBe("_.._etc_pass_wd_____.txt");
    expect(safeZipName("Résumé 2026.docx")).toBe("Résumé 2026.docx");
    expect(safeZipName("notes. ")).toBe("notes");
    expect(safeZipName("...")).toBe("file");
    const long = safeZipName(`${"x".repeat(300)}.xlsx`);
    expect(long).toHaveLength(120);
    expect(long.endsWith(".xlsx")).toBe(true);
    expect(zipFilePath("f1", "a/b.pdf")).toBe("files/f1/a_b.pdf");
  });

  it("store photos and Office files as they are, and deflate the rest", () => {
    expect(isCompressedType("image/jpeg")).toBe(true);
    expect(
      isCompressedType("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ).toBe(true);
    expect(isCompressedType("application/pdf")).toBe(false);
    expect(isCompressedType("text/csv; charset=utf-8")).toBe(false);
    expect(isCompressedType("application/msword")).toBe(false);
  });
});

describe("planFileRestore", () => {
  const files = [
    manifestFile({ id: "f1", ownerId: "p1" }),
    manifestFile({ id: "f2", ownerType: "property", ownerId: "h1", name: "front.jpg" }),
    manifestFile({ id: "f3", ownerType: "contact", ownerId: "gone" }),
  ];

  it("sends each file to the record its owner became here", () => {
    const steps = planFileRestore(
      files.slice(0, 2),
      { projects: { p1: "p1" }, properties: { h1: "derived-h1" } },
      new Set(),
    );
    expect(steps.map((step) => [step.action, "ownerId" in step && step.ownerId])).toEqual([
      ["upload", "p1"],
      ["upload", "derived-h1"],
    ]);
  });

  it("skips a file its record has already (same name, same bytes), and reports one whose record was not imported", () => {
    const present = new Set([
      storedFileKey({
        ownerType: "project",
        ownerId: "p1",
        name: "inspection.pdf",
        sha256: sha("a"),
      }),
      // Same bytes under another name, or another name's bytes: not the same file.
      storedFileKey({ ownerType: "property", ownerId: "h1", name: "back.jpg", sha256: sha("a") }),
    ]);
    const steps = planFileRestore(
      files,
      { projects: { p1: "p1" }, properties: { h1: "h1" }, contacts: {} },
      present,
    );
    expect(
      steps.map((step) => [step.file.id, step.action, "reason" in step && step.reason]),
    ).toEqual([
      ["f1", "skip", ALREADY_HERE],
      ["f2", "upload", false],
      ["f3", "fail", NOT_IMPORTED],
    ]);
  });

  it("follows the ids of every part of the import", () => {
    const ids = mergeRecordIds(mergeRecordIds({}, { projects: { p1: "p1" }, contacts: {} }), {
      projects: { p2: "x2" },
      contacts: { c1: "c1" },
    });
    expect(ids).toEqual({ projects: { p1: "p1", p2: "x2" }, contacts: { c1: "c1" } });
  });
});

const encoder = new TextEncoder();
const json = (value: unknown) => encoder.encode(JSON.stringify(value, null, 2));

/** Bytes laid out as an .xlsx starts: ZIP signatures of its own, which must not end its entry. */
function officeLike() {
  const bytes = new Uint8Array(70_000);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 131) % 251;
  const signatures = [
    [0x50, 0x4b, 0x03, 0x04],
    [0x50, 0x4b, 0x07, 0x08],
    [0x50, 0x4b, 0x01, 0x02],
  ];
  signatures.forEach((signature, n) => {
    for (let at = n * 20; at < bytes.length - 4; at += 9_000) bytes.set(signature, at);
  });
  return bytes;
}

async function written(entries: ZipEntry[]) {
  async function* each() {
    yield* entries;
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of zipOf(each())) chunks.push(chunk);
  return new Blob(chunks);
}

describe("readExportZip, on the .zip the Worker writes", () => {
  const document = { format: "ai42-export", version: 2, projects: [{ id: "p1", name: "Elm" }] };
  const office = officeLike();
  const text = encoder.encode("Roof at end of life\n".repeat(500));
  const manifest: Manifest = {
    format: "ai42-files",
    version: 1,
    files: [
      manifestFile({
        id: "f1",
        name: "rent roll.xlsx",
        kind: "spreadsheet",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        size: office.length,
        path: "files/f1/rent roll.xlsx",
      }),
      manifestFile({
        id: "f2",
        name: "notes.txt",
        kind: "text",
        mimeType: "text/plain; charset=utf-8",
        size: text.length,
        path: "files/f2/notes.txt",
      }),
      manifestFile({ id: "f3", name: "lost.pdf", path: "files/f3/lost.pdf" }),
    ],
  };
  const entries = (): ZipEntry[] => [
    { path: "ai42-export.json", modified: Date.now(), deflate: true, body: json(document) },
    { path: "files/f1/rent roll.xlsx", modified: Date.now(), deflate: false, body: office },
    { path: "files/f2/notes.txt", modified: Date.now(), deflate: true, body: text },
    { path: "files.json", modified: Date.now(), deflate: true, body: json(manifest) },
  ];

  it("reads the document, the manifest and each file's bytes, a stored Office file whole", async () => {
    const zip = await readExportZip(await written(entries()));
    expect(zip.document).toEqual(document);
    expect(zip.parts).toBe(1);
    expect(zip.files.map((file) => file.name)).toEqual(["rent roll.xlsx", "notes.txt", "lost.pdf"]);
    const xlsx = await zip.openFile(zip.files[0]!);
    expect(xlsx?.name).toBe("rent roll.xlsx");
    expect(new Uint8Array(await xlsx!.arrayBuffer())).toEqual(office);
    const notes = await zip.openFile(zip.files[1]!);
    expect(new Uint8Array(await notes!.arrayBuffer())).toEqual(text);
    // Listed, but not in the .zip.
    expect(await zip.openFile(zip.files[2]!)).toBeNull();
  });

  it("refuses a .zip without an AI42 export, a manifest that is not one, and what is not a ZIP", async () => {
    const noExport = await written(entries().filter((entry) => entry.path !== "ai42-export.json"));
    await expect(readExportZip(noExport)).rejects.toThrow(
      "This .zip holds no AI42 export (ai42-export.json): nothing was imported",
    );
    const badManifest = await written([
      ...entries().slice(0, 3),
      { path: "files.json", modified: Date.now(), deflate: true, body: json({ files: "no" }) },
    ]);
    await expect(readExportZip(badManifest)).rejects.toThrow(
      "files.json in the .zip is not the list of files AI42 writes",
    );
    await expect(
      readExportZip(new Blob([encoder.encode("PK\u0003\u0004 not really")])),
    ).rejects.toThrow("The .zip could not be read");
  });

  it("refuses an entry that unpacks past its bound, by name, before it takes the memory", async () => {
    // 30 MB of zeros in 30 KB: a document past what the API takes, a file past the largest upload.
    const bomb = new Uint8Array(30_000_000);
    const documentBomb = new Blob([
      zipSync({ "ai42-export.json": bomb, "files.json": json(manifest) }, { level: 9 }),
    ]);
    await expect(readExportZip(documentBomb)).rejects.toThrow(
      "ai42-export.json in the .zip unpacks to over 25 MB, more than AI42 reads: nothing was imported",
    );
    const listed = manifestFile({ id: "f9", name: "scan.pdf", path: "files/f9/scan.pdf" });
    const fileBomb = zipSync(
      {
        "ai42-export.json": json(document),
        "files.json": json({ ...manifest, files: [listed] }),
        "files/f9/scan.pdf": bomb,
      },
      { level: 9 },
    );
    const zip = await readExportZip(new Blob([fileBomb]));
    await expect(zip.openFile(listed)).rejects.toThrow(
      "files/f9/scan.pdf in the .zip unpacks to over 25 MB, more than AI42 reads",
    );
    // The same, its size in the .zip made small: the bytes are counted, not believed.
    const view = new DataView(fileBomb.buffer);
    let at = view.getUint32(fileBomb.length - 22 + 16, true);
    for (let n = 0; n < 3; n += 1) {
      const name = new TextDecoder().decode(
        fileBomb.subarray(at + 46, at + 46 + view.getUint16(at + 28, true)),
      );
      if (name === "files/f9/scan.pdf") view.setUint32(at + 24, 1_000, true);
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true);
    }
    const lying = await readExportZip(new Blob([fileBomb]));
    await expect(lying.openFile(listed)).rejects.toThrow(
      "files/f9/scan.pdf in the .zip is damaged and could not be unpacked",
    );
  });
});
