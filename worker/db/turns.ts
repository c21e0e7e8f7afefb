/**
 * A user's statements take turns at the database. D1 answers one statement at a time per
 * database, in the order they arrive: a user with an export streaming and two dashboards loading
 * keeps three statements queued, and every other user's statement waits behind all three. Here
 * each user has one lane in this isolate: their statements run one after another (an export's
 * chunk, then a dashboard's batch, then the next chunk), and other users' go between them, so a
 * small user waits for at most one of the heavy user's statements.
 */

/** The last statement in each user's lane, until it settles. */
const lanes = new Map<string, Promise<unknown>>();

/** `work` once the user's statements before it have settled (whether or not they succeeded). */
export function inTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const before = lanes.get(userId);
  const turn = before ? before.then(work, work) : work();
  const settled = turn.catch(() => undefined);
  lanes.set(userId, settled);
  // The lane is forgotten once it is empty, so the map holds only users with work in flight.
  void settled.then(() => {
    if (lanes.get(userId) === settled) lanes.delete(userId);
  });
  return turn;
}

/** How many users have statements in flight (for tests). */
export const usersInFlight = () => lanes.size;

const RUNS = new Set<PropertyKey>(["all", "raw", "run", "first"]);
const statements = new WeakMap<object, D1PreparedStatement>();

/** A statement whose runs wait for the user's turn; `bind` keeps it so. */
function inTurns(statement: D1PreparedStatement, userId: string): D1PreparedStatement {
  const turned: D1PreparedStatement = new Proxy(statement, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      if (key === "bind") {
        return (...params: unknown[]) => inTurns(target.bind(...params), userId);
      }
      if (RUNS.has(key)) {
        return (...args: unknown[]) =>
          inTurn(userId, () =>
            (value as (...a: unknown[]) => Promise<unknown>).apply(target, args),
          );
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  statements.set(turned, statement);
  return turned;
}

/** The statement a turned one stands for (a batch is sent the database's own statements). */
const own = (statement: D1PreparedStatement) => statements.get(statement) ?? statement;

/**
 * The database as `userId`'s requests use it: each statement, and each batch as one, waits for
 * the user's earlier ones to settle.
 */
export function databaseInTurns(d1: D1Database, userId: string): D1Database {
  return new Proxy(d1, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (key === "prepare") return (query: string) => inTurns(target.prepare(query), userId);
      if (key === "batch") {
        return (batch: D1PreparedStatement[]) => inTurn(userId, () => target.batch(batch.map(own)));
      }
      return typeof value === "function"
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
