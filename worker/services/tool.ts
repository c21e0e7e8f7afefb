/**
 * How an agent tool is declared: a description and a zod schema for the model, and a run
 * function over one user's data. Each resource declares its tools beside its service
 * (`<resource>.tools.ts`); agent-tools.ts collects them.
 */
import type { RecordType } from "../../app/domain/activity";
import type { WorkspaceRole } from "../../app/domain/teams";
import { z } from "zod";
import type { Database } from "../db/client";
import type { Owner } from "../db/queries";
import type { Env } from "../env";
import { created, type TrackedChange } from "./activity";
import type { GoogleScope } from "./google";

/** How many records a search tool returns to the model. */
export const TOOL_SEARCH_LIMIT = 10;

/** A search tool's words to look for. */
export const searchQuery = z
  .string()
  .trim()
  .max(200)
  .optional()
  .describe(
    'Words to look for, each the beginning of a word ("mai" finds "Main St"); omit for all',
  );

export interface ToolOutcome {
  result: unknown;
  /** One line for the tool card: what the tool did or found. */
  summary: string;
}

/**
 * What tools that reach outside D1 need: the Worker's settings and this AI42's origin; the
 * user's time zone, for their today (UTC when not given); and their role in the workspace the tools
 * act on, which decides whether a tool that writes may run.
 */
export interface ToolContext {
  env: Env;
  origin: string;
  timeZone?: string;
  role: WorkspaceRole;
  /** The person the tools act for, whose Google account they reach; absent, the workspace's own. */
  personId?: string;
  /** Whether the person reaches only the records assigned to them (worker/db/queries.ts). */
  assignedOnly?: boolean;
}

/**
 * A tool's reach into Google for workspace `workspaceId`: the acting person's account, and the
 * workspace's records.
 */
export const toolGoogleScope = (
  db: Database,
  workspaceId: string,
  { env, origin, timeZone, personId, assignedOnly }: ToolContext,
): GoogleScope => ({
  db,
  env,
  origin,
  timeZone,
  userId: personId ?? workspaceId,
  workspaceId,
  assignedOnly,
});

/**
 * Whose records a tool reaches in workspace `workspaceId`, and whose change it makes: the person
 * it acts for (bound to their assigned records when so), else the workspace itself.
 */
export const toolOwner = (
  workspaceId: string,
  { personId, assignedOnly = false, role }: ToolContext,
): Owner => (personId ? { id: workspaceId, personId, assignedOnly, role } : workspaceId);

export interface Tool {
  description: string;
  parameters: z.ZodType;
  /** Whether the tool changes the user's data. */
  wrote: boolean;
  /** The record it makes, kept in the activity log as made by the person the tools act for. */
  records?: TrackedChange<ToolOutcome>;
  run: (db: Database, userId: string, args: never, context: ToolContext) => Promise<ToolOutcome>;
}

/** A tool that makes a record of `type`: the one its result's `id` (or what `idOf` reads) names. */
export const creates = (
  type: RecordType,
  idOf: (result: unknown) => string = (result) => (result as { id: string }).id,
) => created<ToolOutcome>(type, ({ result }) => [idOf(result)]);

export const tool = <S extends z.ZodType>(definition: {
  description: string;
  parameters: S;
  wrote?: boolean;
  records?: TrackedChange<ToolOutcome>;
  run: (
    db: Database,
    userId: string,
    args: z.output<S>,
    context: ToolContext,
  ) => Promise<ToolOutcome>;
}): Tool => ({ wrote: false, ...definition }) as Tool;

/** "Found 2 contacts: Ana Silva, Bo Chen" / "No properties found". */
export const found = (names: string[], one: string, many = `${one}s`) =>
  names.length
    ? `Found ${names.length} ${names.length === 1 ? one : many}: ${names.join(", ")}`
    : `No ${many} found`;
