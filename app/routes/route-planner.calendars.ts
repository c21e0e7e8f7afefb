/**
 * Add to calendar's route, /route-planner/calendars: the user's writable Google calendars the
 * route's visits can go to, besides AI42's own, read by a fetcher as the dialog opens.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { loadWritableCalendars } from "~/features/route-planner/planner-reads.server";
import { serverLoaderOrFailure } from "~/lib/resource-route";
import { resourceLoader } from "~/lib/resource-route.server";

export const loader = resourceLoader(loadWritableCalendars);

// A failure to reach it leaves AI42's own calendar in the dialog, the planner staying.
export const clientLoader = (args: ClientLoaderFunctionArgs) =>
  serverLoaderOrFailure<typeof loader>(args);

// Adding the visits changes no calendar's name or access: the list is not read again after it.
export const shouldRevalidate = () => false;
