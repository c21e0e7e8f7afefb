/** The deal analyses: saved analyses and the server's own run of the math. */
import type { z } from "zod";
import type { DealSchema } from "../../../worker/api/routes/deals.schemas";
import type { DealShare } from "../../../worker/services/deal-shares";
import type { RehabTemplate } from "../../../worker/services/rehab-templates";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, pageOrThrow, queryString } from "./workspace";

export type Deal = z.infer<typeof DealSchema>;
export type { DealShare, RehabTemplate };

export interface DealQuery {
  propertyId?: string;
  projectId?: string;
  strategy?: string;
  q?: string;
  page?: number;
  limit?: number;
}

const path = (id: string) => `/deals/${encodeURIComponent(id)}`;

export const dealsApi = {
  list: (query: DealQuery = {}) =>
    pageOrThrow(apiRequest<Deal[]>(`/deals${queryString({ ...query })}`), MESSAGES.fetchDeals),
  get: (id: string) => orThrow(apiRequest<Deal>(path(id)), MESSAGES.fetchDeal),
};
