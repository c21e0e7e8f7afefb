/**
 * The module registry: the one list read by the sidebar, the command palette and the routes.
 * Ids, titles and orders are the spec's (§3); order 7 is unused.
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
  type LucideIcon,
} from "lucide-react";
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { visibleModules, type ModuleDefinition } from "./domain/modules";
import type { SkeletonVariant } from "./components/skeleton";

export interface ModuleViewProps {
  module: AppModule;
}

export interface AppModule extends ModuleDefinition {
  icon: LucideIcon;
  skeleton: SkeletonVariant;
  /** What the module will hold, said plainly while it is not built yet. */
  upcoming?: string;
  View: LazyExoticComponent<ComponentType<ModuleViewProps>>;
}

const placeholder = lazy(() => import("./features/module-placeholder"));

type ModuleInput = Omit<AppModule, "section" | "isEnabled" | "isVisible"> &
  Partial<Pick<AppModule, "isEnabled" | "isVisible">>;

const DEFINITIONS: ModuleInput[] = [
  {
    id: "home",
    title: "Dashboard",
    description: "Your investing workspace at a glance",
    icon: LayoutDashboard,
    order: 1,
    skeleton: "card",
    View: lazy(() => import("./features/dashboard/dashboard")),
  },
  {
    id: "main-agent",
    title: "Main Agent",
    description: "Chat with the AI that knows your deals",
    icon: Bot,
    order: 2,
    aliases: ["assistant"],
    skeleton: "list",
    View: lazy(() => import("./features/main-agent/main-agent")),
  },
  {
    id: "property-research",
    title: "Property Research",
    description: "AI research on an address or a market",
    icon: Search,
    order: 3,
    skeleton: "default",
    View: lazy(() => import("./features/property-research/property-research")),
  },
  {
    id: "possible-investments",
    title: "Possible Investments",
    description: "Properties you are weighing, and their numbers",
    icon: TrendingUp,
    order: 4,
    skeleton: "table",
    upcoming:
      "Import properties from CSV or JSON, track them through your pipeline and analyse each deal.",
    View: lazy(() => import("./features/possible-investments/possible-investments")),
  },
  {
    id: "route-planner",
    title: "Route Planner (Maps)",
    description: "Plan visits to auctions and showings",
    icon: Route,
    order: 5,
    skeleton: "card",
    upcoming: "An optimised visiting order across auctions and showings, on a map.",
    View: placeholder,
  },
  {
    id: "auction",
    title: "Auctions",
    description: "Judicial, upset, sheriff, tax and trustee sales",
    icon: Gavel,
    order: 6,
    skeleton: "table",
    upcoming: "Sales by type with deposit deadlines and your bid limits.",
    View: placeholder,
  },
  {
    id: "project-hub",
    title: "Project Hub",
    description: "Projects, contacts and business documents",
    icon: FolderKanban,
    order: 8,
    skeleton: "list",
    View: lazy(() => import("./features/project-hub/project-hub")),
  },
  {
    id: "connections",
    title: "Connections",
    description: "AI providers and your Google account",
    icon: Plug,
    order: 9,
    skeleton: "list",
    View: lazy(() => import("./features/connections/connections")),
  },
  {
    id: "marketing",
    title: "Marketing",
    description: "Campaigns, funnels, bots and lead generation",
    icon: Megaphone,
    order: 10,
    skeleton: "card",
    upcoming: "Campaigns, funnels, bots and lead generation for your deals.",
    View: placeholder,
  },
  {
    id: "calendar",
    title: "Calendar",
    description: "Closings, auctions, showings and deadlines",
    icon: CalendarDays,
    order: 11,
    skeleton: "table",
    upcoming: "Your events and deadlines, with or without a Google Calendar.",
    View: placeholder,
  },
  {
    id: "emails",
    title: "Emails",
    description: "Your inbox",
    icon: Mail,
    order: 12,
    isEnabled: false,
    isVisible: false,
    skeleton: "list",
    View: placeholder,
  },
  {
    id: "resources",
    title: "Resources",
    description: "Education, guides and apps",
    icon: GraduationCap,
    order: 13,
    skeleton: "card",
    upcoming: "Education, guides and apps for real-estate investors.",
    View: placeholder,
  },
];

export const MODULES: readonly AppModule[] = DEFINITIONS.map((m) => ({
  section: "main",
  isEnabled: true,
  isVisible: true,
  ...m,
}));

export const SIDEBAR_MODULES = visibleModules(MODULES);
