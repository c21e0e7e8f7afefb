/**
 * Auctions: the sales the investor watches, their status history, the import, the maximum bid, and
 * the Google calendar their dates are written to.
 */
import { z } from "@hono/zod-openapi";
import { AuctionInputSchema, MAX_AUCTION_IMPORT_ROWS } from "../../../app/domain/auctions/auction";
import { maxBid, maxBidFormula } from "../../../app/domain/auctions/max-bid";
import {
  auctionCalendarSetting,
  auctionDetail,
  auctionStatusHistory,
  chooseAuctionCalendar,
  createAuction,
  deleteAuction,
  importAuctions,
  listAuctions,
  syncPending,
  updateAuction,
} from "../../services/auctions";
import {
  IdParamSchema,
  actingScope,
  apiRoute,
  ASSIGNING,
  assigneeFilter,
  dataResponse,
  errorResponses,
  googleScope,
  jsonBody,
  pageResponse,
  router,
  scope,
  signedIn,
  signedInAnyRole,
  signedInStoring,
} from "../openapi";
import {
  AuctionCalendarSchema,
  AuctionCalendarSyncSchema,
  AuctionDetailSchema,
  AuctionHistoryEntrySchema,
  AuctionImportResultSchema,
  AuctionSchema,
  CalendarSyncSchema,
  ListedAuctionSchema,
  MaxBidDefaultsBodySchema,
  MaxBidInputsSchema,
  MaxBidSchema,
} from "./auctions.schemas";
import { maxBidDefaults, saveMaxBidDefaults } from "../../services/users";
import { AuctionListQuerySchema } from "../list-queries";
import { etag, ifMatch, versioned } from "../versions";

const AuctionBody = AuctionInputSchema.openapi("AuctionInput", {
  description:
    "Times are ISO 8601 with an offset; `timeZone` (IANA) is where the sale happens, taken from `state` when left out. Give the deposit as `depositAmount` or `depositPct` (of the planned bid), not both. `status: postponed` needs `postponedTo`, later than `saleAt`. PUT replaces every field.",
});

const ImportBodySchema = z
  .union([
    z
      .array(z.record(z.string(), z.unknown()))
      .min(1, { error: "Send at least one auction" })
      .max(MAX_AUCTION_IMPORT_ROWS, {
        error: `Send at most ${MAX_AUCTION_IMPORT_ROWS} auctions per call`,
      }),
    z.record(z.string(), z.unknown()),
  ])
  .openapi({
    description:
      "One AuctionInput, or an array of up to 1,000. Numbers may be written as people write them (`$125,000`, `10%`).",
  });

/** A write's answer: the auction, and whether its dates reached the Google calendar. */
const writeResponse = (description: string) => ({
  description,
  content: {
    "application/json": {
      schema: z.object({ data: AuctionSchema, meta: z.object({ calendar: CalendarSyncSchema }) }),
    },
  },
});

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listAuctions",
    summary:
      "List auctions (filters: saleType, status, state, county, from, to, depositFrom, depositTo, assignee, q; sort, dir; paged)",
    description:
      "By the time each sale is now set for (`currentSaleAt`), soonest first, unless `sort` says otherwise; empty values sort last either way. `state` and `county` match whole names, ignoring case.",
    ...signedIn,
    request: { query: AuctionListQuerySchema },
    responses: {
      200: pageResponse("A page of auctions", ListedAuctionSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, sort, dir, assignee, ...filters } = c.req.valid("query");
    const { items, meta } = await listAuctions(
      ...actingScope(c),
      { ...filters, assignee: await assigneeFilter(c, assignee) },
      { sort, dir },
      { page, limit },
    );
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createAuction",
    summary: "Track an auction",
    description: `Its first history entry is the status it is created with. Linked records (\`propertyId\`, \`projectId\`, \`dealId\`, the contacts) must be the user's own (400 otherwise). Its dates are written to the Google calendar chosen for auctions, if any (\`meta.calendar\`). ${ASSIGNING}`,
    ...signedIn,
    request: jsonBody(AuctionBody),
    responses: { 201: writeResponse("The new auction"), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const { auction, calendar } = await createAuction(googleScope(c), c.req.valid("json"));
    return c.json({ data: auction, meta: { calendar } }, 201);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/import",
    operationId: "importAuctions",
    summary: "Import one auction or up to 1,000",
    description:
      "Every row is checked (a row's `assigneeId` must name a member); invalid rows are reported by index and the valid ones are written together in one batch. A request whose rows are all invalid answers 400 and writes nothing. Each member assigned auctions, unless it is you, is notified once.",
    ...signedInStoring,
    request: jsonBody(ImportBodySchema),
    responses: {
      200: dataResponse("What was imported", AuctionImportResultSchema),
      ...errorResponses(400, 401, 413),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const rows = Array.isArray(body) ? body : [body];
    return c.json({ data: await importAuctions(googleScope(c), rows) }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/max-bid",
    operationId: "auctionMaxBid",
    summary: "The most to bid: the value less costs, liens and profit, before the buyer's premium",
    description:
      "maxBid = (ARV·(1 − sellingCostsPct/100 − targetProfitPct/100) − rehabCost − survivingLiens − closingCosts − holdingCosts) / (1 + buyerPremiumPct/100), never below 0. Nothing is stored.",
    ...signedInAnyRole,
    request: jsonBody(MaxBidInputsSchema),
    responses: {
      200: dataResponse("The maximum bid and its terms", MaxBidSchema),
      ...errorResponses(400, 401),
    },
  }),
  (c) => {
    const bid = maxBid(c.req.valid("json"));
    return c.json({ data: { ...bid, formula: maxBidFormula(bid) } }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/max-bid/defaults",
    operationId: "getMaxBidDefaults",
    summary:
      "The selling costs and profit the user's max-bid calculator starts from (null: none set)",
    ...signedIn,
    responses: {
      200: dataResponse("The user's defaults", MaxBidDefaultsBodySchema.nullable()),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await maxBidDefaults(...scope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/max-bid/defaults",
    operationId: "setMaxBidDefaults",
    summary: "Keep the selling costs and profit the user's max-bid calculator starts from",
    description:
      "Kept with the user, for every auction whose bid inputs are not yet saved. `POST /auctions/max-bid` keeps its own defaults (0).",
    ...signedIn,
    request: jsonBody(MaxBidDefaultsBodySchema),
    responses: {
      200: dataResponse("The user's defaults", MaxBidDefaultsBodySchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json({ data: await saveMaxBidDefaults(...scope(c), c.req.valid("json")) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/calendar",
    operationId: "getAuctionCalendar",
    summary: "The Google calendar auction dates are written to, if any",
    ...signedIn,
    responses: {
      200: dataResponse("The choice", AuctionCalendarSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await auctionCalendarSetting(googleScope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/calendar",
    operationId: "setAuctionCalendar",
    summary: "Choose the Google calendar auction dates are written to (null: none)",
    description:
      "Each auction's sale time and deposit deadline become one event each in that calendar, updated when the auction changes (a postponement moves its event) and removed with it. Choosing another calendar moves them; null removes them. The first auctions are written at once; POST /auctions/calendar/sync writes the rest (`pending`).",
    ...signedIn,
    request: jsonBody(z.object({ googleCalendarId: z.string().trim().min(1).max(255).nullable() })),
    responses: {
      200: dataResponse("The choice", AuctionCalendarSchema),
      ...errorResponses(400, 401, 409, 502),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await chooseAuctionCalendar(googleScope(c), c.req.valid("json").googleCalendarId),
      },
      200,
    ),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/calendar/sync",
    operationId: "syncAuctionCalendar",
    summary: "Write the dates of auctions still waiting to the Google calendar for auctions",
    description:
      "At most 10 auctions per call (Google is called for each date); call again while `pending` is above 0. Stops at the first failure with Google's message.",
    ...signedIn,
    responses: {
      200: dataResponse("What was written", AuctionCalendarSyncSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await syncPending(googleScope(c)) }, 200),
);

app.openapi(
  apiRoute(
    versioned(AuctionSchema, {
      method: "get",
      path: "/{id}",
      operationId: "getAuction",
      summary:
        "One auction with its status history and what it links to (property, analysis, project and its documents, contacts)",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The auction", AuctionDetailSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) => {
    const data = await auctionDetail(...actingScope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}/history",
    operationId: "getAuctionHistory",
    summary: "Every status the auction has had, oldest first",
    description:
      "The first entry is the status it was created with; each change of status, and each postponement to a new date, adds one (`postponedTo` on postponements).",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The history", z.array(AuctionHistoryEntrySchema)),
      ...errorResponses(401, 404),
    },
  }),
  async (c) =>
    c.json({ data: await auctionStatusHistory(...actingScope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute(
    versioned(AuctionSchema, {
      method: "put",
      path: "/{id}",
      operationId: "updateAuction",
      summary: "Replace an auction's fields (a status change is added to its history)",
      description: `The history gains an entry only when the auction as it is when the change is written has another status (or, postponed, another date): concurrent changes without If-Match are each applied in turn, and the history lists exactly the changes that happened, in order. ${ASSIGNING}`,
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(AuctionBody) },
      responses: { 200: writeResponse("The updated auction"), ...errorResponses(400, 401, 404) },
    }),
  ),
  async (c) => {
    const { auction, calendar } = await updateAuction(
      googleScope(c),
      c.req.valid("param").id,
      c.req.valid("json"),
      ifMatch(c),
    );
    return c.json({ data: auction, meta: { calendar } }, 200, etag(auction));
  },
);

app.openapi(
  apiRoute(
    versioned(AuctionSchema, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteAuction",
      summary: "Delete an auction (and its events in the Google calendar for auctions)",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: { 200: writeResponse("The deleted auction"), ...errorResponses(401, 404) },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const { auction, calendar } = await deleteAuction(googleScope(c), id, ifMatch(c));
    return c.json({ data: auction, meta: { calendar } }, 200);
  },
);

export default app;
