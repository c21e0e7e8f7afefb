/**
 * The bell's own route, /shell/notifications: its loader answers the panel's list (read by a
 * fetcher when the panel opens), its action marks notifications read and sends a failed e-mail
 * again. The bell sits in the app shell on every page and has no page of its own, so, as
 * epic-stack's theme switch, it gets a resource route its fetchers read and post to. Named after
 * the shell that holds it: /resources is the Resources screen's path and /api the API's.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from "@remix-run/react";
import { actOnNotifications, loadNotifications } from "~/features/shell/notifications.server";
import { pageArgs } from "~/lib/module-loader.server";
import { serverActionOrFailure, serverLoaderOrFailure } from "~/lib/resource-route";
import { resourceLoader, signedOut, withStatus } from "~/lib/resource-route.server";

export const loader = resourceLoader(loadNotifications);

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await pageArgs(request, context);
  return withStatus(args ? await actOnNotifications(args, request) : signedOut(), context);
}

// The bell is on every page: a failure to reach its route is said in the panel or a toast.
export const clientLoader = (args: ClientLoaderFunctionArgs) =>
  serverLoaderOrFailure<typeof loader>(args);

export const clientAction = (args: ClientActionFunctionArgs) =>
  serverActionOrFailure<typeof action>(args);
