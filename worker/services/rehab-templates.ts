/**
 * The workspace's rehab line templates (the analyzer's rehab estimator): a line saved once and
 * added to any analysis's rehab again. Another workspace's template is "not found", as if it did
 * not exist; reached through `owned`, so a viewer's writes are refused.
 */
import { count, desc } from "drizzle-orm";
import { MAX_REHAB_TEMPLATES, type RehabItemInput } from "../../app/domain/deals/inputs";
import type { Database } from "../db/client";
import { owned } from "../db/owned";
import { nowIso, type Owner } from "../db/queries";
import { rehabTemplates, type RehabTemplateRow } from "../db/schema";
import { AppError } from "../errors";

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

const ownedTemplates = (db: Database, owner: Owner) =>
  owned(db, rehabTemplates, owner, "Rehab template");

/** The workspace's templates, newest first. */
export async function listRehabTemplates(db: Database, owner: Owner) {
  const rows = await ownedTemplates(db, owner).list({
    orderBy: [desc(rehabTemplates.createdAt), desc(rehabTemplates.id)],
  });
  return rows.map(toTemplate);
}

/** Saves a line as a template; 409 once the workspace keeps MAX_REHAB_TEMPLATES of them. */
export async function createRehabTemplate(db: Database, owner: Owner, line: RehabItemInput) {
  const templates = ownedTemplates(db, owner);
  const [kept] = await db.select({ count: count() }).from(rehabTemplates).where(templates.rows());
  if ((kept?.count ?? 0) >= MAX_REHAB_TEMPLATES) {
    throw new AppError(
      409,
      "LIMIT_REACHED",
      `You keep ${MAX_REHAB_TEMPLATES} rehab templates, the most there can be: delete one to save another`,
      { limit: MAX_REHAB_TEMPLATES },
    );
  }
  const row = await templates.create({
    category: line.category,
    description: line.description || null,
    quantity: line.quantity ?? null,
    unitCost: line.unitCost,
    createdAt: nowIso(),
  });
  return toTemplate(row);
}

/** Deletes one of the workspace's templates; 404 when it has none by that id. */
export const deleteRehabTemplate = async (db: Database, owner: Owner, id: string) =>
  toTemplate(await ownedTemplates(db, owner).remove(id));
