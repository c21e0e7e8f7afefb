/**
 * Failed sign-ins per account, counted atomically in D1 (KV allows one write per second per key
 * and is eventually consistent). Every attempt is counted before the password is checked, so
 * parallel guesses cannot slip past the limit; a successful sign-in clears the count.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/** Counts this attempt; returns the seconds to wait when the account is locked, else null. */
export async function countLoginAttempt(d1: D1Database, email: string, now = Date.now()) {
  const nowSeconds = Math.floor(now / 1000);
  const row = await d1
    .prepare(
      `INSERT INTO login_attempts (email, failures, window_start) VALUES (?1, 1, ?2)
       ON CONFLICT(email) DO UPDATE SET
         failures = CASE WHEN window_start <= ?3 THEN 1 ELSE failures + 1 END,
         window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
       RETURNING failures, window_start`,
    )
    .bind(email, nowSeconds, nowSeconds - LOGIN_WINDOW_SECONDS)
    .first<{ failures: number; window_start: number }>();
  if (!row || row.failures <= MAX_FAILED_LOGINS) return null;
  return Math.max(1, row.window_start + LOGIN_WINDOW_SECONDS - nowSeconds);
}

export async function clearLoginAttempts(d1: D1Database, email: string) {
  await d1.prepare("DELETE FROM login_attempts WHERE email = ?1").bind(email).run();
}
