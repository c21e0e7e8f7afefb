/**
 * Signing in with an e-mail and a password, for the API (`POST /api/auth/login`) and the login
 * form posted without JavaScript (app/routes/sign-in.tsx): the same checks, throttle and words.
 */
import type { z } from "zod";
import type { LoginSchema } from "../../app/domain/account";
import { database } from "../db/client";
import type { Env } from "../env";
import { AppError, notConfigured } from "../errors";
import { clearLoginAttempts, clientAddress, countLoginAttempt } from "./login-throttle";
import { noteSignInZone } from "./notifications";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./passwords";
import { createSession, requestTimeZone, sessionCookie } from "./sessions";
import { findUserByEmail, normalizeEmail, publicUser, setPasswordHash } from "./users";

export const BAD_CREDENTIALS_MESSAGE = "Invalid email or password";

/** Sessions are signed with JWT_SECRET: without it nobody can sign in (503, naming it). */
export function requireSecret(secret: string | undefined) {
  if (!secret) throw notConfigured("JWT_SECRET", "Sign-in");
}

export function tooManyAttempts(retryAfter: number) {
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError(
    429,
    "TOO_MANY_ATTEMPTS",
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}

/**
 * A signed-in person's password, asked again before something that can't be undone (a new
 * password, deleting the account): a wrong one is a 400 naming `problem.field` and counts as a
 * failed sign-in, so it is throttled as sign-in is (429).
 */
export async function confirmPassword(
  env: Env,
  person: { email: string; passwordHash: string },
  password: string,
  address: string,
  problem: { field: string; message: string; fieldMessage: string },
) {
  const retryAfter = await countLoginAttempt(env.DB, person.email, address);
  if (retryAfter !== null) throw tooManyAttempts(retryAfter);
  if (!(await verifyPassword(password, person.passwordHash)))
    throw new AppError(400, "WRONG_PASSWORD", problem.message, [
      { field: problem.field, message: problem.fieldMessage },
    ]);
  await clearLoginAttempts(env.DB, person.email, address);
}

/**
 * A session for the account with these credentials, and the cookie that carries it; `remember`
 * keeps it 30 days instead of 12 hours. Wrong credentials are a 401 that does not say which was
 * wrong; too many failures from one client a 429 (login-throttle.ts).
 */
export async function signIn(env: Env, request: Request, input: z.output<typeof LoginSchema>) {
  requireSecret(env.JWT_SECRET);
  const { password, remember = false } = input;
  const email = normalizeEmail(input.email);
  const address = clientAddress(request);
  const retryAfter = await countLoginAttempt(env.DB, email, address);
  if (retryAfter !== null) throw tooManyAttempts(retryAfter);
  const row = await findUserByEmail(env.DB, email);
  if (!row) {
    await verifyAgainstDummy(password);
    throw new AppError(401, "INVALID_CREDENTIALS", BAD_CREDENTIALS_MESSAGE);
  }
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new AppError(401, "INVALID_CREDENTIALS", BAD_CREDENTIALS_MESSAGE);
  }
  await clearLoginAttempts(env.DB, email, address);
  if (needsRehash(row.passwordHash)) {
    await setPasswordHash(env.DB, row.id, await hashPassword(password));
  }
  const user = publicUser(row);
  const zone = requestTimeZone(request);
  const { token, session } = await createSession(env, user, remember, zone);
  await noteSignInZone(database(env.DB), user.id, zone, Date.now());
  return { token, user, cookie: sessionCookie(token, session) };
}
