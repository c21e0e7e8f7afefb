/**
 * The files users store: bytes in R2 (binding FILES), one D1 row each. A file's type is told from
 * its bytes and must be on the allow-list (app/domain/files.ts); its object key never holds the
 * user's file name. Uploads stream: the bytes go to R2 a part at a time (R2 takes a stream only of
 * known length, and a form's file part has none), so the Worker never holds more than one part
 * (5 MiB) of a file.
 *
 * Crash safety: the row is written first (`pending`), the object second, then the row turns
 * `ready`. A delete marks the row `deleting`, removes the object, then the row. `sweepFiles`
 * finishes what a crash left: a stale pending or deleting row goes with its object. So there is
 * never an object without a row, and never a ready row without its object.
 */
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import {
  ALLOWED_TYPES_TEXT,
  FILE_OWNERS,
  MAX_FILE_BYTES,
  textFormatOf,
  MAX_FILE_TEXT,
  SNIFF_BYTES,
  sniffFileType,
  type FileKind,
  type FileOwner,
  type FileTextStatus,
  type SniffedType,
} from "../../app/domain/files";
import type { TextExtractor, TextReading, TextUnit } from "../../app/domain/file-text";
import { ReadLimitError } from "../../app/domain/read-limits";
import { joinBytes } from "../../app/domain/bytes";
import { hasThumbnail } from "../../app/domain/file-uploads";
import { MAX_THUMBNAIL_EDGE, readThumbnailPicture } from "../../app/domain/thumbnail-picture";
import type { Database } from "../db/client";
import { chunk, D1_MAX_PARAMS, findOwned, nowIso, rowsPerStatement, runBatch } from "../db/queries";
import {
  auctions,
  contacts,
  deals,
  filePages,
  files,
  projects,
  properties,
  type FileRow,
} from "../db/schema";
import {
  ownedMatching,
  rowsMatching,
  SEARCH_INDEXES,
  searchWords,
  valuesMatching,
} from "../db/search";
import { AppError, invalidFields, notConfigured, notFound } from "../errors";
import type { Env } from "../env";

/** R2 parts are all this size but the last (R2 wants equal parts of at least 5 MiB). */
export const PART_BYTES = 5 * 1024 * 1024;
/** A pending row this old is an upload that died; a deleting one, a delete that did. */
export const STALE_UPLOAD_MS = 15 * 60_000;
const STALE_DELETE_MS = 60_000;

const OWNERS = {
  project: { table: projects, label: "Project", name: sql<string>`${projects.name}` },
  property: { table: properties, label: "Property", name: sql<string>`${properties.address}` },
  auction: { table: auctions, label: "Auction", name: sql<string>`${auctions.address}` },
  contact: {
    table: contacts,
    label: "Contact",
    name: sql<string>`trim(${contacts.firstName} || ' ' || ${contacts.lastName})`,
  },
  deal: { table: deals, label: "Deal", name: sql<string>`${deals.name}` },
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
  /** Whether the file's text has been read for search; `textError` says why it could not be. */
  text: { status: FileTextStatus; unit: TextUnit | null; pages: number; error: string | null };
  /** Whether a small picture of the photo is stored beside it. */
  thumbnail: boolean;
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
  text: { status: row.textStatus, unit: row.textUnit, pages: row.textPages, error: row.textError },
  thumbnail: row.thumbnail,
  createdAt: row.createdAt,
});

export function fileBucket(env: Env): R2Bucket {
  if (!env.FILES) throw notConfigured("the FILES R2 binding", "File storage");
  return env.FILES;
}

/** workerd's `crypto`, which Node's types (also loaded, for the tooling) hide. */
const workerdCrypto = () => crypto as unknown as { DigestStream: typeof DigestStream };

const objectKeyOf = (userId: string, fileId: string) => `files/${userId}/${fileId}`;
/** Where a photo's thumbnail is: beside it, under a name the user never chooses either. */
const thumbnailKeyOf = (objectKey: string) => `${objectKey}.thumbnail`;

/** A thumbnail is a small picture the browser drew: at most this many bytes. */
export const MAX_THUMBNAIL_BYTES = 256 * 1024;

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
  return { head: joinBytes(chunks), done };
}

/** The stream's bytes, at most `max` of them (it is cancelled there). */
export async function readAtMost(stream: ReadableStream<Uint8Array>, max: number) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value);
    length += next.value.length;
    if (length >= max) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return joinBytes(chunks).subarray(0, max);
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
    textStatus: textFormatOf(type.mimeType) ? "pending" : "none",
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
    .where(and(eq(files.id, id), eq(files.userId, userId)))
    .returning();
  return toFile(row!);
}

/**
 * `storeFile` made idempotent by the bytes' SHA-256 (Import Data's .zip sends each file with it): a
 * file of this name and these bytes already on the record is answered as it is and nothing is
 * stored (`stored: false`), and the bytes sent are only read through; bytes stored that are not the
 * ones named are refused (400) and not kept.
 */
export async function storeFileOnce(
  db: Database,
  userId: string,
  bucket: R2Bucket,
  input: Parameters<typeof storeFile>[3] & { sha256: string },
) {
  const [here] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.userId, userId),
        eq(files.ownerType, input.ownerType),
        eq(files.ownerId, input.ownerId),
        eq(files.name, input.name),
        eq(files.sha256, input.sha256),
        eq(files.status, "ready"),
      ),
    )
    .limit(1);
  if (here) {
    // Read to its end: the client is still sending it.
    await input.body.pipeTo(new WritableStream()).catch(() => undefined);
    return { file: toFile(here), stored: false };
  }
  const file = await storeFile(db, userId, bucket, input);
  if (file.sha256 === input.sha256) return { file, stored: true };
  await deleteFile(db, userId, bucket, file.id);
  throw new AppError(
    400,
    "CHECKSUM_MISMATCH",
    `“${input.name}” is not the file its SHA-256 names: it was not stored`,
  );
}

/** The object and then the row: never a row whose object is gone but for a moment. */
async function discard(db: Database, bucket: R2Bucket, rows: { id: string; objectKey: string }[]) {
  if (rows.length === 0) return;
  await bucket.delete(rows.flatMap((row) => [row.objectKey, thumbnailKeyOf(row.objectKey)]));
  const ids = rows.map((row) => row.id);
  await db.batch([
    db.delete(filePages).where(inArray(filePages.fileId, ids)),
    db.delete(files).where(inArray(files.id, ids)),
  ]);
}

/** Rows a slice of `discardAllFiles` takes: their ids bound in one statement, two keys each in R2. */
const DISCARD_SLICE = D1_MAX_PARAMS - 10;

/**
 * The R2 keys of every file workspace `userId` stores, each with its thumbnail's: what deleting
 * the account lets go of once its rows are gone.
 */
export async function storedObjectKeys(db: Database, userId: string) {
  const rows = await db
    .select({ objectKey: files.objectKey })
    .from(files)
    .where(eq(files.userId, userId));
  return rows.flatMap((row) => [row.objectKey, thumbnailKeyOf(row.objectKey)]);
}

/**
 * Every file of account `userId` (a workspace being deleted), objects and rows, a slice at a time:
 * its account's own delete would take the rows and leave the bytes in R2.
 */

export async function discardAllFiles(db: Database, bucket: R2Bucket, userId: string) {
  for (;;) {
    const rows = await db
      .select({ id: files.id, objectKey: files.objectKey })
      .from(files)
      .where(eq(files.userId, userId))
      .limit(DISCARD_SLICE);
    if (rows.length === 0) return;
    await discard(db, bucket, rows);
  }
}

export interface FileFilters {
  ownerType?: FileOwner;
  ownerId?: string;
  kind?: string;
  /** Words of the file's name or text: each must be in one or the other. */
  q?: string;
  limit: number;
  offset: number;
}

/** Where a search's words are in a file's text: the first page with all of them, else with any. */
export interface TextMatch {
  page: number;
  unit: TextUnit;
  /** The text around the first word, about `SNIPPET_CHARS` long. */
  snippet: string;
}

/**
 * A file as a list shows it: the name of the record it is on, and, for a search, where in its
 * text the words are (no `match` when only its name matched).
 */
export type FoundFile = StoredFile & { ownerName: string; match?: TextMatch };

const SNIPPET_CHARS = 240;

/**
 * The user's stored files, newest first; `total` counts all that match. With `q`, a file is found
 * when each word begins a word of its name or its text, and the first page holding all of them is
 * answered with the text around them.
 */
export async function listFiles(
  db: Database,
  userId: string,
  filters: FileFilters,
  snippetChars = SNIPPET_CHARS,
): Promise<{ files: FoundFile[]; total: number }> {
  const words = searchWords(filters.q ?? "");
  const where = and(
    ownedMatching(SEARCH_INDEXES.files, userId, filters.q, {
      // Each word in the name or on a page of the text.
      matches: (terms) =>
        and(
          ...terms.map((word) =>
            or(
              rowsMatching(SEARCH_INDEXES.files, userId, [word]),
              sql`${files.id} IN (${valuesMatching(SEARCH_INDEXES.filePages, filePages.fileId, userId, [word])})`,
            ),
          ),
        )!,
    }),
    eq(files.status, "ready"),
    filters.ownerType ? eq(files.ownerType, filters.ownerType) : undefined,
    filters.ownerId ? eq(files.ownerId, filters.ownerId) : undefined,
    filters.kind ? eq(files.kind, filters.kind) : undefined,
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
  const [matches, names] = await Promise.all([
    textMatches(db, userId, rows, words, snippetChars),
    ownerNames(db, userId, rows),
  ]);
  return {
    files: rows.map((row) => {
      const match = matches.get(row.id);
      const file = {
        ...toFile(row),
        ownerName: names.get(`${row.ownerType}:${row.ownerId}`) ?? "",
      };
      return match ? { ...file, match } : file;
    }),
    total: count?.total ?? 0,
  };
}

/** The names of the records `rows` are on (a property's or an auction's address), one batch. */
async function ownerNames(db: Database, userId: string, rows: FileRow[]) {
  const names = new Map<string, string>();
  // Each record kind's ids, in parts within D1's 100 bound parameters.
  const wanted = FILE_OWNERS.flatMap((type) =>
    chunk(
      [...new Set(rows.filter((row) => row.ownerType === type).map((row) => row.ownerId))],
      D1_MAX_PARAMS - 1,
    ).map((ids) => [type, ids] as const),
  );
  if (wanted.length === 0) return names;
  const found = (await runBatch(
    db,
    wanted.map(([type, ids]) => {
      const { table, name } = OWNERS[type];
      return db
        .select({ id: table.id, name })
        .from(table)
        .where(and(eq(table.userId, userId), inArray(table.id, ids)));
    }),
  )) as { id: string; name: string }[][];
  wanted.forEach(([type], i) => {
    for (const owner of found[i] ?? []) names.set(`${type}:${owner.id}`, owner.name);
  });
  return names;
}

/**
 * Where in each of `rows` (those whose text was read) the words are: the first page holding all of
 * them, else the first page holding any (the others are in the name, or on other pages); the
 * snippet starts a third of its length before the first word on that page. Files whose text holds
 * none of the words have no entry.
 */
async function textMatches(
  db: Database,
  userId: string,
  rows: FileRow[],
  words: string[],
  snippetChars: number,
) {
  const found = new Map<string, TextMatch>();
  const withText = rows.filter((row) => row.textStatus === "ready");
  if (words.length === 0 || withText.length === 0) return found;
  const holding = words.map((word) => rowsMatching(SEARCH_INDEXES.filePages, userId, [word]));
  // Each statement within D1's bound parameters: the user, the words, then as many ids as fit.
  const firstPages = async (files: FileRow[], condition: SQL | undefined) =>
    (
      (await runBatch(
        db,
        chunk(files, D1_MAX_PARAMS - 1 - words.length).map((part) =>
          db
            .select({ fileId: filePages.fileId, page: sql<number>`min(${filePages.page})` })
            .from(filePages)
            .where(
              and(
                eq(filePages.userId, userId),
                inArray(
                  filePages.fileId,
                  part.map((row) => row.id),
                ),
                condition,
              ),
            )
            .groupBy(filePages.fileId),
        ),
      )) as { fileId: string; page: number }[][]
    ).flat();
  const withAll = await firstPages(withText, rowsMatching(SEARCH_INDEXES.filePages, userId, words));
  const matched = new Set(withAll.map((hit) => hit.fileId));
  const rest = withText.filter((row) => !matched.has(row.id));
  const pages = [...withAll, ...(rest.length ? await firstPages(rest, or(...holding)) : [])];
  if (pages.length === 0) return found;

  const position = sql`case ${sql.join(
    words.map((word) => {
      const at = sql`instr(lower(${filePages.text}), lower(${word}))`;
      return sql`when ${at} > 0 then ${at}`;
    }),
    sql` `,
  )} else 1 end`;
  const before = Math.floor(snippetChars / 3);
  const start = sql<number>`max(1, ${position} - ${before})`;
  const snippets = (
    (await runBatch(
      db,
      // Two words' values each, then a page's two values each.
      chunk(pages, Math.floor((D1_MAX_PARAMS - 4 * words.length - 4) / 2)).map((part) =>
        db
          .select({
            fileId: filePages.fileId,
            page: filePages.page,
            start,
            snippet: sql<string>`substr(${filePages.text}, ${start}, ${snippetChars})`,
            length: sql<number>`length(${filePages.text})`,
          })
          .from(filePages)
          .where(
            or(
              ...part.map((hit) =>
                and(eq(filePages.fileId, hit.fileId), eq(filePages.page, hit.page)),
              ),
            ),
          ),
      ),
    )) as { fileId: string; page: number; start: number; snippet: string; length: number }[][]
  ).flat();
  const units = new Map(withText.map((row) => [row.id, row.textUnit ?? "page"] as const));
  for (const hit of snippets) {
    const cut = hit.start > 1 ? "…" : "";
    const more = hit.start - 1 + hit.snippet.length < hit.length ? "…" : "";
    found.set(hit.fileId, {
      page: hit.page,
      unit: units.get(hit.fileId) ?? "page",
      snippet: `${cut}${hit.snippet.replace(/\s+/g, " ").trim()}${more}`,
    });
  }
  return found;
}

/** A pending read this old was lost (its Worker stopped): the scheduled handler starts it again. */
export const STALE_TEXT_MS = 5 * 60_000;
/** Reads of one file's text begun at most; past them it is marked failed. */
export const MAX_TEXT_READS = 3;
const GAVE_UP = "This file's text could not be read: reading it stopped three times";
/** How long a read may take: well within the time `waitUntil` and a scheduled run are given. */
const READ_TIMEOUT_MS = 25_000;
const TOOK_TOO_LONG = "Reading the file took over 25 s";

/**
 * Reads a stored file's text with the extractor and keeps it beside the file, a row a page. Only
 * a ready file whose text is pending and unchanged since `since` (ISO) is read, and it is claimed
 * first (its updatedAt moved on), so a second reader (the scheduled handler, while the upload's
 * own read goes on) leaves it alone. A file the extractor cannot read is marked failed with the
 * reason, one that would take more than its bounds allow skipped with the bound, and the user sees
 * either.
 */
export async function readFileText(
  db: Database,
  extractor: TextExtractor,
  fileId: string,
  since: string,
) {
  // Claimed at the real time, whatever clock the caller reasons with, so a later reader's `since`
  // (five minutes before its own time) cannot reach a read under way.
  const [row] = await db
    .update(files)
    .set({ updatedAt: nowIso(), textReads: sql`${files.textReads} + 1` })
    .where(
      and(
        eq(files.id, fileId),
        eq(files.status, "ready"),
        eq(files.textStatus, "pending"),
        lte(files.updatedAt, since),
      ),
    )
    .returning();
  if (!row) return;
  const format = textFormatOf(row.mimeType);
  const settle = (values: Partial<FileRow>) =>
    db
      .update(files)
      .set(values)
      .where(and(eq(files.id, fileId), eq(files.status, "ready")));
  // Every earlier read was lost (the Worker stopped before it ended): this file stops it.
  if (row.textReads > MAX_TEXT_READS) {
    await settle({ textStatus: "failed", textError: GAVE_UP });
    return;
  }
  if (!format) {
    await settle({ textStatus: "none" });
    return;
  }
  let text: TextReading;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    text = await Promise.race([
      extractor.extract({ objectKey: row.objectKey, format }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ReadLimitError(TOOK_TOO_LONG)), READ_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    // The extractor took too long (its own deadline did not stop it), or itself failed (out of
    // memory on a huge file, say): said in words for the user, the runtime's own in the log.
    console.error("The text extractor failed", error);
    text =
      error instanceof ReadLimitError
        ? { skipped: error.message }
        : { error: "This file's text could not be read: it may be too large or too complex" };
  } finally {
    clearTimeout(timer);
  }
  if ("skipped" in text) {
    await settle({ textStatus: "skipped", textError: text.skipped.slice(0, 300) });
    return;
  }
  if ("error" in text) {
    await settle({ textStatus: "failed", textError: text.error.slice(0, 300) });
    return;
  }
  const pages = text.pages
    .map((page, i) => ({ fileId, userId: row.userId, page: i + 1, text: page }))
    .filter((page) => page.text);
  await runBatch(db, [
    db.delete(filePages).where(eq(filePages.fileId, fileId)),
    ...chunk(pages, rowsPerStatement(filePages)).map((part) => db.insert(filePages).values(part)),
    settle({
      textStatus: "ready",
      textUnit: text.unit,
      textPages: text.pages.length,
      textError: null,
    }),
  ]);
}

/**
 * Reads the text of files whose read was lost (pending for over STALE_TEXT_MS), oldest first, at
 * most `limit`, one after the other; answers how many it tried.
 */
export async function readLostTexts(
  db: Database,
  extractor: TextExtractor,
  now = Date.now(),
  limit = 5,
) {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.textStatus, "pending"),
        eq(files.status, "ready"),
        lte(files.updatedAt, new Date(now - STALE_TEXT_MS).toISOString()),
      ),
    )
    .orderBy(asc(files.updatedAt))
    .limit(limit);
  const since = new Date(now - STALE_TEXT_MS).toISOString();
  for (const row of rows) {
    // One file's failure (D1 busy, say) leaves it pending for the next run, not the others.
    await readFileText(db, extractor, row.id, since).catch((error: unknown) =>
      console.error("Reading a file's text failed", error),
    );
  }
  return rows.length;
}

/**
 * The text of one of the user's files from page `from` on, at most `count` pages (those with text:
 * a page without any has no row); 404 when the file is not the user's.
 */
export async function readFilePages(
  db: Database,
  userId: string,
  id: string,
  from: number,
  count: number,
) {
  const file = toFile(await readyFile(db, userId, id));
  const pages = await db
    .select({ page: filePages.page, text: filePages.text })
    .from(filePages)
    .where(and(eq(filePages.fileId, id), eq(filePages.userId, userId), gte(filePages.page, from)))
    .orderBy(asc(filePages.page))
    .limit(count);
  return { file, pages };
}

/** Every ready file of the user's, newest first, in one read (Export Data's .zip). */
export async function allReadyFiles(db: Database, userId: string): Promise<StoredFile[]> {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.status, "ready")))
    .orderBy(desc(files.createdAt), desc(files.id));
  return rows.map(toFile);
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

const badThumbnail = (why?: string) =>
  invalidFields([
    {
      field: "thumbnail",
      message: `must be a JPEG, PNG or WebP picture of at most ${MAX_THUMBNAIL_BYTES / 1024} KB and ${MAX_THUMBNAIL_EDGE} px, sent with a photo${why ? `: ${why}` : ""}`,
    },
  ]);

/**
 * Keeps the small picture the browser drew of a photo beside it. 400 for anything but a small
 * JPEG, PNG or WebP, or on a file that is not an image.
 */
export async function storeThumbnail(
  db: Database,
  userId: string,
  bucket: R2Bucket,
  file: StoredFile,
  bytes: Uint8Array,
) {
  const picture = bytes.length > MAX_THUMBNAIL_BYTES ? null : readThumbnailPicture(bytes);
  if (file.kind !== "image" || !picture || "error" in picture) {
    throw badThumbnail(picture && "error" in picture ? picture.error : undefined);
  }
  const row = await readyFile(db, userId, file.id);
  await bucket.put(thumbnailKeyOf(row.objectKey), picture.bytes, {
    httpMetadata: { contentType: picture.mimeType },
  });
  // Counted with the photo: the quota measures a file and its thumbnail together.
  await db
    .update(files)
    .set({ thumbnail: true, thumbnailSize: picture.bytes.length })
    .where(eq(files.id, file.id));
  return { ...file, thumbnail: true };
}

/**
 * A photo's thumbnail, or the photo itself when it has none and a browser shows its type (a PNG,
 * a GIF); 404 for any other file.
 */
export async function openThumbnail(db: Database, userId: string, bucket: R2Bucket, id: string) {
  const row = await readyFile(db, userId, id);
  const shown = row.kind === "image" && hasThumbnail(row.mimeType);
  const key = row.thumbnail ? thumbnailKeyOf(row.objectKey) : shown ? row.objectKey : null;
  const object = key ? await bucket.get(key) : null;
  if (!object) throw notFound("Thumbnail");
  return {
    file: toFile(row),
    body: object.body,
    mimeType: object.httpMetadata?.contentType ?? row.mimeType,
    size: object.size,
  };
}

/**
 * Deletes one of the user's files: 404 when there is none, or, with `owner` (a record's page
 * deleting from its files panel), when it is not on that record.
 */
export async function deleteFile(
  db: Database,
  userId: string,
  bucket: R2Bucket,
  id: string,
  owner?: { ownerType: FileOwner; ownerId: string },
) {
  const [row] = await db
    .update(files)
    .set({ status: "deleting", updatedAt: nowIso() })
    .where(
      and(
        eq(files.id, id),
        eq(files.userId, userId),
        eq(files.status, "ready"),
        owner ? eq(files.ownerType, owner.ownerType) : undefined,
        owner ? eq(files.ownerId, owner.ownerId) : undefined,
      ),
    )
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
