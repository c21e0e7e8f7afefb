/** The deal analyzer's page on the server: the saved analysis it opens, and its property. */
import { redirect } from "@remix-run/cloudflare";
import { analysisPath } from "~/domain/modules";
import type { Deal } from "~/lib/api/deals";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/**
 * A saved analysis (`analysisId`) with its property, or for `new` the property it is for (when
 * the path names one). An analysis reached under another property's path (or none) is sent to
 * its own path; one that is not the user's, or a property that is not, is the 404 page.
 */
export async function loadAnalysis(
  { services }: ModuleLoaderArgs,
  analysisId: string,
  propertyId: string | null,
) {
  if (analysisId === "new") {
    const property = propertyId ? await services.propertyDetail(propertyId) : null;
    if (propertyId && !property) throw notFound();
    return { deal: null, property };
  }
  const deal = await services.dealDetail(analysisId);
  if (!deal) throw notFound();
  if (deal.propertyId !== propertyId) throw redirect(analysisPath(deal));
  const property = deal.propertyId ? await services.propertyDetail(deal.propertyId) : null;
  // As the API answers it: its schema reads an optional input left out (null) as absent.
  return { deal: deal as Deal, property };
}

export type OpenedAnalysis = Awaited<ReturnType<typeof loadAnalysis>>;
