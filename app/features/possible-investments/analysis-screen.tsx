/**
 * The deal analyzer's page: a saved analysis or a new one, under its property when it has one,
 * as its route's loader read it. Back goes to the property, or to the list.
 */
import {
  useLoaderData,
  useNavigate,
  useParams,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { DealAnalyzer } from "../deals/analyzer";
import { DEAL_STRATEGIES, type Strategy } from "~/domain/deals/types";
import { analysisPath, propertyOrListPath } from "~/domain/modules";
import type { OpenedAnalysis } from "./analysis.server";

/**
 * An analysis just deleted is not read again (it would be the 404 page): its page goes back to
 * the property, whose loader reads what is left.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) =>
  actionResult && typeof actionResult === "object" && "deleted" in actionResult
    ? false
    : defaultShouldRevalidate;

const isStrategy = (value: string | null): value is Strategy =>
  DEAL_STRATEGIES.includes(value as Strategy);

/**
 * `/possible-investments[/<propertyId>]/analyses/<id or new>?strategy=&term=`, as its route's
 * loader read it (analysis.server.ts).
 */
export function AnalysisScreen() {
  const opened = useLoaderData<OpenedAnalysis | null>();
  const { propertyId, analysisId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const strategy = params.get("strategy");
  // Signed out, the workspace shows the login screen instead of this page.
  if (!opened) return null;
  return (
    <DealAnalyzer
      key={`${propertyId}/${analysisId}`}
      opened={opened}
      strategy={isStrategy(strategy) ? strategy : null}
      term={params.get("term")}
      onBack={() => navigate(propertyOrListPath(propertyId))}
      onSaved={(deal) => navigate(analysisPath(deal), { replace: true })}
    />
  );
}
