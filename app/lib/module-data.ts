/**
 * What the loaders hand the screens beyond their own route's data: what the workspace layout read
 * at start, and the parts a loader streams after the page.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { writesRecords } from "~/domain/teams";
import type { WorkspaceStart } from "~/workspace-start.server";

/** app/routes/_app.tsx */
const WORKSPACE_ROUTE = "routes/_app";

/** What the workspace layout read when the app started with this page: the entries, the bell. */
export const useWorkspaceStart = () =>
  useRouteLoaderData(WORKSPACE_ROUTE) as WorkspaceStart | undefined;

/**
 * Whether the person may change the records of the workspace the page works in: every role but a
 * viewer. The server refuses a viewer's change whatever a screen shows; the screens offer none.
 * Unknown (the workspaces' read failed): offered, and the server decides.
 */
export function useCanWrite() {
  const current = useCurrentWorkspace();
  return current ? writesRecords(current.role) : true;
}

/** The workspace the page works in, as the switcher lists it; undefined when unknown. */
function useCurrentWorkspace() {
  const workspaces = useWorkspaceStart()?.workspaces;
  return workspaces?.list.find((workspace) => workspace.id === workspaces.currentId);
}

/** The name of one of the person's workspaces, as the switcher lists it; undefined when unknown. */
export function useWorkspaceName(id: string) {
  return useWorkspaceStart()?.workspaces?.list.find((workspace) => workspace.id === id)?.name;
}

/**
 * Whether the page works in a team's workspace, whose records are assigned to its members (the
 * lists offer "Mine"); a person's own, or unknown: not.
 */
export function useTeamWorkspace() {
  const current = useCurrentWorkspace();
  return current ? !current.personal : false;
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
