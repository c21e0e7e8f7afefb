/**
 * Resources' page, read on the server by its route's loader: the tab the URL opens (`tab`). The
 * glossary is part of the app and needs nothing read; the guides tab arrives with the guides'
 * Markdown (for their search and the one `guide` opens); the apps tab shows which integrations
 * are set up.
 */
import { RESOURCES_TABS } from "~/domain/modules";
import { GUIDES, guidePath } from "~/domain/resources/guides";
import { tabOf, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** The guides' Markdown files (public/guides), in the server's bundle: never read in the browser. */
const GUIDE_FILES = import.meta.glob<string>("/public/guides/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Each guide's Markdown, by its slug. */
const guideTexts = () =>
  Object.fromEntries(
    GUIDES.map((guide) => [guide.slug, GUIDE_FILES[`/public${guidePath(guide.slug)}`] ?? ""]),
  );

/**
 * The tab as the route's loader reads it: with the guides tab, the guides' Markdown; with the
 * apps tab, the integrations' status.
 */
export type ResourcesPageData = Awaited<ReturnType<typeof loadResources>>;

export async function loadResources({ url, services }: ModuleLoaderArgs) {
  const tab = tabOf(url, RESOURCES_TABS);
  if (tab === "guides") return { tab, guides: guideTexts(), integrations: null };
  if (tab !== "apps") return { tab, guides: null, integrations: null };
  // Which integrations are set up, from the environment and the user's Google connection in D1:
  // neither Google nor the AI is asked anything.
  const google = await services.googleStatus();
  return {
    tab,
    guides: null,
    integrations: { ai: services.aiStatus(), google, maps: services.mapsConfig() },
  };
}
