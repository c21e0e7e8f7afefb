/**
 * The workspace calls (spec §7). Project, contact and property calls throw a `ServiceError`
 * carrying the spec's "Failed to …" message (and the server's answer, for the screen to show);
 * entry calls return `{data}` or `{error}` with the spec's "Error … data entry: {status}".
 */
import type { z } from "zod";
import { firstPerField, type FieldProblem } from "~/domain/problems";
import type { EntryInput, ProjectInput } from "~/domain/workspace";
import type {
  ContactDetailSchema,
  ContactSchema,
} from "../../../worker/api/routes/contacts.schemas";
import type { EntrySchema } from "../../../worker/api/routes/entries.schemas";
import type {
  ListedProjectSchema,
  ProjectDetailSchema,
  ProjectStatsSchema,
} from "../../../worker/api/routes/projects.schemas";
import type {
  PropertyDetailSchema,
  PropertyImportResultSchema,
  PropertyWithAnalysisSchema,
} from "../../../worker/api/routes/properties.schemas";
import type {
  WorkspaceExportSchema,
  WorkspaceImportResultSchema,
} from "../../../worker/api/routes/transfer.schemas";
import type { ProjectSchema } from "../../../worker/api/shared-schemas";
import { apiRequest, type ApiFailure, type ApiResult, type PageMeta } from "./client";
import { MESSAGES } from "./messages";

/** A project as answered; as a list or its page reads it, with its assignee (initials, name). */
export type Project = z.infer<typeof ProjectSchema> &
  Partial<Pick<z.infer<typeof ListedProjectSchema>, "assignee">>;
export type Contact = z.infer<typeof ContactSchema>;
export type Entry = z.infer<typeof EntrySchema>;
/** A property with the key figures of its primary analysis. */
export type Property = z.infer<typeof PropertyWithAnalysisSchema>;
export type PropertyDetail = z.infer<typeof PropertyDetailSchema>;
export type ProjectStats = z.infer<typeof ProjectStatsSchema>;
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;
export type ContactDetail = z.infer<typeof ContactDetailSchema>;
export type PropertyImportResult = z.infer<typeof PropertyImportResultSchema>;
export type WorkspaceExport = z.infer<typeof WorkspaceExportSchema>;
export type WorkspaceImportResult = z.infer<typeof WorkspaceImportResultSchema>;
/** What an import does with a record that is already here. */
export type ExistingRows = WorkspaceImportResult["existing"];
export interface ImportOptions {
  /** Only check and count: write nothing (the preview). */
  dryRun?: boolean;
  existing?: ExistingRows;
  /** With `update`: the file's values replace fields changed here since the last import. */
  overwriteEdits?: boolean;
  /** The file's name, for the list of imports. */
  fileName?: string;
}
export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

/** A failed call: the spec's message, with what the server said. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly failure: ApiFailure,
  ) {
    super(message);
  }

  /** Per-field messages of a 400 answer, by field name. */
  get fieldErrors(): Record<string, string> {
    const details = Array.isArray(this.failure.details) ? this.failure.details : [];
    return firstPerField(details.filter((d): d is FieldProblem => typeof d?.field === "string"));
  }
}

/** A failed call in words: the "Failed to …" message, then what the server said. */
export const failureText = (error: unknown) =>
  error instanceof ServiceError ? `${error.message}: ${error.failure.message}` : String(error);

/** Why a call failed, in the API's words (a refused upload's "…is larger than the 25 MB limit…"). */
export const failureReason = (error: unknown) =>
  error instanceof ServiceError
    ? error.failure.message
    : error instanceof Error
      ? error.message
      : String(error);

/** The data of a call, or a `ServiceError` with the spec's message. */
export async function orThrow<T>(call: Promise<ApiResult<T>>, message: string): Promise<T> {
  const result = await call;
  if (result.error) throw new ServiceError(message, result.error);
  return result.data;
}

export async function pageOrThrow<T>(
  call: Promise<ApiResult<T[]>>,
  message: string,
): Promise<Page<T>> {
  const result = await call;
  if (result.error) throw new ServiceError(message, result.error);
  return {
    items: result.data,
    meta: result.meta ?? { page: 1, limit: result.data.length, total: result.data.length },
  };
}

/** `?a=1&b=x` from the defined, non-empty values. */
export function queryString(query: Record<string, string | number | boolean | undefined | null>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export interface ProjectQuery {
  type?: string;
  status?: string;
  q?: string;
  closeFrom?: string;
  closeTo?: string;
  page?: number;
  limit?: number;
}

export const projectsApi = {
  list: (query: ProjectQuery = {}) =>
    pageOrThrow(
      apiRequest<Project[]>(`/projects${queryString({ ...query })}`),
      MESSAGES.fetchProjects,
    ),
  get: (id: string) =>
    orThrow(
      apiRequest<ProjectDetail>(`/projects/${encodeURIComponent(id)}`),
      MESSAGES.fetchProject,
    ),
  create: (input: Partial<ProjectInput>) =>
    orThrow(
      apiRequest<Project>("/projects", { method: "POST", body: input }),
      MESSAGES.createProject,
    ),
  update: (id: string, input: Partial<ProjectInput>, ifMatch?: string) =>
    orThrow(
      apiRequest<Project>(`/projects/${encodeURIComponent(id)}`, {
        method: "PUT",
        body: input,
        ifMatch,
      }),
      MESSAGES.updateProject,
    ),
  remove: (id: string, ifMatch?: string) =>
    orThrow(
      apiRequest<Project>(`/projects/${encodeURIComponent(id)}`, { method: "DELETE", ifMatch }),
      MESSAGES.deleteProject,
    ),
  stats: () =>
    orThrow(apiRequest<ProjectStats>("/projects/stats/overview"), MESSAGES.fetchProjectStats),
};

export const contactsApi = {
  list: (query: { type?: string; q?: string; page?: number; limit?: number } = {}) =>
    pageOrThrow(apiRequest<Contact[]>(`/contacts${queryString(query)}`), MESSAGES.fetchContacts),
  get: (id: string) =>
    orThrow(
      apiRequest<ContactDetail>(`/contacts/${encodeURIComponent(id)}`),
      MESSAGES.fetchContact,
    ),
};

/** Entry calls keep the spec's shape: `{data}` or `{error}` with "Error … data entry: {status}". */
async function entryCall<T>(call: Promise<ApiResult<T>>, message: (status: number) => string) {
  const result = await call;
  return result.error
    ? { error: { ...result.error, message: message(result.error.statusCode) } }
    : { data: result.data };
}

export const entriesApi = {
  list: () => entryCall(apiRequest<Entry[]>("/data/entries"), MESSAGES.fetchEntries),
  create: (input: Partial<EntryInput>) =>
    entryCall(
      apiRequest<Entry>("/data/entries", { method: "POST", body: input }),
      MESSAGES.addEntry,
    ),
  update: (id: string, input: Partial<EntryInput>, ifMatch?: string) =>
    entryCall(
      apiRequest<Entry>(`/data/entries${queryString({ id })}`, {
        method: "PUT",
        body: input,
        ifMatch,
      }),
      MESSAGES.updateEntry,
    ),
  remove: (id: string, ifMatch?: string) =>
    entryCall(
      apiRequest<Entry>(`/data/entries${queryString({ id })}`, { method: "DELETE", ifMatch }),
      MESSAGES.deleteEntry,
    ),
};

export interface PropertyQuery {
  status?: string;
  propertyType?: string;
  meetsCriteria?: string;
  listingStatus?: string;
  ownerOccupied?: "yes" | "no" | "";
  ownerContactId?: string;
  minEquity?: number;
  q?: string;
  sort?: string;
  dir?: "asc" | "desc";
  page?: number;
  limit?: number;
}

export const propertiesApi = {
  list: (query: PropertyQuery = {}) =>
    pageOrThrow(
      apiRequest<Property[]>(`/data/properties${queryString({ ...query })}`),
      MESSAGES.fetchProperties,
    ),
  get: (id: string) =>
    orThrow(
      apiRequest<PropertyDetail>(`/data/properties/${encodeURIComponent(id)}`),
      MESSAGES.fetchProperty,
    ),
};

export const transferApi = {
  /** The export, or one part of a large one (`part.of` says how many). */
  exportAll: (part = 1) =>
    orThrow(apiRequest<WorkspaceExport>(`/export?part=${part}`), MESSAGES.exportData),
  importAll: (document: unknown, options: ImportOptions = {}) =>
    orThrow(
      apiRequest<WorkspaceImportResult>(`/import${queryString({ ...options })}`, {
        method: "POST",
        body: document,
      }),
      MESSAGES.importData,
    ),
};
