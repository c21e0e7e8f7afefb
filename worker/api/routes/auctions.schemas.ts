import { z } from "@hono/zod-openapi";
import { MaxBidDefaultsSchema, MaxBidInputSchema } from "../../../app/domain/auctions/auction";
import type { MaxBid } from "../../../app/domain/auctions/max-bid";
import { auctions } from "../../db/schema";
import {
  AssigneeSchema,
  createSelectSchema,
  exactly,
  internal,
  RowFailureSchema,
} from "../shared-schemas";
import { EntrySchema } from "./entries.schemas";
import { PropertySchema } from "./properties.schemas";

export const MaxBidInputsSchema = MaxBidInputSchema.openapi("MaxBidInputs", {
  description:
    "Money in dollars; `sellingCostsPct` and `targetProfitPct` are percents of the ARV (`estimatedValue`), `buyerPremiumPct` of the bid. All but `estimatedValue` default to 0.",
});

export const MaxBidDefaultsBodySchema = MaxBidDefaultsSchema.openapi("MaxBidDefaults", {
  description:
    "The user's own selling costs and target profit, percents of the ARV, that the max-bid calculator starts from.",
});

export const MaxBidSchema = exactly<MaxBid & { formula: string }>()(
  MaxBidInputSchema.required()
    .extend({
      sellingCosts: z.number(),
      targetProfit: z.number(),
      available: z.number().openapi({
        description:
          "What the ARV leaves for the bid and its premium after costs, liens and profit",
      }),
      buyerPremium: z.number().openapi({ description: "The premium paid on the maximum bid" }),
      maxBid: z.number().openapi({
        description:
          "(ARV·(1 − sellingCostsPct/100 − targetProfitPct/100) − rehabCost − survivingLiens − closingCosts − holdingCosts) / (1 + buyerPremiumPct/100), never below 0; unrounded",
      }),
      formula: z.string().openapi({ description: "The formula with these numbers, in words" }),
    })
    .openapi("MaxBid"),
);

export const AuctionSchema = createSelectSchema(auctions, {
  bidInputs: MaxBidInputsSchema.nullable(),
})
  .omit({
    ...internal,
    googleCalendarId: true,
    googleSaleEventId: true,
    googleDepositEventId: true,
    googleSynced: true,
  })
  .extend({
    depositDue: z.number().nullable().openapi({
      description:
        "The deposit the planned bid calls for: `depositAmount`, or `depositPct` of `plannedBid` (null without a planned bid)",
    }),
    currentSaleAt: z.string().openapi({
      description: "When the sale is now set for: `postponedTo` once postponed, else `saleAt`",
    }),
  })
  .openapi("Auction");

export const AuctionHistoryEntrySchema = z
  .object({
    status: AuctionSchema.shape.status,
    changedAt: z.string(),
    postponedTo: z.string().optional(),
  })
  .openapi("AuctionHistoryEntry");

const linked = z.object({ id: z.string(), name: z.string() }).nullable();

/** An auction as its list shows it: with its assignee's initials and name. */
export const ListedAuctionSchema = AuctionSchema.extend({
  assignee: AssigneeSchema.nullable(),
}).openapi("ListedAuction");

export const AuctionDetailSchema = ListedAuctionSchema.extend({
  history: z.array(AuctionHistoryEntrySchema),
  links: z.object({
    property: PropertySchema.nullable(),
    deal: linked.openapi({ description: "The saved analysis behind the bid: its id and name" }),
    project: linked,
    attorney: linked.openapi({ description: "The attorney or trustee (a contact)" }),
    auctioneer: linked,
    documents: z
      .array(EntrySchema.pick({ id: true, title: true, kind: true, updatedAt: true }))
      .openapi({ description: "The linked project's documents in the Project Hub" }),
  }),
}).openapi("AuctionDetail");

export const CalendarSyncSchema = z
  .object({
    status: z.enum(["off", "synced", "failed"]),
    message: z.string().optional(),
  })
  .openapi("CalendarSync", {
    description:
      "Whether the auction's dates were written to the Google calendar chosen for auctions: `off` when none is chosen; `failed` with Google's message (the auction is saved either way, and its dates are written on the next sync).",
  });

export const AuctionImportResultSchema = z
  .object({
    received: z.number(),
    created: z.number(),
    failed: z.array(RowFailureSchema),
    ids: z
      .array(z.string())
      .openapi({ description: "The id of each valid row, in the order sent" }),
    calendarPending: z.number().openapi({
      description:
        "Auctions whose dates still wait to be written to the Google calendar for auctions (POST /auctions/calendar/sync writes them)",
    }),
  })
  .openapi("AuctionImportResult");

export const AuctionCalendarSchema = z
  .object({
    googleCalendarId: z.string().nullable().openapi({
      description: "The Google calendar auction dates are written to; null: none (AI42's own only)",
    }),
    pending: z.number().openapi({ description: "Auctions whose dates are still to be written" }),
  })
  .openapi("AuctionCalendar");

export const AuctionCalendarSyncSchema = z
  .object({
    synced: z.number(),
    failed: z.number(),
    pending: z.number(),
    message: z.string().optional().openapi({ description: "Google's message for a failure" }),
  })
  .openapi("AuctionCalendarSync");
