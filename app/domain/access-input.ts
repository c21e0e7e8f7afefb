/**
 * A personal access token's form (issue 32), validated in the browser and by the API alike. Apart
 * from access.ts so that what only needs its words (the sign-in screen's `next`) loads no zod.
 */
import { z } from "zod";
import { ACCESS_SCOPES } from "./access";

export const CreateAccessTokenSchema = z.object({
  name: z.string().trim().min(1, "Name the token").max(80, "At most 80 characters"),
  scope: z.enum(ACCESS_SCOPES),
  expires_in_days: z
    .union([z.literal(7), z.literal(30), z.literal(90), z.literal(365), z.null()], {
      error: "Choose 7, 30, 90 or 365 days, or null for no expiry",
    })
    .describe("7, 30, 90 or 365 days; null for a token that does not expire"),
});
export type CreateAccessTokenInput = z.infer<typeof CreateAccessTokenSchema>;
