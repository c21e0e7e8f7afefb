/**
 * A route in the planner: a saved one read by its loader, or (at `new`) one being planned; saved,
 * deleted and its start places remembered through its action. One route for both, so saving a new
 * route moves to its URL with the planner, its map and its figures as they are.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { RouteEditor } from "~/features/route-planner/route-editor";
import { addsToCalendar } from "~/features/route-planner/calendar-intent";
import { actOnVisitRoute, loadVisitRoute } from "~/features/route-planner/visit-route.server";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadVisitRoute(args, params.routeId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnVisitRoute(args, params.routeId!, request, { document: context.documentRequest });
}

/**
 * Adding the visits to a calendar changes the route only in its version, which the action answers:
 * the planner is not read again, which would replace its draft and what it says about the visits.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ json, defaultShouldRevalidate }) =>
  addsToCalendar(json) ? false : defaultShouldRevalidate;

/** The route's name as the title; the workspace's when there is no route to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? (data.route?.name ?? "Plan a route") : null);

export default function VisitRouteRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <RouteEditor loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
