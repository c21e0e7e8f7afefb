/** Every workspace path: the login screen, Loading..., or the app shell (lazy). */
import type { MetaFunction } from "@remix-run/cloudflare";
import { lazy, Suspense } from "react";
import { LoginScreen } from "~/components/login-screen";
import { Skeleton } from "~/components/skeleton";
import { moduleForPath } from "~/domain/modules";
import { useAuth } from "~/lib/auth";
import { MODULES } from "~/modules";

const AppShell = lazy(() => import("~/components/app-shell"));

export const meta: MetaFunction = ({ location }) => {
  const module = moduleForPath(MODULES, location.pathname);
  return [{ title: module ? `${module.title} · AI42` : "AI42" }];
};

export default function Workspace() {
  const { status } = useAuth();
  if (status === "loading") {
    return <div className="grid min-h-dvh place-items-center text-muted">Loading...</div>;
  }
  if (status === "unauthenticated") return <LoginScreen />;
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
