/** Every workspace path: the login screen, Loading..., the app shell (lazy), or Page not found. */
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLocation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { LoginScreen } from "~/components/login-screen";
import { NotFound } from "~/components/not-found";
import { Skeleton } from "~/components/skeleton";
import { moduleForPath } from "~/domain/modules";
import { useAuth } from "~/lib/auth";
import { MODULES } from "~/modules";

const AppShell = lazy(() => import("~/components/app-shell"));

/** Only the status: a path no module opens is answered 404, signed in or not. */
export function loader({ request }: LoaderFunctionArgs) {
  const found = moduleForPath(MODULES, new URL(request.url).pathname) !== null;
  return json(null, { status: found ? 200 : 404 });
}

/** The status matters to the document only: moving between modules asks the server nothing. */
export const shouldRevalidate = () => false;

/** The page's title; the rest of the root's tags (the description) stay: Remix replaces, not merges. */
export const meta: MetaFunction = ({ location, matches }) => {
  const module = moduleForPath(MODULES, location.pathname);
  const inherited = matches.flatMap((match) => match.meta ?? []).filter((tag) => !("title" in tag));
  return [...inherited, { title: module ? `${module.title} · AI42` : "Page not found · AI42" }];
};

export default function Workspace() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  if (status === "loading") {
    return <div className="grid min-h-dvh place-items-center text-muted">Loading...</div>;
  }
  if (status === "unauthenticated") {
    return moduleForPath(MODULES, pathname) ? <LoginScreen /> : <NotFound signedIn={false} />;
  }
  return (
    <Suspense
      fallback={
        <div className="p-10">
          <Skeleton />
        </div>
      }
    >
      <AppShell />
    </Suspense>
  );
}
