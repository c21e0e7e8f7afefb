/**
 * Failed sign-ins, counted atomically in D1 (KV allows one write per second per key and is
 * eventually consistent) under two keys: the account *and* the client address together, so an
 * attacker elsewhere who knows an e-mail cannot lock its owner out; and the client address alone,
 * with a higher limit, against one place trying passwords on many accounts. Every attempt is
 * counted before the password is checked, so parallel guesses cannot slip past a limit; a
 * successful sign-in takes its attempt back.
 */

export const MAX_FAILED_LOGINS = 5;
export const MAX_FAILED_LOGINS_PER_ADDRESS = 50;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * The client's place as Cloudflare's edge reports it (a client cannot set this header): its IPv4
 * address, or its IPv6 /64 — one subscriber's network, inside which a new address costs nothing.
 */
export function clientAddress(request: Request) {
  const address = request.headers.get("CF-Connecting-IP") ?? "unknown";
  return address.includes(":") ? `${ipv6Prefix64(address)}::/64` : address;
}

/** The first four groups of an IPv6 address, "::" expanded: "2001:db8::1" → "2001:db8:0:0". */
export function ipv6Prefix64(address: string) {
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":");
}

const accountKey = (email: string, address: string) => `account:${email}|${address}`;
const addressKey = (address: string) => `address:${address}`;

const COUNT = `INSERT INTO login_failures (key, failures, window_start) VALUES (?1, 1, ?2)
  ON CONFLICT(key) DO UPDATE SET
    failures = CASE WHEN window_start <= ?3 THEN 1 ELSE failures + 1 END,
    window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
  RETURNING failures, window_start`;

/**
 * Counts this attempt; returns the seconds to wait when this account from this address, or this
 * address overall, has failed too often in the window, else null.
 */
export async function countLoginAttempt(
  d1: D1Database,
  email: string,
  address: string,
  now = Date.now(),
) {
  const nowSeconds = Math.floor(now / 1000);
  const windowOpened = nowSeconds - LOGIN_WINDOW_SECONDS;
  const count = (key: string) => d1.prepare(COUNT).bind(key, nowSeconds, windowOpened);
  const [account, place] = await d1.batch<{ failures: number; window_start: number }>([
    count(accountKey(email, address)),
    count(addressKey(address)),
    // Counters whose window has closed mean nothing any more: keep the table small.
    d1.prepare("DELETE FROM login_failures WHERE window_start <= ?1").bind(windowOpened),
  ]);
  const waits = [
    [account?.results[0], MAX_FAILED_LOGINS],
    [place?.results[0], MAX_FAILED_LOGINS_PER_ADDRESS],
  ] as const;
  const wait = waits
    .filter(([row, limit]) => row && row.failures > limit)
    .map(([row]) => Math.max(1, row!.window_start + LOGIN_WINDOW_SECONDS - nowSeconds));
  return wait.length ? Math.max(...wait) : null;
}

/** A successful sign-in: the account's failures from this address are forgiven, and the
 * attempt no longer counts against the address. */
export async function clearLoginAttempts(d1: D1Database, email: string, address: string) {
  await d1.batch([
    d1.prepare("DELETE FROM login_failures WHERE key = ?1").bind(accountKey(email, address)),
    d1
      .prepare("UPDATE login_failures SET failures = max(failures - 1, 0) WHERE key = ?1")
      .bind(addressKey(address)),
  ]);
}

/** A new password (reset by e-mail): the account's failures are forgiven from every address. */
export async function clearAccountFailures(d1: D1Database, email: string) {
  // Every `account:<e-mail>|…` key: the range from "|" up to the next character, "}".
  await d1
    .prepare("DELETE FROM login_failures WHERE key >= ?1 AND key < ?2")
    .bind(`account:${email}|`, `account:${email}}`)
    .run();
}
