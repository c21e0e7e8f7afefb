/**
 * Auth state (spec §4): loading, unauthenticated (login screen) or authenticated (app).
 * The server renders with the user its session cookie names; in the browser the stored token is
 * read and the user refreshed at start, and a refused refresh signs the user out.
 */
import { useRevalidator } from "@remix-run/react";
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import * as authApi from "./api/auth";
import type { User } from "./api/auth";
import { storedToken, storeToken } from "./api/client";
import { MESSAGES, STORAGE_KEYS } from "./api/messages";

export type AuthStatus = "loading" | "unauthenticated" | "authenticated";

interface AuthState {
  status: AuthStatus;
  /** Present when signed in, and right after sign-up (the login screen greets them). */
  user: User | null;
  marketingUrl: string;
  setUser: (user: User) => void;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuth() {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth outside AuthProvider");
  return state;
}

/** `url` with `logged_out=1` added to its query, keeping any query and fragment it has. */
export function loggedOutUrl(url: string) {
  const [withoutHash, hash] = url.split("#");
  const separator = withoutHash!.includes("?") ? "&" : "?";
  return `${withoutHash}${separator}logged_out=1${hash === undefined ? "" : `#${hash}`}`;
}

const sameUser = (a: User | null, b: User) =>
  a !== null &&
  a.id === b.id &&
  a.email === b.email &&
  a.first_name === b.first_name &&
  a.last_name === b.last_name;

export function AuthProvider(props: {
  initialUser: User | null;
  marketingUrl: string;
  children: ReactNode;
}) {
  const [user, setUserState] = useState<User | null>(props.initialUser);
  const [status, setStatus] = useState<AuthStatus>(
    props.initialUser ? "authenticated" : "unauthenticated",
  );

  const { revalidate } = useRevalidator();
  useEffect(() => {
    localStorage.removeItem(STORAGE_KEYS.lastPath);
    // Signed in by the session cookie, the server read the user for this very page (the root's
    // loader): that is the refresh at start, and the page asks the API nothing more.
    // Signed in by a stored token alone, the user is refreshed from the API behind Loading....
    if (props.initialUser || storedToken() === null) return;
    setStatus("loading");
    let cancelled = false;
    authApi.fetchCurrentUser().then((result) => {
      if (cancelled) return;
      // A refresh in the background: as a transition it waits for the page to finish hydrating
      // (an urgent update would make React drop the server's HTML: error #421), and an unchanged
      // user changes nothing, so nothing below re-renders.
      startTransition(() => {
        if (result.data) {
          const user = result.data;
          setUserState((current) => (sameUser(current, user) ? current : user));
          setStatus("authenticated");
          // The refresh set the session's cookie: the page is read again, now as this user.
          revalidate();
        } else {
          console.warn(MESSAGES.refreshUserFailed, result.error.message);
          storeToken(null);
          setUserState(null);
          setStatus("unauthenticated");
        }
      });
    });
    return () => {
      cancelled = true;
    };
  }, [props.initialUser, revalidate]);

  const logout = useCallback(async () => {
    await authApi.logout();
    // Nothing of this account stays in the browser for the next person.
    localStorage.removeItem(STORAGE_KEYS.projectHub);
    setUserState(null);
    window.location.assign(loggedOutUrl(props.marketingUrl));
  }, [props.marketingUrl]);

  const value = useMemo<AuthState>(
    () => ({ status, user, marketingUrl: props.marketingUrl, setUser: setUserState, logout }),
    [status, user, props.marketingUrl, logout],
  );
  return <AuthContext.Provider value={value}>{props.children}</AuthContext.Provider>;
}
