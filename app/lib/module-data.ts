/**
 * A module view's first-screen data, as the `$` route's loader read it (app/modules.server.ts). It
 * is read again through Remix's revalidation, never a hand-made fetch: on a retry, and whenever the
 * workspace changes behind the screen (an import, the agent's write). Remix keeps the newest read.
 */
import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { LoadedModuleId } from "~/domain/modules";
import type { ModuleData, WorkspaceData } from "~/modules.server";
import { workspaceRevision } from "./stores/workspace-revision";

/** app/routes/$.tsx */
const WORKSPACE_ROUTE = "routes/$";

/** The first screen the page's loader read, whichever module it is; null when none. */
export const useLoadedModule = () =>
  (useRouteLoaderData(WORKSPACE_ROUTE) as WorkspaceData | undefined)?.module ?? null;

export function useModuleData<Id extends LoadedModuleId>(id: Id) {
  const loaded = useLoadedModule();
  const { revalidate } = useRevalidator();
  useEffect(() => workspaceRevision.subscribe(() => revalidate()), [revalidate]);
  const module = loaded?.id === id ? loaded : null;
  return {
    /** Null when the read failed: show the failure with `retry`. */
    data: (module?.data ?? null) as ModuleData<Id> | null,
    retry: revalidate,
  };
}
