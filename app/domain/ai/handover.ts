/**
 * The deal analyzer's "Ask the agent": the user's message that hands an analysis over. It is one
 * stored message that reads well as it is (a title line, the key inputs and figures, the
 * question) and ends with what the model needs: analyze_deal's arguments in a fenced JSON block.
 * The chat shows it as a card, the Markdown export leaves the block out, and Edit and resend
 * changes the question and keeps the analysis. Pure: no I/O.
 */
import { FORM_GROUPS } from "../deals/form-fields";
import { HEADLINE_METRICS } from "../deals/judge";
import type { Strategy } from "../deals/types";
import { DASH, formatCount, formatMoney } from "../format";
import { label } from "../workspace-terms";

export const HANDOVER_QUESTION =
  "Is this a good deal? Which numbers make or break it, and what would I need to change?";
const TITLE = "Analysis handed over: ";
const INSTRUCTION = "Run analyze_deal with these arguments and quote its computed figures:";
const FENCE = "```json ai42-analysis";

/** The inputs a handover lists, when its strategy has them and they are set. */
const KEY_INPUTS = [
  "purchasePrice",
  "contractPrice",
  "afterRepairValue",
  "rehabCost",
  "grossMonthlyRent",
  "holdingMonths",
];

export interface AnalysisHandover {
  name: string;
  address: string;
  strategy: Strategy;
  /** The inputs as analyze_deal takes them. */
  inputs: Record<string, unknown>;
  /** The analysis's figures as the analyzer shows them, by metric name. */
  figures: Record<string, { label: string; value: string }>;
}

export interface Fact {
  label: string;
  value: string;
}

/** A handover message read back: what was handed over, and the question asked about it. */
export interface HandedOver {
  /** "Maple duplex · 12 Maple St, Phoenix, AZ · Rental". */
  title: string;
  facts: Fact[];
  question: string;
}

/** "7.5 %", as the analyzer writes its figures. */
const percent = (value: unknown) => `${formatCount(value as number)} %`;

function inputFacts({ strategy, inputs }: AnalysisHandover): Fact[] {
  const fields = FORM_GROUPS[strategy].flatMap((group) => group.fields);
  const facts = KEY_INPUTS.flatMap((path) => {
    const field = fields.find((candidate) => candidate.path === path);
    const value = inputs[path];
    if (!field || typeof value !== "number") return [];
    const shown =
      field.unit === "money"
        ? formatMoney(value)
        : field.unit === "percent"
          ? percent(value)
          : `${value} ${field.unit}`;
    return [{ label: field.label, value: shown }];
  });
  const loan = inputs.financing as Record<string, unknown> | undefined;
  if (loan?.type === "cash") facts.push({ label: "Financing", value: "Cash" });
  else if (loan?.type === "loan") {
    const terms = [
      `${percent(loan.downPaymentPct)} down`,
      `${percent(loan.interestRatePct)} for ${String(loan.termYears)} years`,
      ...(loan.interestOnly ? ["interest only"] : []),
    ];
    facts.push({ label: "Financing", value: terms.join(", ") });
  }
  return facts;
}

function figureFacts({ strategy, figures }: AnalysisHandover): Fact[] {
  return HEADLINE_METRICS[strategy].flatMap((name) => {
    const figure = figures[name];
    return figure && figure.value !== DASH ? [{ label: figure.label, value: figure.value }] : [];
  });
}

/** The user's message that hands `analysis` over to the agent with `question`. */
export function handoverMessage(analysis: AnalysisHandover, question = HANDOVER_QUESTION) {
  const title = [analysis.name, analysis.address, label(analysis.strategy)]
    .filter(Boolean)
    .join(" · ");
  const facts = [...inputFacts(analysis), ...figureFacts(analysis)];
  const list = facts.map((fact) => `- ${fact.label}: ${fact.value}`).join("\n");
  const data = JSON.stringify({ strategy: analysis.strategy, inputs: analysis.inputs });
  return `${TITLE}${title}\n\n${list}\n\n${question}\n\n${INSTRUCTION}\n${FENCE}\n${data}\n\`\`\``;
}

/** A message's text before its data block for the model; null for a message without one. */
function textBeforeData(content: string) {
  const at = content.lastIndexOf(`\n${FENCE}\n`);
  if (at < 0 || !content.trimEnd().endsWith("```")) return null;
  const text = content.slice(0, at).trimEnd();
  return text.endsWith(INSTRUCTION) ? text.slice(0, -INSTRUCTION.length).trimEnd() : text;
}

/** A message as a person reads it: a handover without its data for the model (Markdown export). */
export const readableMessage = (content: string) => textBeforeData(content) ?? content;

/** A handover's readable text in its parts: the title line, the listed facts, the question. */
function parts(content: string) {
  const text = textBeforeData(content);
  if (!text?.startsWith(TITLE)) return null;
  const [title = "", ...rest] = text.split("\n\n");
  const listed = rest[0]?.split("\n").every((line) => line.startsWith("- ")) ? rest.shift()! : "";
  return { head: [title, listed].filter(Boolean).join("\n\n"), title, listed, rest, text };
}

/** The handover a message carries, or null for any other message. */
export function readHandover(content: string): HandedOver | null {
  const read = parts(content);
  if (!read) return null;
  const facts = (read.listed ? read.listed.split("\n") : []).map((line) => {
    const [factLabel = "", ...value] = line.slice(2).split(": ");
    return { label: factLabel, value: value.join(": ") };
  });
  return {
    title: read.title.slice(TITLE.length),
    facts,
    question: read.rest.join("\n\n").trim(),
  };
}

/** The handover message with a new question (Edit and resend): the analysis stays as it was. */
export function withQuestion(content: string, question: string) {
  const read = parts(content);
  if (!read) return question;
  return `${read.head}\n\n${question.trim()}${content.slice(read.text.length)}`;
}
