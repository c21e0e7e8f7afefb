/**
 * A page's reads that start together reach D1 together. A page's loaders run side by side (the
 * layout's and the page's), each asking its services, and each service asks D1 on its own: a
 * property's page made six round trips where its reads were ready at the same moment. Over this
 * handle, the statements asked for before the current task ends go as one `batch()`: one round
 * trip, which D1 runs in order as one transaction, and each caller gets its own statement's
 * answer as it would have alone.
 *
 * What a batch cannot do as the statement alone would, runs alone:
 * - `raw()` of a statement that joins tables: a batch answers rows as objects, keyed by column
 *   name, and the same name from two tables would be one key (a join's `id`s). Without a join,
 *   drizzle selects each column once, so the object's values are the row in order.
 * - a batch that failed: one statement's error fails the batch and rolls it back, so each is
 *   asked again alone, and answers or fails for itself.
 */

interface Waiting {
  statements: D1PreparedStatement[];
  answer: (results: D1Result[]) => void;
  alone: () => Promise<void>;
}

const JOIN = /\bjoin\b/i;

export function readTogether(db: D1Database): D1Database {
  let waiting: Waiting[] = [];

  function flush() {
    const asked = waiting;
    waiting = [];
    if (asked.length === 1) return void asked[0]!.alone();
    db.batch(asked.flatMap((item) => item.statements)).then(
      (results) => {
        let at = 0;
        for (const item of asked) {
          item.answer(results.slice(at, at + item.statements.length));
          at += item.statements.length;
        }
      },
      () => asked.forEach((item) => void item.alone()),
    );
  }

  function enqueue<T>(
    statements: D1PreparedStatement[],
    fromResults: (results: D1Result[]) => T,
    alone: () => Promise<T>,
  ) {
    return new Promise<T>((resolve, reject) => {
      if (waiting.length === 0) setTimeout(flush, 0);
      waiting.push({
        statements,
        answer: (results) => {
          try {
            resolve(fromResults(results));
          } catch (error) {
            reject(error);
          }
        },
        alone: () => alone().then(resolve, reject),
      });
    });
  }

  const real = new WeakMap<object, D1PreparedStatement>();

  function statementOf(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const wrapped = {
      bind: (...values: unknown[]) => statementOf(statement.bind(...values), sql),
      all: () =>
        enqueue(
          [statement],
          ([result]) => result!,
          () => statement.all(),
        ),
      run: () =>
        enqueue(
          [statement],
          ([result]) => result!,
          () => statement.run(),
        ),
      first: (column?: string) =>
        enqueue(
          [statement],
          ([result]) => {
            const row = (result!.results[0] ?? null) as Record<string, unknown> | null;
            return column === undefined ? row : row === null ? null : (row[column] ?? null);
          },
          () => (column === undefined ? statement.first() : statement.first(column)),
        ),
      raw: (options?: { columnNames?: boolean }) => {
        if (options?.columnNames || JOIN.test(sql)) return statement.raw(options as never);
        return enqueue(
          [statement],
          ([result]) => (result!.results as Record<string, unknown>[]).map(Object.values),
          () => statement.raw(),
        );
      },
    } as unknown as D1PreparedStatement;
    real.set(wrapped, statement);
    return wrapped;
  }

  return {
    prepare: (sql: string) => statementOf(db.prepare(sql), sql),
    batch: <T>(statements: D1PreparedStatement[]) => {
      const own = statements.map((statement) => real.get(statement) ?? statement);
      return enqueue(
        own,
        (results) => results as D1Result<T>[],
        () => db.batch<T>(own),
      );
    },
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (...args: Parameters<D1Database["withSession"]>) => db.withSession(...args),
  } as D1Database;
}
