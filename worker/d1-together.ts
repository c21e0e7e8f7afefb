/**
 * A page's reads that start together reach D1 together. A page's loaders run side by side (the
 * layout's and the page's), each asking its services, and each service asks D1 on its own: a
 * property's page made six round trips where its reads were ready at the same moment. Over this
 * handle, the statements asked for before the current task ends go as one `batch()`: one round
 * trip, which D1 runs in order as one transaction, and each caller gets its own statement's
 * answer as it would have alone.
 *
 * What a batch cannot do as the statement alone would, runs alone:
 * - `raw()` of a statement whose columns are not all named apart: a batch answers rows as objects,
 *   keyed by column name, so the same name twice (a join's two `id`s) would be one key, and a
 *   name that is a number (`select 1`) would come first whatever its place. Named apart, the
 *   object's values are the row in order; the select list is read for its names (`namedApart`).
 * - a batch that failed: one statement's error fails the batch and rolls it back, so each is
 *   asked again alone, and answers or fails for itself.
 */

interface Waiting {
  statements: D1PreparedStatement[];
  answer: (results: D1Result[]) => void;
  alone: () => Promise<void>;
}

/**
 * The select list of a SELECT, its items split at their top-level commas (not those inside
 * parentheses or quotes); null for what is not a plain SELECT.
 */
function selectList(sql: string): string[] | null {
  const head = /^\s*select\s+(distinct\s+)?/i.exec(sql);
  if (!head) return null;
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = head[0].length;
  for (let i = start; i < sql.length; i += 1) {
    const char = sql[i]!;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"' || char === "`") quote = char;
    else if (char === "(") depth += 1;
    else if (char === ")") depth -= 1;
    else if (depth === 0 && char === ",") {
      items.push(sql.slice(start, i).trim());
      start = i + 1;
    } else if (depth === 0 && /\s/.test(char) && /^\s+from\s/i.test(sql.slice(i, i + 7))) {
      items.push(sql.slice(start, i).trim());
      return items;
    }
  }
  return null;
}

/** The name SQLite gives a select list's item: its alias, a column's own name, else its text. */
function columnName(item: string) {
  const alias = /\s+as\s+(?:"([^"]+)"|`([^`]+)`|(\w+))$/i.exec(item);
  if (alias) return alias[1] ?? alias[2] ?? alias[3]!;
  const column = /^(?:(?:"[^"]+"|\w+)\.)?(?:"([^"]+)"|(\w+))$/.exec(item);
  return column ? (column[1] ?? column[2]!) : item;
}

/** A key a JavaScript object puts first, whatever the order it was given in. */
const INDEX_LIKE = /^(0|[1-9]\d*)$/;

/**
 * Whether every column a SELECT answers has a name of its own that keeps its place among an
 * object's keys (a batch's row then holds them all, in order).
 */
export function namedApart(sql: string) {
  const items = selectList(sql);
  if (!items || items.some((item) => item === "*" || item.endsWith(".*"))) return false;
  const names = items.map(columnName);
  return new Set(names).size === names.length && !names.some((name) => INDEX_LIKE.test(name));
}

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
        if (options?.columnNames || !namedApart(sql)) return statement.raw(options as never);
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
