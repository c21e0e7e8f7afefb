/**
 * A personal access token's form, validated in the browser and by the API alike. Apart from
 * access.ts so that what only needs its words (the sign-in screen's `next`) loads no zod.
 */
import { z } from "zod";
import { ACCESS_SCOPES, TOKEN_LIFETIMES } from "./access";

const DAYS = TOKEN_LIFETIMES.filter((days) => days !== null);
const DAYS_IN_WORDS = `${DAYS.slice(0, -1).join(", ")} or ${DAYS.at(-1)} days`;

export const CreateAccessTokenSchema = z.object({
  name: z.string().trim().min(1, "Name the token").max(80, "At most 80 characters"),
  scope: z.enum(ACCESS_SCOPES),
  expires_in_days: z
    .literal(DAYS, { error: `Choose ${DAYS_IN_WORDS}, or null for no expiry` })
    .nullable()
    .describe(`${DAYS_IN_WORDS}; null for a token that does not expire`),
});
export type CreateAccessTokenInput = z.infer<typeof CreateAccessTokenSchema>;
