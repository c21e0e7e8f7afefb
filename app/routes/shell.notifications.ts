/**
 * The bell's own route, /shell/notifications: its loader answers the panel's list (read by a
 * fetcher when the panel opens), its action marks notifications read and sends a failed e-mail
 * again. The bell sits in the app shell on every page and has no page of its own, so, as
 * epic-stack's theme switch, it gets a resource route its fetchers read and post to. Named after
 * the shell that holds it: /resources is the Resources screen's path and /api the API's.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from "@remix-run/react";
import {
  actOnNotifications,
  loadNotifications,
  signedOut,
} from "~/features/shell/notifications.server";
import { pageArgs } from "~/lib/module-loader.server";
import type { Refused } from "~/lib/record-action";

/**
 * An answer with a status (a refusal) to a request made directly (a script, the address bar)
 * rather than by a fetcher (single fetch's `.data`): Remix would send such a request the data as
 * JSON with a 200, so it is sent as a response with its own status.
 */
function withStatus<T>(answer: T, context: AppLoadContext): T {
  if (context.documentRequest && answer instanceof Object && "init" in answer && "data" in answer)
    throw Response.json(answer.data, (answer.init as ResponseInit | null) ?? undefined);
  return answer;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return withStatus(args ? await loadNotifications(args) : signedOut(), context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await pageArgs(request, context);
  return withStatus(args ? await actOnNotifications(args, request) : signedOut(), context);
}

/**
 * A read or a change that did not reach the server (offline), or failed there, is said in the
 * panel or a toast, as a refusal is: a fetcher's failure would otherwise be the page's error.
 */
const unreached = (error: unknown): Refused => ({
  message: error instanceof Error ? error.message : String(error),
  fieldErrors: {},
});

export const clientLoader = ({ serverLoader }: ClientLoaderFunctionArgs) =>
  serverLoader<typeof loader>().catch(unreached);

export const clientAction = ({ serverAction }: ClientActionFunctionArgs) =>
  serverAction<typeof action>().catch(unreached);
