/**
 * The tools the Main Agent may call over the signed-in user's workspace. Every tool reads or
 * writes only that user's rows; writes go through the same zod input schemas as the API, so the
 * model can change nothing a form could not.
 */
import { and, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  CONTACT_TYPES,
  ContactInputSchema,
  contactName,
  EntryInputSchema,
  label,
  PROJECT_STATUSES,
  PROPERTY_STATUSES,
  ProjectInputSchema,
} from "../../../app/domain/workspace";
import type { Database } from "../../db/client";
import { contacts, entries, projects, properties, type ToolCallRecord } from "../../db/schema";
import { containsAny, ownedBy, publicRow } from "../lib";
import { pipelineStats } from "./pipeline";

const SEARCH_LIMIT = 10;
const query = z.string().trim().max(200).optional().describe("Words to look for; omit for all");

interface Tool {
  description: string;
  parameters: z.ZodType;
  wrote: boolean;
  run: (db: Database, userId: string, args: never) => Promise<{ result: unknown; summary: string }>;
}

const names = (rows: { name: string }[]) => rows.map((row) => row.name).join(", ");
const found = (count: number, what: string, list: string) =>
  count ? `Found ${count} ${what}${count === 1 ? "" : "s"}: ${list}` : `No ${what}s found`;

const tool = <S extends z.ZodType>(definition: {
  description: string;
  parameters: S;
  wrote?: boolean;
  run: (
    db: Database,
    userId: string,
    args: z.output<S>,
  ) => Promise<{ result: unknown; summary: string }>;
}): Tool => ({ wrote: false, ...definition }) as Tool;

export const AGENT_TOOLS: Record<string, Tool> = {
  search_projects: tool({
    description:
      "Search the investor's projects (deals) by name, address or description, optionally by pipeline status.",
    parameters: z.object({ query, status: z.enum(PROJECT_STATUSES).optional() }),
    run: async (db, userId, { query, status }) => {
      const filters: SQL[] = [eq(projects.userId, userId)];
      if (status) filters.push(eq(projects.status, status));
      if (query) {
        filters.push(
          containsAny(
            [projects.name, projects.address, projects.city, projects.description],
            query,
          ),
        );
      }
      const rows = await db
        .select()
        .from(projects)
        .where(and(...filters))
        .orderBy(desc(projects.updatedAt))
        .limit(SEARCH_LIMIT);
      return {
        result: rows.map((row) => publicRow(row, "createdAt")),
        summary: found(rows.length, "project", names(rows)),
      };
    },
  }),
  search_contacts: tool({
    description: "Search the investor's contacts by name, company, e-mail or notes.",
    parameters: z.object({ query, type: z.enum(CONTACT_TYPES).optional() }),
    run: async (db, userId, { query, type }) => {
      const filters: SQL[] = [eq(contacts.userId, userId)];
      if (type) filters.push(eq(contacts.type, type));
      if (query) {
        filters.push(
          containsAny(
            [
              contacts.firstName,
              contacts.lastName,
              contacts.company,
              contacts.email,
              contacts.notes,
            ],
            query,
          ),
        );
      }
      const rows = await db
        .select()
        .from(contacts)
        .where(and(...filters))
        .orderBy(desc(contacts.updatedAt))
        .limit(SEARCH_LIMIT);
      return {
        result: rows.map((row) => publicRow(row, "createdAt")),
        summary: found(rows.length, "contact", rows.map(contactName).join(", ")),
      };
    },
  }),
  search_properties: tool({
    description:
      "Search the properties the investor is weighing (Possible Investments) by address, city or notes.",
    parameters: z.object({ query, status: z.enum(PROPERTY_STATUSES).optional() }),
    run: async (db, userId, { query, status }) => {
      const filters: SQL[] = [eq(properties.userId, userId)];
      if (status) filters.push(eq(properties.status, status));
      if (query) {
        filters.push(
          containsAny(
            [properties.address, properties.city, properties.zip, properties.notes],
            query,
          ),
        );
      }
      const rows = await db
        .select()
        .from(properties)
        .where(and(...filters))
        .orderBy(desc(properties.updatedAt))
        .limit(SEARCH_LIMIT);
      return {
        result: rows.map((row) => publicRow(row, "dedupeKey", "createdAt")),
        summary: found(rows.length, "property", rows.map((row) => row.address).join(", ")),
      };
    },
  }),
  search_documents: tool({
    description: "Search the investor's Project Hub documents by title, text or tag.",
    parameters: z.object({ query }),
    run: async (db, userId, { query }) => {
      const filters: SQL[] = [eq(entries.userId, userId)];
      if (query) filters.push(containsAny([entries.title, entries.content, entries.tags], query));
      const rows = await db
        .select()
        .from(entries)
        .where(and(...filters))
        .orderBy(desc(entries.updatedAt))
        .limit(SEARCH_LIMIT);
      return {
        result: rows.map((row) => ({ ...publicRow(row), content: row.content.slice(0, 2000) })),
        summary: found(rows.length, "document", rows.map((row) => row.title).join(", ")),
      };
    },
  }),
  summarize_pipeline: tool({
    description:
      "Figures for the investor's whole pipeline: projects by status and type, money totals, record counts.",
    parameters: z.object({}),
    run: async (db, userId) => {
      const stats = await pipelineStats(db, userId);
      const byStatus = Object.entries(stats.byStatus)
        .map(([status, count]) => `${label(status)} ${count}`)
        .join(", ");
      return {
        result: { ...stats, recentDocuments: stats.recentDocuments.map((row) => row.title) },
        summary: `${stats.projects} projects${byStatus ? ` (${byStatus})` : ""}, ${stats.contacts} contacts, ${stats.properties} properties`,
      };
    },
  }),
  create_project: tool({
    description:
      "Create a project (deal) in the investor's Project Hub. Only when the investor asks for it.",
    parameters: ProjectInputSchema.omit({ propertyId: true }),
    wrote: true,
    run: async (db, userId, input) => {
      const [row] = await db
        .insert(projects)
        .values({ ...input, userId })
        .returning();
      return { result: publicRow(row!), summary: `Created project ${row!.name}` };
    },
  }),
  create_contact: tool({
    description: "Add a contact to the investor's Project Hub. Only when the investor asks for it.",
    parameters: ContactInputSchema,
    wrote: true,
    run: async (db, userId, input) => {
      const [row] = await db
        .insert(contacts)
        .values({ ...input, userId })
        .returning();
      return { result: publicRow(row!), summary: `Created contact ${contactName(row!)}` };
    },
  }),
  create_document: tool({
    description:
      "Write a Markdown document to the investor's Project Hub, optionally linked to one of their projects by id.",
    parameters: EntryInputSchema,
    wrote: true,
    run: async (db, userId, input) => {
      if (input.projectId) {
        const [project] = await db
          .select({ id: projects.id })
          .from(projects)
          .where(ownedBy(projects, userId, input.projectId));
        if (!project) throw new ToolInputError("projectId: no such project in this workspace");
      }
      const [row] = await db
        .insert(entries)
        .values({ ...input, userId })
        .returning();
      return { result: publicRow(row!), summary: `Created document ${row!.title}` };
    },
  }),
};

class ToolInputError extends Error {}

let definitions: ReturnType<typeof describeTools> | undefined;
/** The tools in the chat-completions `tools` format, worked out once per isolate on first use. */
export const toolDefinitions = () => (definitions ??= describeTools());

function describeTools() {
  return Object.entries(AGENT_TOOLS).map(([name, definition]) => ({
    type: "function" as const,
    function: {
      name,
      description: definition.description,
      parameters: z.toJSONSchema(definition.parameters, { io: "input" }) as Record<string, unknown>,
    },
  }));
}

/**
 * Runs one tool call for this user. Bad arguments or an unknown tool come back as a failed call
 * (the model reads why and may try again); nothing is written unless the arguments validate.
 */
export async function runTool(
  db: Database,
  userId: string,
  name: string,
  rawArguments: string,
): Promise<{ record: ToolCallRecord; content: string }> {
  const definition = AGENT_TOOLS[name];
  const fail = (why: string, args: unknown = rawArguments) => ({
    record: { name, arguments: args, ok: false, summary: why, wrote: false },
    content: JSON.stringify({ error: why }),
  });
  if (!definition) return fail(`Unknown tool ${name}`);
  let args: unknown;
  try {
    args = rawArguments.trim() ? JSON.parse(rawArguments) : {};
  } catch {
    return fail("Arguments were not valid JSON");
  }
  const parsed = definition.parameters.safeParse(args);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`,
    );
    return fail(`Invalid arguments (${issues.join("; ")})`, args);
  }
  try {
    const { result, summary } = await definition.run(db, userId, parsed.data as never);
    return {
      record: { name, arguments: args, ok: true, summary, wrote: definition.wrote },
      content: JSON.stringify(result),
    };
  } catch (error) {
    if (error instanceof ToolInputError) return fail(error.message, args);
    throw error;
  }
}
