/** Possible Investments' first screen, read on the server: the list's page the URL asks for. */
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Rows per page of the list. */
const PROPERTIES_PAGE_SIZE = 25;

export async function loadPossibleInvestments({ url, services }: ModuleLoaderArgs) {
  // A property's page, the analyzer and Compare read their own records; only the list is read here.
  if (["property", "analysis", "compare"].some((view) => url.searchParams.has(view)))
    return { properties: null };
  // The list's filters, sort and page are the API's own query parameters (q, status, sort, page…).
  const result = await services.listProperties({
    ...Object.fromEntries(url.searchParams),
    limit: String(PROPERTIES_PAGE_SIZE),
  });
  if (result.problem !== null) throw badQuery(result.problem);
  return { properties: result.page };
}
