/** Compare: two to four saved analyses side by side. Back goes where they were compared from. */
import { useLoaderData } from "@remix-run/react";
import { DealCompare } from "../deals/compare";
import { propertyOrListPath } from "~/domain/modules";
import type { ComparedAnalyses } from "./compare.server";

/** `/possible-investments/compare?ids=<a>,<b>[&property=<id>]`, as its loader read them. */
export function CompareScreen() {
  const compared = useLoaderData<ComparedAnalyses | null>();
  // Signed out, the workspace shows the login screen instead of this page.
  if (!compared) return null;
  return <DealCompare deals={compared.deals} back={propertyOrListPath(compared.propertyId)} />;
}
