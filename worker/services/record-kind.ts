/**
 * What a kind of record declares for Export Data and Import Data: its table, what the export
 * writes of it, the input schema a row of an export is checked with, how a row finds the record
 * it already is (its id, a match key), which of its fields name records of other kinds, and how a
 * row already here is merged. Each kind declares this beside its service (`*.kind.ts`); the
 * registry (`kinds.ts`) lists them in the order Import Data reads them, and `transfer.ts` does the
 * rest once for all of them.
 */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { RecordKindName } from "../../app/domain/record-kinds";
import type { ImportCounts, RowFailure } from "../../app/domain/validation";
import type { Database } from "../db/client";

/** A date and time, stored as ISO 8601 whatever way the file writes it (lists sort on it). */
export const timestamp = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: "Not a date and time" })
  .transform((value) => new Date(value).toISOString())
  .optional();

/** Every record of an export carries its id; its times are kept when given. */
export const RecordMetaSchema = z.object({
  id: z.string().trim().min(1).max(64),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A table of records owned by a user. */
export interface OwnedTable extends SQLiteTable {
  userId: SQLiteColumn;
}

/** A row of an export, checked: its place in the file, its id there and its input. */
export interface Checked<T> {
  index: number;
  id: string;
  input: T;
  /** The row as the file has it. */
  raw: Record<string, unknown>;
  createdAt?: string;
  updatedAt?: string;
}

/** Why a row is left out (a reference to a record that is neither in the file nor here). */
export class RowProblem {
  readonly message: string;
  constructor(
    readonly field: string,
    what: string,
    message = `No such ${what} in the file or your workspace`,
  ) {
    this.message = message;
  }
}

/** What a kind's `build` may ask while the file is read. */
export interface BuildContext<Prepared = unknown> {
  userId: string;
  now: string;
  /** A row's times: as the file gives them, else now. */
  times(row: { createdAt?: string; updatedAt?: string }): { createdAt: string; updatedAt: string };
  /** The id a record of the file (of an earlier kind) has in this account; undefined if it is not in the file. */
  fileId(kind: RecordKindName, id: string): string | undefined;
  /** What the kind's `prepare` found before the rows were read. */
  prepared: Prepared;
}

/**
 * How a record already here takes a row of a file: `fields` are what a merge compares (the
 * record's own fields, not its bookkeeping); `derive` works out again what follows from the merged
 * fields (a property's match key, an auction's current sale time, a deal's key figures) from the
 * merged record, whether the merge changed it, the file's row and the record as it was here.
 */
export interface MergeRules<Row> {
  fields(row: Row): Record<string, unknown>;
  derive?(
    merged: Record<string, unknown>,
    changed: boolean,
    fromFile: Record<string, unknown>,
    current: Record<string, unknown>,
  ): Record<string, unknown>;
}

/** What a kind's `related` statements may know: which rows were already here, as they were. */
export interface RelatedContext {
  userId: string;
  /** The records already here, by key, as they were before the import. */
  current: Map<string, Record<string, unknown>>;
  overwriteEdits: boolean;
}

/** A second way a row finds its record: a key worked out from its fields (a property's address). */
export interface MatchKey<Input> {
  /** The row's field the key is kept in. */
  field: string;
  key(input: Input): string;
  /** The ids of the user's records with these keys. */
  find(db: Database, userId: string, keys: string[]): Promise<Map<string, string>>;
}

/** What Import Data does with one kind's rows when the kind plans them itself (links). */
export interface KindPlan {
  counts: ImportCounts;
  statements: BatchItem<"sqlite">[];
}

export interface RecordKind<
  Schema extends z.ZodType = z.ZodType,
  Row extends Record<string, unknown> = Record<string, unknown>,
  Prepared = unknown,
> {
  /** Its field in an export document and its count in Import Data's answer. */
  name: RecordKindName;
  table: OwnedTable;
  /** The column a record is known by (its id; a lead's contact). */
  key: SQLiteColumn;
  /** The queries the export runs for this kind (in its one batch). */
  exportQueries(db: Database, userId: string): BatchItem<"sqlite">[];
  /** The records the export writes, from those queries' rows. */
  exportRecords(results: unknown[][]): unknown[];
  /** A row of an export: its fields besides `id`, `createdAt` and `updatedAt`. */
  input: Schema;
  /** Fields that name a record of an earlier kind (of the file, or the user's). */
  references?: Partial<Record<keyof z.output<Schema> & string, RecordKindName>>;
  /** References that are dropped (set to null) when they name nothing, instead of refusing the row. */
  optionalReferences?: (keyof z.output<Schema> & string)[];
  /** A record whose key is another kind's record (a lead is a contact's marketing record). */
  recordOf?: RecordKindName;
  match?: MatchKey<z.output<Schema>>;
  /** Looked up once before the rows are read (whether the user has a calendar for auctions). */
  prepare?(db: Database, userId: string): Promise<Prepared>;
  /** The row to write, its references already resolved; or the problem that leaves it out. */
  build?(
    row: Checked<z.output<Schema>>,
    id: string,
    context: BuildContext<Prepared>,
  ): Row | RowProblem;
  /**
   * Rows of another table that belong to each record (an auction's history), known by `key`:
   * an import that touches them is undone by putting a record's rows back whole.
   */
  children?: { table: OwnedTable; parent: SQLiteColumn; key: SQLiteColumn[] };
  /** How a record already here is merged; without rules, its own fields (`ownFields`) merge. */
  merge?: MergeRules<Row>;
  /**
   * Statements written with the kind's rows (a conversation's messages, an auction's history):
   * `rows` as merged, `fromFile` as the file has them, in the same order.
   */
  related?(
    db: Database,
    rows: Row[],
    fromFile: Row[],
    context: RelatedContext,
  ): BatchItem<"sqlite">[] | Promise<BatchItem<"sqlite">[]>;
  /** A kind without ids of its own plans its rows itself. */
  plan?(
    db: Database,
    rows: unknown[],
    context: BuildContext & { existingRows: "skip" | "update"; failed: RowFailure[] },
  ): Promise<KindPlan>;
}

/** A kind, with its types worked out from its schema. */
export const recordKind = <
  Schema extends z.ZodType,
  Row extends Record<string, unknown>,
  Prepared = unknown,
>(
  kind: RecordKind<Schema, Row, Prepared>,
) => kind as unknown as RecordKind;

/** The export's query for a kind: every row of the user's in its table. */
export const usersRows =
  (table: OwnedTable) =>
  (db: Database, userId: string): BatchItem<"sqlite">[] => [
    db.select().from(table).where(eq(table.userId, userId)),
  ];

const BOOKKEEPING = ["id", "userId", "createdAt", "updatedAt", "imported"];

/** A record's own fields (what merges compare): not its id, owner, times, import snapshot, nor `also`. */
export function ownFields(row: Record<string, unknown>, also: string[] = []) {
  const skip = new Set([...BOOKKEEPING, ...also]);
  return Object.fromEntries(Object.entries(row).filter(([field]) => !skip.has(field)));
}
