/**
 * The record picker's route, /records/<kind>: its loader answers the matches for what is typed
 * (`q`) or names one record (`id`), read by the picker's fetchers as the user types. The picker
 * sits in forms on many pages and has no page of its own, so, as the bell's list, it gets a
 * resource route; /records is no module's segment, so no page is ever behind it.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { loadRecordChoices } from "~/lib/record-choices.server";
import { serverLoaderOrFailure } from "~/lib/resource-route";
import { resourceLoader } from "~/lib/resource-route.server";

export const loader = resourceLoader((args, params) => loadRecordChoices(args, params.kind));

// A failure to reach the route is said in the picker, not as the page's error.
export const clientLoader = (args: ClientLoaderFunctionArgs) =>
  serverLoaderOrFailure<typeof loader>(args);

/**
 * Not read again after each action on the page, as a page's loaders are: the picker asks again
 * whenever its list opens, and a linked record's name does not change with the form around it.
 */
export const shouldRevalidate = () => false;
