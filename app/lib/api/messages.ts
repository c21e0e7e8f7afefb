/** The browser's error catalogue (spec §8): every message exactly once. */
export const MESSAGES = {
  htmlInsteadOfJson: "Server returned HTML instead of JSON. Check if backend is running.",
  requestFailed: "Request failed",
  networkError: "Network error",
  loginFailed: "Login failed",
  loginFormFallback: "Login failed. Please try again.",
  registrationFailed: "Registration failed",
  emailTaken: "An account with this email already exists. Please try logging in instead.",
  signupFormFallback: "Signup failed. Please try again.",
  passwordsDoNotMatch: "Passwords do not match",
  accountCreated: "Account created successfully!",
  refreshUserFailed: "Failed to refresh user",
} as const;

/** Storage keys (spec §9 and §2). */
export const STORAGE_KEYS = {
  authToken: "auth_token",
  lastPath: "last_path",
  rememberedEmail: "remembered_email",
  sidebarCollapsed: "sidebar_collapsed",
} as const;
