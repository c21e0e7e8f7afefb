/**
 * The stop picker's route, /route-planner/candidates: what a day's route can be built from (the
 * day's auctions and events, the properties and contacts matching the search), read by a fetcher
 * as the picker opens and as its search is typed.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { loadStopCandidates } from "~/features/route-planner/planner-reads.server";
import { serverLoaderOrFailure } from "~/lib/resource-route";
import { resourceLoader } from "~/lib/resource-route.server";

export const loader = resourceLoader(loadStopCandidates);

// A failure to reach it is said in the picker, with Try again, the planner staying.
export const clientLoader = (args: ClientLoaderFunctionArgs) =>
  serverLoaderOrFailure<typeof loader>(args);

// Nothing the planner's action writes changes the candidates: a save does not read them again.
export const shouldRevalidate = () => false;
