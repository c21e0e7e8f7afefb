/**
 * What the API answers, derived from the drizzle tables (drizzle-zod), so a column added to the
 * schema shows in the responses, the OpenAPI document and the browser's types at once. The
 * browser infers its types from these (type-only imports: no Worker code reaches the client).
 */
import { LIST_FIGURES } from "../db/list-figures";
import { IMPORT_RUN_KINDS, UNDO_DAYS } from "../../app/domain/imports/targets";
import { z } from "@hono/zod-openapi";
import { createSchemaFactory } from "drizzle-zod";
import { ResearchReportSchema } from "../../app/domain/ai/research";
import { MaxBidDefaultsSchema, MaxBidInputSchema } from "../../app/domain/auctions/auction";
import type { MaxBid } from "../../app/domain/auctions/max-bid";
import { EVENT_KINDS, EVENT_SOURCES, type CalendarEvent } from "../../app/domain/calendar/events";
import {
  BrrrrInputsSchema,
  FlipInputsSchema,
  RentalInputsSchema,
  WholesaleInputsSchema,
} from "../../app/domain/deals/inputs";
import { CRITERION_NAMES, type CriterionName } from "../../app/domain/deals/criteria";
import {
  DEAL_STRATEGIES,
  type BrrrrMetrics,
  type FinancingMetrics,
  type FlipMetrics,
  type RentalMetrics,
  type WholesaleMetrics,
  type YearRow,
} from "../../app/domain/deals/types";
import {
  GMAIL_SENDING,
  type DriveFile,
  type GmailMessage,
  type GoogleStatus,
} from "../../app/domain/google";
import { BotQuestionSchema, COPY_KINDS } from "../../app/domain/marketing/bots";
import type { CampaignFigures, Funnel } from "../../app/domain/marketing/campaigns";
import { FUNNEL_STAGES, LeadAnswerSchema } from "../../app/domain/marketing/leads";
import { SequenceStepSchema } from "../../app/domain/marketing/sequences";
import { PlaceSchema, RouteStopSchema, STOP_SOURCES } from "../../app/domain/routing/route";
import { PROJECT_STATUSES } from "../../app/domain/workspace";
import type { CalendarInfo } from "../services/calendar";
import { EXISTING_ROWS } from "../services/properties";
import { perKind } from "../../app/domain/record-kinds";
import { perFileOwnerKind } from "../../app/domain/transfer-zip";
import { EXPORT_FORMAT, EXPORT_VERSION } from "../services/transfer";
import {
  auctions,
  contacts,
  conversationMessages,
  conversations,
  dealCriteria,
  deals,
  entries,
  campaigns,
  leadBots,
  leads,
  projectFiles,
  projects,
  properties,
  routes,
  researchReports,
  sequenceEnrollments,
  sequenceLog,
  sequences,
} from "../db/schema";

const { createSelectSchema } = createSchemaFactory({ zodInstance: z });
const owner = { userId: true } as const;
/** The owner and what the last import wrote (the merge's bookkeeping): never in an answer. */
const internal = { ...owner, imported: true } as const;
const tags = z.array(z.string());

export const ProjectSchema = createSelectSchema(projects, {
  targetCloseDate: (schema) => schema.openapi({ example: "2027-03-31" }),
})
  .omit(internal)
  .openapi("Project");

const numberedContacts = z.array(
  z
    .object({
      value: z.string(),
      type: z.string().nullable(),
      dnc: z.boolean().optional().openapi({
        description: "A phone a skip-trace found on the Do Not Call registry",
      }),
    })
    .openapi("NumberedContact"),
);
export const ContactSchema = createSelectSchema(contacts, {
  tags,
  phones: numberedContacts,
  emails: numberedContacts,
})
  .omit({ ...internal, ownerKey: true })
  .openapi("Contact");

export const EntrySchema = createSelectSchema(entries, {
  content: (schema) => schema.openapi({ description: "Markdown" }),
  tags,
})
  .omit(internal)
  .openapi("Entry");

export const PropertySchema = createSelectSchema(properties)
  .omit({
    ...internal,
    dedupeKey: true,
    ...(Object.fromEntries(LIST_FIGURES.map((name) => [name, true])) as {
      [K in (typeof LIST_FIGURES)[number]]: true;
    }),
  })
  .openapi("Property");

/**
 * The schema, checked at compile time to describe exactly the type T: no field more or less, and
 * null only where T allows it.
 */
const exactly =
  <T>() =>
  <S extends z.ZodType<T>>(schema: S & (T extends z.output<S> ? unknown : never)) =>
    schema;

/**
 * Each strategy's inputs schema (the same rules), named once in the OpenAPI document: the deals'
 * requests are built over these too.
 */
export const DealInputSchemas = {
  rental: RentalInputsSchema.openapi("RentalInputs"),
  flip: FlipInputsSchema.openapi("FlipInputs"),
  brrrr: BrrrrInputsSchema.openapi("BrrrrInputs"),
  wholesale: WholesaleInputsSchema.openapi("WholesaleInputs"),
};

const figure = z.number();
const maybeFigure = z.number().nullable();
const METRICS_NOTE =
  "Unrounded. Money in dollars, percents as percent numbers (7.5 = 7.5 %); null where the metric is undefined.";

const FINANCING_METRICS = {
  loanAmount: figure,
  pointsCost: figure,
  monthlyPayment: figure,
  totalCashInvested: figure,
};
exactly<FinancingMetrics>()(z.object(FINANCING_METRICS));

/** Present only when their inputs are given (units, rehabItems, comps): absent, never null. */
const absentUnlessGiven = (description: string) => figure.optional().openapi({ description });
const REHAB_AND_COMPS_METRICS = {
  rehabSubtotal: absentUnlessGiven("With rehabItems: Σ quantity × unitCost"),
  rehabContingency: absentUnlessGiven("With rehabItems: rehabSubtotal × rehabContingencyPct / 100"),
  rehabCost: absentUnlessGiven("With rehabItems: rehabSubtotal + rehabContingency"),
  compsPricePerSqFt: absentUnlessGiven(
    "With comps: the mean of each comp's (salePrice + adjustments) / squareFeet",
  ),
  arvFromComps: absentUnlessGiven("With comps: subjectSquareFeet × compsPricePerSqFt"),
  arvLow: absentUnlessGiven("With comps: subjectSquareFeet × the lowest adjusted $/sq ft"),
  arvHigh: absentUnlessGiven("With comps: subjectSquareFeet × the highest adjusted $/sq ft"),
};
const UNIT_METRICS = {
  unitCount: absentUnlessGiven("With units: how many"),
  averageRentPerUnit: absentUnlessGiven("With units: Σ monthlyRent / unitCount"),
  pricePerUnit: absentUnlessGiven("With units: purchasePrice / unitCount"),
  lossToLeaseMonthly: absentUnlessGiven(
    "With units: Σ (marketRent − monthlyRent) over the units that give a marketRent (0 when none)",
  ),
};

const RENTAL_METRICS = {
  ...FINANCING_METRICS,
  grossScheduledIncome: figure,
  vacancyLoss: figure,
  effectiveGrossIncome: figure,
  operatingExpenses: figure,
  noi: figure,
  annualDebtService: figure,
  cashFlowAnnual: figure,
  cashFlowMonthly: figure,
  capRate: figure,
  cashOnCash: maybeFigure,
  dscr: maybeFigure,
  grm: maybeFigure,
  rentToPricePct: figure,
  fiftyPercentCashFlowMonthly: figure,
  breakEvenOccupancyPct: maybeFigure,
  saleProceeds: figure,
  irr: maybeFigure,
  equityMultiple: maybeFigure,
  ...UNIT_METRICS,
  ...REHAB_AND_COMPS_METRICS,
};

export const RentalMetricsSchema = exactly<RentalMetrics>()(
  z.object(RENTAL_METRICS).openapi("RentalMetrics", { description: METRICS_NOTE }),
);

export const FlipMetricsSchema = exactly<FlipMetrics>()(
  z
    .object({
      ...FINANCING_METRICS,
      loanPaymentsDuringHold: figure,
      holdingCosts: figure,
      sellingCosts: figure,
      loanPayoff: figure,
      profit: figure,
      roi: maybeFigure,
      annualizedRoi: maybeFigure,
      seventyPercentRuleMaxPrice: figure,
      ...REHAB_AND_COMPS_METRICS,
    })
    .openapi("FlipMetrics", { description: METRICS_NOTE }),
);

export const BrrrrMetricsSchema = exactly<BrrrrMetrics>()(
  z
    .object({
      ...RENTAL_METRICS,
      purchaseMonthlyPayment: figure,
      holdingCosts: figure,
      refinanceLoanAmount: figure,
      cashOut: figure,
      cashLeftInDeal: figure,
    })
    .openapi("BrrrrMetrics", { description: METRICS_NOTE }),
);

export const WholesaleMetricsSchema = exactly<WholesaleMetrics>()(
  z
    .object({
      buyerMaxPrice: figure,
      maxAllowableOffer: figure,
      assignmentProfit: maybeFigure,
      ...REHAB_AND_COMPS_METRICS,
    })
    .openapi("WholesaleMetrics", { description: METRICS_NOTE }),
);

export const DealYearSchema = exactly<YearRow>()(
  z
    .object({
      year: figure,
      noi: figure,
      cashFlow: figure,
      loanBalance: figure.openapi({ description: "At the end of the year" }),
      propertyValue: figure.openapi({ description: "At the end of the year" }),
    })
    .openapi("DealYear"),
);
const projection = z.array(DealYearSchema);

/** The user's buy box as saved: every criterion, null where none is set. */
export const DealCriteriaSchema = createSelectSchema(dealCriteria)
  .omit({ userId: true, updatedAt: true })
  .openapi("DealCriteria");

const DealCriterionCheckSchema = z
  .object({
    name: z.enum(CRITERION_NAMES as [CriterionName, ...CriterionName[]]),
    target: figure,
    value: maybeFigure.openapi({ description: "The analysis's figure; null (no figure) fails" }),
    pass: z.boolean(),
  })
  .openapi("DealCriterionCheck");

/** How an analysis measures up to the user's buy box: in every analysis answer. */
const VERDICT = {
  criteria: z.array(DealCriterionCheckSchema).openapi({
    description: "The user's criteria that apply to the strategy, each with the analysis's figure",
  }),
  meetsCriteria: z.boolean().nullable().openapi({
    description: "Whether every criterion that applies passes; null when none applies",
  }),
};

export const DealAnalysisSchema = z
  .discriminatedUnion("strategy", [
    z
      .object({
        strategy: z.literal("rental"),
        metrics: RentalMetricsSchema,
        years: projection,
        ...VERDICT,
      })
      .openapi("RentalAnalysis"),
    z
      .object({ strategy: z.literal("flip"), metrics: FlipMetricsSchema, ...VERDICT })
      .openapi("FlipAnalysis"),
    z
      .object({
        strategy: z.literal("brrrr"),
        metrics: BrrrrMetricsSchema,
        years: projection,
        ...VERDICT,
      })
      .openapi("BrrrrAnalysis"),
    z
      .object({ strategy: z.literal("wholesale"), metrics: WholesaleMetricsSchema, ...VERDICT })
      .openapi("WholesaleAnalysis"),
  ])
  .openapi("DealAnalysis");

const sensitivityAxis = z
  .object({ input: z.string(), values: z.array(figure) })
  .openapi("DealSensitivityAxis");
export const DealSensitivitySchema = z
  .object({
    metric: z.string(),
    rows: sensitivityAxis,
    columns: sensitivityAxis.nullable(),
    cells: z.array(z.array(maybeFigure)).openapi({
      description:
        "cells[row][column], unrounded; one column when the request has no columns; null where the metric is null or absent",
    }),
  })
  .openapi("DealSensitivity");

const DealRecordSchema = createSelectSchema(deals).pick({
  id: true,
  name: true,
  propertyId: true,
  projectId: true,
  primary: true,
  createdAt: true,
  updatedAt: true,
});
/** In one-deal answers; lists leave the projection out. */
const optionalProjection = projection.optional().openapi({
  description: "The yearly projection; in one-deal answers, not in lists",
});

export const DealSchema = z
  .discriminatedUnion("strategy", [
    DealRecordSchema.extend({
      strategy: z.literal("rental"),
      inputs: DealInputSchemas.rental,
      metrics: RentalMetricsSchema,
      years: optionalProjection,
      ...VERDICT,
    }).openapi("RentalDeal"),
    DealRecordSchema.extend({
      strategy: z.literal("flip"),
      inputs: DealInputSchemas.flip,
      metrics: FlipMetricsSchema,
      ...VERDICT,
    }).openapi("FlipDeal"),
    DealRecordSchema.extend({
      strategy: z.literal("brrrr"),
      inputs: DealInputSchemas.brrrr,
      metrics: BrrrrMetricsSchema,
      years: optionalProjection,
      ...VERDICT,
    }).openapi("BrrrrDeal"),
    DealRecordSchema.extend({
      strategy: z.literal("wholesale"),
      inputs: DealInputSchemas.wholesale,
      metrics: WholesaleMetricsSchema,
      ...VERDICT,
    }).openapi("WholesaleDeal"),
  ])
  .openapi("Deal");

/** A deal in a property's list of analyses: its key figures as saved. */
export const AnalysisSummarySchema = createSelectSchema(deals)
  .pick({
    id: true,
    name: true,
    strategy: true,
    primary: true,
    cashFlowMonthly: true,
    capRate: true,
    cashOnCash: true,
    updatedAt: true,
  })
  .openapi("AnalysisSummary");

export const PrimaryAnalysisSchema = AnalysisSummarySchema.omit({
  primary: true,
  updatedAt: true,
})
  .extend({
    meetsCriteria: z.boolean().nullable().openapi({
      description:
        "Whether it meets the user's buy box as it is now; null when no criterion applies to its strategy",
    }),
  })
  .openapi("PrimaryAnalysis", {
    description:
      "The property's primary analysis (the deal flagged primary, else its most recently changed one), its key figures (null for flips and wholesale deals) and its buy-box verdict",
  });

export const ProjectFileSchema = createSelectSchema(projectFiles)
  .omit(internal)
  .openapi("ProjectFile");

export const PropertyWithAnalysisSchema = PropertySchema.extend({
  primaryAnalysis: PrimaryAnalysisSchema.nullable(),
  photoFileId: z.string().nullable().openapi({
    description:
      "The property's picture: its first photo's file id (GET /files/{id}/thumbnail), null without one",
  }),
  ownerName: z.string().nullable().openapi({
    description: "The owner's name (the contact `ownerContactId`: a person's, else the company's)",
  }),
}).openapi("PropertyWithAnalysis");

export const ProjectDetailSchema = ProjectSchema.extend({
  files: z.array(ProjectFileSchema),
  contacts: z.array(ContactSchema),
  documents: z.array(EntrySchema),
  property: PropertySchema.nullable(),
}).openapi("ProjectDetail");

export const ContactDetailSchema = ContactSchema.extend({
  projects: z.array(ProjectSchema),
}).openapi("ContactDetail");

export const ProjectStatsSchema = z
  .object({
    projects: z.number(),
    byStatus: z.record(z.string(), z.number()),
    byType: z.record(z.string(), z.number()),
    totalBudget: z.number(),
    totalPurchasePrice: z.number(),
    contacts: z.number(),
    documents: z.number(),
    properties: z.number(),
    recentDocuments: z.array(EntrySchema),
  })
  .openapi("ProjectStats");

export const ToolCallSchema = z.object({
  name: z.string(),
  arguments: z.unknown(),
  ok: z.boolean(),
  summary: z.string(),
  wrote: z.boolean().openapi({ description: "Whether the call changed the user's data" }),
});

export const MessageSchema = createSelectSchema(conversationMessages, {
  toolCalls: z.array(ToolCallSchema).nullable(),
  citations: z.array(z.string()).nullable(),
})
  .omit({ ...owner, conversationId: true })
  .openapi("Message");

export const ConversationSchema = createSelectSchema(conversations)
  .omit(internal)
  .openapi("Conversation");

export const ConversationDetailSchema = ConversationSchema.extend({
  messages: z.array(MessageSchema),
}).openapi("ConversationDetail");

export const ChatAnswerSchema = z
  .object({ conversationId: z.string(), message: MessageSchema })
  .openapi("ChatAnswer");

const ProviderStatusSchema = z.object({
  configured: z.boolean(),
  model: z.string(),
  key: z.string().openapi({ description: "The setting that turns it on" }),
});

export const AiStatusSchema = z
  .object({
    openai: ProviderStatusSchema,
    perplexity: ProviderStatusSchema,
    tts: ProviderStatusSchema,
  })
  .openapi("AiStatus");

export const GroundingSchema = z.object({
  kind: z.enum(["project", "property"]),
  id: z.string(),
  name: z.string(),
});

export const ResearchSchema = createSelectSchema(researchReports, {
  report: ResearchReportSchema,
  grounding: z.array(GroundingSchema),
  savedEntryId: (schema) =>
    schema.openapi({ description: "The Project Hub document it was saved as, if any" }),
})
  .omit(internal)
  .openapi("Research");

export const PropertyDetailSchema = PropertyWithAnalysisSchema.extend({
  analyses: z.array(AnalysisSummarySchema).openapi({ description: "The primary analysis first" }),
  projects: z.array(ProjectSchema),
  owner: ContactSchema.nullable().openapi({
    description: "The owner (`ownerContactId`), with their mailing address, phones and flags",
  }),
  contacts: z
    .array(ContactSchema)
    .openapi({ description: "The owner first, then the people on its projects" }),
  research: z.array(ResearchSchema).openapi({ description: "Reports grounded in it" }),
  auctions: z
    .array(
      createSelectSchema(auctions).pick({
        id: true,
        saleType: true,
        status: true,
        currentSaleAt: true,
        timeZone: true,
        saleTimeKnown: true,
        postponedTo: true,
      }),
    )
    .openapi({ description: "The auctions of it, by the time each sale is now set for" }),
}).openapi("PropertyDetail");

export const SavedResearchSchema = z
  .object({ research: ResearchSchema, entry: EntrySchema })
  .openapi("SavedResearch");

/** Per-row problems of an import: the row's 0-based index and what is wrong with each field. */
export const RowFailureSchema = z.object({
  index: z.number(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

export const PropertyImportResultSchema = z
  .object({
    received: z.number(),
    created: z.number(),
    updated: z.number(),
    skipped: z
      .number()
      .openapi({ description: "Rows matching a property you have, left as it is" }),
    failed: z.array(RowFailureSchema),
    ids: z.array(z.string()).openapi({
      description:
        "The id of each valid row, in the order sent: the property written, or matched and left as it was. Empty with dryRun=true.",
    }),
    dryRun: z.boolean(),
  })
  .openapi("PropertyImportResult");

export const GoogleStatusSchema = z
  .object({
    configured: z
      .boolean()
      .openapi({ description: "Whether this AI42 has a Google OAuth client (GOOGLE_CLIENT_ID…)" }),
    connected: z.boolean(),
    email: z.string().optional(),
    scopes: z.array(z.string()).optional(),
    needsReconnect: z.boolean().optional(),
    lastSyncAt: z.string().optional(),
  })
  .openapi("GoogleStatus") satisfies z.ZodType<GoogleStatus & { configured: boolean }>;

export const GmailMessageSchema = z
  .object({
    id: z.string(),
    threadId: z.string(),
    from: z.string(),
    subject: z.string(),
    snippet: z.string(),
    date: z.string().nullable(),
    unread: z.boolean(),
  })
  .openapi("GmailMessage") satisfies z.ZodType<GmailMessage>;

export const DriveFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mimeType: z.string(),
    modifiedTime: z.string().nullable(),
    webViewLink: z.string().nullable(),
    iconLink: z.string().nullable(),
  })
  .openapi("DriveFile") satisfies z.ZodType<DriveFile>;

export const CalendarInfoSchema = z
  .object({
    id: z.string(),
    summary: z.string(),
    source: z.enum(EVENT_SOURCES),
    color: z.string().nullable(),
    primary: z.boolean(),
    selected: z.boolean(),
    readOnly: z.boolean(),
    timeZone: z.string().nullable(),
  })
  .openapi("Calendar") satisfies z.ZodType<CalendarInfo>;

const EventTimeResponse = z.object({
  dateTime: z.string().optional(),
  date: z.string().optional(),
  timeZone: z.string().optional(),
});

export const CalendarEventSchema = z
  .object({
    id: z.string(),
    calendarId: z.string(),
    source: z.enum(EVENT_SOURCES),
    summary: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    start: EventTimeResponse,
    end: EventTimeResponse,
    allDay: z.boolean(),
    kind: z.enum(EVENT_KINDS),
    projectId: z.string().nullable(),
    propertyId: z.string().nullable(),
    contactId: z.string().nullable(),
    auctionId: z.string().nullable(),
    readOnly: z.boolean(),
    htmlLink: z.string().nullable(),
    reminders: z
      .object({
        useDefault: z.boolean(),
        overrides: z.array(z.object({ method: z.enum(["email", "popup"]), minutes: z.number() })),
      })
      .optional()
      .openapi({
        description:
          "Google Calendar's reminders. AI42's own calendar keeps one (the first override): AI42 notifies that many minutes before the start (event reminders).",
      }),
    updatedAt: z.string().nullable().openapi({
      description:
        "The version of an event of AI42's own calendar (its ETag, in quotes, is what If-Match takes); null for Google events (Google keeps their versions), project closings and auction dates",
    }),
  })
  .openapi("CalendarEvent") satisfies z.ZodType<CalendarEvent>;

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

export const AuctionDetailSchema = AuctionSchema.extend({
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

const LegSchema = z
  .object({
    from: z.string().openapi({ description: "A stop id, or `start`" }),
    to: z.string().openapi({ description: "A stop id, or `end` / `start` for the last leg" }),
    distanceKm: z.number(),
    minutes: z.number().openapi({ description: "Driving time of the leg" }),
    arriveAt: z.string().openapi({ description: "Arrival at `to` (ISO 8601, departAt's offset)" }),
    departAt: z
      .string()
      .openapi({ description: "Departure from `from`, after its wait and service" }),
    waitMinutes: z.number().openapi({ description: "Wait at `to` for its window to open" }),
  })
  .openapi("RouteLeg");

export const RoutePlanSchema = z
  .object({
    order: z.array(z.string()).openapi({ description: "The stop ids in the order to visit them" }),
    legs: z.array(LegSchema),
    totalDistanceKm: z.number(),
    totalMinutes: z.number().openapi({
      description: "From departAt to the last arrival, waits and service included",
    }),
    feasible: z.boolean().openapi({ description: "Whether every window is reached" }),
    late: z.array(z.string()).openapi({ description: "Stops reached after their window's end" }),
  })
  .openapi("RoutePlan");

export const PLAN_SOURCES = ["roads", "estimate"] as const;
const planSource = z.enum(PLAN_SOURCES).openapi({
  description:
    "`roads`: distances and times from the routing service (ROUTING_URL); `estimate`: the straight line × roadFactor at speedKmh",
});
export const PlanMetaSchema = z.object({ source: planSource });

const placeJson = PlaceSchema.openapi("Place");
export const RouteSchema = createSelectSchema(routes, {
  start: placeJson,
  end: placeJson.nullable(),
  stops: z.array(RouteStopSchema.openapi("RouteStop")),
  order: z.array(z.string()),
  plan: RoutePlanSchema,
  calendarEventIds: z.array(z.string()).nullable(),
})
  .omit(internal)
  .openapi("Route");

export const RouteSummarySchema = RouteSchema.pick({
  id: true,
  name: true,
  date: true,
  departAt: true,
  planSource: true,
  updatedAt: true,
})
  .extend({
    stopCount: z.number(),
    totalDistanceKm: z.number(),
    totalMinutes: z.number(),
    feasible: z.boolean(),
  })
  .openapi("RouteSummary");

export const StopCandidateSchema = z
  .object({
    source: z.enum(STOP_SOURCES),
    sourceId: z.string(),
    label: z.string(),
    detail: z.string().openapi({ description: "What it is, in words: “Sheriff sale 10:00 AM”" }),
    address: z.string().nullable(),
    lat: z.number().nullable().openapi({ description: "Null until the address is geocoded" }),
    lng: z.number().nullable(),
    window: z.object({ start: z.string(), end: z.string() }).nullable().openapi({
      description: "An auction's sale time, an event's start: when the stop must be reached",
    }),
    serviceMinutes: z.number(),
  })
  .openapi("StopCandidate");

export const MapsConfigSchema = z
  .object({
    tileUrl: z.string().openapi({ description: "The tile URL template (MAP_TILE_URL)" }),
    attribution: z.string(),
    geocoder: z.boolean().openapi({ description: "Whether GEOCODER_URL is set" }),
    roads: z.boolean().openapi({ description: "Whether ROUTING_URL is set" }),
  })
  .openapi("MapsConfig");

export const GeocodedPlaceSchema = z
  .object({ lat: z.number(), lng: z.number(), label: z.string() })
  .openapi("GeocodedPlace");

export const TravelMatrixSchema = z
  .object({
    distanceKm: z.array(z.array(z.number())),
    minutes: z.array(z.array(z.number())),
  })
  .openapi("TravelMatrix");

export const RouteCalendarResultSchema = z
  .object({
    calendarId: z.string(),
    eventIds: z.array(z.string()),
    replaced: z.number().openapi({ description: "Events this route had added before, removed" }),
  })
  .openapi("RouteCalendarResult");

// ---------------------------------------------------------------------------------------------
// Marketing

const LeadRecordSchema = createSelectSchema(leads, {
  answers: z.array(LeadAnswerSchema.openapi("LeadAnswer")),
}).omit({ ...internal, contactId: true, createdAt: true, updatedAt: true });

export const LeadSchema = ContactSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  company: true,
  address: true,
  mailingAddress: true,
  mailingCity: true,
  mailingState: true,
  mailingZip: true,
  phones: true,
  emails: true,
  doNotContact: true,
  litigator: true,
  deceased: true,
  doNotMail: true,
  notes: true,
  tags: true,
  createdAt: true,
  updatedAt: true,
})
  .extend(LeadRecordSchema.shape)
  .extend({
    speedToLeadMinutes: z.number().nullable().openapi({
      description: "Minutes from the lead coming in to its first contact; null until contacted",
    }),
  })
  .openapi("Lead");

export const LeadImportResultSchema = z
  .object({
    received: z.number(),
    created: z.number(),
    skipped: z.array(z.object({ index: z.number(), leadId: z.string().nullable() })).openapi({
      description:
        "Rows whose e-mail or phone is already a lead's (that lead's id) or an earlier row's (null)",
    }),
    failed: z.array(RowFailureSchema),
    ids: z.array(z.string()).openapi({ description: "The new leads' ids, in the order sent" }),
  })
  .openapi("LeadImportResult");

const FunnelSchema = exactly<Funnel>()(
  z.object({
    steps: z.array(
      z.object({
        stage: z.enum(FUNNEL_STAGES),
        count: z.number(),
        conversion: z.number().nullable(),
      }),
    ),
    dead: z.number(),
    overall: z.number().nullable(),
  }),
);

export const LeadSummarySchema = z
  .object({
    leads: z.number(),
    funnel: FunnelSchema,
    averageSpeedToLeadMinutes: z.number().nullable(),
  })
  .openapi("LeadSummary");

const CampaignFiguresSchema = exactly<CampaignFigures>()(
  z.object({
    leads: z.number(),
    costPerLead: z.number().nullable(),
    dealsClosed: z.number().openapi({
      description: "Leads under contract with a deal value; one without is not counted",
    }),
    revenue: z
      .number()
      .nullable()
      .openapi({ description: "The deal value of the deals closed; null without one" }),
    returnOnSpend: z.number().nullable().openapi({
      description: "(revenue − spend) ÷ spend, as a fraction; null without spend or revenue",
    }),
  }),
);

export const CampaignSchema = createSelectSchema(campaigns)
  .omit(internal)
  .extend({ figures: CampaignFiguresSchema })
  .openapi("Campaign");

export const LeadBotSchema = createSelectSchema(leadBots, {
  questions: z.array(BotQuestionSchema.openapi("LeadBotQuestion")),
})
  .omit(internal)
  .extend({ opening: z.string().openapi({ description: "The bot's first line" }) })
  .openapi("LeadBot");

export const CopyDraftSchema = z
  .object({
    kind: z.enum(COPY_KINDS),
    text: z.string(),
    model: z.string(),
    complianceNote: z.string().nullable(),
    warnings: z.array(z.string()),
  })
  .openapi("OutreachDraft");

export const WorkspaceExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: z.string(),
    part: z.object({ number: z.number().int().min(1), of: z.number().int().min(1) }).openapi({
      description:
        "Which part of the export this is. A workspace larger than one import takes (5,000 records of a kind, 25 MB) is written as several parts, each a document Import Data takes; import them in order",
    }),
    projects: z.array(ProjectSchema),
    contacts: z.array(ContactSchema),
    projectContacts: z.array(z.object({ projectId: z.string(), contactId: z.string() })),
    entries: z.array(EntrySchema),
    properties: z.array(PropertySchema),
    conversations: z.array(
      ConversationSchema.extend({ messages: z.array(MessageSchema.omit({ id: true })) }),
    ),
    research: z.array(ResearchSchema),
    events: z.array(CalendarEventSchema.extend({ createdAt: z.string(), updatedAt: z.string() })),
    projectFiles: z.array(ProjectFileSchema),
    deals: z.array(
      DealRecordSchema.extend({
        strategy: z.enum(DEAL_STRATEGIES),
        inputs: z.union([
          DealInputSchemas.rental,
          DealInputSchemas.flip,
          DealInputSchemas.brrrr,
          DealInputSchemas.wholesale,
        ]),
      }),
    ),
    auctions: z.array(
      AuctionSchema.omit({ depositDue: true, currentSaleAt: true }).extend({
        history: z.array(AuctionHistoryEntrySchema),
      }),
    ),
    routes: z.array(
      RouteSchema.omit({ plan: true, planSource: true, calendarId: true, calendarEventIds: true }),
    ),
    campaigns: z.array(CampaignSchema.omit({ figures: true })),
    leads: z.array(
      LeadRecordSchema.extend({
        id: z.string().openapi({ description: "The lead's contact (in `contacts`)" }),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    leadBots: z.array(LeadBotSchema.omit({ opening: true })),
  })
  .openapi("WorkspaceExport");

const KindResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  skipped: z.number().openapi({ description: "Already here and left as they are" }),
  failed: z.array(RowFailureSchema),
});

export const WorkspaceImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    existing: z.enum(EXISTING_ROWS),
    runId: z.string().nullable().openapi({
      description:
        "The import run (null for a preview): `POST /imports/runs/{id}/undo` puts back exactly what it changed",
    }),
    ...perKind("result", () => KindResultSchema),
    recordIds: z.object(perFileOwnerKind(() => z.record(z.string(), z.string()))).openapi({
      description:
        "Per kind of record files belong to: the document's id → the id here (another account's id is derived anew; a property may match by address)",
    }),
  })
  .openapi("WorkspaceImportResult");

// ---------------------------------------------------------------------------------------------
// Dashboard

export const DashboardSchema = z
  .object({
    routeStops: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          stops: z.array(z.object({ label: z.string(), arriveAt: z.string().nullable() })),
        }),
      )
      .openapi({ description: "Today's saved routes, their stops in order with planned arrivals" }),
    auctions: z.object({ items: z.array(AuctionSchema), total: z.number() }).openapi({
      description: "Sales set for the next 14 days, soonest first (the first 5), and how many",
    }),
    deposits: z
      .array(AuctionSchema)
      .openapi({ description: "Deposits still owed falling due within 72 hours" }),
    followUps: z.object({ items: z.array(LeadSchema), total: z.number() }).openapi({
      description: "Open leads whose follow-up date is today or past (the first 5), and how many",
    }),
    pipeline: z
      .array(z.object({ status: z.enum(PROJECT_STATUSES), count: z.number(), value: z.number() }))
      .openapi({
        description:
          "Projects by status; value is the sum of their purchase prices (the budget where no price is set)",
      }),
    portfolio: z
      .object({
        properties: z.array(
          z.object({
            id: z.string(),
            address: z.string(),
            cashFlowMonthly: z.number(),
            capRate: z.number().nullable(),
          }),
        ),
        count: z.number(),
        cashFlowMonthly: z.number(),
        averageCapRate: z.number().nullable(),
      })
      .openapi({
        description:
          "Properties whose primary analysis has a cash flow (rentals, BRRRR): how many, their total monthly cash flow and the mean of their cap rates; the 12 most recently changed listed for the chart",
      }),
    leads: z.object({ total: z.number(), funnel: FunnelSchema }),
    buyBox: z.object({ set: z.boolean(), meeting: z.number() }).openapi({
      description:
        "Whether the user has a buy box (any criterion saved), and how many properties' primary analyses meet it as it is now (`GET /properties?meetsCriteria=yes`)",
    }),
    research: z.array(z.object({ id: z.string(), query: z.string(), createdAt: z.string() })),
    documents: z.array(z.object({ id: z.string(), title: z.string(), updatedAt: z.string() })),
  })
  .openapi("Dashboard");

/** A file import's answer (POST /imports/{kind}): the file as read, mapped and planned. */
const ImportColumnSchema = z.object({
  index: z.number(),
  header: z.string(),
  target: z.string(),
  how: z.enum(["source", "known", "guess", "remembered", "user", "none"]),
  guess: z.object({ target: z.string(), applied: z.boolean() }).optional(),
  note: z.string().optional().openapi({
    description:
      "Why the column is left out (no field matches its name, a guess its values refuted, its field taken by another column), or how a guess was checked",
  }),
  samples: z.array(z.string()),
});
const FieldChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
const RowProblemSchema = z
  .object({ row: z.number(), message: z.string() })
  .openapi("ImportRowProblem");
export const FileImportResultSchema = z
  .object({
    runId: z.string().nullable(),
    source: z.object({ id: z.string(), name: z.string() }).nullable(),
    format: z.enum(["csv", "json", "xlsx", "table"]),
    encoding: z.string().optional(),
    sheets: z.array(z.string()).optional(),
    columns: z.array(ImportColumnSchema),
    guesses: z
      .array(
        z.object({
          header: z.string(),
          target: z.string().openapi({ description: "The field its name suggested" }),
          applied: z.boolean(),
          reason: z.string(),
        }),
      )
      .openapi({
        description:
          "Every column mapped by a guess at its name: applied only when its values fit the field (target), else left unmapped with the reason",
      }),
    unmapped: z
      .array(z.object({ header: z.string(), reason: z.string() }))
      .openapi({ description: "Every column not imported, with why" }),
    missing: z.array(z.object({ field: z.string(), message: z.string() })).openapi({
      description:
        "What the mapping still lacks for every row (a dry run answers it with no plan; an import is refused 400)",
    }),
    warnings: z.array(z.string()).openapi({
      description:
        "What the file itself hides: formulas a workbook saved without their values, read as empty",
    }),
    counts: z.object({
      lines: z.number().openapi({
        description: "Every row of the file: header, records, notes, blanks, problems",
      }),
      rows: z.number(),
      created: z.number(),
      merged: z.number(),
      unchanged: z.number(),
      failed: z.number(),
      notes: z.number(),
      blank: z.number(),
      flagged: z.number().openapi({
        description:
          "Records a list flags do-not-contact, litigator, deceased or do-not-mail (imported, with the flags)",
      }),
    }),
    notes: z.array(z.object({ row: z.number(), text: z.string() })),
    problems: z.array(RowProblemSchema),
    rows: z.array(
      z.object({
        row: z.number(),
        action: z.enum(["new", "merge", "unchanged"]),
        label: z.string(),
        changes: z.array(FieldChangeSchema),
        kept: z.array(FieldChangeSchema),
      }),
    ),
  })
  .openapi("FileImportResult");

export const ImportRunSchema = z
  .object({
    id: z.string(),
    kind: z.enum(IMPORT_RUN_KINDS),
    fileName: z.string().nullable(),
    source: z.string().nullable(),
    created: z.number(),
    merged: z.number(),
    unchanged: z.number(),
    failed: z.number(),
    undoneAt: z.string().nullable(),
    undoableUntil: z
      .string()
      .nullable()
      .openapi({
        description: `Until when \`POST /imports/runs/{id}/undo\` can undo the run (${UNDO_DAYS} days after it ran: then what it changed is no longer kept); null once undone or past that`,
      }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ImportRun");

export const SequenceSchema = createSelectSchema(sequences, {
  steps: z.array(SequenceStepSchema.openapi("SequenceStep")),
})
  .omit(owner)
  .extend({ running: z.number().openapi({ description: "Leads it is running on now" }) })
  .openapi("Sequence");

export const SequenceSettingsResultSchema = z
  .object({
    enabled: z.boolean(),
    dailyCap: z.number().int(),
    gmailSending: z.enum(GMAIL_SENDING).openapi({
      description:
        "Whether e-mail steps go from the user's Gmail (`allowed`); otherwise they become tasks: `not_connected` (connect Google), `not_allowed` (connect again with `scopes=gmail.send`), `reconnect` (Google refused the grant)",
    }),
  })
  .openapi("SequenceSettings");

export const EnrollmentSchema = createSelectSchema(sequenceEnrollments)
  .pick({
    id: true,
    sequenceId: true,
    sequenceName: true,
    status: true,
    stopReason: true,
    nextStep: true,
    nextAt: true,
    startedAt: true,
    gmailThreadId: true,
  })
  .extend({
    leadId: z.string(),
    stepCount: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Null once the sequence is deleted" }),
  })
  .openapi("SequenceEnrollment");

export const SequenceLogEntrySchema = createSelectSchema(sequenceLog)
  .pick({
    id: true,
    enrollmentId: true,
    step: true,
    action: true,
    outcome: true,
    detail: true,
    gmailMessageId: true,
    calendarEventId: true,
    at: true,
  })
  .openapi("SequenceLogEntry");

export const LeadSequencesSchema = z
  .object({ enrollments: z.array(EnrollmentSchema), log: z.array(SequenceLogEntrySchema) })
  .openapi("LeadSequences");
