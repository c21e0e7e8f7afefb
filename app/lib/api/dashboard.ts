/** The dashboard's one read (issue 15): what needs the investor today, from every module. */
import type { z } from "zod";
import { isoDay } from "~/domain/dates";
import type { DashboardSchema } from "../../../worker/api/schemas";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, queryString } from "./workspace";

export type Dashboard = z.infer<typeof DashboardSchema>;

/** The dashboard as of `now` on the investor's clock: their today, and the days ahead of it. */
export const fetchDashboard = (now: Date) =>
  orThrow(
    apiRequest<Dashboard>(
      `/dashboard${queryString({ date: isoDay(now), now: now.toISOString() })}`,
    ),
    MESSAGES.fetchDashboard,
  );
