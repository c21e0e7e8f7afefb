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
