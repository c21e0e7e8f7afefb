/**
 * Files on the user's records: upload (multipart, streamed to R2), list, metadata, download,
 * delete. Served only to their owner, never as something a browser would run.
 */
import { z } from "@hono/zod-openapi";
import {
  ALLOWED_TYPES_TEXT,
  FILE_OWNERS,
  MAX_FILE_TEXT,
  type FileOwner,
} from "../../../app/domain/files";
import { downloadName } from "../../../app/domain/file-names";
import { MAX_THUMBNAIL_EDGE } from "../../../app/domain/thumbnail-picture";
import { AppError, invalidFields } from "../../errors";
import {
  deleteFile,
  fileBucket,
  getFile,
  listFiles,
  openFile,
  MAX_THUMBNAIL_BYTES,
  openThumbnail,
  readAtMost,
  readFileText,
  storeFile,
  storeFileOnce,
  storeThumbnail,
  sweepFiles,
} from "../../services/files";
import { formDataBoundary, MultipartError, readFormData, type FormPart } from "../multipart";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  pageResponse,
  PageQuerySchema,
  router,
  scope,
  signedIn,
  signedInStoring,
} from "../openapi";
import type { AppEnv } from "../types";
import { FileSchema, FoundFileSchema, OwnerTypeSchema } from "./files.schemas";
import type { Context } from "hono";
import { database } from "../../db/client";

export const FileListQuerySchema = PageQuerySchema.extend({
  ownerType: OwnerTypeSchema.optional(),
  ownerId: z.string().min(1).max(64).optional(),
  kind: FileSchema.shape.kind.optional(),
  q: z.string().max(200).optional().openapi({
    description: "Words of the file's name or text: each must begin a word of one or the other",
  }),
});

const DownloadQuerySchema = z.object({
  disposition: z.enum(["attachment", "inline"]).default("attachment").openapi({
    description:
      "`inline` shows an image or a PDF in the page (under a sandbox CSP); any other kind is always an attachment",
  }),
});

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): the name as uploaded, safely. */
function contentDisposition(type: "attachment" | "inline", name: string) {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const MAX_NAME = 255;

const SHA256 = /^[0-9a-f]{64}$/;

/** The upload's form: `ownerType`, `ownerId` (and `sha256`) first, then one `file`. */
async function readUpload(c: Context<AppEnv>) {
  const boundary = formDataBoundary(c.req.header("Content-Type"));
  const body = c.req.raw.body;
  if (!boundary || !body) {
    throw new AppError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the file as multipart/form-data: the fields ownerType and ownerId, then file",
    );
  }
  const fields: Record<string, string> = {};
  const decoder = new TextDecoder();
  // Read by hand, not with for await, which would close the form at the `return` below: the
  // thumbnail comes after the file.
  const parts = readFormData(body, boundary);
  for (let next = await parts.next(); !next.done; next = await parts.next()) {
    const part = next.value;
    if (part.filename === undefined) {
      if (["ownerType", "ownerId", "sha256"].includes(part.name)) {
        fields[part.name] = decoder.decode(await new Response(part.body).arrayBuffer()).trim();
      }
      continue;
    }
    if (part.name !== "file") continue;
    const problems = [];
    const ownerType = fields.ownerType as FileOwner | undefined;
    if (!ownerType || !FILE_OWNERS.includes(ownerType)) {
      problems.push({ field: "ownerType", message: `must be one of ${FILE_OWNERS.join(", ")}` });
    }
    if (!fields.ownerId || fields.ownerId.length > 64) {
      problems.push({ field: "ownerId", message: "is required, before the file" });
    }
    const sha256 = fields.sha256?.toLowerCase();
    if (sha256 !== undefined && !SHA256.test(sha256)) {
      problems.push({ field: "sha256", message: "must be 64 hexadecimal digits" });
    }
    const name = part.filename.trim().replace(/^.*[\\/]/, "");
    if (!name || name.length > MAX_NAME) {
      problems.push({ field: "file", message: `needs a name of 1 to ${MAX_NAME} characters` });
    }
    if (problems.length > 0) throw invalidFields(problems);
    return {
      ownerType: ownerType!,
      ownerId: fields.ownerId!,
      name,
      body: part.body,
      sha256,
      rest: parts,
    };
  }
  throw invalidFields([{ field: "file", message: "is required" }]);
}

/** The form's `thumbnail` after the file, read up to one byte past its limit; or null. */
async function readThumbnail(rest: AsyncGenerator<FormPart>) {
  for (let next = await rest.next(); !next.done; next = await rest.next()) {
    if (next.value.name !== "thumbnail" || next.value.filename === undefined) continue;
    return readAtMost(next.value.body, MAX_THUMBNAIL_BYTES + 1);
  }
  return null;
}

/**
 * The headers of a file's bytes: its type as told from them, never sniffed, never cached, and
 * nothing in it run (`sandbox`). `framed` lets our own pages show it in a frame (a PDF's preview).
 */
function servedHeaders(
  what: { mimeType: string; size: number; name: string },
  disposition: "attachment" | "inline",
  framed: boolean,
): Record<string, string> {
  return {
    "Content-Type": what.mimeType,
    "Content-Length": String(what.size),
    "Content-Disposition": contentDisposition(disposition, downloadName(what.name, what.mimeType)),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": `sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${framed ? "'self'" : "'none'"}`,
    "X-Frame-Options": framed ? "SAMEORIGIN" : "DENY",
  };
}

const app = router();

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "uploadFile",
    summary: "Store a file on one of your records",
    description: `A multipart form: \`ownerType\` and \`ownerId\` (the record), then \`file\`. The file's type is told from its bytes and must be ${ALLOWED_TYPES_TEXT} (HTML, SVG, scripts and archives are refused with 415). At most ${MAX_FILE_TEXT} a file (413 FILE_TOO_LARGE), whether the body is sent with a Content-Length or chunked; a \`filename*\` that is not valid percent-encoded UTF-8 is 400 MALFORMED_MULTIPART. The file counts against your storage quota (413 STORAGE_QUOTA_EXCEEDED). A record that is not yours answers 404. With \`sha256\`: a file of this name and these bytes already on the record is answered 200 and not stored again; other bytes are 400 CHECKSUM_MISMATCH.`,
    ...signedInStoring,
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            // A schema for the contract, not a zod one: a zod schema would have the body parsed
            // (buffered whole) before the handler streams it.
            schema: {
              type: "object",
              required: ["ownerType", "ownerId", "file"],
              properties: {
                ownerType: { type: "string", enum: [...FILE_OWNERS] },
                ownerId: { type: "string" },
                sha256: {
                  type: "string",
                  pattern: SHA256.source,
                  description: "The file's SHA-256 (hex): stored only if the record lacks it",
                },
                file: { type: "string", format: "binary" },
                thumbnail: {
                  type: "string",
                  format: "binary",
                  description: `Optional, after the file, for a photo: a small JPEG, PNG or WebP picture of it (at most ${MAX_THUMBNAIL_BYTES / 1024} KB and ${MAX_THUMBNAIL_EDGE} px on each edge) that lists show. It is read through to its end and kept with only what draws it (no metadata, text or trailing bytes); anything else refuses the upload (400). Its bytes count against the storage quota with the file's.`,
                },
              },
            },
          },
        },
      },
    },
    responses: {
      200: dataResponse(
        "With `sha256`: the record has this file already (same name, same bytes); nothing was stored",
        FileSchema,
      ),
      201: dataResponse("The stored file", FileSchema),
      ...errorResponses(400, 401, 404, 415, 503),
    },
  }),
  async (c) => {
    const bucket = fileBucket(c.env);
    let upload: Awaited<ReturnType<typeof readUpload>>;
    try {
      upload = await readUpload(c);
      const { sha256 } = upload;
      const once = sha256
        ? await storeFileOnce(...scope(c), bucket, { ...upload, sha256 })
        : { file: await storeFile(...scope(c), bucket, upload), stored: true };
      let { file } = once;
      try {
        const thumbnail = await readThumbnail(upload.rest);
        // A file the record had already is answered as it is.
        if (!once.stored) return c.json({ data: file }, 200);
        if (thumbnail) file = await storeThumbnail(...scope(c), bucket, file, thumbnail);
      } catch (error) {
        // What comes after the file (a refused thumbnail, a form broken or cut off after it)
        // refuses the upload: nothing of it is kept (a file that was here already stays).
        if (once.stored) await deleteFile(...scope(c), bucket, file.id).catch(() => undefined);
        throw error;
      }
      const extractor = c.env.EXTRACT;
      if (extractor && file.text.status === "pending") {
        // The text is read after the answer; a read the Worker loses is started again by the
        // scheduled handler.
        const since = new Date().toISOString();
        c.executionCtx.waitUntil(
          readFileText(database(c.env.DB), extractor, file.id, since).catch((error: unknown) =>
            console.error("Reading a file's text failed", error),
          ),
        );
      }
      return c.json({ data: file }, 201);
    } catch (error) {
      if (error instanceof MultipartError) {
        throw new AppError(
          400,
          "MALFORMED_MULTIPART",
          `The upload could not be read: ${error.message}`,
        );
      }
      throw error;
    } finally {
      c.executionCtx.waitUntil(sweepFiles(database(c.env.DB), bucket).catch(() => undefined));
    }
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listFiles",
    summary: "List your files",
    description:
      "Newest first; filter by the record (`ownerType` and `ownerId`), the kind, or words of the name or text (PDF, Word, PowerPoint, Excel, CSV and text files' text is read after the upload).",
    ...signedIn,
    request: { query: FileListQuerySchema },
    responses: {
      200: pageResponse("A page of files", FoundFileSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, ...filters } = c.req.valid("query");
    const found = await listFiles(...scope(c), {
      ...filters,
      limit,
      offset: (page - 1) * limit,
    });
    return c.json({ data: found.files, meta: { page, limit, total: found.total } }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}",
    operationId: "getFile",
    summary: "A file's metadata",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The file", FileSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => c.json({ data: await getFile(...scope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}/content",
    operationId: "downloadFile",
    summary: "Download a file",
    description:
      "The bytes as stored, with the type told from them, `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store`. An attachment, unless `disposition=inline` for an image or a PDF, which is then served under `Content-Security-Policy: sandbox`. The name in `Content-Disposition` is the file's own with the extension of that type (a PDF uploaded as `poly.html` downloads as `poly.pdf`).",
    ...signedIn,
    request: { params: IdParamSchema, query: DownloadQuerySchema },
    responses: {
      200: {
        description: "The file's bytes",
        content: {
          "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
        },
      },
      ...errorResponses(400, 401, 404, 503),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { disposition } = c.req.valid("query");
    const { file, body } = await openFile(...scope(c), fileBucket(c.env), id);
    const inline = disposition === "inline" && (file.kind === "image" || file.kind === "pdf");
    // Shown inline, only our own pages may frame it.
    const headers = servedHeaders(file, inline ? "inline" : "attachment", inline);
    return new Response(body, { status: 200, headers });
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}/thumbnail",
    operationId: "getFileThumbnail",
    summary: "A photo's thumbnail",
    description:
      "The small picture sent with the photo (`thumbnail` in the upload), or, without one, the picture itself when a browser shows its type (PNG, GIF, JPEG, WebP); 404 for any other file. Inline, under the download's headers.",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: {
        description: "The picture",
        content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errorResponses(400, 401, 404, 503),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const thumbnail = await openThumbnail(...scope(c), fileBucket(c.env), id);
    // Shown only by <img>: never in a frame.
    const headers = servedHeaders({ ...thumbnail, name: thumbnail.file.name }, "inline", false);
    return new Response(thumbnail.body, { status: 200, headers });
  },
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}",
    operationId: "deleteFile",
    summary: "Delete a file",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      204: { description: "Deleted, bytes and all" },
      ...errorResponses(401, 404, 503),
    },
  }),
  async (c) => {
    await deleteFile(...scope(c), fileBucket(c.env), c.req.valid("param").id);
    return c.body(null, 204);
  },
);

export default app;
