/**
 * File imports (POST /api/imports/{kind}): a table the browser has read (app/domain/imports),
 * sent in chunks of its records, previewed with `dryRun`, and undone whole.
 */
import type { z } from "zod";
import type { SaleType } from "~/domain/auctions/auction-terms";
import type { TableRecord } from "~/domain/imports/table";
import type { ImportKind } from "~/domain/imports/targets";
import type {
  FileImportResultSchema,
  ImportRunSchema,
} from "../../../worker/api/routes/imports.schemas";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, queryString } from "./workspace";

export type FileImportResult = z.infer<typeof FileImportResultSchema>;
export type ImportRun = z.infer<typeof ImportRunSchema>;
export type FileImportKind = ImportKind;

export interface FileImportOptions {
  /** The user's choices: header → target (or "ignore"). */
  mapping?: Record<string, string>;
  overwriteEdits?: boolean;
  remember?: boolean;
  runId?: string | null;
  fileName?: string;
  campaignId?: string | null;
  /** Auctions: the sale type of every row that doesn't say it (a county list). */
  saleType?: SaleType | null;
  dryRun?: boolean;
  /** More chunks of the file follow: the "import finished" notice waits for the last. */
  more?: boolean;
}

export const importsApi = {
  /** Sends the header and some records; the answer says what they did (or, dry, would do). */
  send: (
    kind: FileImportKind,
    chunk: { headers: string[]; records: TableRecord[]; delimiter: string },
    options: FileImportOptions,
  ) =>
    orThrow(
      apiRequest<FileImportResult>(
        `/imports/${kind}${queryString({
          dryRun: options.dryRun,
          overwriteEdits: options.overwriteEdits,
          remember: options.remember,
          runId: options.runId,
          fileName: options.fileName,
          campaignId: options.campaignId,
          saleType: options.saleType,
          more: options.more,
          mapping:
            options.mapping && Object.keys(options.mapping).length
              ? JSON.stringify(options.mapping)
              : undefined,
        })}`,
        { method: "POST", body: chunk },
      ),
      MESSAGES.importFile,
    ),
  undo: (runId: string) =>
    orThrow(
      apiRequest<{ runId: string; restored: number }>(
        `/imports/runs/${encodeURIComponent(runId)}/undo`,
        { method: "POST" },
      ),
      MESSAGES.undoImport,
    ),
};
