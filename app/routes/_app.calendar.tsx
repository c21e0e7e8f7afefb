/**
 * Calendar: the events of the range the URL names (`view`, `date`), read by the loader; events
 * are created, changed and deleted through the action.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { CalendarPage } from "~/features/calendar/calendar";
import { actOnCalendar, loadCalendar } from "~/features/calendar/calendar.server";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadCalendar(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnCalendar(args, request);
}

export default function CalendarRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <CalendarPage loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
