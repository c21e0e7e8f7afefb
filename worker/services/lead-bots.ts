/**
 * Lead bots: CRUD, a playground turn streamed through the same relay as the Main Agent, and a
 * finished conversation made into a lead. And the outreach drafts the agent writes for a lead or a
 * campaign.
 */
import { desc, eq } from "drizzle-orm";
import {
  botGreeting,
  botSystemPrompt,
  copyPrompt,
  leadFromAnswers,
  SMS_COMPLIANCE_NOTE,
  type BotChat,
  type CopyRequest,
  type LeadBotInput,
} from "../../app/domain/marketing/bots";
import { LeadInputSchema } from "../../app/domain/marketing/leads";
import { invalidFields } from "../errors";
import type { Database } from "../db/client";
import {
  deleteOwned,
  findOwned,
  missedChange,
  nextVersion,
  ownedAt,
  publicRow,
  type IfVersion,
} from "../db/queries";
import { leadBots, type LeadBotRow } from "../db/schema";
import type { Env } from "../env";
import { aiClient, callProvider, providerError } from "./ai-providers";
import { getCampaign } from "./campaigns";
import { createLead, getLead } from "./leads";
import type { Session } from "./sessions";
import { relayStream } from "./stream-relay";

const toBot = (row: LeadBotRow) => ({ ...publicRow(row), opening: botGreeting(row) });

export async function listBots(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(leadBots)
    .where(eq(leadBots.userId, userId))
    .orderBy(desc(leadBots.createdAt), desc(leadBots.id));
  return rows.map(toBot);
}

export const getBot = async (db: Database, userId: string, id: string) =>
  toBot(await findOwned(db, leadBots, userId, id, "Lead bot"));

export async function createBot(db: Database, userId: string, input: LeadBotInput) {
  const [row] = await db
    .insert(leadBots)
    .values({ ...input, userId })
    .returning();
  return toBot(row!);
}

/** Replaces the bot's fields (PUT); only at one of `ifVersion` when given (else 412). */
export async function updateBot(
  db: Database,
  userId: string,
  id: string,
  input: LeadBotInput,
  ifVersion?: IfVersion,
) {
  const [row] = await db
    .update(leadBots)
    .set({ ...input, updatedAt: nextVersion(leadBots.updatedAt) })
    .where(ownedAt(leadBots, userId, id, ifVersion))
    .returning();
  if (!row)
    throw await missedChange(db, leadBots, userId, id, "Lead bot", { ifVersion, show: toBot });
  return toBot(row);
}

export const deleteBot = async (db: Database, userId: string, id: string, ifVersion?: IfVersion) =>
  toBot(await deleteOwned(db, leadBots, userId, id, "Lead bot", { ifVersion, show: toBot }));

/**
 * One playground turn: the bot's reply, streamed as the provider's Server-Sent Events exactly as
 * the Main Agent's chat is. Nothing is saved: the playground keeps the conversation.
 */
export async function botTurn(
  env: Env,
  db: Database,
  userId: string,
  id: string,
  chat: BotChat,
  clientGone: AbortSignal,
) {
  const bot = await findOwned(db, leadBots, userId, id, "Lead bot");
  if (chat.next > bot.questions.length) {
    throw invalidFields([
      { field: "next", message: `The bot has ${bot.questions.length} questions` },
    ]);
  }
  const { client, config } = aiClient(env, "openai");
  const upstream = await callProvider("openai", () =>
    client.chat.completions
      .create({
        model: config.model,
        messages: [
          { role: "system", content: botSystemPrompt(bot, chat.next) },
          { role: "assistant", content: botGreeting(bot) },
          ...chat.messages,
        ],
        stream: true,
      })
      .asResponse(),
  );
  if (!upstream.body) throw providerError(new Error("empty stream"), "openai");
  const body = relayStream(upstream.body, () => {}, clientGone);
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "X-Model": config.model },
  });
}

/** A finished playground conversation as a new lead, its answers filled in. */
export async function leadFromBot(db: Database, userId: string, id: string, answers: string[]) {
  const bot = await findOwned(db, leadBots, userId, id, "Lead bot");
  if (answers.length > bot.questions.length) {
    throw invalidFields([
      { field: "answers", message: `The bot has ${bot.questions.length} questions` },
    ]);
  }
  const parsed = LeadInputSchema.safeParse({
    ...leadFromAnswers(bot, answers),
    status: "new",
  });
  if (!parsed.success) {
    throw invalidFields(
      parsed.error.issues.map((issue) => ({
        field: `answers (${issue.path.join(".")})`,
        message: issue.message,
      })),
    );
  }
  return createLead(db, userId, parsed.data);
}

/**
 * An outreach draft for a lead or a campaign, written by the chat model from their records. SMS
 * drafts carry the compliance note and a warning when the lead has not agreed to texts; AI42 never
 * sends them.
 */
export async function draftCopy(env: Env, db: Database, session: Session, request: CopyRequest) {
  const userId = session.userId;
  const lead = request.leadId ? await getLead(db, userId, request.leadId) : undefined;
  const campaignId = request.campaignId ?? lead?.campaignId ?? undefined;
  const campaign = campaignId ? await getCampaign(db, userId, campaignId) : undefined;
  const { client, config } = aiClient(env, "openai");
  const completion = await callProvider("openai", () =>
    client.chat.completions.create({
      model: config.model,
      messages: [
        {
          role: "user",
          content: copyPrompt(request.kind, {
            lead,
            campaign,
            sender: [session.user.first_name, session.user.last_name].filter(Boolean).join(" "),
            instructions: request.instructions,
          }),
        },
      ],
    }),
  );
  const warnings: string[] = [];
  if (lead && request.kind === "sms" && !lead.consentSms) {
    warnings.push("This lead has not agreed to receive texts: do not send an SMS without consent.");
  }
  if (lead && request.kind === "email" && !lead.consentEmail) {
    warnings.push("This lead has not agreed to receive e-mail: check consent before sending.");
  }
  return {
    kind: request.kind,
    text: completion.choices[0]?.message?.content ?? "",
    model: completion.model || config.model,
    complianceNote: request.kind === "sms" ? SMS_COMPLIANCE_NOTE : null,
    warnings,
  };
}
