/**
 * Property research: a structured report on a property or market, grounded in the user's own
 * matching projects and properties, kept as a research history and saved to the Project Hub once.
 */
import { z } from "zod";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { AiProvider } from "../../app/domain/ai/providers";
import { researchToMarkdown } from "../../app/domain/ai/markdown";
import { mentions, readReport, ResearchReportSchema } from "../../app/domain/ai/research";
import { citationsOf } from "../../app/domain/ai/sse";
import type { Database } from "../db/client";
import { deleteOwned, findOwned, ownedBy, selectPage, type PageRequest } from "../db/queries";
import { entries, projects, properties, researchReports } from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";
import type { Env } from "../env";
import { aiClient, callProvider, providerConfig } from "./ai-providers";
import { createEntry, toEntry } from "./entries";
import { toProject, toProperty, toResearch } from "../db/records";
import { REPORT_INSTRUCTIONS } from "./prompts";
import { refundingOnFailure, settleAiCall, startAiCall, tokensUsed } from "./usage";

/** The most of the user's records a report is grounded in. */
const MAX_GROUNDING = 5;

/** The user's projects and properties the query names (by street address or project name). */
async function groundingFor(db: Database, userId: string, query: string) {
  const [projectRows, propertyRows] = await db.batch([
    db
      .select()
      .from(projects)
      .where(eq(projects.userId, userId))
      .orderBy(desc(projects.updatedAt))
      .limit(500),
    db
      .select()
      .from(properties)
      .where(eq(properties.userId, userId))
      .orderBy(desc(properties.updatedAt))
      .limit(1000),
  ]);
  const mentioned = (...names: (string | null)[]) => names.some((name) => mentions(query, name));
  return [
    ...projectRows
      .filter((row) => mentioned(row.name, row.address))
      .map((row) => ({ kind: "project" as const, row: toProject(row) })),
    ...propertyRows
      .filter((row) => mentioned(row.address))
      .map((row) => ({ kind: "property" as const, row: toProperty(row) })),
  ].slice(0, MAX_GROUNDING);
}

let reportSchema: Record<string, unknown> | undefined;
/** The report's JSON Schema, worked out on first use (not at Worker start-up). */
const reportJsonSchema = () => (reportSchema ??= z.toJSONSchema(ResearchReportSchema));

/** Researches the query with Perplexity when configured, else OpenAI, and keeps the report. */
export async function researchProperty(env: Env, db: Database, userId: string, query: string) {
  const provider: AiProvider = providerConfig(env, "perplexity").configured
    ? "perplexity"
    : "openai";
  const { client, config } = aiClient(env, provider);
  const grounding = await groundingFor(db, userId, query);
  const context = grounding.length
    ? `\n\nThe investor's own records for what they ask about:\n${JSON.stringify(grounding)}`
    : "";
  const prompt = `${query}${context}`;
  const call = await startAiCall(db, env, userId, {
    characters: REPORT_INSTRUCTIONS.length + prompt.length,
    storing: query.length,
  });
  const row = await refundingOnFailure(db, call, async () => {
    const completion = await callProvider(provider, () =>
      client.chat.completions.create({
        model: config.model,
        messages: [
          { role: "system", content: REPORT_INSTRUCTIONS },
          { role: "user", content: prompt },
        ],
        response_format: {
          type: "json_schema",
          json_schema: { name: "research_report", schema: reportJsonSchema() },
        },
      }),
    );
    const answer = completion.choices[0]?.message?.content ?? "";
    const report = readReport(answer, citationsOf(completion));
    const [[saved]] = await db.batch([
      db
        .insert(researchReports)
        .values({
          userId,
          query,
          report,
          provider,
          model: completion.model || config.model,
          grounding: grounding.map(({ kind, row }) => ({
            kind,
            id: row.id,
            name: "name" in row ? row.name : row.address,
          })),
        })
        .returning(),
      settleAiCall(db, call, tokensUsed(call, completion.usage, answer.length)),
    ]);
    return saved;
  });
  return toResearch(row!);
}

/** A page of the user's research, newest first (`q` searches the queries). */
export async function listResearch(
  db: Database,
  userId: string,
  q: string | undefined,
  page: PageRequest,
) {
  const where = ownedMatching(SEARCH_INDEXES.researchReports, userId, q);
  const { rows, meta } = await selectPage(
    db,
    researchReports,
    where,
    [desc(researchReports.createdAt)],
    page,
  );
  return { items: rows.map(toResearch), meta };
}

/** One of the user's reports (`notFound` when they have none by that id). */
export const getResearch = async (db: Database, userId: string, id: string) =>
  toResearch(await findOwned(db, researchReports, userId, id, "Research report"));

export const deleteResearch = async (db: Database, userId: string, id: string) =>
  toResearch(await deleteOwned(db, researchReports, userId, id, "Research report"));

/**
 * Saves the report to the Project Hub as a Markdown document, linked to the project it was
 * grounded in. Saving is idempotent: once saved (and while that document exists), saving again —
 * from the report, from the history, twice at once — answers the same document.
 */
export async function saveResearchToHub(db: Database, userId: string, id: string) {
  const research = await findOwned(db, researchReports, userId, id, "Research report");
  const saved = await savedEntry(db, userId, research.savedEntryId);
  if (saved) return { research: toResearch(research), entry: saved, created: false };

  // Linked to the project it was grounded in, if the user still has that project.
  const grounded = research.grounding.find((g) => g.kind === "project");
  const [project] = grounded
    ? await db
        .select({ id: projects.id })
        .from(projects)
        .where(ownedBy(projects, userId, grounded.id))
    : [];
  const entry = await createEntry(db, userId, {
    title: `Research: ${research.query}`.slice(0, 200),
    kind: "report",
    content: researchToMarkdown(research.query, research.report),
    tags: ["research"],
    projectId: project?.id ?? null,
  });
  // Claim the report for this document unless another save claimed it meanwhile.
  const stillUnsaved = research.savedEntryId
    ? eq(researchReports.savedEntryId, research.savedEntryId)
    : isNull(researchReports.savedEntryId);
  const [claimed] = await db
    .update(researchReports)
    .set({ savedEntryId: entry.id })
    .where(and(ownedBy(researchReports, userId, research.id), stillUnsaved))
    .returning();
  if (claimed) return { research: toResearch(claimed), entry, created: true };
  await db.delete(entries).where(ownedBy(entries, userId, entry.id));
  return saveResearchToHub(db, userId, id);
}

async function savedEntry(db: Database, userId: string, entryId: string | null) {
  if (!entryId) return null;
  const [row] = await db
    .select()
    .from(entries)
    .where(ownedBy(entries, userId, entryId));
  return row ? toEntry(row) : null;
}
