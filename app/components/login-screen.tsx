/** The sign-in / create-account screen (spec §2 "Login screen", §4, §5, §8). */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { nextAfterSignIn } from "~/domain/access";
import { modulePath } from "~/domain/modules";
import { invitationTokenIn } from "~/domain/teams";
import { firstPerField, type FieldProblem } from "~/domain/problems";
import * as authApi from "~/lib/api/auth";
import type { ApiFailure } from "~/lib/api/client";
import { MESSAGES, STORAGE_KEYS } from "~/lib/api/messages";
import { useAuth } from "~/lib/auth";
import { fieldErrorsOf, refusalOf, typedIn, type Refused } from "~/lib/record-action";
import { AuthCard } from "./auth-card";
import { FormMessage, PasswordField, SubmitButton, TextField, typedBeforeHydration } from "./form";

type Mode = "signin" | "signup";

const emptyFields = { email: "", password: "", confirmPassword: "", firstName: "", lastName: "" };
type Field = keyof typeof emptyFields;

/** The API's field names as this form's. */
const FORM_FIELD: Record<string, Field> = {
  email: "email",
  password: "password",
  first_name: "firstName",
  last_name: "lastName",
};

/** Problems by form field (the first for each); those no field shows are left out. */
function byFormField(problems: FieldProblem[]) {
  return firstPerField(
    problems.flatMap(({ field, message }) =>
      FORM_FIELD[field] ? [{ field: FORM_FIELD[field], message }] : [],
    ),
  ) as Partial<Record<Field, string>>;
}

const detailsOf = (failure: ApiFailure) =>
  Array.isArray(failure.details) ? (failure.details as FieldProblem[]) : [];

/**
 * The login screen; `refused`, why the form posted without JavaScript was refused
 * (app/routes/sign-in.tsx), with the e-mail it was sent with.
 */
export function LoginScreen(props: { refused?: Refused }) {
  const { user, marketingUrl } = useAuth();
  const { pathname, search } = useLocation();
  const { refused } = props;
  const [mode, setMode] = useState<Mode>("signin");
  const [fields, setFields] = useState(() => ({ ...emptyFields, ...typedIn(refused) }));
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const [remember, setRemember] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(() => refusalOf(refused));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>(() =>
    byFormField(
      Object.entries(fieldErrorsOf(refused)).map(([field, message]) => ({ field, message })),
    ),
  );
  const [success, setSuccess] = useState("");
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // Sent here to sign up (an invitation's page): signing up takes JavaScript, so the server's
    // form is the sign-in one and the sign-up form shows once the page is interactive.
    if (new URLSearchParams(window.location.search).get("mode") === "signup") setMode("signup");
    // What the user typed before the page was interactive wins over a remembered e-mail.
    const typed = typedBeforeHydration(form.current);
    const rememberBox = form.current?.elements.namedItem("remember");
    const remembered = localStorage.getItem(STORAGE_KEYS.rememberedEmail);
    setFields((current) => ({ ...current, ...(remembered && { email: remembered }), ...typed }));
    if (remembered || (rememberBox instanceof HTMLInputElement && rememberBox.checked)) {
      setRemember(true);
    }
  }, []);

  /** A failed call: each field's problem beside it; under the form only what no field shows. */
  function showFailure(failure: ApiFailure, fallback: string) {
    const errors = byFormField(detailsOf(failure));
    setFieldErrors(errors);
    setError(Object.keys(errors).length ? "" : failure.message || fallback);
  }

  const set = (name: keyof typeof emptyFields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  function switchMode() {
    const next: Mode = mode === "signin" ? "signup" : "signin";
    setError("");
    setFieldErrors({});
    setSuccess("");
    if (next === "signup") {
      setFields(emptyFields);
      setShowPassword(false);
      setShowConfirm(false);
      setRemember(false);
      localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
    }
    setMode(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError("");
    setFieldErrors({});
    setSuccess("");
    if (mode === "signup" && fields.password !== fields.confirmPassword) {
      setError(MESSAGES.passwordsDoNotMatch);
      return;
    }
    const input = {
      email: fields.email,
      password: fields.password,
      first_name: fields.firstName,
      last_name: fields.lastName,
      // Sent from an invitation's page: the new account joins its workspace.
      invitation:
        invitationTokenIn(new URLSearchParams(window.location.search).get("next")) ?? undefined,
    };
    // The schemas (and zod) load when the form is first sent, not with the page.
    const [{ LoginSchema, RegisterSchema }, { fieldProblems }] = await Promise.all([
      import("~/domain/account"),
      import("~/domain/validation"),
    ]);
    const checked = (mode === "signin" ? LoginSchema : RegisterSchema).safeParse(input);
    if (!checked.success) {
      setFieldErrors(byFormField(fieldProblems(checked.error)));
      return;
    }
    setLoading(true);
    if (mode === "signin") {
      const result = await authApi.login(fields.email, fields.password, remember);
      if (result.error) {
        setLoading(false);
        showFailure(result.error, MESSAGES.loginFormFallback);
        return;
      }
      if (remember) localStorage.setItem(STORAGE_KEYS.rememberedEmail, fields.email.trim());
      else localStorage.removeItem(STORAGE_KEYS.rememberedEmail);
      // Sent here by an AI client's consent page or an invitation's: back to it, signed in.
      window.location.assign(nextAfterSignIn(window.location.search) ?? modulePath("home"));
      return;
    }
    const result = await authApi.register(input);
    setLoading(false);
    if (result.error) {
      showFailure(result.error, MESSAGES.signupFormFallback);
      return;
    }
    // Signed in by an auth layer that answers with a token: straight in.
    if (result.data.token) {
      window.location.assign(modulePath("home"));
      return;
    }
    // Signing up does not sign in (its answer is the same for an address that has an account):
    // the sign-in form, with the e-mail kept and what to do next said above it.
    setMode("signin");
    setFields({ ...emptyFields, email: fields.email });
    setShowPassword(false);
    setShowConfirm(false);
    setSuccess(result.data.message ?? "");
  }

  const signingUp = mode === "signup";
  // The page signing in goes back to: this one, or the one a refused form was sent for.
  const shownFor =
    pathname === "/sign-in"
      ? (new URLSearchParams(search).get("next") ?? "/home")
      : pathname + search;
  const goToWebsite = (
    <button
      type="button"
      onClick={() => window.location.assign(marketingUrl)}
      className="rounded-lg border border-line px-4 py-2 text-sm text-muted hover:border-accent/60 hover:text-fg"
    >
      Go to Website
    </button>
  );

  if (user && !signingUp) {
    return (
      <AuthCard footer={goToWebsite}>
        <div className="text-center">
          <h1 className="text-2xl font-semibold">Welcome, {user.first_name}!</h1>
          <p className="mt-2 text-muted">{user.email}</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="btn-primary mt-6 w-full"
          >
            Continue to App
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={signingUp ? "Create Account" : "Welcome Back"} footer={goToWebsite}>
      <p className="mt-1 text-center text-sm text-muted">
        {signingUp
          ? "Your AI workspace for real-estate investing"
          : "Sign in to your AI42 workspace"}
      </p>
      {/* Without JavaScript the browser posts the form (never a password in a URL) to the
          sign-in action, which comes back to this page: the one shown, or the one it was for. */}
      <form
        ref={form}
        method="post"
        action={`/sign-in?${new URLSearchParams({ next: shownFor })}`}
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-4"
      >
        {signingUp && (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              id="firstName"
              label="First name"
              value={fields.firstName}
              onChange={set("firstName")}
              error={fieldErrors.firstName}
              autoComplete="given-name"
            />
            <TextField
              id="lastName"
              label="Last name"
              value={fields.lastName}
              onChange={set("lastName")}
              error={fieldErrors.lastName}
              autoComplete="family-name"
            />
          </div>
        )}
        <TextField
          id="email"
          label="Email"
          type="email"
          value={fields.email}
          onChange={set("email")}
          error={fieldErrors.email}
          autoComplete="email"
        />
        <PasswordField
          id="password"
          label="Password"
          value={fields.password}
          onChange={set("password")}
          error={fieldErrors.password}
          visible={showPassword}
          onToggle={() => setShowPassword((v) => !v)}
          autoComplete={signingUp ? "new-password" : "current-password"}
        />
        {signingUp && (
          <PasswordField
            id="confirmPassword"
            label="Confirm password"
            value={fields.confirmPassword}
            onChange={set("confirmPassword")}
            visible={showConfirm}
            onToggle={() => setShowConfirm((v) => !v)}
            autoComplete="new-password"
          />
        )}
        {!signingUp && (
          <div className="flex items-center justify-between text-sm">
            <label className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                name="remember"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
                className="size-4 accent-[var(--accent)]"
              />
              Remember me
            </label>
            <a href={`${marketingUrl}/forgot-password`} className="text-accent hover:underline">
              Forgot password?
            </a>
          </div>
        )}
        <SubmitButton
          posts
          busy={loading}
          busyLabel={signingUp ? "Creating Account..." : "Signing In..."}
        >
          {signingUp ? "Create Account" : "Sign In"}
        </SubmitButton>
        <FormMessage kind="error">{error}</FormMessage>
        <FormMessage kind="success">{success}</FormMessage>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {signingUp ? "Already have an account?" : "Don't have an account?"}{" "}
        <button
          type="button"
          onClick={switchMode}
          className="font-medium text-accent hover:underline"
        >
          {signingUp ? "Sign in" : "Sign up"}
        </button>
      </p>
    </AuthCard>
  );
}
