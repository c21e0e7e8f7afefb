/** Dark is the default theme; light is remembered in a cookie so the server renders it. */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from "react";

export type Theme = "dark" | "light";
export const THEME_COOKIE = "ai42_theme";

export function themeFromCookie(cookieHeader: string | null): Theme {
  return new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=light(?:;|$)`).test(cookieHeader ?? "")
    ? "light"
    : "dark";
}

const ThemeContext = createContext<{ theme: Theme; toggleTheme: () => Theme } | null>(null);

export function useTheme() {
  const context = useContext(ThemeContext);
  if (!context) throw new Error("useTheme outside ThemeProvider");
  return context;
}

export function ThemeProvider(props: { initialTheme: Theme; children: ReactNode }) {
  const [theme, setTheme] = useState(props.initialTheme);
  const toggleTheme = useCallback(() => {
    const next: Theme = document.documentElement.classList.contains("light") ? "dark" : "light";
    document.documentElement.classList.toggle("light", next === "light");
    document.cookie = `${THEME_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
    // The page switches at once through the class; React's copy (the toasts' colours) is not
    // urgent, so it cannot disturb a page still hydrating.
    startTransition(() => setTheme(next));
    return next;
  }, []);
  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{props.children}</ThemeContext.Provider>;
}
