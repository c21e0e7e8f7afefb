/**
 * A workspace object's SQLite storage behind D1's interface (`prepare`, `bind`, `all`, `first`,
 * `raw`, `run`, `batch`), so the code written for D1 (drizzle's D1 driver, the services' own
 * prepared statements, the whole API) runs unchanged inside the object: the simplest cut of
 * docs/decisions/0049. A batch is one transaction of the object's storage, all or nothing as on D1.
 */

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

const NAMED_TABLES = /\b(?:from|join|into|update|table)\s+[`"[]?(\w+)/gi;

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
    else if (!COPIED_DIRECTORY_TABLES.has(table)) records = true;
  }
  if (records && directoryOnly)
    throw new Error(
      `A statement joins a workspace's records with ${directoryOnly}, which only the directory holds: ${query.slice(0, 120)}`,
    );
  return records ? "object" : "directory";
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
    batch: async (statements: D1PreparedStatement[]) => {
      const results: D1Result[] = [];
      let run: D1PreparedStatement[] = [];
      let runIn: D1Database | undefined;
      const flush = async () => {
        if (runIn && run.length) results.push(...(await runIn.batch(run)));
        run = [];
      };
      for (const statement of statements) {
        const home = statement instanceof ObjectStatement ? local : directory;
        if (home !== runIn) {
          await flush();
          runIn = home;
        }
        run.push(statement);
      }
      await flush();
      return results;
    },
    exec: async (query: string) => side(query).exec(query),
    withSession: () => d1,
    dump: async () => {
      throw new Error("A workspace object's storage is not dumped");
    },
  };
  return d1 as unknown as D1Database;
}
