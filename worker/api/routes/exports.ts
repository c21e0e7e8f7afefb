/**
 * Every list as a CSV file (`GET /api/export/<list>.csv`), with the list's own filters and sort,
 * every matching row rather than a page. Opens cleanly in Excel (app/domain/csv-export.ts) and,
 * for properties, auctions and leads, reads back through AI42's importers: the headers are spelt
 * as those recognise them. The file is streamed a chunk of rows at a time.
 */
import { z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  csvHeader,
  csvRecords,
  isoInZone,
  yesNo,
  type CsvColumn,
} from "../../../app/domain/csv-export";
import { itemizedTotals } from "../../../app/domain/deals/itemized";
import { listedEmails, listedPhones } from "../../../app/domain/contact-methods";
import { todayIn } from "../../../app/domain/today";
import { allAuctions } from "../../services/auctions";
import { allContacts } from "../../services/contacts";
import { allDeals } from "../../services/deals";
import { allLeads } from "../../services/leads";
import { allProjects } from "../../services/projects";
import { allProperties } from "../../services/properties";
import {
  AuctionListFieldsSchema,
  ContactListQuerySchema,
  DealListQuerySchema,
  LeadListQuerySchema,
  ProjectListQuerySchema,
  PropertyListQuerySchema,
  saleRangeInOrder,
} from "../list-queries";
import { givingWay } from "../../giving-way";
import {
  actingScope,
  apiRoute,
  assigneeFilter,
  errorResponses,
  router,
  scope,
  signedIn,
} from "../openapi";
import type { AppEnv } from "../types";

/** What a service's `allX` yields chunks of. */
type RowOf<G> = G extends AsyncIterable<(infer T)[]> ? T : never;
type Columns<F extends (...args: never[]) => unknown> = CsvColumn<RowOf<ReturnType<F>>>[];

const PROPERTY_COLUMNS: Columns<typeof allProperties> = [
  { header: "Address", value: (p) => p.address },
  { header: "City", value: (p) => p.city },
  { header: "State", value: (p) => p.state },
  { header: "Zip", value: (p) => p.zip },
  { header: "Property type", value: (p) => p.propertyType },
  { header: "Property type as listed", value: (p) => p.sourcePropertyType },
  { header: "Beds", value: (p) => p.beds },
  { header: "Baths", value: (p) => p.baths },
  { header: "Square feet", value: (p) => p.squareFeet },
  { header: "Lot size", value: (p) => p.lotSize },
  { header: "Year built", value: (p) => p.yearBuilt },
  { header: "List price", value: (p) => p.listPrice },
  { header: "Estimated value", value: (p) => p.estimatedValue },
  { header: "ARV", value: (p) => p.arv },
  { header: "Rent estimate", value: (p) => p.rentEstimate },
  { header: "Annual taxes", value: (p) => p.propertyTaxesAnnual },
  { header: "HOA / month", value: (p) => p.hoaMonthly },
  { header: "Pipeline status", value: (p) => p.status },
  { header: "Listing status", value: (p) => p.listingStatus },
  { header: "County", value: (p) => p.county },
  { header: "Last sale price", value: (p) => p.lastSalePrice },
  { header: "Last sale date", value: (p) => p.lastSaleDate },
  { header: "Estimated equity", value: (p) => p.estimatedEquity },
  { header: "Loan balance", value: (p) => p.loanBalance },
  { header: "APN", value: (p) => p.apn },
  { header: "Listing URL", value: (p) => p.listingUrl },
  {
    header: "Owner occupied",
    value: (p) => (p.ownerOccupied === null ? null : p.ownerOccupied ? "Yes" : "No"),
  },
  { header: "Source", value: (p) => p.source },
  { header: "External id", value: (p) => p.externalId },
  { header: "Notes", value: (p) => p.notes },
  { header: "Latitude", value: (p) => p.latitude },
  { header: "Longitude", value: (p) => p.longitude },
  // The primary analysis's key figures: columns the property import leaves aside.
  { header: "Analysis strategy", value: (p) => p.analysisStrategy },
  { header: "Cash flow / month", value: (p) => p.cashFlowMonthly },
  { header: "Cap rate %", value: (p) => p.capRate },
  { header: "Cash-on-cash %", value: (p) => p.cashOnCash },
];

/** Times as the clock reads where the sale is, with that zone's offset (the import keeps it). */
const AUCTION_COLUMNS: Columns<typeof allAuctions> = [
  { header: "Sale type", value: (a) => a.saleType },
  {
    header: "Sale date",
    // A sale whose time is not known yet is its day, as the county list gave it.
    value: (a) =>
      a.saleTimeKnown
        ? isoInZone(a.saleAt, a.timeZone)
        : isoInZone(a.saleAt, a.timeZone)!.slice(0, 10),
  },
  { header: "Time zone", value: (a) => a.timeZone },
  { header: "Status", value: (a) => a.status },
  { header: "Postponed to", value: (a) => isoInZone(a.postponedTo, a.timeZone) },
  { header: "Address", value: (a) => a.address },
  { header: "City", value: (a) => a.city },
  { header: "County", value: (a) => a.county },
  { header: "State", value: (a) => a.state },
  { header: "Zip", value: (a) => a.zip },
  { header: "Case number", value: (a) => a.caseNumber },
  { header: "APN", value: (a) => a.apn },
  { header: "Venue", value: (a) => a.venue },
  { header: "Online URL", value: (a) => a.onlineUrl },
  { header: "Opening bid", value: (a) => a.openingBid },
  { header: "Deposit amount", value: (a) => a.depositAmount },
  { header: "Deposit %", value: (a) => a.depositPct },
  { header: "Deposit due", value: (a) => isoInZone(a.depositDueAt, a.timeZone) },
  { header: "Balance due days", value: (a) => a.balanceDueDays },
  { header: "Buyer's premium %", value: (a) => a.buyerPremiumPct },
  { header: "Planned bid", value: (a) => a.plannedBid },
  { header: "Winning bid", value: (a) => a.winningBid },
  { header: "Notes", value: (a) => a.notes },
];

/** For a mail house as much as for the lead import. */
const LEAD_COLUMNS: Columns<typeof allLeads> = [
  { header: "First name", value: (l) => l.firstName },
  { header: "Last name", value: (l) => l.lastName },
  { header: "Company", value: (l) => l.company },
  // Every number and address the lead has (a skip-traced list gives several), the first as its
  // own, with a phone's Do Not Call: the lead import reads each back.
  ...[0, 1, 2, 3, 4].flatMap((i): Columns<typeof allLeads> => [
    { header: `Phone ${i + 1}`, value: (l) => listedPhones(l)[i]?.value },
    { header: `Phone ${i + 1} type`, value: (l) => listedPhones(l)[i]?.type },
    {
      header: `Phone ${i + 1} DNC`,
      value: (l) => (listedPhones(l)[i]?.dnc ? "yes" : null),
    },
  ]),
  ...[0, 1, 2].map((i): Columns<typeof allLeads>[number] => ({
    header: `Email ${i + 1}`,
    value: (l) => listedEmails(l)[i]?.value,
  })),
  { header: "Do not contact", value: (l) => yesNo(l.doNotContact) },
  { header: "Litigator", value: (l) => yesNo(l.litigator) },
  { header: "Deceased", value: (l) => yesNo(l.deceased) },
  { header: "Do not mail", value: (l) => yesNo(l.doNotMail) },
  { header: "Property address", value: (l) => l.address },
  // Where a letter reaches them, for a mail house.
  { header: "Mailing address", value: (l) => l.mailingAddress },
  { header: "Mailing city", value: (l) => l.mailingCity },
  { header: "Mailing state", value: (l) => l.mailingState },
  { header: "Mailing zip", value: (l) => l.mailingZip },
  { header: "Source", value: (l) => l.source },
  { header: "Status", value: (l) => l.status },
  { header: "Score", value: (l) => l.score },
  { header: "Consent email", value: (l) => yesNo(l.consentEmail) },
  { header: "Consent SMS", value: (l) => yesNo(l.consentSms) },
  { header: "Consent call", value: (l) => yesNo(l.consentCall) },
  { header: "Follow-up date", value: (l) => l.followUpOn },
  { header: "Campaign", value: (l) => l.campaignName },
  { header: "Deal value", value: (l) => l.dealValue },
  { header: "Notes", value: (l) => l.notes },
];

const CONTACT_COLUMNS: Columns<typeof allContacts> = [
  { header: "First name", value: (c) => c.firstName },
  { header: "Last name", value: (c) => c.lastName },
  { header: "Type", value: (c) => c.type },
  { header: "Email", value: (c) => c.email },
  { header: "Phone", value: (c) => c.phone },
  { header: "Company", value: (c) => c.company },
  { header: "Address", value: (c) => c.address },
  { header: "Tags", value: (c) => c.tags.join(", ") },
  { header: "Notes", value: (c) => c.notes },
];

const PROJECT_COLUMNS: Columns<typeof allProjects> = [
  { header: "Name", value: (p) => p.name },
  { header: "Type", value: (p) => p.type },
  { header: "Status", value: (p) => p.status },
  { header: "Address", value: (p) => p.address },
  { header: "City", value: (p) => p.city },
  { header: "State", value: (p) => p.state },
  { header: "Zip", value: (p) => p.zip },
  { header: "Budget", value: (p) => p.budget },
  { header: "Purchase price", value: (p) => p.purchasePrice },
  { header: "Target close date", value: (p) => p.targetCloseDate },
];

/** A wholesale deal buys at its contract price and has no rent. */
const DEAL_COLUMNS: Columns<typeof allDeals> = [
  { header: "Name", value: ({ deal }) => deal.name },
  { header: "Strategy", value: ({ deal }) => deal.strategy },
  { header: "Property address", value: ({ propertyAddress }) => propertyAddress },
  { header: "Primary", value: ({ deal }) => yesNo(deal.primary) },
  { header: "Cash flow / month", value: ({ deal }) => deal.cashFlowMonthly },
  { header: "Cap rate %", value: ({ deal }) => deal.capRate },
  { header: "Cash-on-cash %", value: ({ deal }) => deal.cashOnCash },
  {
    header: "Purchase price",
    value: ({ deal: { inputs } }) =>
      "purchasePrice" in inputs ? inputs.purchasePrice : inputs.contractPrice,
  },
  {
    header: "Rent / month",
    // A rent roll's rent is its units' sum.
    value: ({ deal }) => itemizedTotals(deal.inputs).grossMonthlyRent ?? null,
  },
];

const withoutPaging = { page: true, limit: true } as const;
type ListQuery = NonNullable<NonNullable<RouteConfig["request"]>["query"]>;

/** A list's export: the list's query without its paging, and what the answer is. */
const csvRoute = <Q extends ListQuery>(list: string, operationId: string, what: string, query: Q) =>
  apiRoute({
    method: "get",
    path: `/${list}.csv`,
    operationId,
    summary: `Download ${what} as CSV, with the list's filters and sort (every matching row)`,
    description:
      "UTF-8 with a byte order mark, CRLF line ends, RFC 4180 quoting. A text cell that begins with `=`, `+`, `-`, `@`, a tab, CR or LF starts with a single quote (OWASP's CSV Injection advice); numbers are plain numbers (no `$` or thousands separators), dates ISO 8601.",
    ...signedIn,
    request: { query },
    responses: {
      200: {
        description: `The ${what} as a CSV file (an attachment named ai42-${list}-YYYY-MM-DD.csv)`,
        headers: {
          "Content-Disposition": {
            description: `attachment; filename="ai42-${list}-YYYY-MM-DD.csv"`,
            schema: { type: "string" as const },
          },
        },
        content: { "text/csv": { schema: z.string() } },
      },
      ...errorResponses(400, 401),
    },
  });

/**
 * The file, written as its rows are read: the header row first, then a chunk of records per
 * query, so memory holds one chunk however long the list. The first chunk is read before the
 * answer starts, so a query that fails answers the usual JSON error rather than a cut-off file.
 */
async function csvFile<T>(
  c: Context<AppEnv>,
  list: string,
  columns: CsvColumn<T>[],
  chunks: AsyncGenerator<T[]>,
) {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  const othersFirst = givingWay();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const records = first.done ? "" : csvRecords(columns, first.value);
      controller.enqueue(encoder.encode(csvHeader(columns) + records));
      if (first.done) controller.close();
    },
    async pull(controller) {
      await othersFirst();
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvRecords(columns, next.value)));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  const day = todayIn(c.var.session.timeZone);
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="ai42-${list}-${day}.csv"`,
  });
}

const app = router();

app.openapi(
  csvRoute(
    "properties",
    "exportPropertiesCsv",
    "properties",
    PropertyListQuerySchema.omit(withoutPaging),
  ),
  async (c) => {
    const { sort, dir, assignee, ...filters } = c.req.valid("query");
    const rows = allProperties(
      ...actingScope(c),
      { ...filters, assignee: await assigneeFilter(c, assignee) },
      { sort, dir },
    );
    return csvFile(c, "properties", PROPERTY_COLUMNS, rows);
  },
);

app.openapi(
  csvRoute(
    "auctions",
    "exportAuctionsCsv",
    "auctions",
    saleRangeInOrder(AuctionListFieldsSchema.omit(withoutPaging)),
  ),
  async (c) => {
    const { sort, dir, assignee, ...filters } = c.req.valid("query");
    const rows = allAuctions(
      ...actingScope(c),
      { ...filters, assignee: await assigneeFilter(c, assignee) },
      { sort, dir },
    );
    return csvFile(c, "auctions", AUCTION_COLUMNS, rows);
  },
);

app.openapi(
  csvRoute("leads", "exportLeadsCsv", "leads", LeadListQuerySchema.omit(withoutPaging)),
  async (c) => {
    const { assignee, ...filters } = c.req.valid("query");
    const rows = allLeads(...actingScope(c), {
      ...filters,
      assignee: await assigneeFilter(c, assignee),
    });
    return csvFile(c, "leads", LEAD_COLUMNS, rows);
  },
);

app.openapi(
  csvRoute("contacts", "exportContactsCsv", "contacts", ContactListQuerySchema.omit(withoutPaging)),
  (c) =>
    csvFile(c, "contacts", CONTACT_COLUMNS, allContacts(...actingScope(c), c.req.valid("query"))),
);

app.openapi(
  csvRoute("projects", "exportProjectsCsv", "projects", ProjectListQuerySchema.omit(withoutPaging)),
  async (c) => {
    const { assignee, ...filters } = c.req.valid("query");
    const rows = allProjects(...actingScope(c), {
      ...filters,
      assignee: await assigneeFilter(c, assignee),
    });
    return csvFile(c, "projects", PROJECT_COLUMNS, rows);
  },
);

app.openapi(
  csvRoute("deals", "exportDealsCsv", "deal analyses", DealListQuerySchema.omit(withoutPaging)),
  (c) => csvFile(c, "deals", DEAL_COLUMNS, allDeals(...scope(c), c.req.valid("query"))),
);

export default app;
