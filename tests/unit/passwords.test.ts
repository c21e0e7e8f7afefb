import { scrypt } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  needsRehash,
  SCRYPT_MAXMEM,
  SCRYPT_PARAMS,
  verifyAgainstDummy,
  verifyPassword,
  WORKERD_SCRYPT_COST_CAP,
} from "../../worker/services/passwords";

vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  return { ...crypto, scrypt: vi.fn(crypto.scrypt) };
});

describe("scrypt parameters", () => {
  // Local workerd does not enforce production limits, so the numbers themselves are checked.
  it("stay under workerd's production cap of N·r·p = 2^20", () => {
    const { N, r, p } = SCRYPT_PARAMS;
    expect(N * r * p).toBeLessThan(WORKERD_SCRYPT_COST_CAP);
    expect(WORKERD_SCRYPT_COST_CAP).toBe(2 ** 20);
  });

  it("are OWASP's N=2^14, r=8, p=5 with maxmem set explicitly and far below 128 MB", () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 16384, r: 8, p: 5 });
    const needed = 128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r;
    expect(needed).toBe(16 * 1024 * 1024);
    expect(SCRYPT_MAXMEM).toBeGreaterThan(needed);
    expect(SCRYPT_MAXMEM).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});

describe("hashPassword / verifyPassword", () => {
  it("stores a self-describing string that verifies only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$N=16384,r=8,p=5\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(stored);
    expect(needsRehash(stored)).toBe(false);
  });

  it("reads the parameters from the stored string, so older hashes still verify and get upgraded", async () => {
    const { scryptSync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const key = scryptSync("old password", salt, 32, { N: 1024, r: 8, p: 1 });
    const old = `scrypt$N=1024,r=8,p=1$${salt.toString("base64")}$${key.toString("base64")}`;
    expect(await verifyPassword("old password", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it("rejects malformed stored values instead of throwing", async () => {
    for (const stored of ["", "bcrypt$x", "scrypt$N=0$a$b", "scrypt$N=16384,r=8,p=5$"]) {
      expect(await verifyPassword("anything", stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });
});

describe("refusing an unknown e-mail", () => {
  it("costs exactly one derivation with today's parameters, from the first refusal on", async () => {
    expect(needsRehash(DUMMY_PASSWORD_HASH)).toBe(false);
    vi.mocked(scrypt).mockClear();
    await verifyAgainstDummy("a guess");
    expect(vi.mocked(scrypt)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(scrypt).mock.calls[0]![3]).toMatchObject(SCRYPT_PARAMS);
    vi.mocked(scrypt).mockClear();
    await verifyPassword("a guess", await hashPassword("the real one"));
    expect(vi.mocked(scrypt)).toHaveBeenCalledTimes(2); // the hash above, then the one check
  });
});
