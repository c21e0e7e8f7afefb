/**
 * Export Data's .zip: the export document(s), the stored files, and `files.json`, which says whose
 * each file is. What the Worker writes and what Import Data reads back: names, and which file goes
 * on which imported record (the manifest's shape: transfer-zip-manifest.ts). Pure: no I/O.
 */
import type { FileOwner } from "./files";
import type { RecordKindName } from "./record-kinds";

/** The manifest of the stored files, beside the export document(s). */
export const MANIFEST_NAME = "files.json";
export const MANIFEST_FORMAT = "ai42-files";
/** Where a file's bytes are: `files/<id>/<its name>`. */
const FILES_FOLDER = "files";

/** The export document's name in the .zip: one, or each of the parts Import Data takes in order. */
export const exportDocumentName = (part: number, of: number) =>
  of > 1 ? `ai42-export-part-${part}-of-${of}.json` : "ai42-export.json";
const DOCUMENT_NAME = /^ai42-export(?:-part-(\d+)-of-(\d+))?\.json$/;

/** The kind of record (as an export document names it) each kind of file owner is. */
export const FILE_OWNER_KINDS = {
  project: "projects",
  property: "properties",
  auction: "auctions",
  contact: "contacts",
  deal: "deals",
} as const satisfies Record<FileOwner, RecordKindName>;
export type FileOwnerKind = (typeof FILE_OWNER_KINDS)[FileOwner];

/** One value per kind of record files belong to. */
export const perFileOwnerKind = <V>(value: (kind: FileOwnerKind) => V) =>
  Object.fromEntries(Object.values(FILE_OWNER_KINDS).map((kind) => [kind, value(kind)])) as Record<
    FileOwnerKind,
    V
  >;

/** The longest name a file keeps in the .zip (its full name is in the manifest). */
const MAX_ZIP_NAME = 120;

/**
 * A file's name as a path part that every unzip tool writes as it is: no folders, no characters
 * Windows refuses, no control characters, no trailing dot or space, not too long (its extension
 * kept). The name as uploaded is in the manifest.
 */
export function safeZipName(name: string) {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, "_")
    .replace(/[. ]+$/, "")
    .trim();
  const base = cleaned.replace(/^\.+/, "") || "file";
  if (base.length <= MAX_ZIP_NAME) return base;
  const extension = /\.[^.]{1,10}$/.exec(base)?.[0] ?? "";
  return base.slice(0, MAX_ZIP_NAME - extension.length) + extension;
}

export const zipFilePath = (id: string, name: string) =>
  `${FILES_FOLDER}/${id}/${safeZipName(name)}`;

/**
 * Kinds whose bytes are compressed already (photos; Word, Excel and PowerPoint files, which are
 * ZIPs themselves): stored as they are, where deflating again would cost time and save nothing.
 */
export const isCompressedType = (mimeType: string) =>
  mimeType.startsWith("image/") ||
  mimeType.startsWith("application/vnd.openxmlformats-officedocument.");

/** What an export .zip holds, by entry name: its documents in import order, and its manifest. */
export interface ExportZipLayout {
  /** The folder the export is in ("" at the top; a .zip made again of the unzipped folder has one). */
  folder: string;
  documents: string[];
  manifest: string | null;
}

/**
 * Finds the export in a .zip's entry names, or says why it is not one. The documents are the
 * one `ai42-export.json` or every part, in order.
 */
export function exportZipLayout(names: readonly string[]): ExportZipLayout | { problem: string } {
  const found = names
    .map((name) => {
      const slash = name.lastIndexOf("/");
      const match = DOCUMENT_NAME.exec(name.slice(slash + 1));
      if (!match || name.startsWith("__MACOSX/")) return null;
      return {
        name,
        folder: name.slice(0, slash + 1),
        part: Number(match[1] ?? 1),
        of: Number(match[2] ?? 1),
      };
    })
    .filter((entry) => entry !== null)
    .sort((a, b) => a.folder.length - b.folder.length || a.part - b.part);
  const first = found[0];
  if (!first) {
    return {
      problem: `This .zip holds no AI42 export (${exportDocumentName(1, 1)}): nothing was imported`,
    };
  }
  const documents = found.filter((entry) => entry.folder === first.folder && entry.of === first.of);
  for (let part = 1; part <= first.of; part += 1) {
    if (documents[part - 1]?.part !== part) {
      return {
        problem: `This .zip lacks ${exportDocumentName(part, first.of)}, part ${part} of the export: nothing was imported`,
      };
    }
  }
  const manifest = `${first.folder}${MANIFEST_NAME}`;
  return {
    folder: first.folder,
    documents: documents.map((entry) => entry.name),
    manifest: names.includes(manifest) ? manifest : null,
  };
}

/** Where the import put each record of the file, per kind that files belong to: file id → id here. */
export type RecordIds = Partial<Record<FileOwnerKind, Record<string, string>>>;

/** The ids of several parts' imports as one. */
export function mergeRecordIds(into: RecordIds, more: RecordIds): RecordIds {
  const merged: RecordIds = { ...into };
  for (const [kind, ids] of Object.entries(more) as [FileOwnerKind, Record<string, string>][]) {
    merged[kind] = { ...merged[kind], ...ids };
  }
  return merged;
}

/** What restoring a file of the manifest goes by. */
interface RestorableFile {
  ownerType: FileOwner;
  ownerId: string;
  name: string;
  sha256: string;
}

/** How a file already on a record is known: the record, its name and its bytes. */
export const storedFileKey = (file: RestorableFile) =>
  `${file.ownerType}|${file.ownerId}|${file.sha256}|${file.name}`;

export type RestoreStep<F extends RestorableFile> =
  | { action: "upload"; file: F; ownerId: string }
  | { action: "skip"; file: F; reason: string }
  | { action: "fail"; file: F; reason: string };

export const NOT_IMPORTED = "Its record is not in the import (or could not be imported)";
export const ALREADY_HERE = "Already on its record";

/**
 * What to do with each file of the manifest once the records are imported: upload it to the
 * record its owner became here; skip it when that record has it already (same name, same bytes);
 * report it when its record was not imported.
 */
export function planFileRestore<F extends RestorableFile>(
  files: readonly F[],
  recordIds: RecordIds,
  present: ReadonlySet<string>,
): RestoreStep<F>[] {
  return files.map((file): RestoreStep<F> => {
    const ownerId = recordIds[FILE_OWNER_KINDS[file.ownerType]]?.[file.ownerId];
    if (!ownerId) return { action: "fail", file, reason: NOT_IMPORTED };
    if (present.has(storedFileKey({ ...file, ownerId })))
      return { action: "skip", file, reason: ALREADY_HERE };
    return { action: "upload", file, ownerId };
  });
}
