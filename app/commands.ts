/**
 * The command palette's commands (spec §3): the one list, read by the palette and the global
 * shortcuts. Each really acts, or says plainly that its module is not available yet.
 */
import {
  CalendarCheck,
  CalendarPlus,
  Download,
  LayoutDashboard,
  CalendarDays,
  MessageSquarePlus,
  MoonStar,
  PanelLeft,
  Trash2,
  Upload,
  type LucideIcon,
} from "lucide-react";
import { modulePath } from "./domain/modules";

export type CommandCategory = "navigation" | "chat" | "calendar" | "system" | "data";
export type CommandType =
  | "NAVIGATE"
  | "NEW_CHAT"
  | "CLEAR_CHAT"
  | "EXPORT_CHAT"
  | "NEW_EVENT"
  | "VIEW_TODAY"
  | "TOGGLE_THEME"
  | "TOGGLE_SIDEBAR"
  | "IMPORT_DATA";

export interface CommandContext {
  navigate: (path: string) => void;
  toggleSidebar: () => void;
  toggleTheme: () => "dark" | "light";
  notify: (message: string) => void;
  /** Workspace JSON, or (with a conversation open) a choice that includes the conversation. */
  exportData: () => void;
  importData: () => void;
  newChat: () => void;
  /** Asks for confirmation, then deletes every conversation. */
  clearChatHistory: () => void;
}

export interface Shortcut {
  /** The letter pressed with Ctrl (Cmd on a Mac). */
  key: string;
  shift?: boolean;
}

export interface Command {
  id: string;
  name: string;
  description: string;
  icon: LucideIcon;
  category: CommandCategory;
  shortcut?: Shortcut;
  type: CommandType;
  action: (context: CommandContext) => void;
}

export const notAvailable = (module: string) =>
  `${module} is not available yet: it arrives in a later release.`;

export const COMMANDS: readonly Command[] = [
  {
    id: "go-dashboard",
    name: "Go to Dashboard",
    description: "Open your workspace overview",
    icon: LayoutDashboard,
    category: "navigation",
    shortcut: { key: "d" },
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(modulePath("home")),
  },
  {
    id: "go-calendar",
    name: "Go to Calendar",
    description: "Open the calendar",
    icon: CalendarDays,
    category: "navigation",
    shortcut: { key: "c" },
    type: "NAVIGATE",
    action: ({ navigate }) => navigate(modulePath("calendar")),
  },
  {
    id: "new-chat",
    name: "New Chat",
    description: "Start a new conversation with the Main Agent",
    icon: MessageSquarePlus,
    category: "chat",
    shortcut: { key: "n" },
    type: "NEW_CHAT",
    action: ({ navigate, newChat }) => {
      newChat();
      navigate(modulePath("main-agent"));
    },
  },
  {
    id: "clear-chat",
    name: "Clear Chat History",
    description: "Delete every conversation with the Main Agent",
    icon: Trash2,
    category: "chat",
    type: "CLEAR_CHAT",
    action: ({ clearChatHistory }) => clearChatHistory(),
  },
  {
    id: "new-event",
    name: "New Event",
    description: "Add an event to your calendar",
    icon: CalendarPlus,
    category: "calendar",
    shortcut: { key: "e" },
    type: "NEW_EVENT",
    action: ({ navigate, notify }) => {
      navigate(modulePath("calendar"));
      notify(notAvailable("Creating events"));
    },
  },
  {
    id: "view-today",
    name: "View Today",
    description: "See today's events and deadlines",
    icon: CalendarCheck,
    category: "calendar",
    shortcut: { key: "t" },
    type: "VIEW_TODAY",
    action: ({ navigate, notify }) => {
      navigate(modulePath("calendar"));
      notify(notAvailable("The day view"));
    },
  },
  {
    id: "toggle-theme",
    name: "Toggle Dark Mode",
    description: "Switch between the dark and light themes",
    icon: MoonStar,
    category: "system",
    shortcut: { key: "j" },
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
    shortcut: { key: "b" },
    type: "TOGGLE_SIDEBAR",
    action: ({ toggleSidebar }) => toggleSidebar(),
  },
  {
    id: "export-data",
    name: "Export Data",
    description: "Download your workspace data, or the open conversation as Markdown or JSON",
    icon: Download,
    category: "data",
    shortcut: { key: "e", shift: true },
    type: "EXPORT_CHAT",
    action: ({ exportData }) => exportData(),
  },
  {
    id: "import-data",
    name: "Import Data",
    description: "Load workspace data from a JSON export",
    icon: Upload,
    category: "data",
    shortcut: { key: "i" },
    type: "IMPORT_DATA",
    action: ({ importData }) => importData(),
  },
];

export function matchesShortcut(
  shortcut: Shortcut,
  event: Pick<KeyboardEvent, "key" | "shiftKey">,
) {
  return event.key.toLowerCase() === shortcut.key && event.shiftKey === Boolean(shortcut.shift);
}

export function shortcutLabel(shortcut: Shortcut, mac: boolean) {
  const keys = [
    mac ? "⌘" : "Ctrl",
    shortcut.shift ? (mac ? "⇧" : "Shift") : null,
    shortcut.key.toUpperCase(),
  ];
  return keys.filter(Boolean).join(mac ? "" : "+");
}

/** Case-insensitive match on a command's name or description (spec §2). */
export function commandMatches(command: Pick<Command, "name" | "description">, query: string) {
  const needle = query.trim().toLowerCase();
  return !needle || `${command.name}\n${command.description}`.toLowerCase().includes(needle);
}
