/**
 * Property Research's first screen, read on the server: the page of the research history the URL
 * names (`page`), the report it opens (`report`) and whether the AI is set up. Running a new research (the AI) stays in
 * the browser.
 */
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Reports per page of the history. */
export const RESEARCH_PAGE_SIZE = 20;

export async function loadPropertyResearch({ url, services }: ModuleLoaderArgs) {
  const reportId = url.searchParams.get("report");
  const [history, research] = await Promise.all([
    services.listResearch({
      page: url.searchParams.get("page") ?? "1",
      limit: String(RESEARCH_PAGE_SIZE),
    }),
    reportId ? services.getResearch(reportId) : null,
  ]);
  if (history.problem !== null) throw badQuery(history.problem);
  // Another user's report, or none by that id, is not found: never their data.
  return {
    history: history.page,
    report: reportId ? { id: reportId, research } : null,
    /** Which AI providers are set up: the screen says what to configure without one. */
    ai: services.aiStatus(),
  };
}
