/**
 * The command palette's commands (spec §3): the one list, read by the palette, the global
 * shortcuts and the keyboard-shortcut sheet. A "Go to" entry for every module of the registry,
 * the spec's ten commands, and each screen's main actions. Each really acts (a module that is not
 * built yet says so on its own screen). Those that change the workspace's records are marked, and
 * a viewer is not offered them.
 */
import {
  BellRing,
  Calculator,
  CalendarCheck,
  CalendarPlus,
  Contact,
  Download,
  FilePlus,
  FileSpreadsheet,
  FileText,
  FileUp,
  FolderPlus,
  Gavel,
  KeyRound,
  Keyboard,
  LockKeyhole,
  MessageSquarePlus,
  MoonStar,
  PanelLeft,
  Route,
  Search,
  Trash2,
  UserX,
  Upload,
  UserPlus,
  UserRoundPlus,
  type LucideIcon,
} from "lucide-react";
import { CALENDAR_KEYS } from "./domain/calendar/keys";
import {
  analysisPath,
  auctionPath,
  documentPath,
  leadPath,
  modulePath,
  projectPath,
  visitRoutePath,
} from "./domain/modules";
import { SIDEBAR_MODULES } from "./modules";
import {
  COMMAND_SHORTCUTS,
  NOTIFICATIONS_SHORTCUT,
  PALETTE_SHORTCUT,
  type Shortcut,
} from "./shortcuts";

/** The change-password page (app/routes/settings.password.tsx). */
export const CHANGE_PASSWORD_PATH = "/settings/password";
/** The page that deletes one's account (app/routes/settings.account.tsx). */
export const DELETE_ACCOUNT_PATH = "/settings/account";

export type CommandCategory = "navigation" | "chat" | "calendar" | "system" | "data";
export type CommandType =
  | "NAVIGATE"
  | "OPEN_FORM"
  | "NEW_CHAT"
  | "CLEAR_CHAT"
  | "EXPORT_CHAT"
  | "NEW_EVENT"
  | "VIEW_TODAY"
  | "TOGGLE_THEME"
  | "TOGGLE_SIDEBAR"
  | "SHOW_SHORTCUTS"
  | "IMPORT_DATA";

export interface CommandContext {
  navigate: (path: string) => void;
  toggleSidebar: () => void;
  toggleTheme: () => "dark" | "light";
  notify: (message: string) => void;
  /** Workspace JSON, or (with a conversation open) a choice that includes the conversation. */
  exportData: () => void;
  importData: () => void;
  /** Opens the Main Agent on a new conversation. */
  newChat: () => void;
  /** Asks for confirmation, then deletes every conversation. */
  clearChatHistory: () => void;
  showShortcuts: () => void;
}

export interface Command {
  id: string;
  name: string;
  description: string;
  icon: LucideIcon;
  category: CommandCategory;
  /** Other words the palette finds the command by. */
  keywords?: readonly string[];
  shortcut?: Shortcut;
  type: CommandType;
  action: (context: CommandContext) => void;
  /** It adds, imports or deletes the workspace's records: a viewer may not (the server refuses). */
  changes?: true;
}

const NAVIGATION: Command[] = SIDEBAR_MODULES.map((module) => ({
  id: `go-${module.id}`,
  name: `Go to ${module.title}`,
  description: module.description,
  icon: module.icon,
  category: "navigation",
  keywords: module.keywords,
  shortcut: COMMAND_SHORTCUTS[`go-${module.id}`],
  type: "NAVIGATE",
  action: ({ navigate }) => navigate(modulePath(module.id)),
}));

export const COMMANDS: readonly Command[] = [
  ...NAVIGATION,
  {
    id: "go-contacts",
    name: "Go to Contacts",
    description: "The people in your Project Hub: agents, lenders, contractors, sellers",
    icon: Contact,
    category: "navigation",
    keywords: ["people", "crm", "agents", "lenders", "contractors"],
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(modulePath("project-hub", { tab: "contacts" })),
  },
  {
    id: "go-documents",
    name: "Go to Documents",
    description: "Contracts, checklists, notes and reports in your Project Hub",
    icon: FileText,
    category: "navigation",
    keywords: ["docs", "notes", "files", "reports"],
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(modulePath("project-hub", { tab: "documents" })),
  },
  {
    id: "notification-preferences",
    name: "Notification preferences",
    description: "Reminders, the daily brief, quiet hours and which e-mails you get",
    icon: BellRing,
    category: "navigation",
    keywords: [
      "notifications",
      "reminders",
      "alerts",
      "email",
      "daily brief",
      "quiet hours",
      "unsubscribe",
      "time zone",
      "settings",
    ],
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(modulePath("connections", { section: "notifications" })),
  },
  {
    id: "ai-clients",
    name: "AI clients and access tokens",
    description:
      "Use AI42 from Claude, ChatGPT or Cursor: the MCP server, tokens and connected apps",
    icon: KeyRound,
    category: "navigation",
    keywords: [
      "mcp",
      "claude",
      "chatgpt",
      "cursor",
      "api",
      "token",
      "personal access token",
      "oauth",
      "connected apps",
      "integrations",
    ],
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(modulePath("connections", { section: "ai-clients" })),
  },
  {
    id: "change-password",
    name: "Change password",
    description: "A new password: signs out your other devices and revokes tokens and AI apps",
    icon: LockKeyhole,
    category: "navigation",
    keywords: ["password", "account", "security", "sign out everywhere", "settings"],
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(CHANGE_PASSWORD_PATH),
  },
  {
    id: "delete-account",
    name: "Delete account",
    description: "Your account and your own workspace, for good, after your password",
    icon: UserX,
    category: "navigation",
    keywords: ["delete", "close", "remove", "account", "cancel", "settings", "privacy"],
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(DELETE_ACCOUNT_PATH),
  },
  {
    id: "research-property",
    name: "Research a property",
    description: "A report on an address or a market, with your own numbers",
    icon: Search,
    category: "navigation",
    keywords: ["address", "market", "comps", "analysis"],
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(modulePath("property-research")),
  },
  {
    id: "new-chat",
    name: "New Chat",
    description: "Start a new conversation with the Main Agent",
    icon: MessageSquarePlus,
    category: "chat",
    keywords: ["ai", "ask", "assistant"],
    shortcut: COMMAND_SHORTCUTS["new-chat"],
    type: "NEW_CHAT",
    action: ({ newChat }) => newChat(),
  },
  {
    id: "clear-chat",
    name: "Clear Chat History",
    description: "Delete every conversation with the Main Agent",
    icon: Trash2,
    category: "chat",
    type: "CLEAR_CHAT",
    changes: true,
    action: ({ clearChatHistory }) => clearChatHistory(),
  },
  {
    id: "new-event",
    name: "New Event",
    description: "Add an event to your calendar",
    icon: CalendarPlus,
    category: "calendar",
    shortcut: COMMAND_SHORTCUTS["new-event"],
    type: "NEW_EVENT",
    changes: true,
    action: ({ navigate }) => navigate(modulePath("calendar", { new: "1" })),
  },
  {
    id: "view-today",
    name: "View Today",
    description: "See today's events and deadlines",
    icon: CalendarCheck,
    category: "calendar",
    keywords: ["calendar", "agenda"],
    shortcut: COMMAND_SHORTCUTS["view-today"],
    type: "VIEW_TODAY",
    action: ({ navigate }) => navigate(modulePath("calendar", { date: "today" })),
  },
  {
    id: "toggle-theme",
    name: "Toggle Dark Mode",
    description: "Switch between the dark and light themes",
    icon: MoonStar,
    category: "system",
    keywords: ["theme", "light"],
    shortcut: COMMAND_SHORTCUTS["toggle-theme"],
    type: "TOGGLE_THEME",
    action: ({ toggleTheme, notify }) =>
      notify(toggleTheme() === "dark" ? "Dark theme on" : "Light theme on"),
  },
  {
    id: "toggle-sidebar",
    name: "Toggle Sidebar",
    description: "Collapse or expand the sidebar",
    icon: PanelLeft,
    category: "system",
    keywords: ["menu"],
    shortcut: COMMAND_SHORTCUTS["toggle-sidebar"],
    type: "TOGGLE_SIDEBAR",
    action: ({ toggleSidebar }) => toggleSidebar(),
  },
  {
    id: "keyboard-shortcuts",
    name: "Keyboard shortcuts",
    description: "Every key the workspace answers to",
    icon: Keyboard,
    category: "system",
    keywords: ["keys", "hotkeys", "help"],
    shortcut: COMMAND_SHORTCUTS["keyboard-shortcuts"],
    type: "SHOW_SHORTCUTS",
    action: ({ showShortcuts }) => showShortcuts(),
  },
  {
    id: "new-project",
    name: "New project",
    description: "Start tracking a deal in the Project Hub",
    icon: FolderPlus,
    category: "data",
    keywords: ["deal", "flip", "rental", "create"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(projectPath("new")),
  },
  {
    id: "new-contact",
    name: "New contact",
    description: "Add an agent, lender, contractor or seller",
    icon: UserPlus,
    category: "data",
    keywords: ["contacts", "person", "people", "crm", "create"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(modulePath("project-hub", { tab: "contacts", new: "1" })),
  },
  {
    id: "new-document",
    name: "New document",
    description: "Write a Markdown note, checklist or contract",
    icon: FilePlus,
    category: "data",
    keywords: ["docs", "note", "write", "create"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(documentPath("new")),
  },
  {
    id: "new-deal-analysis",
    name: "New Deal Analysis",
    description: "Run the numbers on a rental, flip, BRRRR or wholesale deal",
    icon: Calculator,
    category: "data",
    keywords: [
      "analyze",
      "analyzer",
      "calculator",
      "cap rate",
      "cash flow",
      "roi",
      "brrrr",
      "flip",
    ],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(analysisPath({ id: "new" })),
  },
  {
    id: "import-properties",
    name: "Import properties",
    description: "Bring in Possible Investments from a CSV or JSON file",
    icon: FileSpreadsheet,
    category: "data",
    keywords: ["csv", "deals", "leads", "listings", "upload"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(modulePath("possible-investments", { import: "1" })),
  },
  {
    id: "new-auction",
    name: "New auction",
    description: "Track a sheriff, tax, trustee, judicial or upset sale",
    icon: Gavel,
    category: "data",
    keywords: ["auction", "foreclosure", "sale", "bid", "create"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(auctionPath("new")),
  },
  {
    id: "plan-route",
    name: "Plan a route",
    description: "The best order to visit the day's properties, auctions and showings",
    icon: Route,
    category: "data",
    keywords: ["route", "map", "directions", "drive", "visits", "itinerary", "create"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(visitRoutePath("new")),
  },
  {
    id: "import-auctions",
    name: "Import auctions",
    description: "Bring in a county's list of sales from a CSV file",
    icon: FileUp,
    category: "data",
    keywords: ["csv", "foreclosure", "sheriff", "tax", "upload"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(modulePath("auction", { import: "1" })),
  },
  {
    id: "new-lead",
    name: "New lead",
    description: "Add a motivated seller to your marketing leads",
    icon: UserRoundPlus,
    category: "data",
    keywords: ["lead", "seller", "prospect", "marketing", "create"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(leadPath("new")),
  },
  {
    id: "import-leads",
    name: "Import leads",
    description: "Bring in a list of sellers from a CSV file (mailer, cold calls, PPC)",
    icon: FileUp,
    category: "data",
    keywords: ["csv", "leads", "sellers", "marketing", "upload", "list"],
    type: "OPEN_FORM",
    changes: true,
    action: ({ navigate }) => navigate(modulePath("marketing", { tab: "leads", import: "1" })),
  },
  {
    id: "export-data",
    name: "Export Data",
    description: "Download your workspace data, or the open conversation as Markdown or JSON",
    icon: Download,
    category: "data",
    keywords: ["backup", "download", "json"],
    shortcut: COMMAND_SHORTCUTS["export-data"],
    type: "EXPORT_CHAT",
    action: ({ exportData }) => exportData(),
  },
  {
    id: "import-data",
    name: "Import Data",
    description: "Load workspace data from a JSON export",
    icon: Upload,
    category: "data",
    keywords: ["restore", "upload", "json"],
    shortcut: COMMAND_SHORTCUTS["import-data"],
    type: "IMPORT_DATA",
    changes: true,
    action: ({ importData }) => importData(),
  },
];

/** The commands a person may run in the workspace they work in: a viewer's change nothing. */
export const commandsFor = (canWrite: boolean) =>
  canWrite ? COMMANDS : COMMANDS.filter((command) => !command.changes);

interface SheetEntry {
  shortcut: Shortcut;
  description: string;
  /** Its key changes the workspace's records (a command's, the calendar's C). */
  changes?: true;
}

/** Every key the workspace answers to, as the `?` sheet lists them. */
export const SHORTCUT_SHEET: readonly SheetEntry[] = [
  { shortcut: PALETTE_SHORTCUT, description: "Open or close the command palette" },
  ...COMMANDS.flatMap((command) =>
    command.shortcut
      ? [{ shortcut: command.shortcut, description: command.name, changes: command.changes }]
      : [],
  ),
  { shortcut: NOTIFICATIONS_SHORTCUT, description: "Focus the notifications" },
  ...CALENDAR_KEYS.map(({ key, description, action }) => ({
    shortcut: { key },
    description,
    changes: action.type === "new" || undefined,
  })),
  { shortcut: { key: "Escape" }, description: "Close the palette, a dialog or the menu" },
];

/** The keys the `?` sheet lists to a person: to a viewer, none that changes records. */
export const shortcutSheet = (canWrite: boolean) =>
  canWrite ? SHORTCUT_SHEET : SHORTCUT_SHEET.filter((entry) => !entry.changes);

/**
 * Points for where a query word is found: a command's own name beats its synonyms, which beat its
 * description; a whole word beats the start of one, which beats a piece inside one. So "import"
 * puts the commands named Import above a module that merely lists it as a synonym, and "new deal"
 * puts New Deal Analysis above New project (whose synonyms hold "deal").
 */
const POINTS = {
  name: { word: 9, start: 8, inside: 3 },
  keywords: { word: 7, start: 6, inside: 2 },
  description: { word: 5, start: 4, inside: 1 },
} as const;

type Field = keyof typeof POINTS;

const queryWords = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);
const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** A query word's points in one field, or 0 where the field does not hold it. */
function fieldPoints(field: Field, text: string, word: string) {
  if (!text.includes(word)) return 0;
  const words = wordsOf(text);
  if (words.includes(word)) return POINTS[field].word;
  if (words.some((w) => w.startsWith(word))) return POINTS[field].start;
  return POINTS[field].inside;
}

/**
 * How well a command answers a query: every word of the query must be found, case-insensitively,
 * in its name, description or keywords (spec §2, plus synonyms: "project hub", "contacts" and
 * "crm" all find the Project Hub), each scoring where it is found best; 0 when a word is missing.
 */
function commandScore(command: Command, query: string) {
  const fields: [Field, string][] = [
    ["name", command.name.toLowerCase()],
    ["keywords", (command.keywords ?? []).join("\n").toLowerCase()],
    ["description", command.description.toLowerCase()],
  ];
  let score = 0;
  for (const word of queryWords(query)) {
    const best = Math.max(...fields.map(([field, text]) => fieldPoints(field, text, word)));
    if (best === 0) return 0;
    score += best;
  }
  return score;
}

/**
 * The commands a query finds, best first; ties go to the shorter name (the query covers more of
 * it: "import" is Import Data before Import properties), then to the list's order. An empty
 * query keeps the whole list in its order.
 */
export function rankCommands(commands: readonly Command[], query: string): Command[] {
  if (queryWords(query).length === 0) return [...commands];
  return commands
    .map((command, index) => ({ command, index, score: commandScore(command, query) }))
    .filter(({ score }) => score > 0)
    .sort(
      (a, b) =>
        b.score - a.score || a.command.name.length - b.command.name.length || a.index - b.index,
    )
    .map(({ command }) => command);
}
