/** Compare: two to four saved analyses side by side. Back goes where they were compared from. */
import { useNavigate, useSearchParams } from "@remix-run/react";
import { DealCompare } from "../deals/compare";
import { analysisPath, propertyOrListPath } from "~/domain/modules";

/** `/possible-investments/compare?ids=<a>,<b>[&property=<id>]` */
export function CompareScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const propertyId = params.get("property");
  return (
    <DealCompare
      ids={(params.get("ids") ?? "").split(",").filter(Boolean)}
      onBack={() => navigate(propertyOrListPath(propertyId))}
      onOpen={(id) => navigate(analysisPath({ id, propertyId }))}
    />
  );
}
