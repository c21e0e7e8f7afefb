/** AI output as Markdown documents: a conversation (Export Chat) and a research report. Pure. */
import type { ResearchReport } from "./research";

export interface ExportableMessage {
  role: string;
  content: string;
  createdAt?: string;
  citations?: string[] | null;
  toolCalls?: { name: string; summary: string }[] | null;
}

/** A conversation as a Markdown document (for Export Chat and saving). */
export function conversationToMarkdown(
  title: string,
  messages: ExportableMessage[],
  meta: { provider?: string; model?: string; createdAt?: string } = {},
) {
  const facts = [
    meta.provider && `Provider: ${meta.provider}`,
    meta.model && `Model: ${meta.model}`,
    meta.createdAt && `Started: ${meta.createdAt}`,
  ].filter(Boolean);
  const header = [`# ${title}`, ...(facts.length ? ["", facts.join(" · ")] : [])];
  const body = messages.flatMap((message) => [
    "",
    `## ${message.role === "user" ? "You" : "AI42"}`,
    "",
    message.content,
    ...(message.toolCalls?.length
      ? ["", ...message.toolCalls.map((call) => `> Tool \`${call.name}\`: ${call.summary}`)]
      : []),
    ...(message.citations?.length
      ? ["", "Sources:", ...message.citations.map((url, i) => `${i + 1}. ${url}`)]
      : []),
  ]);
  return [...header, ...body, ""].join("\n");
}

const bullets = (items: string[]) =>
  items.length ? items.map((item) => `- ${item}`).join("\n") : "_None noted._";

/** A research report as the Markdown document saved to the Project Hub. */
export function researchToMarkdown(query: string, report: ResearchReport) {
  return [
    `# Research: ${query}`,
    "",
    "## Summary",
    "",
    report.summary,
    "",
    "## Market",
    "",
    report.market,
    "",
    "## Comparable considerations",
    "",
    report.comparables,
    "",
    "## Risks",
    "",
    bullets(report.risks),
    "",
    "## Next steps",
    "",
    bullets(report.nextSteps),
    "",
    "## Sources",
    "",
    report.sources.length
      ? report.sources.map((url, i) => `${i + 1}. ${url}`).join("\n")
      : "_No web sources: answered without web search._",
    "",
  ].join("\n");
}
