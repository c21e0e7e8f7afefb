/**
 * Resources' first screen, read on the server: the tab the URL opens (`tab`). The glossary and
 * the guides' list are part of the app and need nothing read; the apps tab shows which
 * integrations are set up. A guide's text is a static file the browser reads when it is opened.
 */
import { RESOURCES_TABS, type ResourcesTab } from "~/domain/modules";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

const isTab = (tab: string): tab is ResourcesTab =>
  (RESOURCES_TABS as readonly string[]).includes(tab);

export async function loadResources({ url, services }: ModuleLoaderArgs) {
  const tab = url.searchParams.get("tab") ?? "glossary";
  if (!isTab(tab)) throw badQuery(`tab: Use one of ${RESOURCES_TABS.join(", ")}`);
  return { tab, integrations: tab === "apps" ? await services.integrations() : null };
}
