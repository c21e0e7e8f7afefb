/**
 * A fixed-window request limit per key, counted atomically in D1 (KV allows one write per second
 * per key and is eventually consistent): what a page open to anyone, the shared report, is held to.
 */

const COUNT = `INSERT INTO request_counts (key, count, window_start) VALUES (?1, 1, ?2)
  ON CONFLICT(key) DO UPDATE SET
    count = CASE WHEN window_start <= ?3 THEN 1 ELSE count + 1 END,
    window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
  RETURNING count, window_start`;

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
