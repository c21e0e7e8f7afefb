/**
 * The files users store (issue 30): bytes in R2 (binding FILES), one D1 row each. A file's type is
 * told from its bytes and must be on the allow-list (app/domain/files.ts); its object key never
 * holds the user's file name. Uploads stream: the bytes go to R2 a part at a time (R2 takes a
 * stream only of known length, and a form's file part has none), so the Worker never holds more
 * than one part (5 MiB) of a file.
 *
 * Crash safety: the row is written first (`pending`), the object second, then the row turns
 * `ready`. A delete marks the row `deleting`, removes the object, then the row. `sweepFiles`
 * finishes what a crash left: a stale pending or deleting row goes with its object. So there is
 * never an object without a row, and never a ready row without its object.
 */
import { and, asc, desc, eq, inArray, like, lt, or, sql } from "drizzle-orm";
import {
  ALLOWED_TYPES_TEXT,
  MAX_FILE_BYTES,
  MAX_FILE_TEXT,
  SNIFF_BYTES,
  sniffFileType,
  type FileKind,
  type FileOwner,
  type SniffedType,
} from "../../app/domain/files";
import type { Database } from "../db/client";
import { findOwned, nowIso } from "../db/queries";
import { auctions, contacts, deals, files, projects, properties, type FileRow } from "../db/schema";
import { AppError, notConfigured, notFound } from "../errors";
import type { Env } from "../env";

/** R2 parts are all this size but the last (R2 wants equal parts of at least 5 MiB). */
export const PART_BYTES = 5 * 1024 * 1024;
/** A pending row this old is an upload that died; a deleting one, a delete that did. */
export const STALE_UPLOAD_MS = 15 * 60_000;
const STALE_DELETE_MS = 60_000;

const OWNERS = {
  project: { table: projects, label: "Project" },
  property: { table: properties, label: "Property" },
  auction: { table: auctions, label: "Auction" },
  contact: { table: contacts, label: "Contact" },
  deal: { table: deals, label: "Deal" },
} as const satisfies Record<FileOwner, unknown>;

/** A stored file as the API answers it. */
export interface StoredFile {
  id: string;
  ownerType: FileOwner;
  ownerId: string;
  name: string;
  kind: FileKind;
  mimeType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

const toFile = (row: FileRow): StoredFile => ({
  id: row.id,
  ownerType: row.ownerType,
  ownerId: row.ownerId,
  name: row.name,
  // Written from `sniffFileType`, so always one of its kinds.
  kind: row.kind as FileKind,
  mimeType: row.mimeType,
  size: row.size,
  sha256: row.sha256,
  createdAt: row.createdAt,
});

export function fileBucket(env: Env): R2Bucket {
  if (!env.FILES) throw notConfigured("the FILES R2 binding", "File storage");
  return env.FILES;
}

/** workerd's `crypto`, which Node's types (also loaded, for the tooling) hide. */
const workerdCrypto = () => crypto as unknown as { DigestStream: typeof DigestStream };

const objectKeyOf = (userId: string, fileId: string) => `files/${userId}/${fileId}`;

/** 413 for a file over the limit (the API answers it too for a body that says so up front). */
export const fileTooLarge = () =>
  new AppError(
    413,
    "FILE_TOO_LARGE",
    `The file is larger than the ${MAX_FILE_TEXT} limit for one file`,
    { max: MAX_FILE_BYTES },
  );

/** The first `SNIFF_BYTES` of the stream (fewer for a smaller file), and a reader of the rest. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < SNIFF_BYTES) {
    const next = await reader.read();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: concat(chunks, length), done };
}

function concat(chunks: Uint8Array[], length: number) {
  const joined = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/**
 * R2 takes a stream only of known length: the bytes are cut into equal parts, each sent as it
 * fills, and a file smaller than one part is a single put.
 */
class PartWriter {
  private upload: R2MultipartUpload | null = null;
  private parts: R2UploadedPart[] = [];
  private part = new Uint8Array(PART_BYTES);
  private filled = 0;

  constructor(
    private bucket: R2Bucket,
    private key: string,
    private options: R2PutOptions & R2MultipartOptions,
  ) {}

  async write(chunk: Uint8Array) {
    for (let at = 0; at < chunk.length;) {
      const copied = Math.min(PART_BYTES - this.filled, chunk.length - at);
      this.part.set(chunk.subarray(at, at + copied), this.filled);
      this.filled += copied;
      at += copied;
      if (this.filled === PART_BYTES) await this.send(this.part);
    }
  }

  private async send(bytes: Uint8Array) {
    this.upload ??= await this.bucket.createMultipartUpload(this.key, this.options);
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, bytes));
    this.part = new Uint8Array(PART_BYTES);
    this.filled = 0;
  }

  async close() {
    const rest = this.part.subarray(0, this.filled);
    if (!this.upload) {
      await this.bucket.put(this.key, rest, this.options);
      return;
    }
    if (rest.length > 0) await this.send(rest);
    await this.upload.complete(this.parts);
  }

  async abort() {
    await this.upload?.abort().catch(() => undefined);
  }
}

/**
 * Writes the bytes (`head`, then the rest of `reader`) to `key`, hashing them as they pass. Over
 * MAX_FILE_BYTES it stops and throws 413, leaving no object behind.
 */
async function writeObject(
  bucket: R2Bucket,
  key: string,
  type: SniffedType,
  head: Uint8Array,
  reader: ReadableStreamDefaultReader<Uint8Array> | null,
) {
  const digest = new (workerdCrypto().DigestStream)("SHA-256");
  const hashing = digest.getWriter();
  const object = new PartWriter(bucket, key, { httpMetadata: { contentType: type.mimeType } });
  let size = 0;
  const take = async (chunk: Uint8Array) => {
    size += chunk.length;
    if (size > MAX_FILE_BYTES) throw fileTooLarge();
    await hashing.write(chunk);
    await object.write(chunk);
  };
  try {
    await take(head);
    for (let next = await reader?.read(); next && !next.done; next = await reader!.read()) {
      await take(next.value);
    }
    if (size === 0) throw new AppError(400, "EMPTY_FILE", "The file is empty");
    await object.close();
    await hashing.close();
    const sha256 = [...new Uint8Array(await digest.digest)]
      .map((byte) => byte.toString(16).padStart(2, "0"))
      .join("");
    return { size, sha256 };
  } catch (error) {
    await object.abort();
    await reader?.cancel().catch(() => undefined);
    throw error;
  }
}

/**
 * Stores a file on one of the user's records. 404 when the record is not the user's, 415 when
 * the bytes are not a type AI42 stores, 413 over the size limit; nothing is left of a refused
 * upload.
 */
export async function storeFile(
  db: Database,
  userId: string,
  bucket: R2Bucket,
  input: { ownerType: FileOwner; ownerId: string; name: string; body: ReadableStream<Uint8Array> },
): Promise<StoredFile> {
  const owner = OWNERS[input.ownerType];
  await findOwned(db, owner.table, userId, input.ownerId, owner.label);
  const reader = input.body.getReader();
  const { head, done } = await readHead(reader);
  const type = sniffFileType(head, input.name);
  if (!type) {
    await reader.cancel().catch(() => undefined);
    throw new AppError(
      415,
      "UNSUPPORTED_FILE_TYPE",
      `“${input.name}” is not a kind of file AI42 stores: send ${ALLOWED_TYPES_TEXT}`,
      { allowed: ALLOWED_TYPES_TEXT },
    );
  }
  const id = crypto.randomUUID();
  const objectKey = objectKeyOf(userId, id);
  await db.insert(files).values({
    id,
    userId,
    ownerType: input.ownerType,
    ownerId: input.ownerId,
    name: input.name,
    kind: type.kind,
    mimeType: type.mimeType,
    objectKey,
    status: "pending",
  });
  let written: { size: number; sha256: string };
  try {
    written = await writeObject(bucket, objectKey, type, head, done ? null : reader);
  } catch (error) {
    await discard(db, bucket, [{ id, objectKey }]).catch(() => undefined);
    throw error;
  }
  const [row] = await db
    .update(files)
    .set({ ...written, status: "ready", updatedAt: nowIso() })
    .where(eq(files.id, id))
    .returning();
  return toFile(row!);
}

/** The object and then the row: never a row whose object is gone but for a moment. */
async function discard(db: Database, bucket: R2Bucket, rows: { id: string; objectKey: string }[]) {
  if (rows.length === 0) return;
  await bucket.delete(rows.map((row) => row.objectKey));
  await db.delete(files).where(
    inArray(
      files.id,
      rows.map((row) => row.id),
    ),
  );
}

export interface FileFilters {
  ownerType?: FileOwner;
  ownerId?: string;
  kind?: string;
  /** Words of the file's name. */
  q?: string;
  limit: number;
  offset: number;
}

/** The user's stored files, newest first; `total` counts all that match. */
export async function listFiles(db: Database, userId: string, filters: FileFilters) {
  const where = and(
    eq(files.userId, userId),
    eq(files.status, "ready"),
    filters.ownerType ? eq(files.ownerType, filters.ownerType) : undefined,
    filters.ownerId ? eq(files.ownerId, filters.ownerId) : undefined,
    filters.kind ? eq(files.kind, filters.kind) : undefined,
    filters.q
      ? and(
          ...filters.q
            .split(/\s+/)
            .filter(Boolean)
            .map((word) => like(files.name, `%${word.replace(/[%_\\]/g, "\\$&")}%`)),
        )
      : undefined,
  );
  const [rows, [count]] = await db.batch([
    db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db
      .select({ total: sql<number>`count(*)` })
      .from(files)
      .where(where),
  ]);
  return { files: rows.map(toFile), total: count?.total ?? 0 };
}

async function readyFile(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.userId, userId), eq(files.status, "ready")))
    .limit(1);
  if (!row) throw notFound("File");
  return row;
}

export async function getFile(db: Database, userId: string, id: string) {
  return toFile(await readyFile(db, userId, id));
}

/** The file and its bytes, for download. 404 when either is not there. */
export async function openFile(db: Database, userId: string, bucket: R2Bucket, id: string) {
  const row = await readyFile(db, userId, id);
  const object = await bucket.get(row.objectKey);
  if (!object) throw notFound("File");
  return { file: toFile(row), body: object.body };
}

/** Deletes one of the user's files: 404 when there is none. */
export async function deleteFile(db: Database, userId: string, bucket: R2Bucket, id: string) {
  const [row] = await db
    .update(files)
    .set({ status: "deleting", updatedAt: nowIso() })
    .where(and(eq(files.id, id), eq(files.userId, userId), eq(files.status, "ready")))
    .returning({ id: files.id, objectKey: files.objectKey });
  if (!row) throw notFound("File");
  await discard(db, bucket, [row]);
}

/**
 * Finishes what a crash left, oldest first, at most `limit` rows: uploads pending for longer than
 * STALE_UPLOAD_MS and deletes begun over a minute ago go, objects first. Answers how many.
 */
export async function sweepFiles(db: Database, bucket: R2Bucket, now = Date.now(), limit = 100) {
  const staleUpload = new Date(now - STALE_UPLOAD_MS).toISOString();
  const staleDelete = new Date(now - STALE_DELETE_MS).toISOString();
  const rows = await db
    .select({ id: files.id, objectKey: files.objectKey })
    .from(files)
    .where(
      or(
        and(eq(files.status, "pending"), lt(files.updatedAt, staleUpload)),
        and(eq(files.status, "deleting"), lt(files.updatedAt, staleDelete)),
      ),
    )
    .orderBy(asc(files.updatedAt))
    .limit(limit);
  await discard(db, bucket, rows);
  return rows.length;
}
