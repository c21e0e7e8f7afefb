/**
 * The user's own rehab line templates (the analyzer's rehab estimator): a line saved once and added
 * to any analysis's rehab again. Each user's are theirs alone: another user's template is "not
 * found", as if it did not exist.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { MAX_REHAB_TEMPLATES, type RehabItemInput } from "../../app/domain/deals/inputs";
import type { Database } from "../db/client";
import { nowIso } from "../db/queries";
import { rehabTemplates, type RehabTemplateRow } from "../db/schema";
import { AppError, notFound } from "../errors";

/** A template as the API answers it. */
export interface RehabTemplate {
  id: string;
  category: string;
  description: string | null;
  quantity: number | null;
  unitCost: number;
  createdAt: string;
}

const toTemplate = ({ userId: _user, ...template }: RehabTemplateRow): RehabTemplate => template;

/** The user's templates, newest first. */
export async function listRehabTemplates(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(rehabTemplates)
    .where(eq(rehabTemplates.userId, userId))
    .orderBy(desc(rehabTemplates.createdAt), desc(rehabTemplates.id));
  return rows.map(toTemplate);
}

/** Saves a line as a template; 409 once the user keeps MAX_REHAB_TEMPLATES of them. */
export async function createRehabTemplate(db: Database, userId: string, line: RehabItemInput) {
  const [kept] = await db
    .select({ count: count() })
    .from(rehabTemplates)
    .where(eq(rehabTemplates.userId, userId));
  if ((kept?.count ?? 0) >= MAX_REHAB_TEMPLATES) {
    throw new AppError(
      409,
      "LIMIT_REACHED",
      `You keep ${MAX_REHAB_TEMPLATES} rehab templates, the most there can be: delete one to save another`,
      { limit: MAX_REHAB_TEMPLATES },
    );
  }
  const [row] = await db
    .insert(rehabTemplates)
    .values({
      userId,
      category: line.category,
      description: line.description || null,
      quantity: line.quantity ?? null,
      unitCost: line.unitCost,
      createdAt: nowIso(),
    })
    .returning();
  return toTemplate(row!);
}

/** Deletes one of the user's templates; 404 when they have none by that id. */
export async function deleteRehabTemplate(db: Database, userId: string, id: string) {
  const [row] = await db
    .delete(rehabTemplates)
    .where(and(eq(rehabTemplates.userId, userId), eq(rehabTemplates.id, id)))
    .returning();
  if (!row) throw notFound("Rehab template");
  return toTemplate(row);
}
