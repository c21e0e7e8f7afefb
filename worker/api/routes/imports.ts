/**
 * File imports per kind of record: a CSV (any separator or encoding Excel writes), JSON or XLSX
 * file, as multipart, raw text or a chunk of an already-read table, with an optional mapping.
 * `dryRun=true` answers the preview (the source recognised, the mapping, every row's problem or
 * what it would change) without writing. A run of chunks can be undone whole.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { SALE_TYPES } from "../../../app/domain/auctions/auction-terms";
import {
  flaggedRows,
  readFileTable,
  jsonTable,
  mapColumns,
  missingFields,
  readAuctions,
  readLeads,
  readProperties,
  type FileTable,
} from "../../../app/domain/imports/file";
import { mappingKey, mappingReport, recogniseSource } from "../../../app/domain/imports/mapping";
import { accountedRows, shapeTable, type Table } from "../../../app/domain/imports/table";
import { IMPORT_KINDS, TARGETS, UNDO_DAYS } from "../../../app/domain/imports/targets";
import {
  importAuctionRows,
  importLeadRows,
  importPropertyRows,
  rememberedMapping,
  rememberMapping,
  type ImportOutcome,
} from "../../services/imports";
import { listImportRuns, undoImport } from "../../services/import-runs";
import { assertOwnedReference } from "../../db/queries";
import { campaigns } from "../../db/schema";
import { notifyImportFinished } from "../../services/import-runs";
import { AppError, invalidFields } from "../../errors";
import { FileImportResultSchema, ImportRunSchema } from "./imports.schemas";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  googleScope,
  router,
  scope,
  signedIn,
  signedInStoring,
} from "../openapi";
import type { AppEnv } from "../types";

const flag = (description: string) =>
  z.enum(["true", "false"]).default("false").openapi({ description });

const ImportFileQuerySchema = z.object({
  dryRun: flag("`true`: read, map and plan the file, write nothing (the preview)"),
  overwriteEdits: flag(
    "`true`: the file's values replace fields you changed in AI42 since the last import (by default those are kept)",
  ),
  mapping: z.string().max(20_000).optional().openapi({
    description:
      'Your choices, as JSON: the file\'s header → a target field or "ignore" (`{"PRICE":"listPrice","SOURCE":"ignore"}`). Columns you do not name keep the recognised mapping.',
  }),
  remember: flag("`true`: remember these choices for files from the same source"),
  sheet: z
    .string()
    .max(200)
    .optional()
    .openapi({ description: "A workbook's sheet (the first by default)" }),
  runId: z.string().max(64).optional().openapi({
    description: "The run a later chunk of the same file belongs to (from the first answer)",
  }),
  more: flag(
    '`true`: more chunks of this file follow; the "import finished" notification comes after the last',
  ),
  fileName: z.string().max(300).optional(),
  campaignId: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "Leads: the campaign every new lead of the file belongs to" }),
  saleType: z.enum(SALE_TYPES).optional().openapi({
    description:
      "Auctions: the sale type of every row whose own columns don't say it (a county's sheriff-sale list has no such column)",
  }),
});

const KindParamSchema = z.object({
  kind: z.enum(IMPORT_KINDS).openapi({ param: { name: "kind", in: "path" } }),
});

const TableChunkSchema = z
  .object({
    headers: z.array(z.string().max(500)).min(1).max(500),
    records: z
      .array(z.object({ row: z.number().int().min(1), cells: z.array(z.string().max(100_000)) }))
      .max(5000),
    delimiter: z.string().max(5).optional().openapi({
      description:
        'The file\'s separator: ";" (a European Excel) reads decimal commas and day-first dates',
    }),
  })
  .openapi("ImportTableChunk", {
    description:
      "A chunk of a table the client has already read: the header and some records, with their rows in the file",
  });

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The request's file as a table, whichever way it was sent. */
async function requestTable(
  c: Context<AppEnv>,
  sheet: string | undefined,
): Promise<FileTable | { table: Table; format: "table"; warnings: string[] }> {
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const read = async (bytes: Uint8Array) => {
    try {
      return await readFileTable(bytes, sheet);
    } catch (error) {
      throw new AppError(
        400,
        "UNREADABLE_FILE",
        (error as Error).message || "The file could not be read",
      );
    }
  };
  if (type === "multipart/form-data") {
    const body = await c.req.parseBody();
    const file = body.file;
    if (!(file instanceof File)) {
      throw invalidFields([{ field: "file", message: "Attach the file as the form field “file”" }]);
    }
    return read(new Uint8Array(await file.arrayBuffer()));
  }
  if (type === "application/json") {
    // Checked against the declared schema already: a table chunk, or a scraper's array of objects.
    const value = c.req.valid("json" as never) as unknown;
    const chunk = TableChunkSchema.safeParse(value);
    if (chunk.success) {
      const { headers, records, delimiter } = chunk.data;
      const table = shapeTable([{ row: 1, cells: headers }, ...records], delimiter ?? "table");
      return { table, format: "table", warnings: [] };
    }
    return { table: jsonTable(JSON.stringify(value)), format: "json", warnings: [] };
  }
  if (!type) {
    throw new AppError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Send the file as multipart/form-data (field “file”), as text/csv, as an .xlsx body, or as JSON",
    );
  }
  return read(new Uint8Array(await c.req.arrayBuffer()));
}

/** The user's choices from the query: header → target, each target one the kind has. */
function choicesOf(json: string | undefined, kind: (typeof IMPORT_KINDS)[number]) {
  if (!json) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalidFields([{ field: "mapping", message: "Not valid JSON" }]);
  }
  const parsed = z.record(z.string(), z.string()).safeParse(value);
  if (!parsed.success) {
    throw invalidFields([{ field: "mapping", message: "Give an object of header → field" }]);
  }
  for (const [header, target] of Object.entries(parsed.data)) {
    if (target !== "ignore" && !(target in TARGETS[kind])) {
      throw invalidFields([
        { field: "mapping", message: `“${target}” (for ${header}) is not a field of ${kind}` },
      ]);
    }
  }
  return parsed.data;
}

/** The answer for a file that can't be planned yet: every record counted, none planned. */
const unplanned = (table: Table): ImportOutcome => ({
  runId: null,
  counts: {
    rows: table.records.length + table.problems.length,
    created: 0,
    merged: 0,
    unchanged: 0,
    failed: table.problems.length,
  },
  problems: table.problems,
  rows: [],
});

const app = router();

app.openapi(
  apiRoute({
    method: "post",
    path: "/{kind}",
    operationId: "importFile",
    summary:
      "Import a file (CSV, XLSX or JSON) of properties, leads or auctions: recognised, mapped, merged",
    description:
      "The file is read as the program that wrote it writes it (Redfin, Zillow, Realtor.com, PropStream, BatchLeads, DealMachine, Excel in any locale) and each column mapped to a field: the recognised source's mapping, your remembered choices, or a guess (each column says which). A row that matches a property you have is merged: an empty cell never blanks a field, and a field you changed in AI42 since the last import is kept unless `overwriteEdits=true`. Every row of the file is accounted for: imported, a note, blank, or a problem named by row. Rows are written in chunks of 1,000, each whole or not at all; sending the same file again changes nothing. Large files can be sent as table chunks (`application/json` `{headers, records}`) with the `runId` of the first answer, so the whole run can be undone at once.",
    ...signedInStoring,
    request: {
      params: KindParamSchema,
      query: ImportFileQuerySchema,
      // Read by the handler (any of these types); declared so the contract names them.
      body: {
        required: false,
        content: {
          "multipart/form-data": {
            schema: z.object({
              file: z.any().optional().openapi({ type: "string", format: "binary" }),
            }),
          },
          "text/csv": { schema: z.string() },
          "text/plain": { schema: z.string() },
          "text/tab-separated-values": { schema: z.string() },
          [XLSX_TYPE]: { schema: z.string().openapi({ format: "binary" }) },
          "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
          "application/json": {
            schema: z.union([TableChunkSchema, z.array(z.record(z.string(), z.unknown()))]),
          },
        },
      },
    },
    responses: {
      200: dataResponse("What was (or, with dryRun, would be) imported", FileImportResultSchema),
      ...errorResponses(400, 401, 404, 409, 415),
    },
  }),
  async (c) => {
    const { kind } = c.req.valid("param");
    const query = c.req.valid("query");
    const [db, userId] = scope(c);
    const read = await requestTable(c, query.sheet);
    const { table } = read;
    if (!table.headers.length) {
      throw invalidFields([
        { field: "file", message: "The file has no header row (and no records)" },
      ]);
    }
    const choices = choicesOf(query.mapping, kind);
    const source = recogniseSource(table.headers, kind);
    const key = mappingKey(table.headers, source);
    const remembered = await rememberedMapping(db, userId, kind, key);
    const mapping = mapColumns(table, kind, remembered, choices);
    const fileValues = { saleType: query.saleType };
    const missing = missingFields(kind, mapping, fileValues);
    const dryRun = query.dryRun === "true";
    const answer = (outcome: ImportOutcome, flagged: number) =>
      c.json(
        {
          data: {
            runId: outcome.runId,
            source: mapping.source,
            format: read.format,
            ...("encoding" in read && read.encoding ? { encoding: read.encoding } : {}),
            ...("sheets" in read && read.sheets ? { sheets: read.sheets } : {}),
            columns: mapping.columns,
            ...mappingReport(mapping.columns),
            missing,
            warnings: read.warnings,
            counts: {
              ...outcome.counts,
              lines: accountedRows(table),
              notes: table.notes.length,
              blank: table.blankRows,
              flagged,
            },
            notes: table.notes,
            problems: outcome.problems,
            rows: outcome.rows,
          },
        },
        200,
      );
    if (missing.length) {
      // The preview shows the columns, so the user can map what is missing there.
      if (dryRun) return answer(unplanned(table), 0);
      const columns = table.headers.map((h) => `“${h}”`).join(", ");
      throw invalidFields(
        missing.map(({ field, message }) => ({
          field: field === "saleType" ? "saleType" : "mapping",
          message: `${message} (the file's columns: ${columns})`,
        })),
      );
    }
    if (!dryRun && query.remember === "true") {
      // The user's choices, less those the file's own names settle anyway (the client sends every
      // column as its preview showed it): a confirmed guess is remembered, an exact name is not.
      const recognised = new Map(
        mapColumns(table, kind, remembered).columns.map((column) => [column.header, column]),
      );
      const corrections = Object.fromEntries(
        Object.entries(choices).filter(([header, target]) => {
          const column = recognised.get(header);
          return !column || column.target !== target || column.how === "guess";
        }),
      );
      await rememberMapping(db, userId, kind, key, { ...remembered, ...corrections });
    }
    const options = {
      dryRun,
      overwriteEdits: query.overwriteEdits === "true",
      runId: query.runId,
      fileName: query.fileName,
      source: mapping.source?.name,
    };
    let outcome;
    let flagged = 0;
    if (kind === "auctions") {
      const { rows, problems } = readAuctions(table, mapping, fileValues);
      outcome = await importAuctionRows(
        googleScope(c),
        rows,
        [...table.problems, ...problems],
        options,
      );
    } else if (kind === "leads") {
      await assertOwnedReference(db, campaigns, userId, query.campaignId, "campaignId", "campaign");
      const { rows, problems } = readLeads(table, mapping);
      flagged = flaggedRows(rows.map((row) => row.lead));
      outcome = await importLeadRows(db, userId, rows, [...table.problems, ...problems], {
        ...options,
        campaignId: query.campaignId ?? null,
      });
    } else {
      const { rows, problems } = readProperties(table, mapping);
      flagged = flaggedRows(rows.map((row) => row.owner));
      outcome = await importPropertyRows(
        db,
        userId,
        rows,
        [...table.problems, ...problems],
        options,
      );
    }
    if (outcome.runId && query.more !== "true")
      await notifyImportFinished(db, c.env, userId, outcome.runId, Date.now());
    return answer(outcome, flagged);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listImportRuns",
    summary: "Your recent imports (files and Import Data), newest first",
    ...signedIn,
    responses: { 200: dataResponse("The runs", z.array(ImportRunSchema)), ...errorResponses(401) },
  }),
  async (c) => {
    const runs = await listImportRuns(...scope(c));
    return c.json(
      { data: runs.map(({ userId: _u, undoClearedAt: _cleared, ...run }) => run) },
      200,
    );
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/runs/{id}/undo",
    operationId: "undoImport",
    summary: "Undo a whole import: its new records deleted, every merged record as it was before",
    description: `Possible for ${UNDO_DAYS} days after the import ran (\`undoableUntil\` in the list of runs): then what it changed is no longer kept, and the answer is 409 \`UNDO_EXPIRED\`. 409 \`RUN_UNDONE\` when it was undone already.`,
    ...signedIn,
    request: {
      params: z.object({
        id: z
          .string()
          .min(1)
          .max(64)
          .openapi({ param: { name: "id", in: "path" } }),
      }),
    },
    responses: {
      200: dataResponse(
        "What was put back",
        z.object({ runId: z.string(), restored: z.number() }).openapi("ImportUndoResult"),
      ),
      ...errorResponses(401, 404, 409),
    },
  }),
  async (c) => c.json({ data: await undoImport(...scope(c), c.req.valid("param").id) }, 200),
);

export default app;
