/**
 * The query strings of the lists that both doors read: the API's list routes and the module pages'
 * loaders (worker/page-services.ts), so a page and `GET /api/…` read the same URL alike. They sit
 * apart from the routes' files so that a page reading them does not evaluate the API's routes and
 * response schemas, which the API itself loads on its first request (worker/index.ts).
 */
import { z } from "@hono/zod-openapi";
import { AUCTION_STATUSES, SALE_TYPES } from "../../app/domain/auctions/auction";
import { DaySchema } from "../../app/domain/date-schemas";
import { BUY_BOX_FILTERS } from "../../app/domain/deals/buy-box-filter";
import { DEAL_STRATEGIES } from "../../app/domain/deals/types";
import { LEAD_STATUSES } from "../../app/domain/marketing/leads";
import {
  CONTACT_TYPES,
  LISTING_STATUSES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from "../../app/domain/workspace";
import { AUCTION_SORTS, type AuctionSort } from "../services/auctions";
import { LEAD_SORTS } from "../services/leads";
import { PROPERTY_SORTS, type PropertySort } from "../services/properties";
import { PageQuerySchema } from "./openapi";

/** The filter of the lists of the kinds whose records are assigned to members. */
const assignee = z.string().trim().min(1).max(64).optional().openapi({
  description:
    "`me`: only the records assigned to you; `none`: those assigned to nobody; a member's id: those assigned to them (anyone else is a 400). A member who sees only the records assigned to them always lists their own.",
});

/** GET /api/data/properties; the Possible Investments list. */
export const PropertyListQuerySchema = PageQuerySchema.extend({
  status: z.enum(PROPERTY_STATUSES).optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  meetsCriteria: z.enum(BUY_BOX_FILTERS).optional().openapi({
    description:
      "`yes`: the primary analysis meets the buy box as it is now; `no`: it misses a criterion. Left out: every property (those without an analysis or a criterion that applies have no verdict)",
  }),
  listingStatus: z.enum(LISTING_STATUSES).optional(),
  ownerOccupied: z.enum(["yes", "no"]).optional().openapi({
    description: "`yes`: the owner lives there; `no`: an absentee owner",
  }),
  ownerContactId: z.string().max(64).optional().openapi({
    description: "Only the properties this contact owns",
  }),
  minEquity: z.coerce.number().finite().min(-1e12).max(1e12).optional().openapi({
    description: "Only properties with at least this much estimated equity ($)",
  }),
  assignee,
  sort: z.enum(Object.keys(PROPERTY_SORTS) as [PropertySort]).default("updatedAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});

/** GET /api/routes; the Route Planner's saved routes. */
export const RouteListQuerySchema = PageQuerySchema.extend({
  from: DaySchema.optional().openapi({ description: "Routes on this day or later" }),
  to: DaySchema.optional().openapi({ description: "Routes before this day" }),
});

/** GET /api/conversations; the Main Agent's saved conversations (searched by title). */
export const ConversationListQuerySchema = PageQuerySchema;

/** GET /api/ai/research; Property Research's history. */
export const ResearchListQuerySchema = PageQuerySchema;

/** GET /api/projects; the Project Hub's projects. */
export const ProjectListQuerySchema = PageQuerySchema.extend({
  type: z.enum(PROJECT_TYPES).optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  /** Target close dates in [closeFrom, closeTo] (both days included): the week ahead. */
  closeFrom: DaySchema.optional(),
  closeTo: DaySchema.optional(),
  assignee,
});

/** GET /api/contacts; the Project Hub's contacts. */
export const ContactListQuerySchema = PageQuerySchema.extend({
  type: z.enum(CONTACT_TYPES).optional(),
});

const reference = z.string().min(1).max(64).optional();
/** GET /api/deals; the saved analyses (a property's, a project's), as the record picker offers them. */
export const DealListQuerySchema = PageQuerySchema.extend({
  propertyId: reference,
  projectId: reference,
  strategy: z.enum(DEAL_STRATEGIES).optional(),
});

/** GET /api/marketing/leads; the Marketing leads list (its `campaign` is `campaignId`). */
export const LeadListQuerySchema = PageQuerySchema.extend({
  status: z.enum(LEAD_STATUSES).optional(),
  campaignId: z.string().min(1).max(64).optional(),
  followUpBy: DaySchema.optional().openapi({
    description: "Open leads whose follow-up date is this day or earlier",
  }),
  mailable: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true" || undefined)
    .openapi({
      description:
        "`true`: only leads a letter may go to (a mail house's list): none flagged deceased, do-not-mail or litigator",
    }),
  assignee,
  sort: z.enum(LEAD_SORTS).default("newest"),
});

/** GET /api/marketing/summary; the Marketing funnel, and the leads list's speed to lead. */
export const LeadSummaryQuerySchema = z.object({
  campaignId: z.string().min(1).max(64).optional(),
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
  assignee,
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
