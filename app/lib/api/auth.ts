import { apiRequest, storeToken, type ApiResult } from "./client";
import { MESSAGES } from "./messages";

export interface User {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

interface SessionData {
  token: string;
  user: User;
}

export async function login(email: string, password: string, remember: boolean) {
  const result = await apiRequest<SessionData>("/auth/login", {
    method: "POST",
    body: { email, password, remember },
    fallbackMessage: MESSAGES.loginFailed,
  });
  if (result.data?.token) storeToken(result.data.token);
  return result;
}

/**
 * Signs up. AI42's own API answers the same whether or not the address had an account (it says to
 * check the e-mail) and does not sign in; an auth layer in front of it may still answer 409 for a
 * taken address, or a token, which the product names and keeps.
 */
export async function register(input: {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  invitation?: string;
}) {
  const result = await apiRequest<{ message?: string; token?: string }>("/auth/register", {
    method: "POST",
    body: input,
    fallbackMessage: MESSAGES.registrationFailed,
  });
  if (result.error?.statusCode === 409) {
    return { error: { message: MESSAGES.emailTaken, statusCode: 409 } };
  }
  if (result.data?.token) storeToken(result.data.token);
  return result;
}

/** The current user; the server may answer it wrapped in `user` or directly. */
export async function fetchCurrentUser(): Promise<ApiResult<User>> {
  const result = await apiRequest<{ user?: User } | User>("/auth/me");
  if (result.error) return result;
  const data = result.data;
  return { data: "user" in data && data.user ? data.user : (data as User) };
}

export async function logout() {
  const result = await apiRequest<unknown>("/auth/logout", { method: "POST" });
  storeToken(null);
  return result;
}

export function requestPasswordReset(email: string) {
  return apiRequest<{ message: string }>("/auth/forgot-password", {
    method: "POST",
    body: { email },
  });
}

export function resetPassword(token: string, password: string) {
  return apiRequest<{ message: string }>("/auth/reset-password", {
    method: "POST",
    body: { token, password },
  });
}

/** A new password for the signed-in user; this device stays signed in with a new session. */
export async function changePassword(currentPassword: string, newPassword: string) {
  const result = await apiRequest<SessionData & { message: string }>("/auth/change-password", {
    method: "POST",
    body: { current_password: currentPassword, new_password: newPassword },
  });
  if (result.data?.token) storeToken(result.data.token);
  return result;
}

export function confirmEmail(token: string) {
  return apiRequest<{ message: string }>("/auth/confirm-email", {
    method: "POST",
    body: { token },
  });
}

export function resendConfirmation() {
  return apiRequest<{ message: string }>("/auth/confirm-email/resend", { method: "POST" });
}
