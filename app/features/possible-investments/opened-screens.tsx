/**
 * The screens Possible Investments opens besides the list and a property's page: the deal
 * analyzer (a saved analysis or a new one, under its property when it has one), Compare, and the
 * form to add a property by hand. Each reads its path and query; Back goes where it came from.
 */
import { useNavigate, useParams, useSearchParams } from "@remix-run/react";
import { DealAnalyzer } from "../deals/analyzer";
import { DealCompare } from "../deals/compare";
import { PropertyForm } from "./property-form";
import { toast } from "~/lib/toast";
import { DEAL_STRATEGIES, type Strategy } from "~/domain/deals/types";
import { analysisPath, modulePath, propertyPath } from "~/domain/modules";
import { propertiesApi } from "~/lib/api/workspace";

const isStrategy = (value: string | null): value is Strategy =>
  DEAL_STRATEGIES.includes(value as Strategy);

/** The property's page, or the list for what belongs to no property. */
const backTo = (propertyId: string | null | undefined) =>
  propertyId ? propertyPath(propertyId) : modulePath("possible-investments");

/** `/possible-investments[/<propertyId>]/analyses/<id or new>?strategy=&term=` */
export function AnalysisScreen() {
  const { propertyId, analysisId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const strategy = params.get("strategy");
  return (
    <DealAnalyzer
      key={`${propertyId}/${analysisId}`}
      dealId={analysisId === "new" ? null : analysisId!}
      propertyId={propertyId ?? null}
      strategy={isStrategy(strategy) ? strategy : null}
      term={params.get("term")}
      onBack={() => navigate(backTo(propertyId))}
      onSaved={(deal) => navigate(analysisPath(deal), { replace: true })}
    />
  );
}

/** `/possible-investments/compare?ids=<a>,<b>[&property=<id>]` */
export function CompareScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const propertyId = params.get("property");
  return (
    <DealCompare
      ids={(params.get("ids") ?? "").split(",").filter(Boolean)}
      onBack={() => navigate(backTo(propertyId))}
      onOpen={(id) => navigate(analysisPath({ id, propertyId }))}
    />
  );
}

/** `/possible-investments/new` */
export function NewPropertyScreen() {
  const navigate = useNavigate();
  return (
    <div>
      <h2 className="mb-4 text-2xl font-semibold">Add a property</h2>
      <PropertyForm
        onSave={async (input) => {
          // Never over another property at the same address: that one is opened instead.
          const result = await propertiesApi.import([input], { existing: "skip" });
          const [id] = result.ids;
          if (result.skipped) toast(`${input.address} is already in your list: here it is`);
          if (id) navigate(propertyPath(id));
        }}
        onDone={() => navigate(modulePath("possible-investments"))}
      />
    </div>
  );
}
