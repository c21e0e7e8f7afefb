/** Compare on the server: the saved analyses it puts side by side. */
import { MAX_COMPARED } from "~/domain/deals/judge";
import type { Deal } from "~/lib/api/deals";
import { badQuery, notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/**
 * The analyses `?ids=` names (the first four), in its order; the 404 page when one of them is
 * not the user's, a 400 page when it names none.
 */
export async function loadCompare({ url, services }: ModuleLoaderArgs) {
  const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean).slice(0, MAX_COMPARED);
  if (!ids.length) throw badQuery("Name the saved analyses to compare, like ?ids=<id>,<id>");
  const deals = await Promise.all(ids.map((id) => services.dealDetail(id)));
  if (deals.some((deal) => !deal)) throw notFound();
  // As the API answers them: its schema reads an optional input left out (null) as absent.
  return { deals: deals as Deal[], propertyId: url.searchParams.get("property") };
}

export type ComparedAnalyses = Awaited<ReturnType<typeof loadCompare>>;
