/**
 * A fixed-window request limit per key, counted atomically in D1 (KV allows one write per second
 * per key and is eventually consistent): what a page open to anyone, the shared report, is held to.
 */

/**
 * The statement that counts one more under a key (?1) in a fixed window, starting a new window
 * at now (?2, seconds) when the last opened at or before ?3, and answers the count and its
 * window's start: the login throttle's counters and the request limits share it.
 */
export const countInWindowSql = (table: string, column: string) =>
  `INSERT INTO ${table} (key, ${column}, window_start) VALUES (?1, 1, ?2)
  ON CONFLICT(key) DO UPDATE SET
    ${column} = CASE WHEN window_start <= ?3 THEN 1 ELSE ${column} + 1 END,
    window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
  RETURNING ${column}, window_start`;

const COUNT = countInWindowSql("request_counts", "count");

/**
 * Counts this request; answers the seconds to wait when the key has made more than `limit` in
 * the window, else null.
 */
export async function countRequest(
  d1: D1Database,
  key: string,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
  now = Date.now(),
) {
  const nowSeconds = Math.floor(now / 1000);
  const opened = nowSeconds - windowSeconds;
  // Keys whose window has passed go as others are counted, so the table holds live windows only
  // (every key counts in a window of the same length: the one limit there is).
  const [, result] = await d1.batch<{ count: number; window_start: number }>([
    d1
      .prepare("DELETE FROM request_counts WHERE window_start <= ?1 AND key <> ?2")
      .bind(opened, key),
    d1.prepare(COUNT).bind(key, nowSeconds, opened),
  ]);
  const counted = result?.results[0];
  if (!counted || counted.count <= limit) return null;
  return Math.max(1, counted.window_start + windowSeconds - nowSeconds);
}
