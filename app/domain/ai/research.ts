/**
 * Property research: the request, the report the model is asked for and how its answer is read,
 * and which of the investor's records a query names. Pure: no I/O.
 */
import { z } from "zod";
import { normalizeAddress } from "../workspace";
import { MAX_QUERY_CHARS } from "./research-terms";
import { webSources, WebSourcesSchema } from "./sources";

export * from "./research-terms";

export const ResearchRequestSchema = z.object({
  query: z
    .string({ error: "Describe the property or market to research" })
    .trim()
    .min(3, { error: "Describe the property or market to research" })
    .max(MAX_QUERY_CHARS, {
      error: `A research query holds at most ${MAX_QUERY_CHARS} characters`,
    }),
});

/** What a research report holds; the model is asked for exactly this JSON. */
export const ResearchReportSchema = z.object({
  summary: z.string(),
  market: z.string(),
  comparables: z.string(),
  risks: z.array(z.string()),
  nextSteps: z.array(z.string()),
  sources: WebSourcesSchema,
});
export type ResearchReport = z.infer<typeof ResearchReportSchema>;

/** The report as a model may write it: any text among its sources (only web addresses are kept). */
const ModelReportSchema = ResearchReportSchema.extend({ sources: z.array(z.string()) });

/** Words only, normalised like addresses ("227 Linden Avenue:" → "227 linden ave"). */
const words = (text: string) =>
  ` ${normalizeAddress({ address: text.replace(/[^\p{L}\p{N}\s]+/gu, " ") })} `;

/**
 * Whether a research query names this project or property (by its name or street address, as
 * whole words, ignoring case, punctuation and street-suffix spelling). Names under 4 letters are
 * too vague to count.
 */
export function mentions(query: string, name: string | null | undefined) {
  if (!name || name.replace(/\W/g, "").length < 4) return false;
  return words(query).includes(words(name));
}

const EMPTY_REPORT: ResearchReport = {
  summary: "",
  market: "",
  comparables: "",
  risks: [],
  nextSteps: [],
  sources: [],
};

/**
 * The model's report, or (if it did not answer in the JSON asked for) its text as the summary;
 * the provider's citations join the sources the report names, and only web addresses are kept.
 */
export function readReport(text: string, citations: string[]): ResearchReport {
  const json = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```$/, "");
  let report: ResearchReport = { ...EMPTY_REPORT, summary: text };
  try {
    const parsed = ModelReportSchema.safeParse(JSON.parse(json));
    if (parsed.success) report = parsed.data;
  } catch {
    // Not JSON: keep the text as the summary.
  }
  return { ...report, sources: [...new Set(webSources([...report.sources, ...citations]))] };
}
