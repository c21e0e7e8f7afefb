/**
 * The module registry: the one list read by the sidebar, the command palette and the routes.
 * Ids, titles and orders are the spec's (§3); order 7 is unused. Keyed by id, so the compiler
 * checks that every id of `ModuleParams` (the app's URLs) has exactly one module.
 */
import {
  Bot,
  CalendarDays,
  FolderKanban,
  Gavel,
  GraduationCap,
  LayoutDashboard,
  Mail,
  Megaphone,
  Plug,
  Route,
  Search,
  TrendingUp,
} from "lucide-react";
import type { SkeletonVariant } from "./components/skeleton";
import { visibleModules, type ModuleId } from "./domain/modules";
import type { ModuleSummary } from "./features/module-view";

export interface AppModule extends ModuleSummary {
  skeleton: SkeletonVariant;
  /** Other words people search the palette with (synonyms, what the module holds). */
  keywords: readonly string[];
}

type ModuleInput = Omit<AppModule, "id" | "section" | "isEnabled" | "isVisible"> &
  Partial<Pick<AppModule, "isEnabled" | "isVisible">>;

const DEFINITIONS: Record<ModuleId, ModuleInput> = {
  home: {
    title: "Dashboard",
    description: "Your investing workspace at a glance",
    icon: LayoutDashboard,
    order: 1,
    keywords: ["overview", "home", "start", "figures"],
    skeleton: "card",
  },
  "main-agent": {
    title: "Main Agent",
    description: "Chat with the AI that knows your deals",
    icon: Bot,
    order: 2,
    keywords: ["chat", "ai", "assistant", "agent", "conversations", "ask"],
    aliases: ["assistant"],
    skeleton: "list",
  },
  "property-research": {
    title: "Property Research",
    description: "AI research on an address or a market",
    icon: Search,
    order: 3,
    keywords: ["research", "address", "market", "comps", "comparables", "report"],
    skeleton: "default",
  },
  "possible-investments": {
    title: "Possible Investments",
    description: "Properties you are weighing, and their numbers",
    icon: TrendingUp,
    order: 4,
    keywords: ["properties", "deals", "leads", "listings", "pipeline", "import", "csv"],
    skeleton: "table",
    upcoming:
      "Import properties from CSV or JSON, track them through your pipeline and analyse each deal.",
  },
  "route-planner": {
    title: "Route Planner (Maps)",
    description: "Plan visits to auctions and showings",
    icon: Route,
    order: 5,
    keywords: ["maps", "map", "routes", "directions", "visits", "showings"],
    skeleton: "card",
  },
  auction: {
    title: "Auctions",
    description: "Judicial, upset, sheriff, tax and trustee sales",
    icon: Gavel,
    order: 6,
    keywords: ["auctions", "foreclosure", "sheriff", "tax", "trustee", "bids"],
    skeleton: "table",
  },
  "project-hub": {
    title: "Project Hub",
    description: "Projects, contacts and business documents",
    icon: FolderKanban,
    order: 8,
    keywords: [
      "projects",
      "contacts",
      "people",
      "crm",
      "deals",
      "documents",
      "docs",
      "notes",
      "files",
    ],
    skeleton: "list",
  },
  connections: {
    title: "Connections",
    description: "AI providers and your Google account",
    icon: Plug,
    order: 9,
    keywords: ["integrations", "settings", "google", "openai", "perplexity", "api keys"],
    skeleton: "list",
  },
  marketing: {
    title: "Marketing",
    description: "Campaigns, funnels, bots and lead generation",
    icon: Megaphone,
    order: 10,
    keywords: ["campaigns", "funnels", "bots", "leads", "lead generation"],
    skeleton: "list",
  },
  calendar: {
    title: "Calendar",
    description: "Closings, auctions, showings and deadlines",
    icon: CalendarDays,
    order: 11,
    keywords: ["events", "schedule", "agenda", "deadlines", "closings"],
    skeleton: "table",
  },
  emails: {
    title: "Emails",
    description: "Your inbox",
    icon: Mail,
    order: 12,
    keywords: ["mail", "gmail", "inbox"],
    isEnabled: false,
    isVisible: false,
    skeleton: "list",
  },
  resources: {
    title: "Resources",
    description: "Education, guides and apps",
    icon: GraduationCap,
    order: 13,
    keywords: ["education", "guides", "apps", "learn"],
    skeleton: "list",
  },
};

export const MODULES: readonly AppModule[] = (Object.keys(DEFINITIONS) as ModuleId[]).map((id) => ({
  id,
  section: "main",
  isEnabled: true,
  isVisible: true,
  ...DEFINITIONS[id],
}));

const BY_ID = Object.fromEntries(MODULES.map((module) => [module.id, module])) as Record<
  ModuleId,
  AppModule
>;

/** The module with this id: every id has one (`DEFINITIONS` is keyed by them). */
export const moduleOf = (id: ModuleId): AppModule => BY_ID[id];

export const SIDEBAR_MODULES = visibleModules(MODULES);
