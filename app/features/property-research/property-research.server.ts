/**
 * Property Research's first screen, read on the server: the page of the research history the URL
 * names (`page`) and whether the AI is set up. Running a new research (the AI) stays in the
 * browser; a saved report is a page of its own.
 */
import { redirect } from "@remix-run/cloudflare";
import { researchPath } from "~/domain/modules";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Reports per page of the history. */
export const RESEARCH_PAGE_SIZE = 20;

/**
 * Where a link to a report the query string once opened (`?report=<id>`) now lives: answered
 * with a permanent redirect.
 */
export function movedScreen(url: URL) {
  const report = url.searchParams.get("report");
  return report && redirect(researchPath(report), 301);
}

/** The history's page and the AI's setup, as the route's loader reads them. */
export type PropertyResearchPageData = Awaited<ReturnType<typeof loadPropertyResearch>>;

export async function loadPropertyResearch({ url, services }: ModuleLoaderArgs) {
  const history = await services.listResearch({
    page: url.searchParams.get("page") ?? "1",
    limit: String(RESEARCH_PAGE_SIZE),
  });
  if (history.problem !== null) throw badQuery(history.problem);
  return {
    history: history.page,
    /** Which AI providers are set up: the screen says what to configure without one. */
    ai: services.aiStatus(),
  };
}
