/** The user's usage against the per-user limits (GET /usage), for the Connections screen. */
import type { z } from "zod";
import type { UsageSchema } from "../../../worker/api/routes/usage";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow } from "./workspace";

export type Usage = z.infer<typeof UsageSchema>;

export const fetchUsage = () => orThrow(apiRequest<Usage>("/usage"), MESSAGES.fetchUsage);
