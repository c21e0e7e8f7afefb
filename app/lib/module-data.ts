/**
 * A module view's first-screen data, as the catch-all route's loader read it (app/modules.server.ts). It
 * is read again through Remix's revalidation, never a hand-made fetch: on a retry, and whenever the
 * workspace changes behind the screen (an import, the agent's write). Remix keeps the newest read.
 */
import { useLocation, useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { LoadedModuleId } from "~/domain/modules";
import type { LoadedModule, ModuleData, WorkspaceStart } from "~/modules.server";

/** app/routes/_app.tsx */
const WORKSPACE_ROUTE = "routes/_app";
/** app/routes/_app.$.tsx */
const MODULE_ROUTE = "routes/_app.$";

/** What the workspace layout read when the app started with this page: the entries, the bell. */
export const useWorkspaceStart = () =>
  useRouteLoaderData(WORKSPACE_ROUTE) as WorkspaceStart | undefined;

/** The first screen of the module the catch-all route serves, if it serves this page. */
export const useLoadedModule = () =>
  useRouteLoaderData(MODULE_ROUTE) as LoadedModule | null | undefined;

export function useModuleData<Id extends LoadedModuleId>(id: Id) {
  const loaded = useLoadedModule();
  const { revalidate } = useRevalidator();
  const module = loaded?.id === id ? loaded : null;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return {
    /** Null when the read failed: show the failure with `retry`. */
    data: (module?.data ?? null) as ModuleData<Id> | null,
    retry: revalidate,
    /** The page's URL is being read again (a filter, a page, a tab): the data is about to change. */
    loading: navigation.state === "loading" && navigation.location.pathname === pathname,
  };
}

/**
 * What a streamed part of a module's data settles to: something slow or external (Google) that
 * the loader hands over as a promise, which Remix streams after the page. Undefined until it
 * settles (and for no promise: nothing to wait for); a promise replaced by a newer read (a
 * revalidation) is never shown. `of` names what is read (a day, a week): while a newer read of
 * the same settles, the last one stays, so a revalidation does not blank it for a moment.
 */
export function useStreamed<T>(promise: Promise<T> | null | undefined, of?: string) {
  const [settled, setSettled] = useState<{ from: Promise<T>; of?: string; value: T } | null>(null);
  const latest = useRef(promise);
  useEffect(() => {
    latest.current = promise;
    void promise?.then((value) => {
      if (latest.current === promise) setSettled({ from: promise, of, value });
    });
  }, [promise, of]);
  if (!promise || !settled) return undefined;
  return settled.from === promise || (of !== undefined && settled.of === of)
    ? settled.value
    : undefined;
}
