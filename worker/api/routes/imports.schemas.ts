import { z } from "@hono/zod-openapi";
import { IMPORT_RUN_KINDS, UNDO_DAYS } from "../../../app/domain/imports/targets";

/** A file import's answer (POST /imports/{kind}): the file as read, mapped and planned. */
const ImportColumnSchema = z.object({
  index: z.number(),
  header: z.string(),
  target: z.string(),
  how: z.enum(["source", "known", "guess", "remembered", "user", "none"]),
  guess: z.object({ target: z.string(), applied: z.boolean() }).optional(),
  note: z.string().optional().openapi({
    description:
      "Why the column is left out (no field matches its name, a guess its values refuted, its field taken by another column), or how a guess was checked",
  }),
  samples: z.array(z.string()),
});
const FieldChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
const RowProblemSchema = z
  .object({ row: z.number(), message: z.string() })
  .openapi("ImportRowProblem");
export const FileImportResultSchema = z
  .object({
    runId: z.string().nullable(),
    source: z.object({ id: z.string(), name: z.string() }).nullable(),
    format: z.enum(["csv", "json", "xlsx", "table"]),
    encoding: z.string().optional(),
    sheets: z.array(z.string()).optional(),
    columns: z.array(ImportColumnSchema),
    guesses: z
      .array(
        z.object({
          header: z.string(),
          target: z.string().openapi({ description: "The field its name suggested" }),
          applied: z.boolean(),
          reason: z.string(),
        }),
      )
      .openapi({
        description:
          "Every column mapped by a guess at its name: applied only when its values fit the field (target), else left unmapped with the reason",
      }),
    unmapped: z
      .array(z.object({ header: z.string(), reason: z.string() }))
      .openapi({ description: "Every column not imported, with why" }),
    missing: z.array(z.object({ field: z.string(), message: z.string() })).openapi({
      description:
        "What the mapping still lacks for every row (a dry run answers it with no plan; an import is refused 400)",
    }),
    warnings: z.array(z.string()).openapi({
      description:
        "What the file itself hides: formulas a workbook saved without their values, read as empty",
    }),
    counts: z.object({
      lines: z.number().openapi({
        description: "Every row of the file: header, records, notes, blanks, problems",
      }),
      rows: z.number(),
      created: z.number(),
      merged: z.number(),
      unchanged: z.number(),
      failed: z.number(),
      notes: z.number(),
      blank: z.number(),
      flagged: z.number().openapi({
        description:
          "Records a list flags do-not-contact, litigator, deceased or do-not-mail (imported, with the flags)",
      }),
    }),
    notes: z.array(z.object({ row: z.number(), text: z.string() })),
    problems: z.array(RowProblemSchema),
    rows: z.array(
      z.object({
        row: z.number(),
        action: z.enum(["new", "merge", "unchanged"]),
        label: z.string(),
        changes: z.array(FieldChangeSchema),
        kept: z.array(FieldChangeSchema),
      }),
    ),
  })
  .openapi("FileImportResult");

export const ImportRunSchema = z
  .object({
    id: z.string(),
    kind: z.enum(IMPORT_RUN_KINDS),
    fileName: z.string().nullable(),
    source: z.string().nullable(),
    created: z.number(),
    merged: z.number(),
    unchanged: z.number(),
    failed: z.number(),
    undoneAt: z.string().nullable(),
    undoableUntil: z
      .string()
      .nullable()
      .openapi({
        description: `Until when \`POST /imports/runs/{id}/undo\` can undo the run (${UNDO_DAYS} days after it ran: then what it changed is no longer kept); null once undone or past that`,
      }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ImportRun");
