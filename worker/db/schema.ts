/**
 * The one drizzle schema for AI42's D1 database. Every table a workspace owns carries `user_id`:
 * the id of the workspace's account (docs/decisions/0046-workspaces-are-accounts.md).
 * Migrations in /migrations are generated from this file with `npm run db:generate`. The search
 * indexes (FTS5 tables with their views and triggers, worker/db/search.ts) are not drizzle's: a
 * generated migration that recreates a searched table must create its triggers again and rebuild
 * its index (docs/decisions/0043-search-fts5.md).
 */
import { sql } from "drizzle-orm";
import {
  index,
  type AnySQLiteColumn,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { ACCESS_SCOPES } from "../../app/domain/access";
import { ACTIVITY_ACTIONS, RECORD_TYPES, type ActivityChanges } from "../../app/domain/activity";
import { ACCOUNT_KINDS, INVITATION_ROLES, WORKSPACE_ROLES } from "../../app/domain/teams";
import { AI_PROVIDERS } from "../../app/domain/ai/providers";
import { AUCTION_STATUSES, SALE_TYPES } from "../../app/domain/auctions/auction";
import type { MaxBidDefaults, MaxBidInputs } from "../../app/domain/auctions/max-bid";
import type { ResearchReport } from "../../app/domain/ai/research";
import { EVENT_KINDS } from "../../app/domain/calendar/events";
import { FILE_OWNERS, FILE_TEXT_STATUSES } from "../../app/domain/files";
import type { RoutePlan } from "../../app/domain/routing/optimize";
import type { Place, RouteStop } from "../../app/domain/routing/route";
import { DEAL_STRATEGIES, type DealInputs, type Strategy } from "../../app/domain/deals/types";
import { IMPORT_KINDS, IMPORT_RUN_KINDS } from "../../app/domain/imports/targets";
import type { NumberedContact } from "../../app/domain/workspace";
import {
  NOTIFICATION_KINDS,
  type ChannelChoice,
  type NotificationKind,
} from "../../app/domain/notifications";
import type { BotQuestion } from "../../app/domain/marketing/bots";
import { CAMPAIGN_CHANNELS, CAMPAIGN_STATUSES } from "../../app/domain/marketing/campaigns";
import { FUNNEL_STAGES, LEAD_STATUSES, type LeadAnswer } from "../../app/domain/marketing/leads";
import {
  ENROLLMENT_STATUSES,
  STEP_ACTIONS,
  STEP_OUTCOMES,
  STOP_REASONS,
  type SequenceStep,
} from "../../app/domain/marketing/sequences";
import {
  CONTACT_TYPES,
  ENTRY_KINDS,
  LISTING_STATUSES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from "../../app/domain/workspace";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const timestamps = {
  createdAt: text("created_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString()),
  updatedAt: text("updated_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString()),
};

export const users = sqliteTable("users", {
  id: id(),
  /** Stored lower-cased so uniqueness is case-insensitive. */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  /**
   * When the owner opened the confirmation link e-mailed at sign-up; null until then, and nothing
   * but that link is e-mailed to the address (notifications stay in the app).
   */
  emailConfirmedAt: text("email_confirmed_at"),
  /** The selling costs and profit the max-bid calculator starts from; null until set. */
  maxBidDefaults: text("max_bid_defaults", { mode: "json" }).$type<MaxBidDefaults>(),
  /**
   * `person`: someone who signs in. `team`: a team workspace's account, which owns the team's
   * records as a person's account owns theirs, and which nobody signs in as (docs/decisions/0046).
   */
  kind: text("kind", { enum: ACCOUNT_KINDS }).notNull().default("person"),
  ...timestamps,
});

/**
 * Every workspace, a person's own or a team's: the same id as the account that owns its records
 * (for a person's own, theirs).
 */
export const workspaces = sqliteTable(
  "workspaces",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    personal: integer("personal", { mode: "boolean" }).notNull(),
    /**
     * When its records moved into its own Durable Object (docs/decisions/0049); null while D1 holds
     * them. A move never goes back.
     */
    movedAt: text("moved_at"),
    /**
     * Until when (epoch ms) its writes wait: the last seconds of a move, while what D1 holds is
     * compared with the copy.
     */
    frozenUntil: integer("frozen_until"),
    /** When D1's own copy of its records was deleted, after the move: D1 then holds none of them. */
    clearedAt: text("cleared_at"),
    ...timestamps,
  },
  // The workspaces still to move, or moved with D1's copy still to clear, found without walking
  // those done.
  (t) => [
    index("workspaces_to_move")
      .on(t.id)
      .where(sql`cleared_at IS NULL`),
  ],
);

/** Who may work in a workspace, and as what. */
export const workspaceMembers = sqliteTable(
  "workspace_members",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: WORKSPACE_ROLES }).notNull(),
    /** A member who sees only the leads, properties, projects and auctions assigned to them. */
    assignedOnly: integer("assigned_only", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    // A person's workspaces, for the switcher.
    index("workspace_members_user").on(t.userId),
  ],
);

/**
 * An invitation to join a workspace, e-mailed as a link: kept only as the SHA-256 of the link's
 * token, which the inviter is shown once. Used once (accepted), revoked, or dead after a week.
 */
export const workspaceInvitations = sqliteTable(
  "workspace_invitations",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Stored lower-cased, as accounts' addresses are: it is compared with one. */
    email: text("email").notNull(),
    role: text("role", { enum: INVITATION_ROLES }).notNull(),
    /** Hex SHA-256 of the link's token: what an opened link is looked up by. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: text("revoked_at"),
  },
  // The workspace's pending list, newest first.
  (t) => [index("workspace_invitations_workspace").on(t.workspaceId, t.createdAt)],
);

/**
 * Failed sign-in counters, one row per key: `account:<e-mail>|<client address>` (guessing one
 * account's password from one place) and `address:<client address>` (spraying many accounts).
 */
export const loginFailures = sqliteTable("login_failures", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  windowStart: integer("window_start").notNull(),
});

/**
 * The account that owns a record: the workspace it belongs to (a person's own workspace is their
 * account; a team's has an account of its own: docs/decisions/0046).
 */
const owner = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
/**
 * The member of the workspace a record is assigned to: a person's account, null for nobody. It
 * goes with their account, and a list filtered by it reads its own index (`assigned`).
 */
const assignee = () =>
  text("assignee_id").references((): AnySQLiteColumn => users.id, { onDelete: "set null" });
/** What the last import (a file or Import Data) wrote to a record, field by field (app/domain/imports/merge.ts). */
const importedValues = () => text("imported", { mode: "json" }).$type<Record<string, unknown>>();

const tagList = () =>
  text("tags", { mode: "json" })
    .$type<string[]>()
    .notNull()
    .$defaultFn(() => []);

/** The property list's sorts, each a column with an index of its own (see `properties`). */
export const PROPERTY_SORT_COLUMNS = [
  "updatedAt",
  "address",
  "listPrice",
  "estimatedValue",
  "arv",
  "rentEstimate",
  "beds",
  "squareFeet",
  "yearBuilt",
  "status",
  "listingStatus",
  "estimatedEquity",
  "ownerName",
  "cashFlowMonthly",
  "capRate",
  "cashOnCash",
  "meetsCriteria",
] as const;

export const properties = sqliteTable(
  "properties",
  {
    id: id(),
    userId: owner(),
    address: text("address").notNull(),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    propertyType: text("property_type", { enum: PROPERTY_TYPES }),
    beds: real("beds"),
    baths: real("baths"),
    squareFeet: real("square_feet"),
    lotSize: real("lot_size"),
    yearBuilt: integer("year_built"),
    listPrice: real("list_price"),
    estimatedValue: real("estimated_value"),
    arv: real("arv"),
    rentEstimate: real("rent_estimate"),
    propertyTaxesAnnual: real("property_taxes_annual"),
    hoaMonthly: real("hoa_monthly"),
    county: text("county"),
    sourcePropertyType: text("source_property_type"),
    listingStatus: text("listing_status", { enum: LISTING_STATUSES }),
    daysOnMarket: integer("days_on_market"),
    lastSalePrice: real("last_sale_price"),
    lastSaleDate: text("last_sale_date"),
    estimatedEquity: real("estimated_equity"),
    loanBalance: real("loan_balance"),
    apn: text("apn"),
    listingUrl: text("listing_url"),
    ownerOccupied: integer("owner_occupied", { mode: "boolean" }),
    ownerContactId: text("owner_contact_id").references(() => contacts.id, {
      onDelete: "set null",
    }),
    status: text("status", { enum: PROPERTY_STATUSES }).notNull(),
    assigneeId: assignee(),
    source: text("source"),
    externalId: text("external_id"),
    notes: text("notes"),
    /** What the last file import wrote, field by field: a field that differs was edited here. */
    imported: importedValues(),
    /** `ext:<external id>` or `addr:<normalised address>`: what an import matches on. */
    dedupeKey: text("dedupe_key").notNull(),
    ...timestamps,
    /*
     * What lists show, sort and filter by that lives in other rows, kept here by the database's
     * triggers (migration 0031) in the same write that changes it, so a list reads a page through
     * one index instead of working it out for every property: the primary analysis (the one
     * flagged, else the first saved) with its key figures, whether it meets the buy box (1, 0, null
     * without an analysis or a criterion that applies; a changed buy box is judged again in the
     * background: `rejudgeBuyBox`), the list's photo and the owner's name. Never written by code.
     */
    primaryDealId: text("primary_deal_id"),
    cashFlowMonthly: real("cash_flow_monthly"),
    capRate: real("cap_rate"),
    cashOnCash: real("cash_on_cash"),
    meetsCriteria: integer("meets_criteria"),
    photoFileId: text("photo_file_id"),
    ownerName: text("owner_name"),
  },
  (t) => [
    uniqueIndex("properties_user_dedupe").on(t.userId, t.dedupeKey),
    index("properties_user_owner").on(t.userId, t.ownerContactId),
    index("properties_user_type").on(t.userId, t.propertyType),
    // Someone's properties (or nobody's) in the list's first order, latest change first.
    index("properties_user_assignee").on(t.userId, t.assigneeId, t.updatedAt),
    // The analysed properties, in an order a background pass can carry on from (`rejudgeStatement`).
    index("properties_user_primary_deal").on(t.userId, t.primaryDealId),
    // The Dashboard's portfolio: the analysed properties with a cash flow, latest first, and totals.
    index("properties_cash_flow_by_updated_at")
      .on(t.userId, t.updatedAt, t.cashFlowMonthly, t.capRate)
      .where(sql`${t.cashFlowMonthly} IS NOT NULL`),
    // The buy-box filter in the list's first order, latest change first: a few thousand verdicts
    // among tens of thousands of properties would otherwise be a long walk of the order's index.
    index("properties_meeting_by_updated_at")
      .on(t.userId, t.updatedAt)
      .where(sql`${t.meetsCriteria} = 1`),
    index("properties_missing_by_updated_at")
      .on(t.userId, t.updatedAt)
      .where(sql`${t.meetsCriteria} = 0`),
    // One per sort the list offers (each also its filter): a page is read in the index's order.
    // Ties are in the order of the rowid SQLite ends every entry with (`PROPERTY_TIE`), which grows
    // with each property added: an import's rows go to the end of their value's run, on a few
    // pages, where a tie broken by the random id put each on a page of its own (half the cost of
    // an import into a workspace of 50,000).
    ...PROPERTY_SORT_COLUMNS.map((name) =>
      index(`properties_by_${t[name].name}`).on(t.userId, t[name]),
    ),
  ],
);

export const projects = sqliteTable(
  "projects",
  {
    id: id(),
    userId: owner(),
    name: text("name").notNull(),
    type: text("type", { enum: PROJECT_TYPES }).notNull(),
    status: text("status", { enum: PROJECT_STATUSES }).notNull(),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    description: text("description"),
    budget: real("budget"),
    purchasePrice: real("purchase_price"),
    targetCloseDate: text("target_close_date"),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    assigneeId: assignee(),
    ...timestamps,
    imported: importedValues(),
  },
  (t) => [
    // The pipeline's count and value by status read this index alone.
    index("projects_user_status").on(t.userId, t.status, t.purchasePrice, t.budget),
    // The cron's "closing in 7 days" notices look across every user.
    index("projects_target_close").on(t.targetCloseDate),
    index("projects_user_type").on(t.userId, t.type),
    // The list's order, newest change first, with its tie-break.
    index("projects_user_updated").on(t.userId, t.updatedAt, t.id),
    // Someone's projects (or nobody's) in the list's order.
    index("projects_user_assignee").on(t.userId, t.assigneeId, t.updatedAt, t.id),
  ],
);

/**
 * A mailing ZIP's first five digits: what an import finds the owners not keyed yet by. The index
 * on it serves only a query that writes the expression the same way: use this.
 */
export const mailingZip5 = (zip: AnySQLiteColumn) => sql`substr(${zip}, 1, 5)`;

export const contacts = sqliteTable(
  "contacts",
  {
    id: id(),
    userId: owner(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    company: text("company"),
    /** Where to visit them: a Route Planner stop. */
    address: text("address"),
    mailingAddress: text("mailing_address"),
    mailingCity: text("mailing_city"),
    mailingState: text("mailing_state"),
    mailingZip: text("mailing_zip"),
    phones: text("phones", { mode: "json" }).$type<NumberedContact[]>().notNull().default([]),
    emails: text("emails", { mode: "json" }).$type<NumberedContact[]>().notNull().default([]),
    type: text("type", { enum: CONTACT_TYPES }).notNull(),
    /** On a Do Not Call list, a known litigator, deceased, or not to be mailed (domain CONTACT_FLAGS). */
    doNotContact: integer("do_not_contact", { mode: "boolean" }).notNull().default(false),
    litigator: integer("litigator", { mode: "boolean" }).notNull().default(false),
    deceased: integer("deceased", { mode: "boolean" }).notNull().default(false),
    doNotMail: integer("do_not_mail", { mode: "boolean" }).notNull().default(false),
    notes: text("notes"),
    tags: tagList(),
    imported: importedValues(),
    /**
     * Who the contact is as a property list's owner (ownerKey: name and mailing address), as the
     * last import worked it out: "" when they have none, null when not worked out yet or their
     * name or mailing address changed since (a trigger clears it). An import finds the owners it
     * merges with by it, without reading every contact mailed to the same ZIPs.
     */
    ownerKey: text("owner_key"),
    ...timestamps,
  },
  (t) => [
    index("contacts_user_type").on(t.userId, t.type),
    // The leads list by name walks this in order.
    index("contacts_user_name").on(t.userId, t.lastName, t.firstName, t.id),
    // An import's owners by their key; those not keyed yet by their mailing ZIP.
    index("contacts_user_owner_key").on(t.userId, t.ownerKey, mailingZip5(t.mailingZip)),
  ],
);

export const projectContacts = sqliteTable(
  "project_contacts",
  {
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: owner(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // A workspace's rows in the order they were written: how a move into its object reads them.
    index("project_contacts_user").on(t.userId),
    primaryKey({ columns: [t.projectId, t.contactId] }),
    index("project_contacts_contact").on(t.contactId),
  ],
);

/** Project-hub entries: the user's business documents (markdown). */
export const entries = sqliteTable(
  "entries",
  {
    id: id(),
    userId: owner(),
    title: text("title").notNull(),
    kind: text("kind", { enum: ENTRY_KINDS }).notNull(),
    content: text("content").notNull(),
    tags: tagList(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    ...timestamps,
    imported: importedValues(),
  },
  (t) => [index("entries_user_updated").on(t.userId, t.updatedAt)],
);

/** A conversation with the Main Agent; its messages are in `conversation_messages`. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    userId: owner(),
    title: text("title").notNull(),
    provider: text("provider", { enum: AI_PROVIDERS }).notNull(),
    model: text("model").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    ...timestamps,
    imported: importedValues(),
  },
  (t) => [index("conversations_user_updated").on(t.userId, t.updatedAt)],
);

export interface ToolCallRecord {
  name: string;
  arguments: unknown;
  ok: boolean;
  /** One line saying what the tool did or found. */
  summary: string;
  /** Whether it changed the user's data. */
  wrote: boolean;
}

export const MESSAGE_STATUSES = ["complete", "stopped"] as const;

export const conversationMessages = sqliteTable(
  "conversation_messages",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: owner(),
    /** 0-based order within the conversation. */
    position: integer("position").notNull(),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    provider: text("provider", { enum: AI_PROVIDERS }),
    model: text("model"),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("complete"),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    toolCalls: text("tool_calls", { mode: "json" }).$type<ToolCallRecord[]>(),
    citations: text("citations", { mode: "json" }).$type<string[]>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // A workspace's rows in the order they were written: how a move into its object reads them.
    index("conversation_messages_user").on(t.userId),
    uniqueIndex("conversation_messages_order").on(t.conversationId, t.position),
  ],
);

/** Property research reports, kept as the user's research history. */
export const researchReports = sqliteTable(
  "research_reports",
  {
    id: id(),
    userId: owner(),
    query: text("query").notNull(),
    report: text("report", { mode: "json" }).$type<ResearchReport>().notNull(),
    provider: text("provider", { enum: AI_PROVIDERS }).notNull(),
    model: text("model").notNull(),
    /** Projects and properties of the user's the report was grounded in. */
    grounding: text("grounding", { mode: "json" })
      .$type<{ kind: "project" | "property"; id: string; name: string }[]>()
      .notNull()
      .$defaultFn(() => []),
    /** The Project Hub document it was saved as, so saving again opens that one. */
    savedEntryId: text("saved_entry_id").references(() => entries.id, { onDelete: "set null" }),
    createdAt: timestamps.createdAt,
    imported: importedValues(),
  },
  (t) => [index("research_reports_user_created").on(t.userId, t.createdAt)],
);

/**
 * A user's Google account, one per user. Tokens are stored encrypted (AES-GCM under
 * TOKEN_ENCRYPTION_KEY, a fresh IV per value: see services/crypto.ts), never in plain text.
 */
export const googleConnections = sqliteTable("google_connections", {
  userId: owner().primaryKey(),
  email: text("email").notNull(),
  /** The scopes Google granted, space-separated as Google sends them. */
  scopes: text("scopes").notNull(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  /** When the access token expires, in ms since the epoch. */
  expiresAt: integer("expires_at").notNull(),
  /** Google refused the refresh token (`invalid_grant`): only connecting again helps. */
  needsReconnect: integer("needs_reconnect", { mode: "boolean" }).notNull().default(false),
  lastSyncAt: text("last_sync_at"),
  /** The Google calendar the user chose for auction dates (sale and deposit deadline), if any. */
  auctionCalendarId: text("auction_calendar_id"),
  ...timestamps,
});

/**
 * A connect flow under way: its single-use `state`, bound to the session that started it, and
 * the PKCE verifier (encrypted) the callback sends with the code. Lives ten minutes.
 */
export const googleOauthStates = sqliteTable(
  "google_oauth_states",
  {
    state: text("state").primaryKey(),
    userId: owner(),
    sessionId: text("session_id").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    /** Where the browser goes back to (`/connections`). */
    returnTo: text("return_to").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("google_oauth_states_user").on(t.userId)],
);

/**
 * AI42's own calendar. `start`/`end` are UTC ISO instants for timed events and ISO days for
 * all-day ones (end exclusive, as in Google Calendar); both sort and compare as text.
 */
export const calendarEvents = sqliteTable(
  "calendar_events",
  {
    id: id(),
    userId: owner(),
    title: text("title").notNull(),
    start: text("start").notNull(),
    end: text("end").notNull(),
    allDay: integer("all_day", { mode: "boolean" }).notNull(),
    timeZone: text("time_zone"),
    location: text("location"),
    notes: text("notes"),
    kind: text("kind", { enum: EVENT_KINDS }).notNull(),
    assigneeId: assignee(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** The saved route whose "Add to calendar" made this event (a retry finds and replaces it). */
    routeId: text("route_id").references((): AnySQLiteColumn => routes.id, {
      onDelete: "set null",
    }),
    /** Minutes before the start the user is reminded; null: no reminder. */
    reminderMinutes: integer("reminder_minutes"),
    /**
     * When the cron reminds (UTC ISO), kept with `start` and `reminderMinutes`: their mark, or the
     * write when the mark had passed and the event was still ahead (services/calendar.ts).
     */
    remindAt: text("remind_at"),
    ...timestamps,
    imported: importedValues(),
  },
  (t) => [
    index("calendar_events_user_start").on(t.userId, t.start),
    // Someone's events (or nobody's: unassigned tasks) in a range.
    index("calendar_events_user_assignee").on(t.userId, t.assigneeId, t.start),
    index("calendar_events_route").on(t.routeId),
    index("calendar_events_remind").on(t.remindAt),
  ],
);

/** A Google Drive file linked to a project ("Link to project" in the Drive panel). */
export const projectFiles = sqliteTable(
  "project_files",
  {
    id: id(),
    userId: owner(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    driveFileId: text("drive_file_id").notNull(),
    name: text("name").notNull(),
    mimeType: text("mime_type"),
    webViewLink: text("web_view_link").notNull(),
    iconLink: text("icon_link"),
    createdAt: timestamps.createdAt,
    imported: importedValues(),
  },
  (t) => [
    // A workspace's rows in the order they were written: how a move into its object reads them.
    index("project_files_user").on(t.userId),
    uniqueIndex("project_files_project_file").on(t.projectId, t.driveFileId),
  ],
);

/**
 * A saved deal analysis: its inputs as validated (the math fills the defaults), what it is about,
 * and three key figures worked out when it was saved, so SQL can sort properties by their
 * primary analysis; the API recomputes every metric from the inputs when it answers.
 */
export const deals = sqliteTable(
  "deals",
  {
    id: id(),
    userId: owner(),
    name: text("name").notNull(),
    strategy: text("strategy", { enum: DEAL_STRATEGIES }).notNull(),
    inputs: text("inputs", { mode: "json" }).$type<DealInputs[Strategy]>().notNull(),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** The property's primary analysis (at most one per property; else its latest counts). */
    primary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
    /** Null for the strategies without them (flip, wholesale) or when undefined. */
    cashFlowMonthly: real("cash_flow_monthly"),
    capRate: real("cap_rate"),
    cashOnCash: real("cash_on_cash"),
    /**
     * The other figures the buy box reads, so lists judge saved analyses against the
     * user's current criteria in SQL. A rental, flip or BRRRR always has a purchase price: one
     * without is a row saved before these columns, worked out when a list next reads it.
     */
    dscr: real("dscr"),
    irr: real("irr"),
    profit: real("profit"),
    purchasePrice: real("purchase_price"),
    pricePerUnit: real("price_per_unit"),
    allInPctOfArv: real("all_in_pct_of_arv"),
    ...timestamps,
    imported: importedValues(),
  },
  (t) => [
    // A property's analyses, newest change first (its page lists them), with the tie-break.
    index("deals_user_property").on(t.userId, t.propertyId, t.updatedAt, t.id),
    // The list's order, newest change first, with its tie-break.
    index("deals_user_updated").on(t.userId, t.updatedAt, t.id),
  ],
);

/**
 * The user's buy box: one row per user, a column per criterion, null where none is set.
 * Every analysis answer says how it measures up to them.
 */
export const dealCriteria = sqliteTable("deal_criteria", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  minCapRate: real("min_cap_rate"),
  minCashOnCash: real("min_cash_on_cash"),
  minCashFlowMonthly: real("min_cash_flow_monthly"),
  minDscr: real("min_dscr"),
  maxPurchasePrice: real("max_purchase_price"),
  maxPricePerUnit: real("max_price_per_unit"),
  minIrr: real("min_irr"),
  minProfit: real("min_profit"),
  maxAllInPctOfArv: real("max_all_in_pct_of_arv"),
  updatedAt: timestamps.updatedAt,
});

/**
 * A read-only link to one saved analysis (`POST /api/deals/{id}/share`): whoever holds the token
 * sees that analysis as its printed report, without an account, until it expires or is revoked.
 * The token is kept as issued so the owner can copy a live link again: it opens one report and
 * nothing else of the user's.
 */
export const dealShares = sqliteTable(
  "deal_shares",
  {
    id: id(),
    userId: owner(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    /** UTC ISO instant after which the link opens nothing; null: until revoked. */
    expiresAt: text("expires_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("deal_shares_token").on(t.token),
    index("deal_shares_user_deal").on(t.userId, t.dealId),
  ],
);

/**
 * The directory of shared-analysis links: which workspace a link's token belongs to, found before
 * the workspace is known (its share itself is a record of the workspace, in `deal_shares`).
 */
export const shareLinks = sqliteTable("share_links", {
  token: text("token").primaryKey(),
  workspaceId: text("workspace_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamps.createdAt,
});

/**
 * A rehab line the user saved to reuse (the analyzer's rehab estimator): a category, what it is,
 * a quantity and a unit cost, as a line of `rehabItems` takes them.
 */
export const rehabTemplates = sqliteTable(
  "rehab_templates",
  {
    id: id(),
    userId: owner(),
    category: text("category").notNull(),
    description: text("description"),
    quantity: real("quantity"),
    unitCost: real("unit_cost").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("rehab_templates_user").on(t.userId, t.createdAt)],
);

/**
 * A file the user stored: a contract, an inspection report, a photo. Its bytes are the
 * R2 object `objectKey` (which never holds the user's file name); this row is written first, as
 * `pending`, and turns `ready` once the object is complete, so a crash in between leaves a pending
 * row that the sweep removes with its object, never an object nobody can see. A delete marks the
 * row `deleting` before the object goes. It belongs to one record, named by kind and id.
 */
export const files = sqliteTable(
  "files",
  {
    id: id(),
    userId: owner(),
    ownerType: text("owner_type", { enum: FILE_OWNERS }).notNull(),
    ownerId: text("owner_id").notNull(),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull().default(0),
    /** Hex SHA-256 of the bytes; empty while pending. */
    sha256: text("sha256").notNull().default(""),
    objectKey: text("object_key").notNull(),
    status: text("status", { enum: ["pending", "ready", "deleting"] }).notNull(),
    /**
     * The file's text (file_pages), read after the upload by the extractor Worker: `none` for a
     * kind without text (images, old binary Office files), `pending` until read, `ready`,
     * `failed` with the reason in `textError`, or `skipped` (too much to read: which bound in
     * `textError`). No CHECK on the column: a new status needs no migration.
     */
    textStatus: text("text_status", { enum: FILE_TEXT_STATUSES }).notNull().default("none"),
    /** What the text is cut into (app/domain/file-text.ts): page, slide or sheet. */
    textUnit: text("text_unit", { enum: ["page", "slide", "sheet"] }),
    textPages: integer("text_pages").notNull().default(0),
    textError: text("text_error"),
    /** How many times a read of the text began: one the Worker keeps losing stops at MAX_TEXT_READS. */
    textReads: integer("text_reads").notNull().default(0),
    /** Whether a small picture of the photo is stored beside it (`<objectKey>.thumbnail`). */
    thumbnail: integer("thumbnail", { mode: "boolean" }).notNull().default(false),
    /** The thumbnail's bytes, counted against the storage quota with the file's own. */
    thumbnailSize: integer("thumbnail_size").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("files_user_owner").on(t.userId, t.ownerType, t.ownerId),
    index("files_status_updated").on(t.status, t.updatedAt),
    index("files_text_status_updated").on(t.textStatus, t.updatedAt),
  ],
);

/** A stored file's text, one row a page (slide, sheet), searched by the Project Hub and the agent. */
export const filePages = sqliteTable(
  "file_pages",
  {
    fileId: text("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    userId: owner(),
    /** From 1. */
    page: integer("page").notNull(),
    text: text("text").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.page] }), index("file_pages_user").on(t.userId)],
);

/**
 * An auction the investor watches. Instants are UTC ISO strings (they sort as text); `timeZone`
 * is where the sale happens. The Google columns say which events stand for its dates in the
 * Google calendar chosen for auctions, and whether they still match the auction.
 */
/** The auction list's sorts, each a column with an index of its own (see `auctions`). */
export const AUCTION_SORT_COLUMNS = [
  "currentSaleAt",
  "depositDueAt",
  "openingBid",
  "address",
  "status",
  "saleType",
  "county",
  "updatedAt",
] as const;

export const auctions = sqliteTable(
  "auctions",
  {
    id: id(),
    userId: owner(),
    saleType: text("sale_type", { enum: SALE_TYPES }).notNull(),
    saleAt: text("sale_at").notNull(),
    /** False when only the sale's day is known: `saleAt` is the day's start on the sale's clock. */
    saleTimeKnown: integer("sale_time_known", { mode: "boolean" }).notNull().default(true),
    timeZone: text("time_zone").notNull(),
    /** When the sale is now set for (`postponedTo`, else `saleAt`): what lists sort and filter on. */
    currentSaleAt: text("current_sale_at").notNull(),
    address: text("address").notNull(),
    city: text("city"),
    county: text("county"),
    state: text("state"),
    zip: text("zip"),
    caseNumber: text("case_number"),
    apn: text("apn"),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    dealId: text("deal_id").references(() => deals.id, { onDelete: "set null" }),
    attorneyContactId: text("attorney_contact_id").references(() => contacts.id, {
      onDelete: "set null",
    }),
    auctioneerContactId: text("auctioneer_contact_id").references(() => contacts.id, {
      onDelete: "set null",
    }),
    venue: text("venue"),
    onlineUrl: text("online_url"),
    openingBid: real("opening_bid"),
    depositAmount: real("deposit_amount"),
    depositPct: real("deposit_pct"),
    depositDueAt: text("deposit_due_at"),
    balanceDueDays: integer("balance_due_days"),
    buyerPremiumPct: real("buyer_premium_pct"),
    plannedBid: real("planned_bid"),
    /** The max-bid calculator's inputs as last saved. */
    bidInputs: text("bid_inputs", { mode: "json" }).$type<MaxBidInputs>(),
    status: text("status", { enum: AUCTION_STATUSES }).notNull(),
    assigneeId: assignee(),
    postponedTo: text("postponed_to"),
    winningBid: real("winning_bid"),
    notes: text("notes"),
    googleCalendarId: text("google_calendar_id"),
    googleSaleEventId: text("google_sale_event_id"),
    googleDepositEventId: text("google_deposit_event_id"),
    /** False when the auction changed since its Google events were last written. */
    googleSynced: integer("google_synced", { mode: "boolean" }).notNull().default(false),
    imported: importedValues(),
    ...timestamps,
  },
  (t) => [
    // One per sort the list offers (the sale's and the deposit's also their date ranges): a page
    // or an export's chunk is read in the index's order.
    ...AUCTION_SORT_COLUMNS.map((name) =>
      index(`auctions_by_${t[name].name}`).on(t.userId, t[name], t.id),
    ),
    // Someone's auctions (or nobody's) in the list's first order, the next sale first.
    index("auctions_user_assignee").on(t.userId, t.assigneeId, t.currentSaleAt, t.id),
    // The cron's reminders look across every user.
    index("auctions_deposit_due").on(t.depositDueAt),
    index("auctions_current_sale").on(t.currentSaleAt),
  ],
);

/** Every status an auction has had, with when: the first row is the status it was created with. */
export const auctionHistory = sqliteTable(
  "auction_history",
  {
    id: id(),
    userId: owner(),
    auctionId: text("auction_id")
      .notNull()
      .references(() => auctions.id, { onDelete: "cascade" }),
    status: text("status", { enum: AUCTION_STATUSES }).notNull(),
    postponedTo: text("postponed_to"),
    changedAt: text("changed_at").notNull(),
  },
  (t) => [
    // A workspace's rows in the order they were written: how a move into its object reads them.
    index("auction_history_user").on(t.userId),
    index("auction_history_auction").on(t.auctionId, t.changedAt),
  ],
);

/**
 * A saved route: its stops as entered (JSON), the order it runs in, and the plan worked
 * out when it was saved. `calendarEventIds` are the visits last added to `calendarId`.
 */
export const routes = sqliteTable(
  "routes",
  {
    id: id(),
    userId: owner(),
    name: text("name").notNull(),
    date: text("date").notNull(),
    departAt: text("depart_at").notNull(),
    start: text("start", { mode: "json" }).$type<Place>().notNull(),
    end: text("end_place", { mode: "json" }).$type<Place>(),
    returnToStart: integer("return_to_start", { mode: "boolean" }).notNull(),
    speedKmh: real("speed_kmh").notNull(),
    roadFactor: real("road_factor").notNull(),
    stops: text("stops", { mode: "json" }).$type<RouteStop[]>().notNull(),
    order: text("stop_order", { mode: "json" }).$type<string[]>().notNull(),
    plan: text("plan", { mode: "json" }).$type<RoutePlan>().notNull(),
    /** Whether the plan's figures come from the road service or the straight-line estimate. */
    planSource: text("plan_source", { enum: ["roads", "estimate"] }).notNull(),
    calendarId: text("calendar_id"),
    calendarEventIds: text("calendar_event_ids", { mode: "json" }).$type<string[]>(),
    ...timestamps,
    imported: importedValues(),
  },
  // A day's routes in the order they leave (the Dashboard, the Route Planner's day).
  (t) => [index("routes_user_date").on(t.userId, t.date, t.departAt)],
);

/** The places a user's routes start from, remembered (home, office). */
export const startPlaces = sqliteTable("start_places", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  home: text("home", { mode: "json" }).$type<Place>(),
  office: text("office", { mode: "json" }).$type<Place>(),
  updatedAt: text("updated_at").notNull(),
});

/**
 * What the geocoder answered for a normalised address (`[]`: nothing found), shared by every user:
 * it is public map data, and the geocoder allows one request a second.
 */
export const geocodeCache = sqliteTable("geocode_cache", {
  query: text("query").primaryKey(),
  places: text("places", { mode: "json" }).$type<GeocodedPlace[]>().notNull(),
  createdAt: text("created_at").notNull(),
});

/** A place as the geocoder found it. */
export interface GeocodedPlace {
  lat: number;
  lng: number;
  label: string;
}

/** The next moment (ms since the epoch) the geocoder may be called: one row, taken atomically. */
export const geocoderSlots = sqliteTable("geocoder_slots", {
  id: integer("id").primaryKey(),
  nextAt: integer("next_at").notNull(),
});

/** A marketing campaign; its figures are worked out from the leads that name it. */
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: id(),
    userId: owner(),
    name: text("name").notNull(),
    channel: text("channel", { enum: CAMPAIGN_CHANNELS }).notNull(),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull(),
    budget: real("budget"),
    spend: real("spend"),
    startOn: text("start_on"),
    endOn: text("end_on"),
    notes: text("notes"),
    ...timestamps,
    imported: importedValues(),
  },
  (t) => [index("campaigns_user").on(t.userId, t.createdAt)],
);

/**
 * A lead: a contact of type `lead` and what marketing keeps about it. One row per
 * contact, gone with the contact.
 */
export const leads = sqliteTable(
  "leads",
  {
    contactId: text("contact_id")
      .primaryKey()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: owner(),
    source: text("source"),
    status: text("status", { enum: LEAD_STATUSES }).notNull(),
    /** The furthest funnel stage reached: the funnel counts a dead lead where it got to. */
    reached: text("reached", { enum: FUNNEL_STAGES }).notNull(),
    score: integer("score"),
    consentEmail: integer("consent_email", { mode: "boolean" }).notNull(),
    consentSms: integer("consent_sms", { mode: "boolean" }).notNull(),
    consentCall: integer("consent_call", { mode: "boolean" }).notNull(),
    followUpOn: text("follow_up_on"),
    campaignId: text("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    dealValue: real("deal_value"),
    assigneeId: assignee(),
    answers: text("answers", { mode: "json" }).$type<LeadAnswer[]>().notNull(),
    firstContactedAt: text("first_contacted_at"),
    ...timestamps,
    imported: importedValues(),
  },
  (t) => [
    // The list's sorts, each with its tie-break, so a page reads only its rows (worker/services/leads.ts).
    index("leads_user_created").on(t.userId, t.createdAt, t.contactId),
    index("leads_user_status").on(t.userId, t.status, t.createdAt, t.contactId),
    // With what the campaigns' figures, funnel and speed to lead read (after the unique id, no
    // change to the order), so those come from this index alone.
    index("leads_user_campaign").on(
      t.userId,
      t.campaignId,
      t.createdAt,
      t.contactId,
      t.reached,
      t.status,
      t.dealValue,
      t.firstContactedAt,
    ),
    index("leads_user_score").on(t.userId, t.score, t.contactId),
    // Someone's leads (or nobody's) in the list's first order, newest first.
    index("leads_user_assignee").on(t.userId, t.assigneeId, t.createdAt, t.contactId),
    // The status too, so follow-ups due are counted from the index alone.
    index("leads_user_follow_up").on(t.userId, t.followUpOn, t.contactId, t.status),
    index("leads_follow_up").on(t.followUpOn),
  ],
);

/**
 * The user's leads counted by the stage each reached and its status, with the speed to lead of
 * those contacted (the sum of their ms and how many): what the funnel, the Dashboard and the
 * Marketing summary add up, kept by triggers on `leads` (migration 0038) so a read is a
 * few rows however many leads there are.
 */
export const leadTallies = sqliteTable(
  "lead_tallies",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reached: text("reached", { enum: FUNNEL_STAGES }).notNull(),
    status: text("status", { enum: LEAD_STATUSES }).notNull(),
    leads: integer("leads").notNull().default(0),
    speedMs: real("speed_ms").notNull().default(0),
    contacted: integer("contacted").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reached, t.status] })],
);

/** A lead bot: persona, qualifying questions in order, and the hand-off rule. */
export const leadBots = sqliteTable(
  "lead_bots",
  {
    id: id(),
    userId: owner(),
    name: text("name").notNull(),
    persona: text("persona").notNull(),
    greeting: text("greeting"),
    questions: text("questions", { mode: "json" }).$type<BotQuestion[]>().notNull(),
    handOff: text("hand_off").notNull(),
    ...timestamps,
    imported: importedValues(),
  },
  (t) => [index("lead_bots_user").on(t.userId, t.createdAt)],
);

/** A mapping of a file's columns the user corrected, remembered per source for next time. */
export const importMappings = sqliteTable(
  "import_mappings",
  {
    userId: owner(),
    kind: text("kind", { enum: IMPORT_KINDS }).notNull(),
    /** `source:<id>` for a recognised export, else `headers:<the header row>`. */
    sourceKey: text("source_key").notNull(),
    /** Header → target (or "ignore"). */
    columns: text("columns", { mode: "json" }).$type<Record<string, string>>().notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.sourceKey] })],
);

/**
 * One import of a file (perhaps sent in many chunks) or of an AI42 export: what it did, so it can
 * be undone whole.
 */
export const importRuns = sqliteTable(
  "import_runs",
  {
    id: id(),
    userId: owner(),
    kind: text("kind", { enum: IMPORT_RUN_KINDS }).notNull(),
    fileName: text("file_name"),
    source: text("source"),
    created: integer("created").notNull().default(0),
    merged: integer("merged").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    undoneAt: text("undone_at"),
    /** When its undo log was cleared, UNDO_DAYS after the run: it can no longer be undone. */
    undoClearedAt: text("undo_cleared_at"),
    ...timestamps,
  },
  (t) => [
    index("import_runs_user").on(t.userId, t.createdAt),
    // The cron's oldest runs whose undo log is still kept, across every user.
    index("import_runs_undo_kept").on(t.undoClearedAt, t.createdAt),
  ],
);

/**
 * What a run changed, record by record: the row as it was before (null for a record the run
 * made). The first change of a record in a run is the one kept, so Undo restores the state
 * before the run.
 */
export const importUndo = sqliteTable(
  "import_undo",
  {
    runId: text("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    tableName: text("table_name").notNull(),
    recordId: text("record_id").notNull(),
    before: text("before", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.tableName, t.recordId] })],
);

/**
 * A user's counters for the per-user limits (worker/services/usage.ts), one row, each counted by a
 * single conditional statement so parallel requests cannot slip past a limit.
 */
export const usageCounters = sqliteTable("usage_counters", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The minute (ms since the epoch at its start) `requests` counts AI calls in. */
  windowStart: integer("window_start").notNull().default(0),
  requests: integer("requests").notNull().default(0),
  /** The UTC day (YYYY-MM-DD) `tokens` counts in: what the providers reported, plus an estimate for calls still running. */
  day: text("day").notNull().default(""),
  tokens: integer("tokens").notNull().default(0),
  /**
   * Bytes of the user's rows and files, counted by triggers as they are written and set by the
   * background re-measure at `storageMeasuredAt` (ms; when counting began, for a newer account).
   */
  storageBytes: integer("storage_bytes").notNull().default(0),
  storageMeasuredAt: integer("storage_measured_at").notNull().default(0),
  /** What the re-measure pass `measurePass` has read of the user's rows so far (services/storage.ts). */
  storageMeasure: integer("storage_measure").notNull().default(0),
  measurePass: integer("measure_pass").notNull().default(0),
  /** Bytes reserved by writes still running, and when the latest was reserved (ms). */
  storagePending: integer("storage_pending").notNull().default(0),
  storagePendingSince: integer("storage_pending_since").notNull().default(0),
});

/**
 * Where the background re-measure of storage is (worker/services/storage.ts), one row: the pass,
 * the table it is reading (`-1` between passes) and the last rowid read, or, once all are read,
 * the last user whose figure it set.
 */
export const storagePass = sqliteTable("storage_pass", {
  id: integer("id").primaryKey(),
  pass: integer("pass").notNull().default(0),
  tableIndex: integer("table_index").notNull().default(-1),
  afterRowid: integer("after_rowid").notNull().default(0),
  settledAfter: text("settled_after").notNull().default(""),
  startedAt: integer("started_at").notNull().default(0),
  finishedAt: integer("finished_at").notNull().default(0),
});

/**
 * A user's notification preferences. Made at sign-in with the browser's zone; the zone
 * follows the browser's at each sign-in until the user chooses one.
 */
export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    timeZone: text("time_zone").notNull(),
    zoneChosen: integer("zone_chosen", { mode: "boolean" }).notNull().default(false),
    /** The daily brief's hour in `timeZone`; null: no brief. */
    briefHour: integer("brief_hour"),
    /** When the next brief is due (UTC ISO): the cron's one query for briefs. */
    briefNextAt: text("brief_next_at"),
    /**
     * The next 7:00 in `timeZone` (UTC ISO): when the day's follow-ups and closings are told. The
     * cron's one query for them, so a minute without a morning reads no one's leads.
     */
    morningNextAt: text("morning_next_at"),
    quietStart: text("quiet_start"),
    quietEnd: text("quiet_end"),
    /** The user's choices per kind and channel, over DEFAULT_CHANNELS. */
    channels: text("channels", { mode: "json" })
      .$type<Partial<Record<NotificationKind, Partial<ChannelChoice>>>>()
      .notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    index("notification_settings_brief").on(t.briefNextAt),
    index("notification_settings_morning").on(t.morningNextAt),
  ],
);

export const EMAIL_STATUSES = ["none", "waiting", "queued", "sending", "sent", "failed"] as const;

/**
 * One notice. `key` makes it happen once: the cron may find the same thing due twice,
 * a queue may deliver a message twice, and the insert or the claim refuses the second. The e-mail
 * goes `waiting` (until `emailDueAt`: quiet hours) → `queued` → `sending` → `sent`, or `failed`
 * after its last attempt: the user's "couldn't send" list.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: owner(),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The record's path in the app ("/auction/…"). */
    link: text("link"),
    /** Whether the bell lists it: the kind's in-app choice when it was made. */
    inApp: integer("in_app", { mode: "boolean" }).notNull(),
    readAt: text("read_at"),
    emailStatus: text("email_status", { enum: EMAIL_STATUSES }).notNull(),
    emailDueAt: text("email_due_at"),
    emailAttempts: integer("email_attempts").notNull().default(0),
    emailError: text("email_error"),
    /** When the e-mail's status last changed: a `queued` or `sending` left too long is picked up again. */
    emailUpdatedAt: text("email_updated_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("notifications_user_key").on(t.userId, t.key),
    index("notifications_user_created").on(t.userId, t.createdAt),
    index("notifications_email").on(t.emailStatus, t.emailDueAt),
    // The e-mails a user was sent in the last 24 hours, counted against their daily cap.
    index("notifications_user_emailed").on(t.userId, t.emailStatus, t.emailUpdatedAt),
  ],
);

/** A follow-up sequence: its steps, each a day after the start and an action. */
export const sequences = sqliteTable(
  "sequences",
  {
    id: id(),
    userId: owner(),
    name: text("name").notNull(),
    steps: text("steps", { mode: "json" }).$type<SequenceStep[]>().notNull(),
    personalize: integer("personalize", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index("sequences_user").on(t.userId, t.createdAt)],
);

/** Whether the user turned sequences on, and how many e-mails they may send a day. */
export const sequenceSettings = sqliteTable("sequence_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  dailyCap: integer("daily_cap").notNull(),
  updatedAt: timestamps.updatedAt,
});

/**
 * A lead in a sequence. `nextStep` is the index of the step to do next and `nextAt` (UTC ISO) when:
 * the cron's one query is `status = 'active' AND next_at <= now` on its index. A step is claimed
 * by inserting its log row (unique key) and moving `nextStep` on in the same batch.
 */
export const sequenceEnrollments = sqliteTable(
  "sequence_enrollments",
  {
    id: id(),
    userId: owner(),
    /** Null once the sequence is deleted: the lead's log of it stays. */
    sequenceId: text("sequence_id").references(() => sequences.id, { onDelete: "set null" }),
    sequenceName: text("sequence_name").notNull(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /**
     * Who started it, whose Gmail its e-mails go from and in whose time zone its days are counted;
     * null for the workspace's own (and once they have left it): its e-mails then become tasks
     * unless the workspace's account has Gmail.
     */
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ENROLLMENT_STATUSES }).notNull(),
    stopReason: text("stop_reason", {
      enum: Object.keys(STOP_REASONS) as [keyof typeof STOP_REASONS],
    }),
    /** The lead's status when the sequence started: a change stops it. */
    leadStatus: text("lead_status", { enum: LEAD_STATUSES }).notNull(),
    startedAt: text("started_at").notNull(),
    nextStep: integer("next_step").notNull().default(0),
    nextAt: text("next_at"),
    /** The Gmail thread the sequence's e-mails go in, and the first one's subject. */
    gmailThreadId: text("gmail_thread_id"),
    threadSubject: text("thread_subject"),
    ...timestamps,
  },
  (t) => [
    // A workspace's rows in the order they were written: how a move into its object reads them.
    index("sequence_enrollments_user").on(t.userId),
    index("sequence_enrollments_due").on(t.status, t.nextAt),
    index("sequence_enrollments_contact").on(t.contactId, t.status),
    // One running sequence per lead: a second start (or a double click) is refused.
    uniqueIndex("sequence_enrollments_one_active")
      .on(t.contactId)
      .where(sql`${t.status} = 'active'`),
  ],
);

/**
 * What each step did, on the lead's record: one row per step, unique by `key`
 * (`seq:<enrollment>:<step>`), so a step is done once however often it is delivered. `day` is the
 * user's local day of the send: the daily cap counts it.
 */
export const sequenceLog = sqliteTable(
  "sequence_log",
  {
    id: id(),
    userId: owner(),
    key: text("key").notNull(),
    enrollmentId: text("enrollment_id")
      .notNull()
      .references(() => sequenceEnrollments.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    action: text("action", { enum: STEP_ACTIONS }).notNull(),
    outcome: text("outcome", { enum: STEP_OUTCOMES }).notNull(),
    /** What happened, in words: the subject sent, the task made, why it stopped or failed. */
    detail: text("detail").notNull(),
    gmailMessageId: text("gmail_message_id"),
    calendarEventId: text("calendar_event_id"),
    day: text("day").notNull(),
    at: text("at").notNull(),
  },
  (t) => [
    uniqueIndex("sequence_log_key").on(t.key),
    index("sequence_log_contact").on(t.contactId, t.at),
    index("sequence_log_user_action_at").on(t.userId, t.action, t.at),
  ],
);

/**
 * A personal access token: kept only as the SHA-256 of its secret, which is shown once.
 * Revoking deletes the row, so the next request with it is refused at once.
 */
export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: id(),
    userId: owner(),
    /**
     * The workspace the token acts in, with its maker's role there at each request; null (made
     * before workspaces) is the maker's own.
     */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope", { enum: ACCESS_SCOPES }).notNull(),
    /** Hex SHA-256 of the whole token: what a request's token is looked up by. */
    tokenHash: text("token_hash").notNull(),
    /** The prefix and a few characters of the secret, for the list to tell tokens apart. */
    shown: text("shown").notNull(),
    expiresAt: text("expires_at"),
    /** Updated at most once a minute, so a busy client does not write on every request. */
    lastUsedAt: text("last_used_at"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("access_tokens_hash").on(t.tokenHash),
    index("access_tokens_user").on(t.userId, t.createdAt),
    // A member's tokens in a workspace, revoked together when they leave it.
    index("access_tokens_workspace").on(t.workspaceId, t.userId),
  ],
);

/**
 * One call an AI client made over MCP: which tool or resource, when, through which
 * token or connected app (named as it was then), and whether it worked. The user's audit log.
 */
export const mcpCalls = sqliteTable(
  "mcp_calls",
  {
    id: id(),
    userId: owner(),
    kind: text("kind", { enum: ["tool", "resource"] }).notNull(),
    name: text("name").notNull(),
    via: text("via", { enum: ["token", "app"] }).notNull(),
    /** The token's id or the OAuth client's id. */
    viaId: text("via_id").notNull(),
    viaName: text("via_name").notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    error: text("error"),
    at: text("at").notNull(),
  },
  (t) => [
    index("mcp_calls_user_at").on(t.userId, t.at),
    // The sweep's: calls older than the log keeps, across users.
    index("mcp_calls_at").on(t.at),
  ],
);

/**
 * The activity log: who created, changed (the fields, from and to) or deleted which record of a
 * workspace, and when. Kept a year (the sweeps remove older entries); an entry stays when its
 * record is gone, and loses its actor when their account goes.
 */
export const activity = sqliteTable(
  "activity",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    recordType: text("record_type", { enum: RECORD_TYPES }).notNull(),
    recordId: text("record_id").notNull(),
    action: text("action", { enum: ACTIVITY_ACTIONS }).notNull(),
    /** An update's fields by their API names, each `{ from, to }`; null for a create or a delete. */
    changes: text("changes", { mode: "json" }).$type<ActivityChanges>(),
    at: text("at").notNull(),
  },
  (t) => [
    // The workspace's log, newest first; one kind's; one record's history; one person's doings:
    // each a page read in its index's order. Ties in the order of the rowid SQLite ends each
    // entry with, which grows with each entry written.
    index("activity_workspace_at").on(t.workspaceId, t.at),
    index("activity_workspace_type_at").on(t.workspaceId, t.recordType, t.at),
    index("activity_workspace_record_at").on(t.workspaceId, t.recordType, t.recordId, t.at),
    index("activity_workspace_actor_at").on(t.workspaceId, t.actorId, t.at),
    // The sweep's: entries older than the log keeps, across workspaces.
    index("activity_at").on(t.at),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type EntryRow = typeof entries.$inferSelect;
export type PropertyRow = typeof properties.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationMessageRow = typeof conversationMessages.$inferSelect;
export type ResearchReportRow = typeof researchReports.$inferSelect;
export type GoogleConnectionRow = typeof googleConnections.$inferSelect;
export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type ProjectFileRow = typeof projectFiles.$inferSelect;
export type DealRow = typeof deals.$inferSelect;
export type DealShareRow = typeof dealShares.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type FilePageRow = typeof filePages.$inferSelect;
export type DealCriteriaRow = typeof dealCriteria.$inferSelect;
export type RehabTemplateRow = typeof rehabTemplates.$inferSelect;
export type AuctionRow = typeof auctions.$inferSelect;
export type AuctionHistoryRow = typeof auctionHistory.$inferSelect;
export type RouteRow = typeof routes.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type LeadRow = typeof leads.$inferSelect;
export type LeadBotRow = typeof leadBots.$inferSelect;
export type SequenceRow = typeof sequences.$inferSelect;
export type SequenceEnrollmentRow = typeof sequenceEnrollments.$inferSelect;
export type SequenceLogRow = typeof sequenceLog.$inferSelect;
export type ImportRunRow = typeof importRuns.$inferSelect;
export type UsageCounterRow = typeof usageCounters.$inferSelect;
export type AccessTokenRow = typeof accessTokens.$inferSelect;
export type McpCallRow = typeof mcpCalls.$inferSelect;
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;
export type ActivityRow = typeof activity.$inferSelect;
