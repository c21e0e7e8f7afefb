/**
 * Export Data's .zip: the export document(s) as Import Data takes them, every stored file's bytes
 * under `files/<id>/<name>`, and last `files.json`, the manifest of the files it holds and whose
 * each one is (written last, it lists exactly what the .zip holds: a file deleted while the .zip is
 * written is left out). The archive is written as the response is read: one R2 object at a time, a
 * chunk at a time, so neither the .zip nor a whole file is ever in memory.
 *
 * fflate writes the archive. What is compressed already (photos, Office files) is stored as it
 * is; the rest is deflated by the runtime's CompressionStream, so no compressor is bundled.
 */
import { Zip, ZipPassThrough } from "fflate";
import {
  exportDocumentName,
  isCompressedType,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  zipFilePath,
} from "../../app/domain/transfer-zip";
import type { Manifest, ManifestFile } from "../../app/domain/transfer-zip-manifest";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { downloadName } from "../../app/domain/file-names";
import { allReadyFiles, openFile, type StoredFile } from "./files";
import { exportWorkspace } from "./transfer";

const EMPTY = new Uint8Array(0);

export interface ZipEntry {
  path: string;
  /** When the entry was made, as milliseconds (the .zip keeps it, to two seconds). */
  modified: number;
  deflate: boolean;
  body: ReadableStream<Uint8Array> | Uint8Array;
}

/**
 * An entry the runtime deflates. fflate's ZipPassThrough counts the size and CRC-32 of the bytes
 * pushed (what the archive records of them); the deflated bytes go to the archive through `emit`.
 */
class DeflatedEntry extends ZipPassThrough {
  compression = 8;

  protected process() {
    // The bytes pushed are counted only: `emit` sends them, deflated.
  }

  emit(chunk: Uint8Array<ArrayBuffer>, final = false) {
    this.ondata(null, chunk, final);
  }
}

/** A stream's chunks, its reader cancelled when the caller stops early. */
async function* chunksOf<T>(stream: ReadableStream<T>) {
  const reader = stream.getReader();
  let finished = false;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });

/** The archive's bytes as its entries are read, one entry after the other. */
export async function* zipOf(entries: AsyncIterable<ZipEntry>) {
  const out: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  for await (const entry of entries) {
    const body = entry.body instanceof Uint8Array ? streamOf(entry.body) : entry.body;
    if (entry.deflate) {
      const file = new DeflatedEntry(entry.path);
      file.mtime = entry.modified;
      zip.add(file);
      const counted = new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          file.push(chunk);
          controller.enqueue(chunk);
        },
      });
      const deflated = body
        .pipeThrough(counted)
        .pipeThrough(
          new CompressionStream("deflate-raw") as TransformStream<
            Uint8Array,
            Uint8Array<ArrayBuffer>
          >,
        );
      for await (const chunk of chunksOf(deflated)) {
        file.emit(chunk);
        yield* out.splice(0);
      }
      file.push(EMPTY, true);
      file.emit(EMPTY, true);
    } else {
      const file = new ZipPassThrough(entry.path);
      file.mtime = entry.modified;
      zip.add(file);
      for await (const chunk of chunksOf(body)) {
        file.push(chunk);
        yield* out.splice(0);
      }
      file.push(EMPTY, true);
    }
    if (failure) throw failure;
    yield* out.splice(0);
  }
  zip.end();
  yield* out.splice(0);
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));

/** The documents, then each file's bytes, then the manifest of the files written. */
async function* exportEntries(
  db: Database,
  userId: string,
  bucket: R2Bucket,
  first: Awaited<ReturnType<typeof exportWorkspace>>,
  files: StoredFile[],
): AsyncGenerator<ZipEntry> {
  const { of } = first.part;
  const exportedAt = Date.parse(first.exportedAt);
  for (let part = 1; part <= of; part += 1) {
    const document = part === 1 ? first : await exportWorkspace(db, userId, part);
    yield {
      path: exportDocumentName(part, of),
      modified: exportedAt,
      deflate: true,
      body: json(document),
    };
  }
  const written: ManifestFile[] = [];
  for (const file of files) {
    let body: ReadableStream<Uint8Array>;
    try {
      body = (await openFile(db, userId, bucket, file.id)).body;
    } catch (error) {
      // Deleted since the list was read.
      if (error instanceof AppError && error.status === 404) continue;
      throw error;
    }
    const path = zipFilePath(file.id, downloadName(file.name, file.mimeType));
    yield {
      path,
      modified: Date.parse(file.createdAt),
      deflate: !isCompressedType(file.mimeType),
      body,
    };
    const { id, ownerType, ownerId, name, kind, mimeType, size, sha256, createdAt } = file;
    written.push({ id, ownerType, ownerId, name, kind, mimeType, size, sha256, createdAt, path });
  }
  const manifest: Manifest = { format: MANIFEST_FORMAT, version: 1, files: written };
  yield { path: MANIFEST_NAME, modified: exportedAt, deflate: true, body: json(manifest) };
}

/**
 * The user's whole workspace as a .zip, streamed. The first document and the list of files are
 * read before the answer starts, so that a failing query answers the usual JSON error rather than
 * a cut-off file.
 */
export async function exportZip(db: Database, userId: string, bucket: R2Bucket) {
  const first = await exportWorkspace(db, userId, 1);
  const files = await allReadyFiles(db, userId);
  const chunks = zipOf(exportEntries(db, userId, bucket, first, files));
  return {
    exportedAt: first.exportedAt,
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    }),
  };
}
