/**
 * Lead bots: a persona, the qualifying questions it asks in order, and the rule for handing the
 * seller over to the investor. The model words each turn; which question is being answered is kept
 * by the playground, so a finished conversation maps onto the lead's fields without asking a model
 * to read it back. And the outreach drafts the agent writes. Pure: no I/O.
 */
import { z } from "zod";
import { contactName, optionalText, requiredText, text } from "../workspace";
import type { LeadAnswer, LeadInput } from "./leads";
import {
  COPY_KINDS,
  MAX_BOT_QUESTIONS,
  QUESTION_FIELDS,
  type CopyKind,
  type QuestionField,
} from "./bot-terms";

export * from "./bot-terms";

export const BotQuestionSchema = z.object({
  text: requiredText(300, "Write the question"),
  field: z.enum(QUESTION_FIELDS).default("none"),
});
export type BotQuestion = z.infer<typeof BotQuestionSchema>;

export const LeadBotInputSchema = z.object({
  name: requiredText(100, "Give the bot a name"),
  persona: requiredText(2000, "Describe who the bot is and how it talks"),
  greeting: optionalText(500),
  questions: z
    .array(BotQuestionSchema)
    .min(1, { error: "Give the bot at least one question" })
    .max(MAX_BOT_QUESTIONS),
  handOff: requiredText(1000, "Say when the bot hands the seller over to you"),
});
export type LeadBotInput = z.infer<typeof LeadBotInputSchema>;

/** One playground turn: the conversation so far and the question the bot asks next. */
export const BotChatSchema = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"]),
        content: text(4000),
      }),
    )
    .max(60),
  /** 0-based; equal to the number of questions when every one is answered (the hand-off turn). */
  next: z.number().int().min(0).max(MAX_BOT_QUESTIONS),
});
export type BotChat = z.infer<typeof BotChatSchema>;

/** A finished playground conversation: the seller's answer to each question, in order. */
export const BotFinishSchema = z.object({
  answers: z.array(text(2000)).min(1).max(MAX_BOT_QUESTIONS),
});

/** What the bot is told for one turn: who it is, what it has asked, and what to ask now. */
export function botSystemPrompt(bot: LeadBotInput, next: number): string {
  const questions = bot.questions.map((q, i) => `${i + 1}. ${q.text}`).join("\n");
  const now =
    next < bot.questions.length
      ? `Now ask question ${next + 1}, in your own words and nothing else after it: "${bot.questions[next]!.text}". Acknowledge the seller's last answer in one short sentence first, if there is one.`
      : `Every question is answered. Thank the seller and hand over as the rule says: ${bot.handOff}`;
  return [
    `You are ${bot.name}, a lead-qualifying assistant for a real-estate investor, chatting with a property owner who may want to sell.`,
    `Persona: ${bot.persona}`,
    `Ask these questions one at a time, in this order:\n${questions}`,
    `Hand-off rule: ${bot.handOff}`,
    "Be brief and friendly. Never promise a price, never give legal or tax advice, and stop if the person asks you to.",
    now,
  ].join("\n\n");
}

/** The opening line: the bot's greeting, else a plain one. */
export const botGreeting = (bot: Pick<LeadBotInput, "name" | "greeting">) =>
  bot.greeting || `Hi, this is ${bot.name}. Thanks for reaching out about your property.`;

/** A finished conversation as a lead: mapped fields filled, every answer kept. */
export function leadFromAnswers(
  bot: Pick<LeadBotInput, "name" | "questions">,
  answers: readonly string[],
): Partial<LeadInput> & { answers: LeadAnswer[]; source: string } {
  const filled: Partial<Record<QuestionField, string>> = {};
  const kept: LeadAnswer[] = [];
  bot.questions.forEach((question, i) => {
    const answer = answers[i]?.trim();
    if (!answer) return;
    kept.push({ question: question.text, answer });
    if (question.field !== "none" && !filled[question.field]) filled[question.field] = answer;
  });
  const [firstName = "", ...rest] = (filled.name ?? "").split(/\s+/).filter(Boolean);
  const email = filled.email && /^\S+@\S+\.\S+$/.test(filled.email) ? filled.email : null;
  return {
    firstName: firstName || "Lead",
    lastName: rest.join(" ") || `from ${bot.name}`,
    email,
    phone: filled.phone ?? null,
    address: filled.address ?? null,
    source: `Lead bot: ${bot.name}`.slice(0, 100),
    answers: kept,
  };
}

// ---------------------------------------------------------------------------------------------
// Outreach drafts

export const CopyRequestSchema = z
  .object({
    kind: z.enum(COPY_KINDS),
    leadId: z.string().min(1).max(64).optional(),
    campaignId: z.string().min(1).max(64).optional(),
    /** Anything the investor wants said or stressed. */
    instructions: text(1000).optional(),
  })
  .refine((request) => request.leadId || request.campaignId, {
    error: "Draft for a lead or a campaign: give leadId or campaignId",
    path: ["leadId"],
  });
export type CopyRequest = z.infer<typeof CopyRequestSchema>;

/** Shown with every SMS draft: AI42 drafts texts, it never sends them. */
export const SMS_COMPLIANCE_NOTE =
  "Text only people who gave you written consent to receive texts. Honour STOP: anyone who replies STOP gets no further messages. Respect quiet hours: send between 8 am and 9 pm in the recipient's time zone. AI42 never sends texts itself; send this from your own compliant SMS service.";

const SHAPE: Record<CopyKind, string> = {
  email:
    'an outreach e-mail: a subject line first ("Subject: …"), then a short body of at most 120 words',
  sms: 'a text message of at most 300 characters, ending with an opt-out line ("Reply STOP to opt out")',
  letter:
    "a one-page direct-mail letter (at most 250 words) with a greeting, why you are writing, what you offer, and how to reach you",
};

/** The request the agent drafts from: what to write, to whom, in which campaign. */
export function copyPrompt(
  kind: CopyKind,
  facts: {
    lead?: {
      firstName: string;
      lastName: string;
      company: string | null;
      address: string | null;
      status: string;
      notes: string | null;
      answers: LeadAnswer[];
    };
    campaign?: { name: string; channel: string; notes: string | null };
    sender: string;
    instructions?: string;
  },
): string {
  const lines = [
    `Write ${SHAPE[kind]} from ${facts.sender}, a real-estate investor, to a property owner who may want to sell.`,
  ];
  if (facts.lead) {
    const lead = facts.lead;
    lines.push(`Recipient: ${contactName(lead)}.`);
    if (lead.address) lines.push(`Their property: ${lead.address}.`);
    lines.push(`Where they stand: ${lead.status.replace(/_/g, " ")}.`);
    if (lead.notes) lines.push(`Notes: ${lead.notes}`);
    for (const a of lead.answers)
      lines.push(`They were asked "${a.question}" and said: ${a.answer}`);
  } else {
    lines.push("Write it as a template: use [First name] and [Property address] as placeholders.");
  }
  if (facts.campaign) {
    lines.push(
      `It belongs to the campaign "${facts.campaign.name}" (${facts.campaign.channel.replace(/_/g, " ")}).`,
    );
    if (facts.campaign.notes) lines.push(`Campaign notes: ${facts.campaign.notes}`);
  }
  if (facts.instructions) lines.push(`The investor adds: ${facts.instructions}`);
  lines.push(
    "Be honest and respectful: no pressure tactics, no false urgency, no promised price. Give only the draft.",
  );
  return lines.join("\n");
}
