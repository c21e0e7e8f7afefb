import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ChangePasswordSchema,
  ConfirmEmailSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from "../../../app/domain/account";
import { AppError } from "../../errors";
import { requireAuth, sessionRequired } from "../middleware/auth";
import type { AppEnv } from "../types";
import { queueAccountEmail, type AccountEmail } from "../../services/account-emails";
import { deleteAccount } from "../../services/account-deletion";
import { setNewPassword } from "../../services/account-security";
import { isAccessToken } from "../../services/access-tokens";
import {
  apiRoute,
  bearerSecurity,
  dataResponse,
  errorResponses,
  jsonBody,
  router,
  sessionOnly,
} from "../openapi";
import { MessageSchema, SessionSchema, UserSchema } from "./auth.schemas";
import { emailLinkOrigin, requireLinkOrigin } from "../../services/email";
import {
  CONFIRM_RESEND_SECONDS,
  consumeConfirmToken,
  emailConfirmed,
  mayResendConfirmation,
} from "../../services/email-confirmation";
import { clientAddress } from "../../services/login-throttle";
import { consumeResetToken } from "../../services/password-reset";
import { confirmPassword, requireSecret, signIn } from "../../services/sign-in";
import { hashPassword } from "../../services/passwords";
import {
  clearedSessionCookie,
  cookieForStoredToken,
  createSession,
  readSession,
  requestToken,
  revokeSession,
  sessionCookie,
  setFirstSessionWorkspace,
} from "../../services/sessions";
import { signUpInvitation } from "../../services/invitations";
import { database } from "../../db/client";
import {
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  publicUser,
} from "../../services/users";
import { membersChanged } from "../../workspace-database";

const RegisterRequest = RegisterSchema.openapi("RegisterRequest");
const LoginRequest = LoginSchema.openapi("LoginRequest");

/** The answer to a sign-up, the same whether the address was new or already had an account. */
export const SIGNED_UP_MESSAGE =
  "Check your e-mail: we sent a message to finish signing up. You can sign in with your e-mail and password now.";
export const PASSWORD_CHANGED_MESSAGE =
  "Your password has been changed. Every device was signed out, and every access token and connected AI app revoked.";

const queueEmail = (c: Context<AppEnv>, email: AccountEmail) =>
  queueAccountEmail(c.env, email, (work) => c.executionCtx.waitUntil(work));

const auth = router();

auth.openapi(
  apiRoute({
    method: "post",
    path: "/register",
    operationId: "register",
    summary: "Sign up: make the account and e-mail a link to confirm its address",
    description:
      "Answers 202 with the same message whether or not the address already has an account, so it cannot tell who is signed up: a new account gets a link to confirm its address (single use, 7 days), an existing one an e-mail saying so (at most one an hour). It does not sign in: POST /auth/login does, before the address is confirmed too. Until it is, notifications stay in the app. Needs APP_URL for the links (503 NOT_CONFIGURED otherwise, as /auth/forgot-password). `invitation`, the token of an invitation's link (/invitations/{token}): when it is pending and was sent to this address, the new account joins its workspace, with its role, and its first session works there; else it is ignored.",
    request: jsonBody(RegisterRequest),
    responses: {
      202: dataResponse("Accepted: the e-mail is on its way", MessageSchema),
      ...errorResponses(400, 503),
    },
  }),
  async (c) => {
    requireSecret(c.env.JWT_SECRET);
    const input = c.req.valid("json");
    const origin = requireLinkOrigin(c.env, c.req.url, "Sign-up e-mail");
    // Hashed either way, so a taken address answers no sooner than a new one.
    const passwordHash = await hashPassword(input.password);
    const invitation =
      input.invitation === undefined
        ? null
        : await signUpInvitation(database(c.env.DB), input.invitation, input.email);
    const row = await insertUser(
      c.env.DB,
      {
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
      },
      invitation?.statements,
    );
    const joined = row && invitation && (await invitation.joined(row.id));
    if (row && joined) {
      await membersChanged(c.env, joined);
      await setFirstSessionWorkspace(c.env, row.id, joined);
    }
    const existing = row ? null : await findUserByEmail(c.env.DB, input.email);
    const userId = row?.id ?? existing?.id;
    if (userId)
      await queueEmail(c, {
        type: "account-email",
        kind: row ? "confirm-email" : "already-registered",
        userId,
        origin,
      });
    return c.json({ data: { message: SIGNED_UP_MESSAGE } }, 202);
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
    const { token, user, cookie } = await signIn(c.env, c.req.raw, c.req.valid("json"));
    c.header("Set-Cookie", cookie);
    return c.json({ data: { token, user } }, 200);
  },
);

auth.openapi(
  apiRoute({
    method: "get",
    path: "/me",
    operationId: "getCurrentUser",
    summary: "The signed-in user",
    description:
      "Asked by AI42's own pages (`Sec-Fetch-Site: same-origin`) with a session's bearer token and no session cookie, it also sets the session's cookie, so the pages read on the server as this user too.",
    security: bearerSecurity,
    middleware: [requireAuth] as const,
    responses: {
      200: dataResponse("The signed-in user", z.object({ user: UserSchema })),
      ...errorResponses(401),
    },
  }),
  (c) => {
    const cookie = cookieForStoredToken(c.req.raw, c.var.session);
    if (cookie) c.header("Set-Cookie", cookie);
    return c.json({ data: { user: c.var.session.user } }, 200);
  },
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
      "Answers the same, and as soon, whether or not an account exists for the address: the e-mail is queued and looked up after the answer (at most one a minute per address). The link points at APP_URL; without it, only a local run reached at a loopback address (e-mails printed to its log) makes links, and anything else answers 503 NOT_CONFIGURED: a link built from the request's Host could point at any host the sender names.",
    request: jsonBody(ForgotPasswordSchema),
    responses: { 200: dataResponse("Accepted", MessageSchema), ...errorResponses(400, 503) },
  }),
  async (c) => {
    const origin = requireLinkOrigin(c.env, c.req.url, "Password-reset e-mail");
    const email = normalizeEmail(c.req.valid("json").email);
    await queueEmail(c, { type: "account-email", kind: "password-reset", email, origin });
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
    summary:
      "Set a new password with a reset token; ends every session, personal access token and connected AI app",
    description:
      "Whoever knew the old password may have signed in, made a token or connected an app with it: every session is signed out, every personal access token and every OAuth grant (with its tokens) revoked, and the owner is e-mailed that the password changed. Opening a reset link proves the address, so it also confirms it.",
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
    await setNewPassword(c.env, row, password, {
      reset: true,
      origin: emailLinkOrigin(c.env, c.req.url),
      waitUntil: (work) => c.executionCtx.waitUntil(work),
    });
    return c.json({ data: { message: `${PASSWORD_CHANGED_MESSAGE} Sign in with it now.` } }, 200);
  },
);

auth.openapi(
  apiRoute({
    method: "post",
    path: "/change-password",
    operationId: "changePassword",
    summary:
      "Change the password with the current one; ends every other session, personal access token and connected AI app",
    description:
      "As a reset does: every session is signed out, every personal access token and OAuth grant revoked, and the owner e-mailed. The device that asked gets a new session (the token and cookie in the answer). A wrong current password answers 400 WRONG_PASSWORD and counts as a failed sign-in (429 after 5 in 15 minutes). Signed in only: a personal access token is refused 403 SESSION_REQUIRED.",
    ...sessionOnly,
    request: jsonBody(ChangePasswordSchema),
    responses: {
      200: dataResponse(
        "Password changed, and this device's new session",
        z.object({ token: z.string(), user: UserSchema, message: z.string() }),
      ),
      ...errorResponses(400, 401, 403, 429),
    },
  }),
  async (c) => {
    requireSecret(c.env.JWT_SECRET);
    const { current_password: current, new_password: password } = c.req.valid("json");
    const session = c.var.session;
    const row = await findUserById(c.env.DB, session.userId);
    if (!row) throw new AppError(401, "UNAUTHORIZED", "Sign in again");
    await confirmPassword(c.env, row, current, clientAddress(c.req.raw), {
      field: "current_password",
      message: "Your current password is not right",
      fieldMessage: "Not your current password",
    });
    await setNewPassword(c.env, row, password, {
      reset: false,
      origin: emailLinkOrigin(c.env, c.req.url),
      waitUntil: (work) => c.executionCtx.waitUntil(work),
    });
    const user = publicUser(row);
    const created = await createSession(c.env, user, session.remember, session.timeZone);
    c.header("Set-Cookie", sessionCookie(created.token, created.session));
    return c.json({ data: { token: created.token, user, message: PASSWORD_CHANGED_MESSAGE } }, 200);
  },
);

auth.openapi(
  apiRoute({
    method: "post",
    path: "/delete-account",
    operationId: "deleteAccount",
    summary:
      "Delete the signed-in account and everything in its own workspace, confirmed with the password",
    description:
      "Deletes the person's own workspace with every record and file in it (also for anyone they shared it with), their memberships of other workspaces (what was assigned to them there is assigned to nobody), their sessions, personal access tokens, connected AI apps and Google connection. It can't be undone. While they are the only owner of a team workspace nothing is deleted: 409 OWNS_WORKSPACES, `details` naming those workspaces (`[{id,name}]`): make another member an owner, or delete the workspace, first. A wrong password answers 400 WRONG_PASSWORD and counts as a failed sign-in (429 after 5 in 15 minutes). Signed in only: a personal access token is refused 403 SESSION_REQUIRED.",
    ...sessionOnly,
    request: jsonBody(DeleteAccountSchema),
    responses: {
      204: { description: "Deleted; the session cookie is cleared" },
      ...errorResponses(400, 401, 403, 409, 429),
    },
  }),
  async (c) => {
    await deleteAccount(c.env, c.var.session.userId, c.req.valid("json").password, {
      address: clientAddress(c.req.raw),
      origin: new URL(c.req.url).origin,
    });
    c.header("Set-Cookie", clearedSessionCookie);
    return c.body(null, 204);
  },
);

auth.openapi(
  apiRoute({
    method: "post",
    path: "/confirm-email",
    operationId: "confirmEmail",
    summary: "Confirm the account's e-mail address with the link's token (single use)",
    description:
      "From then on the notifications the user chose to get by e-mail are e-mailed. Needs no sign-in: the token is the proof.",
    request: jsonBody(ConfirmEmailSchema),
    responses: { 200: dataResponse("Confirmed", MessageSchema), ...errorResponses(400) },
  }),
  async (c) => {
    if (!(await consumeConfirmToken(c.env, c.req.valid("json").token)))
      throw new AppError(
        400,
        "INVALID_CONFIRM_TOKEN",
        "This confirmation link is invalid, used or expired. Sign in and send yourself a new one from Connections → Notifications.",
      );
    return c.json({ data: { message: "Your e-mail is confirmed." } }, 200);
  },
);

auth.openapi(
  apiRoute({
    method: "post",
    path: "/confirm-email/resend",
    operationId: "resendConfirmEmail",
    summary: "E-mail the signed-in user a new link to confirm their address",
    description:
      "At most one a minute (429 with Retry-After); 409 ALREADY_CONFIRMED when there is nothing to confirm. Signed in only: a personal access token is refused 403 SESSION_REQUIRED.",
    ...sessionOnly,
    responses: {
      202: dataResponse("The e-mail is on its way", MessageSchema),
      ...errorResponses(401, 403, 409, 429, 503),
    },
  }),
  async (c) => {
    const { userId, user } = c.var.session;
    const origin = requireLinkOrigin(c.env, c.req.url, "Confirmation e-mail");
    if (await emailConfirmed(c.env, userId))
      throw new AppError(409, "ALREADY_CONFIRMED", "Your e-mail is already confirmed");
    if (!(await mayResendConfirmation(c.env, userId)))
      throw new AppError(
        429,
        "TOO_MANY_REQUESTS",
        "A link was sent less than a minute ago: check your inbox, or try again in a minute",
        { retryAfter: CONFIRM_RESEND_SECONDS },
        { "Retry-After": String(CONFIRM_RESEND_SECONDS) },
      );
    await queueEmail(c, { type: "account-email", kind: "confirm-email", userId, origin });
    return c.json({ data: { message: `A new link is on its way to ${user.email}.` } }, 202);
  },
);

export default auth;
