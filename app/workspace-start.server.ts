/**
 * What the app reads when it starts with a page: the entries, the bell's counts and the
 * workspaces.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageArgs } from "./lib/module-loader.server";
import type { NotificationCounts } from "./lib/api/notifications";
import type { Entry } from "./lib/api/workspace";
import type { Workspace } from "./domain/teams";

/**
 * What the workspace layout (app/routes/_app.tsx) reads when the app starts: the entries and the
 * bell's counts. The layout's loader runs once, when the shell first shows (its `shouldRevalidate`
 * answers false); nothing signed out.
 */
export interface WorkspaceStart {
  /**
   * Every entry of the user, for the entries store the app fills at start (spec §4): streamed
   * after the page, and null when that read failed (ignored, as the spec says).
   */
  entries: Promise<Entry[] | null> | null;
  /**
   * The bell's counts (the first paint shows the badge and the bell asks nothing until its next
   * poll); null when the read failed (the bell then asks).
   */
  notifications: NotificationCounts | null;
  /**
   * The person's workspaces, their own first, and the one this page works in, for the sidebar's
   * switcher; null when that read failed (the switcher then shows nothing).
   */
  workspaces: { list: Workspace[]; currentId: string } | null;
}

export async function loadWorkspaceStart(
  request: Request,
  context: AppLoadContext,
): Promise<WorkspaceStart> {
  const args = await pageArgs(request, context);
  if (!args) return { entries: null, notifications: null, workspaces: null };
  const failed = (error: unknown) => {
    console.error(error);
    return null;
  };
  // Asked before the others are awaited, so that all three go to D1 in the page's one round trip.
  const entries = args.services.listEntries().catch(failed);
  const [notifications, workspaces] = await Promise.all([
    args.services.notificationCounts().catch(failed),
    args.services.workspaces().catch(failed),
  ]);
  return {
    entries,
    notifications,
    workspaces: workspaces && { list: workspaces, currentId: args.services.workspaceId },
  };
}
