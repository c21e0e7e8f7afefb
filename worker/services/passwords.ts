/**
 * Password hashing with scrypt from node:crypto (workerd `nodejs_compat`).
 *
 * Parameters are one of OWASP's equivalent scrypt settings. workerd in production caps
 * N·r·p at 2^20 and an isolate at 128 MB; local workerd enforces neither, so the unit tests pin
 * these numbers. The stored string names its parameters, so they can be raised later and old
 * hashes re-hashed at the next sign-in (see `needsRehash`).
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
/** scrypt needs about 128·N·r bytes (16 MiB here); leave headroom but stay far below 128 MB. */
export const SCRYPT_MAXMEM = 32 * 1024 * 1024;
export const WORKERD_SCRYPT_COST_CAP = 2 ** 20;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

interface Params {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: Params, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      keyLength,
      { ...params, maxmem: SCRYPT_MAXMEM },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N=16384,r=8,p=5$<salt base64>$<key base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, SCRYPT_PARAMS, KEY_LENGTH);
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parse(stored: string) {
  const [scheme, paramText, saltText, keyText] = stored.split("$");
  if (scheme !== "scrypt" || !paramText || !saltText || !keyText) return null;
  const params = Object.fromEntries(
    paramText.split(",").map((pair) => {
      const [name, value] = pair.split("=");
      return [name, Number(value)];
    }),
  ) as Partial<Params>;
  if (!params.N || !params.r || !params.p) return null;
  return {
    params: { N: params.N, r: params.r, p: params.p },
    salt: Buffer.from(saltText, "base64"),
    key: Buffer.from(keyText, "base64"),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N !== SCRYPT_PARAMS.N || r !== SCRYPT_PARAMS.r || p !== SCRYPT_PARAMS.p;
}

/**
 * A stored hash with today's parameters, written out once (of a password nobody uses) so that
 * refusing an unknown e-mail costs exactly one derivation, like a wrong password; computing it on
 * first use would make the first such refusal cost two. Raise it with SCRYPT_PARAMS.
 */
export const DUMMY_PASSWORD_HASH =
  "scrypt$N=16384,r=8,p=5$aRPSH325mPfPFlxlXSGmnw==$jaT3MtEPNmjRPjisnwgXQydXU5hj/aKv3rQfQnJ+SrA=";

/** Spend the same time as a real check when the account does not exist. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  await verifyPassword(password, DUMMY_PASSWORD_HASH);
}
