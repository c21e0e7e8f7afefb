/** Dark is the default theme; light is remembered in a cookie so the server renders it. */
export type Theme = "dark" | "light";
export const THEME_COOKIE = "ai42_theme";

export function themeFromCookie(cookieHeader: string | null): Theme {
  return /(?:^|;\s*)ai42_theme=light(?:;|$)/.test(cookieHeader ?? "") ? "light" : "dark";
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("light", theme === "light");
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function currentTheme(): Theme {
  return document.documentElement.classList.contains("light") ? "light" : "dark";
}
