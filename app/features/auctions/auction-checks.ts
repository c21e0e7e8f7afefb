/**
 * What needs an auction's schemas, kept apart from the forms' plain values (auction-fields.ts) so
 * that the list downloads no zod: the fields a client writes (Undo re-creates an auction from
 * them), the API's rules across fields, and the max-bid calculator's text read as its inputs.
 * Loaded with the auction's page and on a save or an Undo. Pure: no I/O, no React.
 */
import {
  AuctionFieldsSchema,
  AuctionInputSchema,
  MaxBidInputSchema,
  type AuctionInput,
} from "~/domain/auctions/auction";
import type { MaxBidInputs } from "~/domain/auctions/max-bid";
import type { FieldProblem } from "~/domain/problems";
import { fieldProblems, parseTyped } from "~/domain/validation";
import type { Auction, AuctionBody } from "~/lib/api/auctions";
import type { BidFormValues } from "./auction-fields";

const INPUT_KEYS = Object.keys(AuctionFieldsSchema.shape) as (keyof AuctionBody)[];

/** Every field a client writes, as the auction has it: what a PUT sends back, and Undo re-creates. */
export const auctionInputOf = (auction: Auction): AuctionBody =>
  Object.fromEntries(INPUT_KEYS.map((key) => [key, auction[key]])) as AuctionBody;

/** The API's rules across fields (a postponement after the sale date, one kind of deposit…). */
export function checkAuction(
  body: AuctionBody,
): { ok: true; input: AuctionInput } | { ok: false; problems: FieldProblem[] } {
  const parsed = AuctionInputSchema.safeParse(body);
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, problems: fieldProblems(parsed.error) };
}

/** The calculator's text read as its inputs ("$250,000" welcome), or the problem of each field. */
export function readBidForm(
  values: BidFormValues,
): { ok: true; inputs: Required<MaxBidInputs> } | { ok: false; errors: Record<string, string> } {
  const given = Object.fromEntries(Object.entries(values).filter(([, text]) => text.trim()));
  const parsed = parseTyped(MaxBidInputSchema, given);
  if (parsed.success) return { ok: true, inputs: parsed.data };
  const errors: Record<string, string> = {};
  for (const problem of fieldProblems(parsed.error)) errors[problem.field] ??= problem.message;
  return { ok: false, errors };
}
