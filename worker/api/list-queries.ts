/**
 * The query strings of the lists that both doors read: the API's list routes and the module pages'
 * loaders (worker/page-services.ts), so a page and `GET /api/…` read the same URL alike. They sit
 * apart from the routes' files so that a page reading them does not evaluate the API's routes and
 * response schemas, which the API itself loads on its first request (worker/index.ts).
 */
import { z } from "@hono/zod-openapi";
import { AUCTION_STATUSES, SALE_TYPES } from "../../app/domain/auctions/auction";
import { PROPERTY_STATUSES, PROPERTY_TYPES } from "../../app/domain/workspace";
import { AUCTION_SORTS, type AuctionSort } from "../services/auctions";
import { PROPERTY_SORTS, type PropertySort } from "../services/properties";
import { PageQuerySchema } from "./openapi";

/** GET /api/data/properties; the Possible Investments list. */
export const PropertyListQuerySchema = PageQuerySchema.extend({
  status: z.enum(PROPERTY_STATUSES).optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  sort: z.enum(Object.keys(PROPERTY_SORTS) as [PropertySort]).default("updatedAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});

const instant = z.iso.datetime({
  offset: true,
  error: "Use a date and time like 2027-03-31T00:00:00Z",
});
/** The auctions list's query before its check that `to` comes after `from` (`saleRangeInOrder`). */
export const AuctionListFieldsSchema = PageQuerySchema.extend({
  saleType: z.enum(SALE_TYPES).optional(),
  status: z.enum(AUCTION_STATUSES).optional(),
  state: z.string().trim().min(1).max(50).optional(),
  county: z.string().trim().min(1).max(100).optional(),
  from: instant.optional().openapi({ description: "Sales now set for this time or later" }),
  to: instant.optional().openapi({ description: "Sales now set for before this time" }),
  depositFrom: instant.optional().openapi({
    description:
      "Deposits still owed (upcoming, postponed or won) falling due at this time or later",
  }),
  depositTo: instant.optional().openapi({
    description: "Deposits still owed falling due before this time",
  }),
  sort: z.enum(Object.keys(AUCTION_SORTS) as [AuctionSort]).default("currentSaleAt"),
  dir: z.enum(["asc", "desc"]).default("asc"),
});

/** `to` after `from`: the auctions list's query and its CSV export's. */
export const saleRangeInOrder = <T extends z.ZodType<{ from?: string; to?: string }>>(query: T) =>
  query.refine(
    (range) => !range.from || !range.to || Date.parse(range.to) > Date.parse(range.from),
    {
      path: ["to"],
      error: "`to` after `from`",
    },
  );

/** GET /api/auctions; the Auctions list. */
export const AuctionListQuerySchema = saleRangeInOrder(AuctionListFieldsSchema);
