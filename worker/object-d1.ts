/**
 * A workspace object's SQLite storage behind D1's interface (`prepare`, `bind`, `all`, `first`,
 * `raw`, `run`, `batch`), so the code written for D1 (drizzle's D1 driver, the services' own
 * prepared statements, the whole API) runs unchanged inside the object: the simplest cut of
 * docs/decisions/0049. A batch is one transaction of the object's storage, all or nothing as on D1.
 */

import { WORKSPACE_TABLES } from "./db/workspace-tables";

type Value = SqlStorageValue | boolean | undefined;

/** A value as SQLite stores it: D1 takes booleans as 1 and 0, and nothing as NULL. */
const stored = (value: Value): SqlStorageValue =>
  value === undefined ? null : typeof value === "boolean" ? Number(value) : value;

class ObjectStatement {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly query: string,
    private readonly params: Value[] = [],
  ) {}

  bind(...params: Value[]) {
    return new ObjectStatement(this.storage, this.query, params);
  }

  private cursor() {
    return this.storage.sql.exec(this.query, ...this.params.map(stored));
  }

  /** As D1's `all()`, at once: what a batch collects inside its transaction. */
  allNow() {
    const cursor = this.cursor();
    const results = cursor.toArray();
    return {
      results,
      success: true as const,
      meta: {
        changes: cursor.rowsWritten,
        rows_read: cursor.rowsRead,
        rows_written: cursor.rowsWritten,
        duration: 0,
        last_row_id: 0,
        changed_db: cursor.rowsWritten > 0,
        size_after: this.storage.sql.databaseSize,
      },
    };
  }

  async all() {
    return this.allNow();
  }

  async run() {
    return this.allNow();
  }

  async first(column?: string) {
    const [row] = this.cursor().toArray();
    if (!row) return null;
    return column ? (row[column] ?? null) : row;
  }

  async raw(options?: { columnNames?: boolean }) {
    const cursor = this.cursor();
    const rows = [...cursor.raw()];
    return options?.columnNames ? [cursor.columnNames, ...rows] : rows;
  }
}

/** The object's storage as a D1 binding. */
export function objectD1(storage: DurableObjectStorage): D1Database {
  const d1 = {
    prepare: (query: string) => new ObjectStatement(storage, query),
    batch: async (statements: ObjectStatement[]) =>
      storage.transactionSync(() => statements.map((statement) => statement.allNow())),
    exec: async (query: string) => {
      storage.sql.exec(query);
      return { count: 1, duration: 0 };
    },
    withSession: () => d1,
    dump: async () => {
      throw new Error("A workspace object's storage is not dumped");
    },
  };
  return d1 as unknown as D1Database;
}

/**
 * Tables only the directory (D1) holds: what must be found before a workspace is known and what is a
 * person's rather than a workspace's (docs/decisions/0049). A workspace's object never reads or
 * writes its own (empty) copies of them.
 */
export const DIRECTORY_TABLES: ReadonlySet<string> = new Set([
  "login_failures",
  "workspace_invitations",
  "google_connections",
  "google_oauth_states",
  "geocode_cache",
  "geocoder_slots",
  "notification_settings",
  "notifications",
  "access_tokens",
  "mcp_calls",
  "share_links",
]);

/**
 * Tables D1 holds and the object keeps a copy of (`Workspace.refreshDirectory`), so that a record's
 * read can name the people it is assigned to or changed by in one statement.
 */
export const COPIED_DIRECTORY_TABLES: ReadonlySet<string> = new Set([
  "users",
  "workspaces",
  "workspace_members",
]);

/**
 * The tables only a workspace's object holds: its records, what its triggers keep beside them (the
 * storage counters, the search indexes) and its imports' undo log.
 */
export const RECORD_TABLES: ReadonlySet<string> = new Set([
  ...WORKSPACE_TABLES.keys(),
  "import_undo",
  "usage_counters",
  "storage_pass",
  ...[
    "auctions",
    "contacts",
    "conversations",
    "deals",
    "entries",
    "file_pages",
    "files",
    "leads",
    "projects",
    "properties",
    "research_reports",
    "routes",
  ].map((table) => `${table}_search`),
]);

/**
 * The names a statement reads or writes as tables: after FROM, JOIN, INTO, UPDATE and a comma
 * (a comma join; a column after a comma is never one of the tables' names but `leads`, whose
 * table is a record table too). Names that are no table (aliases, a CTE, `set`, `json_each`)
 * are passed over by the caller.
 */
const NAMED_TABLES = /(?:\b(?:from|join|into|update|table)\s+|,\s*)[`"[]?(\w+)/gi;

/**
 * Where a statement runs: in the object when it names any of the workspace's own tables (and the
 * copies it joins them with); in the directory when it names only the directory's. A statement
 * naming both a record table and one only the directory holds can't run anywhere, and says so.
 */
export function statementHome(query: string): "object" | "directory" {
  let records = false;
  let directoryOnly: string | undefined;
  for (const [, name] of query.matchAll(NAMED_TABLES)) {
    const table = name!.toLowerCase();
    if (DIRECTORY_TABLES.has(table)) directoryOnly = table;
    else if (RECORD_TABLES.has(table)) records = true;
  }
  if (records && directoryOnly)
    throw new Error(
      `A statement joins a workspace's records with ${directoryOnly}, which only the directory holds: ${query.slice(0, 120)}`,
    );
  return records ? "object" : "directory";
}

/**
 * A batch whose statements go to two databases: each run of consecutive statements for one of
 * them is one batch there (one transaction), in order; the answers in the statements' order.
 */
async function inRuns<S>(
  statements: S[],
  inObject: (statement: S) => boolean,
  objectBatch: (run: S[]) => Promise<D1Result[]>,
  directoryBatch: (run: S[]) => Promise<D1Result[]>,
) {
  const results: D1Result[] = [];
  for (let start = 0; start < statements.length;) {
    const here = inObject(statements[start]!);
    let end = start;
    while (end < statements.length && inObject(statements[end]!) === here) end += 1;
    const run = statements.slice(start, end);
    results.push(...(await (here ? objectBatch(run) : directoryBatch(run))));
    start = end;
  }
  return results;
}

/**
 * What a workspace's object gives its code as `env.DB`: one D1 binding over two databases. Each
 * statement goes where its tables are (`statementHome`): the workspace's records to the object's
 * own storage, the directory's tables (a person's notices, Google connection, the geocoder's cache,
 * the members' roles) to D1. A batch whose statements all go one way is one transaction there, as
 * on D1; one that spans both runs its object part and its directory part each whole, in order.
 */
export function workspaceD1(storage: DurableObjectStorage, directory: D1Database): D1Database {
  const local = objectD1(storage);
  const side = (query: string) => (statementHome(query) === "object" ? local : directory);
  const d1 = {
    prepare: (query: string) => side(query).prepare(query),
    batch: (statements: D1PreparedStatement[]) =>
      inRuns(
        statements,
        (statement) => statement instanceof ObjectStatement,
        (run) => local.batch(run),
        (run) => directory.batch(run),
      ),
    exec: async (query: string) => side(query).exec(query),
    withSession: () => d1,
    dump: async () => {
      throw new Error("A workspace object's storage is not dumped");
    },
  };
  return d1 as unknown as D1Database;
}

/** One statement as it crosses to a workspace's object: its SQL and bound values. */
export interface SentStatement {
  query: string;
  params: SqlStorageValue[];
}

/** How a statement's answer is asked for, as D1's statement methods ask. */
export type Answer =
  { kind: "all" } | { kind: "first"; column?: string } | { kind: "raw"; columnNames?: boolean };

/** What the Worker asks of a workspace's object for its statements (worker/workspace-object.ts). */
export interface WorkspaceStatements {
  statement(sent: SentStatement, answer: Answer): Promise<unknown>;
  statements(sent: SentStatement[]): Promise<D1Result[]>;
}

/** D1's methods of one statement run on the object's storage: its side of `answer`. */
export async function answerStatement(
  storage: DurableObjectStorage,
  { query, params }: SentStatement,
  answer: Answer,
) {
  const statement = new ObjectStatement(storage, query, params);
  if (answer.kind === "first") return await statement.first(answer.column);
  if (answer.kind === "raw") return await statement.raw({ columnNames: answer.columnNames });
  return statement.allNow();
}

/** A batch's statements on the object's storage, in one transaction: all or nothing, as on D1. */
export const answerStatements = (storage: DurableObjectStorage, sent: SentStatement[]) =>
  storage.transactionSync(() =>
    sent.map(({ query, params }) => new ObjectStatement(storage, query, params).allNow()),
  );

class RemoteStatement {
  constructor(
    readonly object: WorkspaceStatements,
    readonly sent: SentStatement,
  ) {}

  bind(...params: Value[]) {
    return new RemoteStatement(this.object, { query: this.sent.query, params: params.map(stored) });
  }

  all() {
    return this.object.statement(this.sent, { kind: "all" });
  }

  run() {
    return this.all();
  }

  first(column?: string) {
    return this.object.statement(this.sent, { kind: "first", column });
  }

  raw(options?: { columnNames?: boolean }) {
    return this.object.statement(this.sent, { kind: "raw", columnNames: options?.columnNames });
  }
}

/**
 * A moved workspace's database as the Worker's own code reaches it (a page's loaders and actions):
 * each statement on the workspace's records is run by its object, a batch as one call and one
 * transaction there; a statement on the directory's tables goes to D1 (`statementHome`), as inside
 * the object.
 */
export function remoteD1(object: WorkspaceStatements, directory: D1Database): D1Database {
  const d1 = {
    prepare: (query: string) =>
      statementHome(query) === "object"
        ? new RemoteStatement(object, { query, params: [] })
        : directory.prepare(query),
    batch: (statements: (RemoteStatement | D1PreparedStatement)[]) =>
      inRuns(
        statements,
        (statement) => statement instanceof RemoteStatement,
        (run) => object.statements(run.map((statement) => (statement as RemoteStatement).sent)),
        (run) => directory.batch(run as D1PreparedStatement[]),
      ),
    exec: async () => {
      throw new Error("A moved workspace's database takes prepared statements only");
    },
    withSession: () => d1,
    dump: async () => {
      throw new Error("A workspace object's storage is not dumped");
    },
  };
  return d1 as unknown as D1Database;
}
