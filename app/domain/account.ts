/**
 * What an account is made of: the sign-up, sign-in, password-reset and -change inputs, checked with the
 * same schemas by the API and by the forms (so the form says what the API would). Pure: no I/O.
 */
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const EmailSchema = z.email({ error: "Enter a valid e-mail address" }).max(254);
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters` });
const Name = z.string().trim().min(1, { error: "Required" }).max(100);

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  first_name: Name,
  last_name: Name,
  /**
   * The token of the invitation whose link the sign-up came from: sent to this address, the new
   * account joins its workspace.
   */
  invitation: z.string().min(1).max(200).optional(),
});

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, { error: "Required" }).max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().optional(),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: NewPasswordSchema,
});

export const ChangePasswordSchema = z.object({
  current_password: z.string().min(1, { error: "Required" }).max(PASSWORD_MAX_LENGTH),
  new_password: NewPasswordSchema,
});

/** Deleting one's account: confirmed with the password. */
export const DeleteAccountSchema = z.object({
  password: z.string().min(1, { error: "Required" }).max(PASSWORD_MAX_LENGTH),
});

export const ConfirmEmailSchema = z.object({ token: z.string().min(1).max(200) });
