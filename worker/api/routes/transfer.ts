/**
 * Export all of a user's workspace as one JSON document (or, with every stored file, as a .zip),
 * and import such a document back.
 */
import { notifyImportFinished } from "../../services/import-runs";
import { z } from "@hono/zod-openapi";
import { todayIn } from "../../../app/domain/today";
import {
  exportWorkspace,
  ImportDocumentSchema,
  planImport,
  writeImport,
} from "../../services/transfer";
import { exportZip } from "../../services/transfer-zip";
import { fileBucket } from "../../services/files";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  jsonBody,
  router,
  signedIn,
  signedInStoring,
  scope,
  importQuery,
} from "../openapi";
import { WorkspaceExportSchema, WorkspaceImportResultSchema } from "./transfer.schemas";

const ImportQuerySchema = importQuery("skip").extend({
  overwriteEdits: z.enum(["true", "false"]).default("false").openapi({
    description:
      "With `existing=update`: the file's values replace fields changed in AI42 since the last import (by default those are kept; an empty field of the file never blanks one)",
  }),
  fileName: z
    .string()
    .max(255)
    .optional()
    .openapi({ description: "The file's name, shown in the list of imports" }),
});

const ExportQuerySchema = z.object({
  part: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(1)
    .openapi({ description: "Which part of a large export (from 1)" }),
});

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/export",
    operationId: "exportWorkspace",
    summary:
      "Everything the user made as one JSON document: projects, contacts and their links, documents, properties, conversations with their messages, research",
    description:
      "A workspace larger than one import takes (5,000 records of a kind, or 25 MB) comes in parts: `part.of` says how many, `?part=` asks for each. Every part is a document `POST /import` takes; import them in order.",
    ...signedIn,
    request: { query: ExportQuerySchema },
    responses: {
      200: dataResponse("The export document (or one part of it)", WorkspaceExportSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const { part } = c.req.valid("query");
    const document = await exportWorkspace(...scope(c), part);
    const name = document.part.of > 1 ? `-part-${part}-of-${document.part.of}` : "";
    c.header(
      "Content-Disposition",
      `attachment; filename="ai42-export-${todayIn(c.var.session.timeZone, Date.parse(document.exportedAt))}${name}.json"`,
    );
    return c.json({ data: document }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/export.zip",
    operationId: "exportWorkspaceZip",
    summary: "Everything the user made, with every stored file, as one .zip (streamed)",
    description:
      "The export document(s) (`ai42-export.json`, or `ai42-export-part-N-of-M.json`), each stored file under `files/<id>/<name>`, and `files.json` (`format: ai42-files`, `version: 1`, `files`: each one's `id`, `ownerType`, `ownerId`, `name`, `kind`, `mimeType`, `size`, `sha256`, `createdAt`, `path`). Restore: `POST /import` each document in order, then `POST /files` each file to its record in the answer's `recordIds`, with its `sha256`.",
    ...signedIn,
    responses: {
      200: {
        description: "The .zip (an attachment named ai42-export-YYYY-MM-DD.zip)",
        headers: {
          "Content-Disposition": {
            description: 'attachment; filename="ai42-export-YYYY-MM-DD.zip"',
            schema: { type: "string" as const },
          },
        },
        content: { "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errorResponses(401, 503),
    },
  }),
  async (c) => {
    const { exportedAt, body } = await exportZip(...scope(c), fileBucket(c.env));
    const day = todayIn(c.var.session.timeZone, Date.parse(exportedAt));
    return c.body(body, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="ai42-export-${day}.zip"`,
      "Cache-Control": "private, no-store",
    });
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/import",
    operationId: "importWorkspace",
    summary: "Import an export document; importing it again finds its records already here",
    description:
      "Records keep their ids, so a second import of the same file skips (or, with `existing=update`, updates) what is already in the workspace instead of adding copies. Each row is checked on its own: invalid rows are reported by kind and index and left out, the rest is written in one batch. A file that is not an AI42 export is refused as a whole (400). With `dryRun=true` nothing is written: the answer is the preview. A record already here is merged (an empty field never blanks one; a field changed in AI42 since the last import is kept unless `overwriteEdits=true`). An import is a run that `POST /imports/runs/{id}/undo` undoes whole.",
    ...signedInStoring,
    request: {
      query: ImportQuerySchema,
      ...jsonBody(ImportDocumentSchema.openapi("WorkspaceImport")),
    },
    responses: {
      200: dataResponse("What was (or would be) imported", WorkspaceImportResultSchema),
      ...errorResponses(400, 401, 413),
    },
  }),
  async (c) => {
    const { dryRun, existing, overwriteEdits, fileName } = c.req.valid("query");
    const [db, userId] = scope(c);
    const plan = await planImport(
      db,
      userId,
      c.req.valid("json"),
      existing,
      overwriteEdits === "true",
    );
    const runId = dryRun === "false" ? await writeImport(db, userId, plan, fileName ?? null) : null;
    if (runId) await notifyImportFinished(db, c.env, userId, runId, Date.now());
    return c.json(
      {
        data: {
          dryRun: dryRun === "true",
          existing,
          runId,
          ...plan.summary,
          recordIds: plan.recordIds,
        },
      },
      200,
    );
  },
);

export default app;
