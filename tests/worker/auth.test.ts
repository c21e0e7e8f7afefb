import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
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
import { SIGNED_UP_MESSAGE } from "../../worker/api/routes/auth";
import {
  api,
  cookieValue,
  emailsTo,
  linkToken,
  ORIGIN,
  outbox,
  register,
  uniqueEmail,
  withToken,
} from "./helpers";

const countUsers = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM users").first<{ n: number }>())!.n;

describe("POST /api/auth/register", () => {
  it("makes the account with its password hashed, answers 202 without signing in, and e-mails a link to confirm the address", async () => {
    const body = {
      email: uniqueEmail(),
      password: "correct horse battery",
      first_name: "Ana",
      last_name: "Silva",
    };
    const response = await api("/auth/register", { method: "POST", json: body });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ data: { message: SIGNED_UP_MESSAGE } });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const row = await env.DB.prepare(
      "SELECT password_hash, email_confirmed_at FROM users WHERE email = ?",
    )
      .bind(body.email)
      .first<{ password_hash: string; email_confirmed_at: string | null }>();
    expect(row!.password_hash).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    expect(row!.password_hash).not.toContain(body.password);
    expect(row!.email_confirmed_at).toBeNull();

    const [email] = await emailsTo(body.email, "Confirm your e-mail");
    expect(email!.text).toMatch(/http:\/\/example\.com\/confirm-email\?token=[\w-]+/);
    // Signing in works before the address is confirmed.
    const signedIn = await api("/auth/login", { method: "POST", json: body });
    expect(signedIn.status).toBe(200);
    const { data } = (await signedIn.json()) as { data: { user: Record<string, unknown> } };
    expect(Object.keys(data.user).sort()).toEqual([
      "created_at",
      "email",
      "first_name",
      "id",
      "last_name",
    ]);
  });

  it("answers a taken address exactly as a new one, changes nothing, and e-mails its owner instead", async () => {
    const first = await register();
    const before = await countUsers();
    const again = {
      ...first.body,
      email: first.body.email.toUpperCase(),
      password: "another one!",
    };
    const fresh = { ...first.body, email: uniqueEmail() };
    const [taken, made] = await Promise.all([
      api("/auth/register", { method: "POST", json: again }),
      api("/auth/register", { method: "POST", json: fresh }),
    ]);
    expect(taken.status).toBe(202);
    expect(made.status).toBe(202);
    expect(await taken.json()).toEqual(await made.json());
    expect(await countUsers()).toBe(before + 1);
    // The owner's password is untouched, and the owner hears of the attempt.
    const signIn = (password: string) =>
      api("/auth/login", { method: "POST", json: { email: first.body.email, password } });
    expect((await signIn("another one!")).status).toBe(401);
    expect((await signIn(first.body.password)).status).toBe(200);
    const [notice] = await emailsTo(first.body.email, "You already have an AI42 account");
    expect(notice!.text).toContain("http://example.com/forgot-password");
    expect(notice!.text).not.toContain("confirm-email");
  });

  it("confirms the address once, with the e-mailed link; a used or made-up link is refused", async () => {
    const { body, token } = await register();
    const settings = () =>
      api("/notifications/settings", { token }).then(
        async (response) => ((await response.json()) as { data: { emailConfirmed: boolean } }).data,
      );
    expect((await settings()).emailConfirmed).toBe(false);
    const link = await linkToken(body.email, "/confirm-email");
    const confirm = (value: string) =>
      api("/auth/confirm-email", { method: "POST", json: { token: value } });
    expect((await confirm(link)).status).toBe(200);
    expect((await settings()).emailConfirmed).toBe(true);
    for (const bad of [link, "made-up-token"]) {
      const refused = await confirm(bad);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: "INVALID_CONFIRM_TOKEN" } });
    }
    const resend = await api("/auth/confirm-email/resend", { method: "POST", token });
    expect(resend.status).toBe(409);
  });

  it("sends the link again on request, at most once a minute, and never to an access token", async () => {
    const { body, token } = await register();
    await linkToken(body.email, "/confirm-email");
    const resend = () => api("/auth/confirm-email/resend", { method: "POST", token });
    expect((await resend()).status).toBe(202);
    const second = await linkToken(body.email, "/confirm-email", 2);
    const throttled = await resend();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("Retry-After")).toBe("60");
    expect(
      (await api("/auth/confirm-email", { method: "POST", json: { token: second } })).status,
    ).toBe(200);
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

  it("gives the app's own page the session's cookie when it carries only the stored token", async () => {
    const { token, cookie } = await register();
    const sameOrigin = { "Sec-Fetch-Site": "same-origin" };
    const refreshed = await api("/auth/me", { token, headers: sameOrigin });
    expect(refreshed.status).toBe(200);
    const set = refreshed.headers.get("Set-Cookie") ?? "";
    expect(cookieValue(set)).toBe(cookieValue(cookie));
    expect(set).toContain("HttpOnly");
    // The pages' loaders now read as this user.
    const home = await SELF.fetch(`${ORIGIN}/home`, { headers: { Cookie: cookieValue(set) } });
    expect(await home.text()).not.toContain("Welcome Back");

    for (const headers of <Record<string, string>[]>[
      {},
      { "Sec-Fetch-Site": "cross-site" },
      { ...sameOrigin, Cookie: cookieValue(cookie) },
    ]) {
      const asked = await api("/auth/me", { token, headers });
      expect(asked.status).toBe(200);
      expect(asked.headers.get("Set-Cookie"), JSON.stringify(headers)).toBeNull();
    }
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

describe("changing the password", () => {
  const change = (token: string, current: string, next: string) =>
    api("/auth/change-password", {
      method: "POST",
      token,
      json: { current_password: current, new_password: next },
    });

  it("ends every other session and every access token, keeps this device signed in, and tells the owner", async () => {
    const owner = await withToken("read_write");
    const body = { email: owner.user.email, password: "correct horse battery" };
    const otherDevice = (await (
      await api("/auth/login", { method: "POST", json: body })
    ).json()) as { data: { token: string } };
    // Told only at a confirmed address: confirm it first.
    await api("/auth/confirm-email", {
      method: "POST",
      json: { token: await linkToken(body.email, "/confirm-email") },
    });

    const changed = await change(owner.token, body.password, "a brand new password");
    expect(changed.status).toBe(200);
    const { data } = (await changed.json()) as {
      data: { token: string; user: { email: string }; message: string };
    };
    expect(data.user.email).toBe(body.email);
    expect(changed.headers.get("Set-Cookie")).toContain(`ai42_session=${data.token}`);
    expect((await api("/auth/me", { token: data.token })).status).toBe(200);
    for (const gone of [owner.token, otherDevice.data.token, owner.pat])
      expect((await api("/auth/me", { token: gone })).status).toBe(401);
    expect((await api("/auth/login", { method: "POST", json: body })).status).toBe(401);
    const [told] = await emailsTo(body.email, "Your AI42 password was changed");
    expect(told!.text).toContain("every connected AI app (MCP) was revoked");
  });

  it("refuses a wrong current password at its field, changing nothing, and a personal access token", async () => {
    const owner = await withToken("read_write");
    const wrong = await change(owner.token, "not my password", "a brand new password");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { code: "WRONG_PASSWORD", details: [{ field: "current_password" }] },
    });
    expect((await api("/auth/me", { token: owner.pat })).status).toBe(200);
    expect((await api("/auth/me", { token: owner.token })).status).toBe(200);
    const byToken = await change(owner.pat, "correct horse battery", "a brand new password");
    expect(byToken.status).toBe(403);
    expect(await byToken.json()).toMatchObject({ error: { code: "SESSION_REQUIRED" } });
  });
});

describe("password reset", () => {
  /** The token of the newest reset e-mail to this address, once `count` have come. */
  const newestToken = (email: string, count = 1) => linkToken(email, "/reset-password", count);
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

  it("e-mails a single-use link that sets a new password and signs out every session", async () => {
    const { body, token } = await register();
    const asked = await askReset(body.email);
    expect(asked.status).toBe(200);
    const [email] = await emailsTo(body.email, "Reset your AI42 password");
    expect(email?.authorization).toBe("Bearer test-email-key");
    const resetToken = await newestToken(body.email);

    const reset = await resetWith(resetToken, "a brand new password");
    expect(reset.status).toBe(200);
    expect((await api("/auth/me", { token })).status).toBe(401);
    expect((await api("/auth/login", { method: "POST", json: body })).status).toBe(401);
    expect((await signIn(body.email, "a brand new password")).status).toBe(200);

    const again = await resetWith(resetToken, "yet another password");
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { code: "INVALID_RESET_TOKEN" } });
  });

  it("revokes every personal access token too, confirms the address, and e-mails that the password changed", async () => {
    const owner = await withToken("read_write");
    const second = await withToken("read");
    void second;
    const byToken = () => api("/projects", { token: owner.pat });
    expect((await byToken()).status).toBe(200);
    await askReset(owner.user.email);
    const reset = await resetWith(await newestToken(owner.user.email), "a brand new password");
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { data: { message: string } }).data.message).toContain(
      "every access token and connected AI app revoked",
    );
    expect((await byToken()).status).toBe(401);
    // Opening the reset link proved the address: it is confirmed, and told of the change.
    const fresh = (await (await signIn(owner.user.email, "a brand new password")).json()) as {
      data: { token: string };
    };
    const settings = (await (
      await api("/notifications/settings", { token: fresh.data.token })
    ).json()) as { data: { emailConfirmed: boolean } };
    expect(settings.data.emailConfirmed).toBe(true);
    const [told] = await emailsTo(owner.user.email, "Your AI42 password was changed");
    expect(told!.text).toContain("every personal access token");
    expect(told!.text).toContain("http://example.com/forgot-password");
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const ghost = uniqueEmail("ghost");
    const response = await askReset(ghost);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: { message: "If an account exists for that e-mail, a reset link is on its way." },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await outbox()).some((e) => e.to.includes(ghost))).toBe(false);
  });

  it("answers before the e-mail is sent, as soon for an account as for no account", async () => {
    // The fake provider takes 4 seconds for a "+slow" address.
    const { body } = await register({ email: uniqueEmail("reset+slow") });
    const timed = async (email: string) => {
      const started = Date.now();
      const response = await askReset(email);
      return { response, ms: Date.now() - started, json: await response.json() };
    };
    const known = await timed(body.email);
    const unknown = await timed(uniqueEmail("ghost+slow"));
    expect(known.response.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    expect(known.ms).toBeLessThan(2000);
    // The e-mail still comes, after the answer (behind the slow sign-up e-mail).
    const [reset] = await emailsTo(body.email, "Reset your AI42 password", 1, 15_000);
    expect(reset!.text).toMatch(/reset-password\?token=[\w-]{40,}/);
  });

  it("kills the older link as soon as a newer one is e-mailed", async () => {
    const { body } = await register();
    await askReset(body.email);
    const first = await newestToken(body.email);
    await aMinuteLater(body.email);
    await askReset(body.email);
    const second = await newestToken(body.email, 2);

    await expectRefused(await resetWith(first, "set through the older link"));
    expect((await resetWith(second, "a brand new password")).status).toBe(200);
    expect((await signIn(body.email, "a brand new password")).status).toBe(200);
  });

  it("leaves no older link alive after a reset", async () => {
    const { body } = await register();
    const links = [];
    for (const count of [1, 2, 3]) {
      await aMinuteLater(body.email);
      await askReset(body.email);
      links.push(await newestToken(body.email, count));
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
    /**
     * POST /api/auth/forgot-password as a request to `origin` (its Host), under these settings,
     * with no queue bound: the e-mail goes out after the answer, with these settings too.
     */
    const askFrom = async (origin: string, email: string, settings: Partial<Env>) => {
      const ctx = createExecutionContext();
      const response = await worker.request(
        `${origin}/api/auth/forgot-password`,
        {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email }),
        },
        { ...env, JOBS: undefined, ...settings },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response;
    };
    const resetEmailsTo = async (address: string) =>
      (await outbox()).filter(
        (e) => e.to.includes(address) && e.subject === "Reset your AI42 password",
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
      expect(await resetEmailsTo(body.email)).toEqual([]);

      const configured = await askFrom("http://attacker.example", body.email, {
        APP_URL: "https://app.ai42.example",
      });
      expect(configured.status).toBe(200);
      const [email, ...more] = await resetEmailsTo(body.email);
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
