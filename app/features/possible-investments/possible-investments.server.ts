/** Possible Investments' list, read on the server: the page the URL asks for. */
import { redirect } from "@remix-run/cloudflare";
import { analysisPath, comparePath, propertyPath } from "~/domain/modules";
import type { Strategy } from "~/domain/deals/types";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Rows per page of the list. */
const PROPERTIES_PAGE_SIZE = 25;

/**
 * Where a link to a screen the list's query string once opened now lives (`?property=`,
 * `?analysis=` with `strategy` and `term`, `?compare=`): answered with a permanent redirect.
 */
export function movedScreen(url: URL) {
  const query = url.searchParams;
  const property = query.get("property");
  const analysis = query.get("analysis");
  const compare = query.get("compare");
  let moved: string | null = null;
  if (analysis)
    moved = analysisPath(
      { id: analysis, propertyId: property },
      {
        strategy: (query.get("strategy") ?? undefined) as Strategy | undefined,
        term: query.get("term") ?? undefined,
      },
    );
  else if (compare) moved = comparePath(compare.split(","), property);
  else if (property) moved = propertyPath(property);
  return moved && redirect(moved, 301);
}

export async function loadPropertyList({ url, services }: ModuleLoaderArgs) {
  // The list's filters, sort and page are the API's own query parameters (q, status, sort, page…).
  const result = await services.listProperties({
    ...Object.fromEntries(url.searchParams),
    limit: String(PROPERTIES_PAGE_SIZE),
  });
  if (result.problem !== null) throw badQuery(result.problem);
  return { properties: result.page };
}
