/**
 * Records as the API, the agent and the export show them: the row without its internal columns.
 * Here, beside the data access, because services that show each other's records (a property's
 * projects and research, a project's property) read them without importing one another.
 */
import { LIST_FIGURES } from "./list-figures";
import { publicRow } from "./queries";
import type { ProjectRow, PropertyRow, ResearchReportRow } from "./schema";

export const toProject = (row: ProjectRow) => publicRow(row);

/**
 * The dedupe key is the import's, not the user's; the list's figures kept on the row are shown as
 * the listed property's own fields (`toListedProperty`).
 */
export const toProperty = (row: Omit<PropertyRow, "imported">) =>
  publicRow(row, "dedupeKey", ...LIST_FIGURES);

export const toResearch = (row: ResearchReportRow) => publicRow(row);
