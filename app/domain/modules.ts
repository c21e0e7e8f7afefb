/**
 * Pure rules of the module registry (spec §2–§3): which modules show, which one is active, and
 * the paths that open them.
 */
import type { AuctionStatus, SaleType } from "./auctions/auction";
import type { BuyBoxFilter } from "./deals/buy-box-filter";
import type { Strategy } from "./deals/types";
import type { GoogleOutcome } from "./google";
import type { LeadStatus } from "./marketing/leads";
import type { ListingStatus, PropertyStatus, PropertyType } from "./workspace";

type NoParams = Record<string, never>;

/**
 * Every module's id, with the query parameters its screen reads: the one description of the
 * app's URLs. Build paths with `modulePath`, never by hand.
 */
export interface ModuleParams {
  home: NoParams;
  /**
   * `q` the words the saved conversations' titles are searched for. A saved conversation has a
   * path of its own (`conversationPath`).
   */
  "main-agent": { q?: string };
  /** `page` the page of the research history. A report has a path of its own (`researchPath`). */
  "property-research": { page?: number };
  /**
   * `import: "1"` opens the import dialog. The list's search (`q`), filters (`assignee: "me"`:
   * Mine), sort (`sort`, `dir`) and `page` are those of `GET /api/data/properties`. A property, an analysis and Compare have
   * paths of their own (`propertyPath`, `analysisPath`, `comparePath`).
   */
  "possible-investments": {
    q?: string;
    status?: PropertyStatus;
    propertyType?: PropertyType;
    /** Whether the primary analysis meets the buy box ("yes") or misses it ("no"). */
    meetsCriteria?: BuyBoxFilter;
    listingStatus?: ListingStatus;
    /** "no": absentee owners only; "yes": owner-occupied. */
    ownerOccupied?: "yes" | "no";
    /** Only properties with at least this much estimated equity. */
    minEquity?: number;
    assignee?: string;
    sort?: string;
    dir?: "asc" | "desc";
    page?: number;
    import?: "1";
  };
  /**
   * `page` the page of the saved routes. A saved route, and the one being planned, have paths of
   * their own (`visitRoutePath`).
   */
  "route-planner": { page?: number };
  /**
   * The list, or with `view: "calendar"` the sale times and deposit deadlines of `month`
   * ("2027-04", default this month); `import: "1"` the CSV import. The list's search (`q`),
   * filters (`assignee: "me"`: Mine), sort (`sort`, `dir`) and `page` are those of
   * `GET /api/auctions`, but for the sale
   * range: days (`from`, `to`, both included), where the API takes instants. An auction, the
   * form to add one and the guide to the sale types have paths of their own (`auctionPath`,
   * `SALE_TYPES_GUIDE_PATH`).
   */
  auction: {
    q?: string;
    saleType?: SaleType;
    status?: AuctionStatus;
    state?: string;
    county?: string;
    from?: string;
    to?: string;
    assignee?: string;
    sort?: string;
    dir?: "asc" | "desc";
    page?: number;
    view?: "list" | "calendar";
    month?: string;
    import?: "1";
  };
  /**
   * One tab each (`tab`, default projects), with its list's search (`q`), filters (projects'
   * `assignee: "me"`: Mine) and `page` as the tab's `GET /api/…` reads them; contacts' `new: "1"` opens the new-contact form. A project,
   * a contact and a document have paths of their own (`projectPath`, `contactPath`,
   * `documentPath`).
   */
  "project-hub":
    | {
        tab?: "projects";
        q?: string;
        type?: string;
        status?: string;
        assignee?: string;
        page?: number;
      }
    | { tab: "contacts"; q?: string; type?: string; page?: number; new?: "1" }
    | { tab: "documents"; q?: string; kind?: string }
    | { tab: "files"; q?: string; kind?: string; ownerType?: string; page?: number };
  /**
   * `google`: how the Google connect flow ended, as the OAuth callback names it; `section:
   * "notifications"` scrolls to the notification preferences (the bell's Preferences), `"ai-clients"`
   * to the access tokens, connected apps and their log.
   */
  connections: { google?: GoogleOutcome; section?: "notifications" | "ai-clients" };
  /**
   * One tab each (`tab`, default leads): leads (`import` the CSV import), campaigns, the funnel
   * and the lead bots (`bot` the bot open in the editor and playground). The leads list's search
   * (`q`), filters (`status`, `campaignId`, `followUpBy`, `assignee`), `sort` and `page` are those of
   * `GET /api/marketing/leads`; the funnel's `campaignId` that of `GET /api/marketing/summary`. A
   * lead and a campaign have paths of their own (`leadPath`, `campaignPath`).
   */
  marketing: {
    tab?: MarketingTab;
    q?: string;
    status?: LeadStatus;
    campaignId?: string;
    followUpBy?: string;
    assignee?: string;
    sort?: "newest" | "follow_up" | "score" | "name";
    page?: number;
    import?: "1";
    bot?: string;
  };
  /**
   * `view` (month, week, day or agenda; by default the month, or the agenda on a phone), `date`
   * a day in the range shown (default today; `today` also opens the day view), `new` the
   * new-event form.
   */
  calendar: { view?: "month" | "week" | "day" | "agenda"; date?: string; new?: "1" };
  emails: NoParams;
  /**
   * `tab` (default the glossary); `term` a glossary entry to open; `guide` a guide to read.
   */
  resources: { tab?: ResourcesTab; term?: string; guide?: string };
}

export type ModuleId = keyof ModuleParams;
export const PROJECT_HUB_TABS = ["projects", "contacts", "documents", "files"] as const;
export type ProjectHubTab = (typeof PROJECT_HUB_TABS)[number];
export const MARKETING_TABS = ["leads", "sequences", "campaigns", "funnel", "bots"] as const;
export type MarketingTab = (typeof MARKETING_TABS)[number];
export const RESOURCES_TABS = ["glossary", "guides", "apps"] as const;
export type ResourcesTab = (typeof RESOURCES_TABS)[number];

/** "?a=1&b=2" of the parameters that have a value; "" when none has. */
function queryOf(params: object | undefined) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `?${search}` : "";
}

/** `/project-hub?tab=documents&new=1`: the path that opens a module, with its parameters. */
export function modulePath<Id extends ModuleId>(id: Id, params?: ModuleParams[Id]) {
  return `/${id}${queryOf(params)}`;
}

/**
 * The modules whose records are pages of their own, at paths under the module's, with the paths
 * their routes answer (app/routes/_app.<module>.*): a path that matches is that module's, for the
 * sidebar (`activeModuleId`), though `moduleForPath` opens no module there.
 */
const RECORD_PATHS: Partial<Record<ModuleId, RegExp>> = {
  // A property, its analyses (or one without a property), Compare, the form to add one.
  "possible-investments": /^\/(analyses\/[^/]+|[^/]+(\/analyses\/[^/]+)?)$/,
  // A project (or the form to create one), a contact, a document (or the form to write one).
  "project-hub": /^\/(projects|contacts|documents)\/[^/]+$/,
  // An auction (or the form to add one), the guide to the sale types.
  auction: /^\/[^/]+$/,
  // A saved research report.
  "property-research": /^\/[^/]+$/,
  // A saved conversation.
  "main-agent": /^\/[^/]+$/,
  // A saved route, or the one being planned.
  "route-planner": /^\/[^/]+$/,
  // A lead or a campaign (or the form to add one).
  marketing: /^\/(leads|campaigns)\/[^/]+$/,
};

const segment = (id: string) => encodeURIComponent(id);

/** A property's page; `new`: the form to add one by hand. */
export const propertyPath = (id: string) => `${modulePath("possible-investments")}/${segment(id)}`;

/** Where a screen of a property's goes back to: its page, or the list for no property. */
export const propertyOrListPath = (propertyId: string | null | undefined) =>
  propertyId ? propertyPath(propertyId) : modulePath("possible-investments");

/**
 * The deal analyzer: a saved analysis, or `new` (for `propertyId` when given, its figures filling
 * the form), in `strategy`; `term` a glossary entry's slug, whose figure it highlights.
 */
export function analysisPath(
  analysis: { id: string; propertyId?: string | null },
  params?: { strategy?: Strategy; term?: string },
) {
  return `${propertyOrListPath(analysis.propertyId)}/analyses/${segment(analysis.id)}${queryOf(params)}`;
}

/** Two to four saved analyses side by side; `propertyId` the property they were compared from. */
export const comparePath = (ids: readonly string[], propertyId?: string | null) =>
  `${modulePath("possible-investments")}/compare${queryOf({ ids: ids.join(","), property: propertyId })}`;

/** A project's page; `new`: the form to create one. */
export const projectPath = (id: string) => `${modulePath("project-hub")}/projects/${segment(id)}`;

/** A contact's page: how to reach them, what they own, the projects they are on. */
export const contactPath = (id: string) => `${modulePath("project-hub")}/contacts/${segment(id)}`;

/** A document's page; `new` the form to write one, linked to `project` when given. */
export const documentPath = (id: string, params?: { project?: string }) =>
  `${modulePath("project-hub")}/documents/${segment(id)}${queryOf(params)}`;

/** An auction's page; `new`: the form to add one, filled from `property` when given. */
export const auctionPath = (id: string, params?: { property?: string }) =>
  `${modulePath("auction")}/${segment(id)}${queryOf(params)}`;

/** The guide to the five sale types: which liens survive each, and what to check. */
export const SALE_TYPES_GUIDE_PATH = `${modulePath("auction")}/sale-types`;

/** A saved conversation with the Main Agent, open in the chat; `q` the list's search. */
export const conversationPath = (id: string, params?: ModuleParams["main-agent"]) =>
  `${modulePath("main-agent")}/${segment(id)}${queryOf(params)}`;

/**
 * A saved route in the planner (a route one drives, not a Remix route); `new`: a route being
 * planned. `tab: "map"`: a phone shows the map (by default the list; wide screens show both).
 */
export const visitRoutePath = (id: string, params?: { tab?: "map" }) =>
  `${modulePath("route-planner")}/${segment(id)}${queryOf(params)}`;

/** A saved research report's page. */
export const researchPath = (id: string) => `${modulePath("property-research")}/${segment(id)}`;

/**
 * A lead's page: its fields, its follow-up sequence; `new` the form to add one. `back`: the
 * leads list it was opened from, with its filters.
 */
export const leadPath = (id: string, params?: { back?: string }) =>
  `${modulePath("marketing")}/leads/${segment(id)}${queryOf(params)}`;

/** A campaign's page: its figures, its funnel and its leads; `new` the form to add one. */
export const campaignPath = (id: string) => `${modulePath("marketing")}/campaigns/${segment(id)}`;

export type ModuleSection = "main";

export interface ModuleDefinition {
  id: string;
  title: string;
  description: string;
  section: ModuleSection;
  isEnabled: boolean;
  isVisible: boolean;
  order: number;
  parent?: string;
  /** Other first path segments that open this module (e.g. /assistant for the Main Agent). */
  aliases?: readonly string[];
}

/** Only enabled, visible, parentless main-section modules show, sorted by order. */
export function visibleModules<T extends ModuleDefinition>(modules: readonly T[]): T[] {
  return modules
    .filter((m) => m.isEnabled && m.isVisible && !m.parent && m.section === "main")
    .sort((a, b) => a.order - b.order);
}

export function childModules<T extends ModuleDefinition>(modules: readonly T[], parentId: string) {
  return modules
    .filter((m) => m.parent === parentId && m.isEnabled && m.isVisible)
    .sort((a, b) => a.order - b.order);
}

/**
 * The module a path opens: a single segment naming an enabled module (or one of its aliases); null
 * for any other path: `/nope`, `/home/nope`, and a record's page too (`RECORD_PATHS`), which
 * `activeModuleId` places. Which paths are pages is the routes' to say: one that no route answers
 * gets the "Page not found" page (404) from app/routes/_app.$.tsx.
 */
export function moduleForPath<T extends ModuleDefinition>(
  modules: readonly T[],
  pathname: string,
): T | null {
  const [segment, ...deeper] = pathname.split("/").filter(Boolean);
  if (!segment || deeper.length) return null;
  return (
    modules.find((m) => m.isEnabled && (m.id === segment || m.aliases?.includes(segment))) ?? null
  );
}

/**
 * The sidebar's active module: the module the path opens, or whose record it is (its first
 * segment, on a path its record routes answer); none on a page that is not found.
 */
export function activeModuleId<T extends ModuleDefinition>(
  modules: readonly T[],
  pathname: string,
) {
  const module = moduleForPath(modules, pathname);
  if (module) return module.id;
  const [, first = "", rest = ""] = /^\/([^/]+)(\/.*?)\/?$/.exec(pathname) ?? [];
  const records = RECORD_PATHS[first as ModuleId];
  const owner = records?.test(rest) ? modules.find((m) => m.isEnabled && m.id === first) : null;
  return owner?.id ?? null;
}
