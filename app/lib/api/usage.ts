/** The user's usage against the per-user limits (GET /usage), as Connections shows it. */
import type { z } from "zod";
import type { UsageSchema } from "../../../worker/api/routes/usage.schemas";

export type Usage = z.infer<typeof UsageSchema>;
