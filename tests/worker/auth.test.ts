import { createExecutionContext, env } from "cloudflare:test";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it, vi } from "vitest";
import { createApi } from "../../worker/api/app";
import type { Env } from "../../worker/env";
import {
  countLoginAttempt,
  MAX_FAILED_LOGINS_PER_ADDRESS,
} from "../../worker/services/login-throttle";
import { hashPassword } from "../../worker/services/passwords";
import { setPasswordHash } from "../../worker/services/users";
import { api, cookieValue, ORIGIN, register, uniqueEmail } from "./helpers";

const countUsers = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>())!.n;

describe("POST /api/auth/register", () => {
  it("creates the account, answers 201 with a token and a public user, and sets the cookie", async () => {
    const { response, token, user, body, cookie } = await register();
    expect(response.status).toBe(201);
    expect(Object.keys(user).sort()).toEqual([
      "created_at",
      "email",
      "first_name",
      "id",
      "last_name",
    ]);
    expect(user.email).toBe(body.email);
    expect(token.split(".")).toHaveLength(3);
    expect(cookie).toMatch(/^ai42_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(user.id)
      .first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    expect(row!.password_hash).not.toContain(body.password);
  });

  it("answers 409 with the spec's message for a taken e-mail, whatever its case", async () => {
    const first = await register();
    const before = await countUsers();
    const second = await api("/auth/register", {
      method: "POST",
      json: { ...first.body, email: first.body.email.toUpperCase() },
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: {
        code: "EMAIL_TAKEN",
        message: "An account with this email already exists. Please try logging in instead.",
      },
    });
    expect(await countUsers()).toBe(before);
  });

  it("refuses invalid input with 400 naming each field, and writes nothing", async () => {
    const before = await countUsers();
    const response = await api("/auth/register", {
      method: "POST",
      json: {
        email: "not-an-email",
        password: "short",
        first_name: "  ",
        last_name: "x".repeat(101),
      },
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; details: { field: string }[] };
    };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details.map((d) => d.field).sort()).toEqual([
      "email",
      "first_name",
      "last_name",
      "password",
    ]);
    const tooLong = await api("/auth/register", {
      method: "POST",
      json: { email: uniqueEmail(), password: "p".repeat(257), first_name: "A", last_name: "B" },
    });
    expect(tooLong.status).toBe(400);
    expect(await countUsers()).toBe(before);
  });

  it("answers malformed JSON, a missing body and an oversized body with JSON errors", async () => {
    const malformed = await api("/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBeTruthy();

    const missing = await api("/auth/register", { method: "POST" });
    expect(missing.status).toBe(400);
    expect(missing.headers.get("Content-Type")).toContain("application/json");

    const huge = await api("/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "a@b.co", password: "x".repeat(3 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
  });
});

describe("POST /api/auth/login", () => {
  it("signs in with the right password, with a 12-hour session by default", async () => {
    const { body } = await register();
    const response = await api("/auth/login", {
      method: "POST",
      json: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { token: string; user: { email: string } };
    };
    expect(data.user.email).toBe(body.email);
    const claims = decodeJwt(data.token);
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
    expect(response.headers.get("Set-Cookie")).not.toContain("Max-Age");
  });

  it("keeps a remembered session for 30 days", async () => {
    const { body } = await register();
    const response = await api("/auth/login", {
      method: "POST",
      json: { email: body.email, password: body.password, remember: true },
    });
    const { data } = (await response.json()) as { data: { token: string } };
    const claims = decodeJwt(data.token);
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);
    expect(response.headers.get("Set-Cookie")).toMatch(/Max-Age=259\d{4}/);
  });

  it("answers a wrong password and an unknown e-mail alike", async () => {
    const { body } = await register();
    const wrong = await api("/auth/login", {
      method: "POST",
      json: { email: body.email, password: "nope-nope" },
    });
    const unknown = await api("/auth/login", {
      method: "POST",
      json: { email: uniqueEmail("ghost"), password: "nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("answers 429 with Retry-After after 5 failures in 15 minutes, even with the right password", async () => {
    const { body } = await register();
    for (let i = 0; i < 5; i += 1) {
      const response = await api("/auth/login", {
        method: "POST",
        json: { email: body.email, password: "wrong-one" },
      });
      expect(response.status).toBe(401);
    }
    const locked = await api("/auth/login", {
      method: "POST",
      json: { email: body.email, password: body.password },
    });
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(850);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await locked.json()).toMatchObject({ error: { code: "TOO_MANY_ATTEMPTS" } });

    const unknown = uniqueEmail("ghost");
    for (let i = 0; i < 5; i += 1) {
      await api("/auth/login", { method: "POST", json: { email: unknown, password: "wrong-one" } });
    }
    const unknownLocked = await api("/auth/login", {
      method: "POST",
      json: { email: unknown, password: "x" },
    });
    expect(unknownLocked.status).toBe(429);
  });

  it("locks out one client address, never the account's owner signing in from elsewhere", async () => {
    const { body } = await register();
    const from = (address: string, password: string) =>
      api("/auth/login", {
        method: "POST",
        headers: { "CF-Connecting-IP": address },
        json: { email: body.email, password },
      });
    for (let i = 0; i < 5; i += 1) expect((await from("198.51.100.7", "guess")).status).toBe(401);
    expect((await from("198.51.100.7", body.password)).status).toBe(429);
    expect((await from("203.0.113.20", body.password)).status).toBe(200);
    expect((await from("198.51.100.7", body.password)).status).toBe(429);
  });

  it("limits one address trying passwords on many accounts", async () => {
    const address = "192.0.2.99";
    for (let i = 0; i < MAX_FAILED_LOGINS_PER_ADDRESS; i += 1) {
      expect(await countLoginAttempt(env.DB, uniqueEmail(`target${i}`), address)).toBeNull();
    }
    const wait = await countLoginAttempt(env.DB, uniqueEmail("next"), address);
    expect(wait).toBeGreaterThan(850);
    expect(await countLoginAttempt(env.DB, uniqueEmail("next"), "192.0.2.100")).toBeNull();

    // Through the API: the next attempt from that address is refused, right password or not.
    const { body } = await register();
    const refused = await api("/auth/login", {
      method: "POST",
      headers: { "CF-Connecting-IP": address },
      json: body,
    });
    expect(refused.status).toBe(429);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const { body } = await register();
    for (let i = 0; i < 4; i += 1) {
      await api("/auth/login", {
        method: "POST",
        json: { email: body.email, password: "wrong-one" },
      });
    }
    expect((await api("/auth/login", { method: "POST", json: body })).status).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      await api("/auth/login", {
        method: "POST",
        json: { email: body.email, password: "wrong-one" },
      });
    }
    expect((await api("/auth/login", { method: "POST", json: body })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("GET /api/auth/me knows the user by bearer token or by cookie", async () => {
    const { token, cookie, user } = await register();
    const byBearer = await api("/auth/me", { token });
    expect(byBearer.status).toBe(200);
    expect(await byBearer.json()).toEqual({ data: { user } });
    const byCookie = await api("/auth/me", { headers: { Cookie: cookieValue(cookie) } });
    expect(await byCookie.json()).toEqual({ data: { user } });
  });

  it("refuses a missing, forged, foreign-key or unsigned token", async () => {
    const { user } = await register();
    const forged = await new SignJWT({ sid: "0".repeat(32) })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("some-other-secret"));
    const unsigned = `${btoa(JSON.stringify({ alg: "none" }))}.${btoa(JSON.stringify({ sub: user.id, sid: "x" }))}.`;
    for (const token of [undefined, "garbage", forged, unsigned]) {
      const response = await api("/auth/me", { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    }
  });

  it("logout revokes the session for the token and the cookie at once", async () => {
    const { token, cookie } = await register();
    const logout = await api("/auth/logout", { method: "POST", token });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect((await api("/auth/me", { token })).status).toBe(401);
    expect((await api("/auth/me", { headers: { Cookie: cookieValue(cookie) } })).status).toBe(401);
  });

  it("keeps other sessions of the same user when one signs out", async () => {
    const { token, body } = await register();
    const second = await api("/auth/login", { method: "POST", json: body });
    const { data } = (await second.json()) as { data: { token: string } };
    await api("/auth/logout", { method: "POST", token });
    expect((await api("/auth/me", { token: data.token })).status).toBe(200);
  });
});

describe("CSRF", () => {
  it("refuses a cookie-authenticated state change from another origin or with no origin", async () => {
    const { token, cookie } = await register();
    const session = cookieValue(cookie);
    const foreign = await api("/auth/logout", {
      method: "POST",
      headers: { Cookie: session, Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: "CSRF_REJECTED" } });
    const noOrigin = await api("/auth/logout", { method: "POST", headers: { Cookie: session } });
    expect(noOrigin.status).toBe(403);
    expect((await api("/auth/me", { token })).status).toBe(200);

    const sameOrigin = await api("/auth/logout", {
      method: "POST",
      headers: { Cookie: session, Origin: ORIGIN },
    });
    expect(sameOrigin.status).toBe(200);
    expect((await api("/auth/me", { token })).status).toBe(401);
  });

  it("does not affect bearer-token requests", async () => {
    const { token } = await register();
    const response = await api("/auth/logout", {
      method: "POST",
      token,
      headers: { Origin: "https://another-client.example" },
    });
    expect(response.status).toBe(200);
  });
});

describe("password reset", () => {
  const outbox = async () =>
    (await (await fetch(`${env.FAKE_EMAIL_URL}/outbox`)).json()) as {
      to: string[];
      text: string;
      authorization: string;
    }[];

  it("e-mails a single-use link that sets a new password and signs out every session", async () => {
    const { body, token } = await register();
    const asked = await api("/auth/forgot-password", {
      method: "POST",
      json: { email: body.email },
    });
    expect(asked.status).toBe(200);
    const email = (await outbox()).find((e) => e.to.includes(body.email));
    expect(email?.authorization).toBe("Bearer test-email-key");
    const resetToken = email!.text.match(/reset-password\?token=([\w-]+)/)![1]!;

    const reset = await api("/auth/reset-password", {
      method: "POST",
      json: { token: resetToken, password: "a brand new password" },
    });
    expect(reset.status).toBe(200);
    expect((await api("/auth/me", { token })).status).toBe(401);
    expect((await api("/auth/login", { method: "POST", json: body })).status).toBe(401);
    const fresh = await api("/auth/login", {
      method: "POST",
      json: { email: body.email, password: "a brand new password" },
    });
    expect(fresh.status).toBe(200);

    const again = await api("/auth/reset-password", {
      method: "POST",
      json: { token: resetToken, password: "yet another password" },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: "INVALID_RESET_TOKEN" } });
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const ghost = uniqueEmail("ghost");
    const response = await api("/auth/forgot-password", { method: "POST", json: { email: ghost } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: { message: "If an account exists for that e-mail, a reset link is on its way." },
    });
    expect((await outbox()).some((e) => e.to.includes(ghost))).toBe(false);
  });

  /** The token of the newest reset e-mail to this address. */
  const newestToken = async (email: string) =>
    (await outbox())
      .filter((e) => e.to.includes(email))
      .at(-1)!
      .text.match(/reset-password\?token=([\w-]+)/)![1]!;
  const askReset = (email: string) =>
    api("/auth/forgot-password", { method: "POST", json: { email } });
  const resetWith = (token: string, password: string) =>
    api("/auth/reset-password", { method: "POST", json: { token, password } });
  const signIn = (email: string, password: string) =>
    api("/auth/login", { method: "POST", json: { email, password } });
  /** Lifts the one-e-mail-a-minute limit, as a minute passing would. */
  const aMinuteLater = (email: string) => env.SESSIONS.delete(`reset-sent:${email}`);
  const expectRefused = async (response: Response) => {
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "INVALID_RESET_TOKEN" } });
  };

  it("kills the older link as soon as a newer one is e-mailed", async () => {
    const { body } = await register();
    await askReset(body.email);
    const first = await newestToken(body.email);
    await aMinuteLater(body.email);
    await askReset(body.email);
    const second = await newestToken(body.email);

    await expectRefused(await resetWith(first, "set through the older link"));
    expect((await resetWith(second, "a brand new password")).status).toBe(200);
    expect((await signIn(body.email, "a brand new password")).status).toBe(200);
  });

  it("leaves no older link alive after a reset", async () => {
    const { body } = await register();
    const links = [];
    for (const _ of [1, 2, 3]) {
      await aMinuteLater(body.email);
      await askReset(body.email);
      links.push(await newestToken(body.email));
    }
    expect(new Set(links).size).toBe(3);
    expect((await resetWith(links[2]!, "a brand new password")).status).toBe(200);
    for (const older of [links[0]!, links[1]!])
      await expectRefused(await resetWith(older, "set through an older link"));
    expect((await signIn(body.email, "a brand new password")).status).toBe(200);
  });

  it("refuses a link made before the password last changed", async () => {
    const { body, user } = await register();
    await askReset(body.email);
    const token = await newestToken(body.email);
    // The password changes without this link (as a re-hash at sign-in changes the stored hash).
    await setPasswordHash(env.DB, user.id, await hashPassword("changed another way"));

    await expectRefused(await resetWith(token, "set through a stale link"));
    expect((await signIn(body.email, "changed another way")).status).toBe(200);
  });

  describe("the link's address", () => {
    const worker = createApi();
    /** POST /api/auth/forgot-password as a request to `origin` (its Host), under these settings. */
    const askFrom = (origin: string, email: string, settings: Partial<Env>) =>
      worker.request(
        `${origin}/api/auth/forgot-password`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email }),
        },
        { ...env, ...settings },
        createExecutionContext(),
      );

    it("is APP_URL; without it, a Worker that sends e-mail sends none and says why", async () => {
      const { body } = await register();
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const refused = await askFrom("http://attacker.example", body.email, {
          APP_URL: undefined,
        });
        expect(refused.status).toBe(503);
        expect(await refused.json()).toMatchObject({
          error: { code: "NOT_CONFIGURED", details: { key: "APP_URL" } },
        });
        expect(errors.mock.calls.flat().join(" ")).toContain("set APP_URL");
      } finally {
        errors.mockRestore();
      }
      expect((await outbox()).some((e) => e.to.includes(body.email))).toBe(false);

      const configured = await askFrom("http://attacker.example", body.email, {
        APP_URL: "https://app.ai42.example",
      });
      expect(configured.status).toBe(200);
      const [email, ...more] = (await outbox()).filter((e) => e.to.includes(body.email));
      expect(more).toEqual([]);
      expect(email!.text).toContain("https://app.ai42.example/reset-password?token=");
      expect(email!.text).not.toContain("attacker.example");
    });

    it("on a local run that prints e-mails to its log, names only a loopback host", async () => {
      const { body } = await register();
      const local = { APP_URL: undefined, EMAIL_API_KEY: undefined };
      const logged = vi.spyOn(console, "log").mockImplementation(() => {});
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        for (const origin of ["http://attacker.example", "http://192.168.1.20:8787"])
          expect((await askFrom(origin, body.email, local)).status, origin).toBe(503);
        expect(logged.mock.calls.flat().join("\n")).not.toContain("reset-password?token=");

        expect((await askFrom("http://127.0.0.1:8787", body.email, local)).status).toBe(200);
        expect(logged.mock.calls.flat().join("\n")).toMatch(
          /\bhttp:\/\/127\.0\.0\.1:8787\/reset-password\?token=[\w-]+/,
        );
      } finally {
        logged.mockRestore();
        errors.mockRestore();
      }
    });
  });
});
