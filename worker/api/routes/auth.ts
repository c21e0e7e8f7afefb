import { z } from "@hono/zod-openapi";
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from "../../../app/domain/account";
import { database } from "../../db/client";
import { noteSignInZone } from "../../services/notifications";
import { AppError, notConfigured } from "../../errors";
import { requireAuth, sessionRequired } from "../middleware/auth";
import { isAccessToken } from "../../services/access-tokens";
import {
  apiRoute,
  bearerSecurity,
  dataResponse,
  errorResponses,
  jsonBody,
  router,
} from "../openapi";
import { sendEmail } from "../../services/email";
import {
  clearAccountFailures,
  clearLoginAttempts,
  clientAddress,
  countLoginAttempt,
} from "../../services/login-throttle";
import {
  consumeResetToken,
  issueResetToken,
  mayResendReset,
  resetLinkOrigin,
  RESET_TTL_SECONDS,
} from "../../services/password-reset";
import {
  hashPassword,
  needsRehash,
  verifyAgainstDummy,
  verifyPassword,
} from "../../services/passwords";
import {
  clearedSessionCookie,
  createSession,
  readSession,
  requestTimeZone,
  requestToken,
  revokeAllSessions,
  revokeSession,
  sessionCookie,
} from "../../services/sessions";
import {
  findUserByEmail,
  insertUser,
  normalizeEmail,
  publicUser,
  setPasswordHash,
} from "../../services/users";

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    created_at: z.string(),
  })
  .openapi("User");

const RegisterRequest = RegisterSchema.openapi("RegisterRequest");
const LoginRequest = LoginSchema.openapi("LoginRequest");
const SessionSchema = z.object({ token: z.string(), user: UserSchema }).openapi("Session");
const MessageSchema = z.object({ message: z.string() });

export const EMAIL_TAKEN_MESSAGE =
  "An account with this email already exists. Please try logging in instead.";
export const BAD_CREDENTIALS_MESSAGE = "Invalid email or password";

function requireSecret(secret: string | undefined) {
  if (!secret) throw notConfigured("JWT_SECRET", "Sign-in");
}

const auth = router();

auth.openapi(
  apiRoute({
    method: "post",
    path: "/register",
    operationId: "register",
    summary: "Create an account and sign in",
    request: jsonBody(RegisterRequest),
    responses: {
      201: dataResponse("The new account and its session token", SessionSchema),
      ...errorResponses(400, 409),
    },
  }),
  async (c) => {
    requireSecret(c.env.JWT_SECRET);
    const input = c.req.valid("json");
    const row = await insertUser(c.env.DB, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      firstName: input.first_name,
      lastName: input.last_name,
    });
    if (!row) throw new AppError(409, "EMAIL_TAKEN", EMAIL_TAKEN_MESSAGE);
    const user = publicUser(row);
    const zone = requestTimeZone(c.req.raw);
    const { token, session } = await createSession(c.env, user, false, zone);
    await noteSignInZone(database(c.env.DB), user.id, zone, Date.now());
    c.header("Set-Cookie", sessionCookie(token, session));
    return c.json({ data: { token, user } }, 201);
  },
);

auth.openapi(
  apiRoute({
    method: "post",
    path: "/login",
    operationId: "login",
    summary: "Sign in with e-mail and password",
    description:
      "`remember` keeps the session for 30 days instead of 12 hours. After 5 failed attempts in 15 minutes for one account from one client address (or 50 from one address for any accounts), that answers 429 with Retry-After; the account's owner elsewhere can still sign in.",
    request: jsonBody(LoginRequest),
    responses: {
      200: dataResponse("The user and a session token", SessionSchema),
      ...errorResponses(400, 401, 429),
    },
  }),
  async (c) => {
    requireSecret(c.env.JWT_SECRET);
    const { password, remember = false } = c.req.valid("json");
    const email = normalizeEmail(c.req.valid("json").email);
    const address = clientAddress(c.req.raw);
    const retryAfter = await countLoginAttempt(c.env.DB, email, address);
    if (retryAfter !== null) {
      const minutes = Math.ceil(retryAfter / 60);
      throw new AppError(
        429,
        "TOO_MANY_ATTEMPTS",
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        { retryAfter },
        { "Retry-After": String(retryAfter) },
      );
    }
    const row = await findUserByEmail(c.env.DB, email);
    if (!row) {
      await verifyAgainstDummy(password);
      throw new AppError(401, "INVALID_CREDENTIALS", BAD_CREDENTIALS_MESSAGE);
    }
    if (!(await verifyPassword(password, row.passwordHash))) {
      throw new AppError(401, "INVALID_CREDENTIALS", BAD_CREDENTIALS_MESSAGE);
    }
    await clearLoginAttempts(c.env.DB, email, address);
    if (needsRehash(row.passwordHash)) {
      await setPasswordHash(c.env.DB, row.id, await hashPassword(password));
    }
    const user = publicUser(row);
    const zone = requestTimeZone(c.req.raw);
    const { token, session } = await createSession(c.env, user, remember, zone);
    await noteSignInZone(database(c.env.DB), user.id, zone, Date.now());
    c.header("Set-Cookie", sessionCookie(token, session));
    return c.json({ data: { token, user } }, 200);
  },
);

auth.openapi(
  apiRoute({
    method: "get",
    path: "/me",
    operationId: "getCurrentUser",
    summary: "The signed-in user",
    security: bearerSecurity,
    middleware: [requireAuth] as const,
    responses: {
      200: dataResponse("The signed-in user", z.object({ user: UserSchema })),
      ...errorResponses(401),
    },
  }),
  (c) => c.json({ data: { user: c.var.session.user } }, 200),
);

auth.openapi(
  apiRoute({
    method: "post",
    path: "/logout",
    operationId: "logout",
    summary: "Revoke the current session (bearer token and cookie alike)",
    description:
      "A personal access token is not a session: it is refused 403 SESSION_REQUIRED (revoke it with DELETE /access-tokens/{id}).",
    security: bearerSecurity,
    responses: { 200: dataResponse("Signed out", MessageSchema) },
  }),
  async (c) => {
    const carried = c.env.JWT_SECRET ? requestToken(c.req.raw) : null;
    // An access token is not a session: it is revoked on Connections, not signed out.
    if (carried?.via === "bearer" && isAccessToken(carried.token)) throw sessionRequired();
    const session = carried && (await readSession(c.env, carried.token));
    if (session) await revokeSession(c.env, session);
    c.header("Set-Cookie", clearedSessionCookie);
    return c.json({ data: { message: "Signed out" } }, 200);
  },
);

auth.openapi(
  apiRoute({
    method: "post",
    path: "/forgot-password",
    operationId: "requestPasswordReset",
    summary: "E-mail a single-use password-reset link (30 minutes); older links stop working",
    description:
      "Answers the same whether or not an account exists for the address. The link points at APP_URL; without it, only a local run reached at a loopback address (e-mails printed to its log) makes links, and anything else answers 503 NOT_CONFIGURED: a link built from the request's Host could point at any host the sender names.",
    request: jsonBody(ForgotPasswordSchema),
    responses: { 200: dataResponse("Accepted", MessageSchema), ...errorResponses(400, 503) },
  }),
  async (c) => {
    const origin = resetLinkOrigin(c.env, c.req.url);
    if (!origin) {
      console.error(
        `[email] Password-reset e-mail not sent: set APP_URL to this app's public address. Without it, reset links are made only for a local run at a loopback address with no EMAIL_API_KEY (this request came to ${new URL(c.req.url).host}).`,
      );
      throw notConfigured("APP_URL", "Password-reset e-mail");
    }
    const email = normalizeEmail(c.req.valid("json").email);
    const row = await findUserByEmail(c.env.DB, email);
    if (row && (await mayResendReset(c.env, email))) {
      const token = await issueResetToken(c.env, row);
      const link = `${origin}/reset-password?token=${token}`;
      await sendEmail(c.env, {
        to: row.email,
        subject: "Reset your AI42 password",
        text: `Hello ${row.firstName},\n\nSomeone asked to reset the password of your AI42 account. Open this link within ${RESET_TTL_SECONDS / 60} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
      });
    }
    return c.json(
      { data: { message: "If an account exists for that e-mail, a reset link is on its way." } },
      200,
    );
  },
);

auth.openapi(
  apiRoute({
    method: "post",
    path: "/reset-password",
    operationId: "resetPassword",
    summary: "Set a new password with a reset token; signs out every session",
    request: jsonBody(ResetPasswordSchema),
    responses: { 200: dataResponse("Password changed", MessageSchema), ...errorResponses(400) },
  }),
  async (c) => {
    const { token, password } = c.req.valid("json");
    const row = await consumeResetToken(c.env, token);
    if (!row) {
      throw new AppError(
        400,
        "INVALID_RESET_TOKEN",
        "This reset link is invalid or has expired. Ask for a new one.",
      );
    }
    await setPasswordHash(c.env.DB, row.id, await hashPassword(password));
    await revokeAllSessions(c.env, row.id);
    await clearAccountFailures(c.env.DB, row.email);
    return c.json(
      { data: { message: "Your password has been changed. Sign in with it now." } },
      200,
    );
  },
);

export default auth;
