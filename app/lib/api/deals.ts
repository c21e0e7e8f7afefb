/** The deal analyses: saved analyses and the server's own run of the math. */
import type { z } from "zod";
import type { DealInputSchema } from "~/domain/deals/inputs";
import type { RehabItem } from "~/domain/deals/types";
import type { DealCriteria, DealCriteriaInput } from "~/domain/deals/criteria";
import type { DealSchema } from "../../../worker/api/routes/deals.schemas";
import type { DealShare } from "../../../worker/services/deal-shares";
import type { RehabTemplate } from "../../../worker/services/rehab-templates";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, pageOrThrow, queryString } from "./workspace";

export type Deal = z.infer<typeof DealSchema>;
export type { DealShare, RehabTemplate };
/** What a save sends: a name, the strategy and its inputs, and what the analysis is about. */
export type DealBody = z.input<typeof DealInputSchema>;

export interface DealQuery {
  propertyId?: string;
  projectId?: string;
  strategy?: string;
  q?: string;
  page?: number;
  limit?: number;
}

const path = (id: string) => `/deals/${encodeURIComponent(id)}`;
const TEMPLATES = "/rehab-templates";

export const dealsApi = {
  criteria: () => orThrow(apiRequest<DealCriteria>("/deals/criteria"), MESSAGES.fetchDealCriteria),
  saveCriteria: (input: Partial<DealCriteriaInput>) =>
    orThrow(
      apiRequest<DealCriteria>("/deals/criteria", { method: "PUT", body: input }),
      MESSAGES.saveDealCriteria,
    ),
  list: (query: DealQuery = {}) =>
    pageOrThrow(apiRequest<Deal[]>(`/deals${queryString({ ...query })}`), MESSAGES.fetchDeals),
  get: (id: string) => orThrow(apiRequest<Deal>(path(id)), MESSAGES.fetchDeal),
  create: (input: DealBody) =>
    orThrow(apiRequest<Deal>("/deals", { method: "POST", body: input }), MESSAGES.saveDeal),
  update: (id: string, input: DealBody, ifMatch?: string) =>
    orThrow(apiRequest<Deal>(path(id), { method: "PUT", body: input, ifMatch }), MESSAGES.saveDeal),
  remove: (id: string, ifMatch?: string) =>
    orThrow(apiRequest<Deal>(path(id), { method: "DELETE", ifMatch }), MESSAGES.deleteDeal),
  shares: (id: string) =>
    orThrow(apiRequest<DealShare[]>(`${path(id)}/shares`), MESSAGES.fetchDealShares),
  share: (id: string, expiresAt: string | null) =>
    orThrow(
      apiRequest<DealShare>(`${path(id)}/share`, { method: "POST", body: { expiresAt } }),
      MESSAGES.shareDeal,
    ),
  revokeShare: (id: string, shareId: string) =>
    orThrow(
      apiRequest<{ revoked: string[] }>(`${path(id)}/share/${encodeURIComponent(shareId)}`, {
        method: "DELETE",
      }),
      MESSAGES.revokeDealShare,
    ),
  rehabTemplates: () =>
    orThrow(apiRequest<RehabTemplate[]>(TEMPLATES), MESSAGES.fetchRehabTemplates),
  saveRehabTemplate: (line: RehabItem) =>
    orThrow(
      apiRequest<RehabTemplate>(TEMPLATES, { method: "POST", body: line }),
      MESSAGES.saveRehabTemplate,
    ),
  deleteRehabTemplate: (id: string) =>
    orThrow(
      apiRequest<RehabTemplate>(`${TEMPLATES}/${encodeURIComponent(id)}`, { method: "DELETE" }),
      MESSAGES.deleteRehabTemplate,
    ),
};
