/**
 * The planner's road figures, /route-planner/roads: with a road service, the distances and driving
 * times between the route's points (`read=matrix`) and the line along the roads through them in
 * order (`read=line`), read by fetchers as the route changes. Without an answer the planner keeps
 * its straight-line estimate.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { loadRoads } from "~/features/route-planner/planner-reads.server";
import { serverLoaderOrFailure } from "~/lib/resource-route";
import { resourceLoader } from "~/lib/resource-route.server";

export const loader = resourceLoader(loadRoads);

// A failure to reach it leaves the estimate, the planner staying.
export const clientLoader = (args: ClientLoaderFunctionArgs) =>
  serverLoaderOrFailure<typeof loader>(args);

// The answer depends on the points in the URL only: a save does not ask the road service again.
export const shouldRevalidate = () => false;
