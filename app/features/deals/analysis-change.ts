/**
 * A change made on the analyzer's page, sent to its route's action as JSON (analysis.server.ts):
 * Remix reads the page again after it, so what it changed shows from the loader.
 */
import type { AnalysisActionAnswer } from "~/features/possible-investments/analysis.server";
import { useVersionedAction } from "~/lib/use-action-call";

/** `failure`: the words a refusal is shown under ("Failed to save the analysis"). */
export const useAnalysisChange = (failure: string) =>
  useVersionedAction<AnalysisActionAnswer>("analysis", failure);
