/**
 * Secrets at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from TOKEN_ENCRYPTION_KEY, a
 * fresh 96-bit IV per value. A stored value reads `v1.<iv>.<ciphertext+tag>` (base64url), so the
 * scheme can change later and a tampered or foreign value fails to decrypt instead of reading wrong.
 */
import { notConfigured } from "../errors";
import type { Env } from "../env";

const VERSION = "v1";
const keys = new Map<string, Promise<CryptoKey>>();

function key(secret: string) {
  let derived = keys.get(secret);
  if (!derived) {
    derived = crypto.subtle
      .importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          {
            name: "HKDF",
            hash: "SHA-256",
            salt: new Uint8Array(32),
            info: new TextEncoder().encode("ai42 stored tokens"),
          },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secret, derived);
  }
  return derived;
}

function secretOf(env: Env) {
  if (!env.TOKEN_ENCRYPTION_KEY) throw notConfigured("TOKEN_ENCRYPTION_KEY", "Google");
  return env.TOKEN_ENCRYPTION_KEY;
}

export const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

export async function encryptSecret(env: Env, plain: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await key(secretOf(env)),
    new TextEncoder().encode(plain),
  );
  return [VERSION, toBase64Url(iv), toBase64Url(new Uint8Array(sealed))].join(".");
}

/** The plain text of a stored value; throws when it was not sealed with this key. */
export async function decryptSecret(env: Env, stored: string) {
  const [version, iv, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !sealed) throw new Error("Not a sealed value");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64Url(iv) },
    await key(secretOf(env)),
    fromBase64Url(sealed),
  );
  return new TextDecoder().decode(plain);
}

/** A random base64url string of `bytes` bytes (the connect flow's single-use state). */
export const randomToken = (bytes = 32) =>
  toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));

/** Hex SHA-256: how a single-use link's or a token's secret is kept, and looked up. */
export async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
