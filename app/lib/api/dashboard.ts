/** The dashboard's one read (issue 15): what needs the investor today, from every module. */
import type { z } from "zod";
import type { DashboardSchema } from "../../../worker/api/schemas";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, queryString } from "./workspace";

export type Dashboard = z.infer<typeof DashboardSchema>;

/** `date`: the investor's today as their calendar reads it (YYYY-MM-DD). */
export const fetchDashboard = (date: string) =>
  orThrow(apiRequest<Dashboard>(`/dashboard${queryString({ date })}`), MESSAGES.fetchDashboard);
