/**
 * The agent's tools over auctions: the sales in a range (with their deadlines) and an auction's
 * maximum bid worked out with the calculator's own formula, never by the model. Read-only.
 */
import { z } from "zod";
import { AUCTION_STATUSES, MaxBidInputSchema, SALE_TYPES } from "../../app/domain/auctions/auction";
import { maxBid, maxBidFormula, type MaxBidInputs } from "../../app/domain/auctions/max-bid";
import { formatDateTime } from "../../app/domain/format";
import { fieldProblems } from "../../app/domain/validation";
import { invalidFields } from "../errors";
import { findOwned } from "../db/queries";
import { properties } from "../db/schema";
import { findAuction, listAuctions } from "./auctions";
import { found, tool, TOOL_SEARCH_LIMIT, toolOwner } from "./tool";

const instant = z.iso.datetime({ offset: true });

export const auctionTools = {
  list_auctions: tool({
    description:
      "List the auctions the investor tracks whose sale is set within a range (soonest first), with sale type, status, the time the sale is now set for (after any postponement) and its time zone, opening bid, deposit and deposit deadline.",
    parameters: z.object({
      from: instant.optional().describe("ISO time; default now"),
      to: instant.optional().describe("ISO time; default 30 days after `from`"),
      saleType: z.enum(SALE_TYPES).optional(),
      status: z.enum(AUCTION_STATUSES).optional(),
    }),
    run: async (db, userId, { from, to, saleType, status }, context) => {
      const start = from ?? new Date().toISOString();
      const end = to ?? new Date(Date.parse(start) + 30 * 86_400_000).toISOString();
      const { items, meta } = await listAuctions(
        db,
        toolOwner(userId, context),
        { from: start, to: end, saleType, status },
        { sort: "currentSaleAt", dir: "asc" },
        { page: 1, limit: TOOL_SEARCH_LIMIT },
      );
      return {
        result: {
          total: meta.total,
          auctions: items.map((a) => ({
            id: a.id,
            saleType: a.saleType,
            status: a.status,
            address: a.address,
            county: a.county,
            state: a.state,
            saleAt: a.currentSaleAt,
            timeZone: a.timeZone,
            openingBid: a.openingBid,
            depositDue: a.depositDue,
            depositDueAt: a.depositDueAt,
            buyerPremiumPct: a.buyerPremiumPct,
            propertyId: a.propertyId,
          })),
        },
        summary: found(
          items.map((a) => `${a.address} (${formatDateTime(a.currentSaleAt)})`),
          "auction",
        ),
      };
    },
  }),
  auction_max_bid: tool({
    description:
      "The most to bid at one of the investor's auctions: the inputs saved with it (else the ARV of its property), the sale's buyer's premium, and any inputs given here, through maxBid = (ARV·(1 − selling% − profit%) − rehab − surviving liens − closing − holding) / (1 + premium%). Quote the answer and its formula; never work it out yourself.",
    parameters: z.object({
      auctionId: z.string().min(1).max(64),
      inputs: MaxBidInputSchema.partial()
        .optional()
        .describe(
          "Overrides: estimatedValue (ARV), rehabCost, survivingLiens, closingCosts, holdingCosts, sellingCostsPct, targetProfitPct, buyerPremiumPct",
        ),
    }),
    run: async (db, userId, { auctionId, inputs }, context) => {
      const auction = await findAuction(db, toolOwner(userId, context), auctionId);
      const property = auction.propertyId
        ? await findOwned(db, properties, userId, auction.propertyId, "Property")
        : null;
      const value = property?.arv ?? property?.estimatedValue ?? undefined;
      const merged: Partial<MaxBidInputs> = {
        ...(value !== undefined && { estimatedValue: value }),
        ...auction.bidInputs,
        ...(auction.buyerPremiumPct !== null && { buyerPremiumPct: auction.buyerPremiumPct }),
        ...inputs,
      };
      const parsed = MaxBidInputSchema.safeParse(merged);
      if (!parsed.success) throw invalidFields(fieldProblems(parsed.error));
      const bid = maxBid(parsed.data);
      const formula = maxBidFormula(bid);
      return { result: { auctionId, ...bid, formula }, summary: `${auction.address}: ${formula}` };
    },
  }),
};
