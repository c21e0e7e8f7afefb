/**
 * Import Data's .zip, read in the browser: the Worker takes at most 100 MB in one request, so the
 * .zip never goes up whole. Its export document(s) go through `POST /import` in order; then each
 * stored file goes through `POST /files` to the record its owner became (the import's `recordIds`),
 * with its SHA-256, so that the server stores nothing twice.
 *
 * unzipit reads the archive from its central directory, one entry at a time from the chosen file
 * itself (a Blob read in slices, inflated by the browser's DecompressionStream): nothing but the
 * file being sent is in memory. fflate's streaming reader is not used here: it guesses where an
 * entry ends by looking for the next header's signature, and an Office file (itself a ZIP) or a
 * photo stored in the archive can fool it (decision 34). Each entry is unpacked with a running
 * count of its bytes and stopped past its bound (an export document past what the API takes, a
 * file past the largest upload), whatever size the .zip declares: a zip bomb is refused by name
 * instead of taking the tab's memory. Browser-only (`.client`): the Worker's bundle leaves it out.
 */
import type { ZipEntry } from "unzipit";
import { MAX_FILE_BYTES, MAX_FILE_TEXT } from "~/domain/files";
import { RECORD_KINDS, TRANSFER_LIMITS } from "~/domain/record-kinds";
import {
  ALREADY_HERE,
  exportZipLayout,
  mergeRecordIds,
  planFileRestore,
  storedFileKey,
  type RecordIds,
} from "~/domain/transfer-zip";
import { ManifestSchema, type ManifestFile } from "~/domain/transfer-zip-manifest";
import { formatBytes } from "~/domain/usage";
import { preparePhoto } from "~/features/files/resize-photo";
import { filesApi } from "./api/files";
import { failureReason, transferApi, type ImportOptions } from "./api/workspace";

/** An export .zip, opened: its first document (for the preview), the others read when imported. */
export interface ExportZip {
  /** The first (or only) export document. */
  document: unknown;
  /** How many documents (parts) it holds. */
  parts: number;
  files: ManifestFile[];
  /** The bytes of the stored files, in all. */
  bytes: number;
  readDocument(index: number): Promise<unknown>;
  /** A file of the manifest as the browser sends it; null when the .zip lacks it. */
  openFile(file: ManifestFile): Promise<File | null>;
}

/** A .zip entry past the most AI42 reads of it. */
class TooLarge extends Error {}

/**
 * An entry's bytes, unpacked as a stream and counted as they come: past `max` (declared or not)
 * the reading stops with a TooLarge that names the entry.
 */
async function readEntry(name: string, entry: ZipEntry, max: number, shown = formatBytes(max)) {
  const tooLarge = () =>
    new TooLarge(`${name} in the .zip unpacks to over ${shown}, more than AI42 reads`);
  if (entry.size > max) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  try {
    const reader = (await entry.stream()).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      seen += read.value.length;
      if (seen > max) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(read.value);
    }
  } catch (error) {
    if (error instanceof TooLarge) throw error;
    throw new Error(`${name} in the .zip is damaged and could not be unpacked`);
  }
  return new Blob(chunks as BlobPart[]);
}

async function readJson(name: string, entry: ZipEntry) {
  const blob = await readEntry(name, entry, TRANSFER_LIMITS.bytes).catch((error: Error) => {
    throw new Error(`${error.message}: nothing was imported`);
  });
  try {
    return JSON.parse(await blob.text()) as unknown;
  } catch {
    throw new Error(`${name} in the .zip is not JSON: nothing was imported`);
  }
}

/**
 * Opens an export .zip: finds its documents and its manifest, reads the first document and the
 * manifest. Throws an Error that says what is wrong (not a .zip, no AI42 export in it, a part
 * missing, a manifest that is not one); nothing has been sent then.
 */
export async function readExportZip(file: Blob): Promise<ExportZip> {
  const { unzip } = await import("unzipit");
  let entries: Record<string, ZipEntry>;
  try {
    ({ entries } = await unzip(file));
  } catch {
    throw new Error("The .zip could not be read (damaged, or not a ZIP): nothing was imported");
  }
  const names = Object.keys(entries).filter((name) => !entries[name]!.isDirectory);
  const layout = exportZipLayout(names);
  if ("problem" in layout) throw new Error(layout.problem);
  const manifest = layout.manifest
    ? ManifestSchema.safeParse(await readJson(layout.manifest, entries[layout.manifest]!))
    : { success: true as const, data: { files: [] as ManifestFile[] } };
  if (!manifest.success) {
    throw new Error(
      `${layout.manifest} in the .zip is not the list of files AI42 writes: nothing was imported`,
    );
  }
  const readDocument = (index: number) => {
    const name = layout.documents[index]!;
    return readJson(name, entries[name]!);
  };
  const files = manifest.data.files;
  return {
    document: await readDocument(0),
    parts: layout.documents.length,
    files,
    bytes: files.reduce((sum, entry) => sum + entry.size, 0),
    readDocument,
    async openFile(stored) {
      const path = `${layout.folder}${stored.path}`;
      const entry = entries[path];
      if (!entry || entry.isDirectory) return null;
      return new File([await readEntry(path, entry, MAX_FILE_BYTES, MAX_FILE_TEXT)], stored.name, {
        type: stored.mimeType,
      });
    },
  };
}

/** What became of one file of the .zip. */
export interface FileOutcome {
  name: string;
  state: "restored" | "skipped" | "failed";
  reason?: string;
}

export interface ZipImportResult {
  /** Records written (new or merged), over every part. */
  written: number;
  files: FileOutcome[];
}

/** The file being sent, as the upload screens show one. */
export interface RestoreProgress {
  /** Files done (restored, skipped or failed) of `total`. */
  done: number;
  total: number;
  current: { name: string; progress: number; state: "preparing" | "uploading" } | null;
}

/** The API's largest page. */
const LIST_LIMIT = 100;

/** Every file already on the user's records, by record, name and bytes. */
async function filesHere() {
  const keys = new Set<string>();
  for (let page = 1; ; page += 1) {
    const { items, meta } = await filesApi.list({ page, limit: LIST_LIMIT });
    for (const file of items) keys.add(storedFileKey(file));
    if (page * LIST_LIMIT >= meta.total || items.length === 0) return keys;
  }
}

/**
 * Imports the .zip: every document through `POST /import` in order (a failing part stops it
 * there: what the parts before it wrote stays, each its own import run), then every file to its
 * record. A file whose record was not imported, or that the .zip lacks, is reported and skipped;
 * one the record has already is skipped; a refused one (quota, size) is reported with the API's
 * reason and the others still go.
 */
export async function importExportZip(
  opened: ExportZip,
  options: Omit<ImportOptions, "dryRun">,
  onProgress: (progress: RestoreProgress) => void,
): Promise<ZipImportResult> {
  let written = 0;
  let recordIds: RecordIds = {};
  for (let index = 0; index < opened.parts; index += 1) {
    const document = index === 0 ? opened.document : await opened.readDocument(index);
    const part = opened.parts > 1 ? ` (part ${index + 1} of ${opened.parts})` : "";
    const result = await transferApi.importAll(document, {
      ...options,
      fileName: options.fileName && `${options.fileName}${part}`,
    });
    written += RECORD_KINDS.reduce(
      (sum, { result: kind }) => sum + result[kind].created + result[kind].updated,
      0,
    );
    recordIds = mergeRecordIds(recordIds, result.recordIds);
  }

  const total = opened.files.length;
  const outcomes: FileOutcome[] = [];
  const report = (current: RestoreProgress["current"]) =>
    onProgress({ done: outcomes.length, total, current });
  const steps = total ? planFileRestore(opened.files, recordIds, await filesHere()) : [];
  for (const step of steps) {
    const { name } = step.file;
    if (step.action !== "upload") {
      outcomes.push({
        name,
        state: step.action === "skip" ? "skipped" : "failed",
        reason: step.reason,
      });
      continue;
    }
    report({ name, progress: 0, state: "preparing" });
    try {
      const file = await opened.openFile(step.file);
      if (!file) {
        outcomes.push({ name, state: "failed", reason: "Missing from the .zip" });
        continue;
      }
      // A photo gets its thumbnail again, drawn here as an upload's is; its bytes stay as they are.
      const { thumbnail } = await preparePhoto(file, true);
      const sent = await filesApi.upload(
        { ownerType: step.file.ownerType, ownerId: step.ownerId, sha256: step.file.sha256 },
        file,
        (progress) => report({ name, progress, state: "uploading" }),
        undefined,
        thumbnail,
      );
      outcomes.push(
        sent.stored
          ? { name, state: "restored" }
          : { name, state: "skipped", reason: ALREADY_HERE },
      );
    } catch (error) {
      outcomes.push({ name, state: "failed", reason: failureReason(error) });
    }
  }
  report(null);
  return { written, files: outcomes };
}
