/**
 * Resources' page, read on the server by its route's loader: the tab the URL opens (`tab`). The glossary and
 * the guides' list are part of the app and need nothing read; the apps tab shows which
 * integrations are set up. A guide's text is a static file the browser reads when it is opened.
 */
import { RESOURCES_TABS } from "~/domain/modules";
import { tabOf, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** The tab as the route's loader reads it: with the apps tab, the integrations' status. */
export type ResourcesPageData = Awaited<ReturnType<typeof loadResources>>;

export async function loadResources({ url, services }: ModuleLoaderArgs) {
  const tab = tabOf(url, RESOURCES_TABS);
  if (tab !== "apps") return { tab, integrations: null };
  // Which integrations are set up, from the environment and the user's Google connection in D1:
  // neither Google nor the AI is asked anything.
  const google = await services.googleStatus();
  return { tab, integrations: { ai: services.aiStatus(), google, maps: services.mapsConfig() } };
}
