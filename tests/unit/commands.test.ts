import { readdirSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import {
  COMMANDS,
  commandsFor,
  rankCommands,
  SHORTCUT_SHEET,
  shortcutSheet,
  type CommandContext,
} from "~/commands";
import { moduleForPath, modulePath } from "~/domain/modules";
import { SIDEBAR_MODULES } from "~/modules";
import { matchesShortcut, shortcutLabel, type Shortcut } from "~/shortcuts";

/**
 * Keys Chrome keeps for itself (new window, new tab, close, reopen, incognito, tab switching) or
 * for its developer tools: a page never sees them.
 */
const BROWSER_RESERVED = [
  "Ctrl+N",
  "Ctrl+T",
  "Ctrl+W",
  "Ctrl+Q",
  "Ctrl+Tab",
  "Ctrl+Shift+N",
  "Ctrl+Shift+T",
  "Ctrl+Shift+W",
  "Ctrl+Shift+Q",
  "Ctrl+Shift+Tab",
  "Ctrl+Shift+I",
  "Ctrl+Shift+J",
  "Ctrl+Shift+C",
];

const shortcuts = COMMANDS.flatMap((c) => (c.shortcut ? [c.shortcut] : []));
const label = (shortcut: Shortcut) => shortcutLabel(shortcut, false);
/** What the palette lists for a query, best first. */
const names = (query: string) => rankCommands(COMMANDS, query).map((c) => c.name);

function testContext(): CommandContext {
  return {
    navigate: vi.fn(),
    toggleSidebar: vi.fn(),
    toggleTheme: vi.fn(() => "light" as const),
    notify: vi.fn(),
    exportData: vi.fn(),
    importData: vi.fn(),
    newChat: vi.fn(),
    clearChatHistory: vi.fn(),
    showShortcuts: vi.fn(),
  };
}

describe("palette commands (spec §3)", () => {
  it("include the spec's ten, with their categories and types", () => {
    const spec = [
      ["Go to Dashboard", "navigation"],
      ["Go to Calendar", "navigation"],
      ["New Chat", "chat"],
      ["Clear Chat History", "chat"],
      ["New Event", "calendar"],
      ["View Today", "calendar"],
      ["Toggle Dark Mode", "system"],
      ["Toggle Sidebar", "system"],
      ["Export Data", "data"],
      ["Import Data", "data"],
    ];
    expect(COMMANDS.map((c) => [c.name, c.category])).toEqual(expect.arrayContaining(spec));
    expect(COMMANDS.filter((c) => c.type === "NEW_CHAT").map((c) => c.name)).toEqual(["New Chat"]);
    expect(COMMANDS.filter((c) => c.type === "CLEAR_CHAT")).toHaveLength(1);
    expect(COMMANDS.filter((c) => c.type === "EXPORT_CHAT").map((c) => c.name)).toEqual([
      "Export Data",
    ]);
  });

  it("have unique ids and names", () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
    expect(new Set(COMMANDS.map((c) => c.name)).size).toBe(COMMANDS.length);
  });

  it("go to every module the sidebar shows", () => {
    for (const module of SIDEBAR_MODULES) {
      const context = testContext();
      const entry = COMMANDS.find((c) => c.name === `Go to ${module.title}`);
      expect(entry, module.id).toBeDefined();
      entry!.action(context);
      expect(context.navigate).toHaveBeenCalledWith(modulePath(module.id));
    }
  });

  it("open forms and screens on paths a module or a page of its own opens", () => {
    // A page of its own (the password's, a record's) is a Remix route file: its name's segments,
    // split on dots, are the path's ("$id" any one segment), past the pathless `_app` layout.
    const routes = readdirSync("app/routes")
      .map((file) => file.replace(/\.tsx?$/, "").split("."))
      .map((segments) => segments.filter((segment) => segment !== "_app" && segment !== "_index"))
      .filter((segments) => segments.length > 0 && segments.at(-1) !== "$");
    const isPage = (pathname: string) => {
      const parts = pathname.split("/").filter(Boolean);
      return routes.some(
        (segments) =>
          segments.length === parts.length &&
          segments.every((segment, i) =>
            segment.startsWith("$") ? true : segment.replace(/_$/, "") === parts[i],
          ),
      );
    };
    for (const command of COMMANDS.filter((c) => ["NAVIGATE", "OPEN_FORM"].includes(c.type))) {
      const context = testContext();
      command.action(context);
      const [path] = vi.mocked(context.navigate).mock.calls[0]!;
      const { pathname } = new URL(path, "http://localhost");
      expect(
        moduleForPath(SIDEBAR_MODULES, pathname) !== null || isPage(pathname),
        command.name,
      ).toBe(true);
    }
  });
});

describe("a viewer's commands", () => {
  const viewer = commandsFor(false).map((c) => c.name);

  it("leave out every New, Import and Clear that changes the workspace's records", () => {
    for (const name of [
      "New project",
      "New contact",
      "New document",
      "New Deal Analysis",
      "New auction",
      "New lead",
      "New Event",
      "Plan a route",
      "Import properties",
      "Import auctions",
      "Import leads",
      "Import Data",
      "Clear Chat History",
    ])
      expect(viewer).not.toContain(name);
  });

  it("keep every Go to, the chat, the views and Export Data", () => {
    expect(viewer).toEqual(
      expect.arrayContaining([
        "Go to Dashboard",
        "Go to Contacts",
        "Research a property",
        "New Chat",
        "View Today",
        "Toggle Dark Mode",
        "Export Data",
      ]),
    );
    expect(commandsFor(true)).toBe(COMMANDS);
  });

  it("list no key of theirs in the ? sheet", () => {
    const described = shortcutSheet(false).map((entry) => entry.description);
    expect(described).not.toContain("New Event");
    expect(described).not.toContain("Import Data");
    expect(described).not.toContain("Calendar: new event");
    expect(described).toContain("Export Data");
    expect(shortcutSheet(true)).toBe(SHORTCUT_SHEET);
  });
});

describe("shortcuts", () => {
  it("are all different, within the commands and beside the shell's own keys", () => {
    const labels = SHORTCUT_SHEET.map(({ shortcut }) => label(shortcut));
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("never use a key the browser keeps for itself", () => {
    for (const shortcut of shortcuts) expect(BROWSER_RESERVED).not.toContain(label(shortcut));
  });

  it("are all listed in the ? sheet, with the command's name", () => {
    for (const command of COMMANDS.filter((c) => c.shortcut)) {
      expect(SHORTCUT_SHEET).toContainEqual(
        expect.objectContaining({ shortcut: command.shortcut, description: command.name }),
      );
    }
  });

  it("match a key press only with the right modifiers", () => {
    const press = (key: string, modifiers: Partial<KeyboardEvent> = {}) => ({
      key,
      ctrlKey: false,
      metaKey: false,
      shiftKey: false,
      altKey: false,
      ...modifiers,
    });
    const exportData = COMMANDS.find((c) => c.name === "Export Data")!.shortcut!;
    const newEvent = COMMANDS.find((c) => c.name === "New Event")!.shortcut!;
    const help = COMMANDS.find((c) => c.name === "Keyboard shortcuts")!.shortcut!;
    expect(matchesShortcut(exportData, press("E", { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(matchesShortcut(exportData, press("E", { metaKey: true, shiftKey: true }))).toBe(true);
    expect(matchesShortcut(newEvent, press("E", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(matchesShortcut(newEvent, press("e", { ctrlKey: true }))).toBe(true);
    expect(matchesShortcut(newEvent, press("e"))).toBe(false);
    expect(matchesShortcut(newEvent, press("e", { ctrlKey: true, altKey: true }))).toBe(false);
    // "?" is Shift+/ on most keyboards: its Shift is part of the key.
    expect(matchesShortcut(help, press("?", { shiftKey: true }))).toBe(true);
    expect(matchesShortcut(help, press("?", { ctrlKey: true }))).toBe(false);
  });

  it("read as the keys to press, on a PC and on a Mac", () => {
    const exportData = COMMANDS.find((c) => c.name === "Export Data")!.shortcut!;
    expect(shortcutLabel(exportData, false)).toBe("Ctrl+Shift+E");
    expect(shortcutLabel(exportData, true)).toBe("⌘⇧E");
    expect(shortcutLabel({ key: "t", alt: true }, false)).toBe("Alt+T");
    expect(shortcutLabel({ key: "Escape" }, true)).toBe("Escape");
  });
});

describe("finding a command", () => {
  it("finds every command by its name and by its description, ignoring case", () => {
    for (const command of COMMANDS) {
      expect(names(command.name.toUpperCase())).toContain(command.name);
      expect(names(command.description.toLowerCase())).toContain(command.name);
    }
  });

  it("finds modules and their actions by the words people use", () => {
    expect(names("project hub")).toContain("Go to Project Hub");
    expect(names("contacts")).toEqual(expect.arrayContaining(["Go to Contacts", "New contact"]));
    expect(names("crm")).toContain("Go to Project Hub");
    expect(names("deals")).toContain("Go to Possible Investments");
    expect(names("leads")).toContain("Go to Marketing");
    expect(names("docs")).toContain("New document");
    expect(names("maps")).toContain("Go to Route Planner (Maps)");
  });

  it("needs every word of the query, and an empty query keeps everything", () => {
    expect(names("workspace overview")).toEqual(["Go to Dashboard"]);
    expect(names("zzz")).toEqual([]);
    expect(names("  ")).toEqual(COMMANDS.map((c) => c.name));
  });
});

describe("the best match first", () => {
  // What the palette selects as the user types: the command the words name, not one that only
  // mentions them in its description or synonyms.
  it.each([
    ["new deal", "New Deal Analysis"],
    ["import", "Import Data"],
    ["export", "Export Data"],
    ["calendar", "Go to Calendar"],
    ["today", "View Today"],
    ["new event", "New Event"],
    ["new chat", "New Chat"],
    ["dark", "Toggle Dark Mode"],
    ["new contact", "New contact"],
    ["contacts", "Go to Contacts"],
    ["deal analysis", "New Deal Analysis"],
    ["imp", "Import Data"],
  ])("%s → %s", (query, best) => {
    expect(names(query)[0]).toBe(best);
  });

  it("puts every command named Import above what merely mentions importing", () => {
    const found = names("import");
    const named = found.filter((name) => name.startsWith("Import "));
    expect(named.sort()).toEqual(
      ["Import Data", "Import auctions", "Import leads", "Import properties"].sort(),
    );
    expect(found.slice(0, named.length).sort()).toEqual(named.sort());
    expect(found).toContain("Go to Possible Investments");
  });

  it("ranks a word of the name above a synonym, and a synonym above the description", () => {
    const found = names("calendar");
    // Go to Calendar names it; View Today has it as a synonym; New Event's description says it.
    expect(found.indexOf("Go to Calendar")).toBeLessThan(found.indexOf("View Today"));
    expect(found.indexOf("View Today")).toBeLessThan(found.indexOf("New Event"));
    const deal = names("new deal");
    expect(deal.indexOf("New Deal Analysis")).toBeLessThan(deal.indexOf("New project"));
  });

  it("ranks a whole word above the start of one, and that above a piece inside one", () => {
    // "deal": New project has it as a synonym; Possible Investments has "deals".
    const found = names("deal");
    expect(found[0]).toBe("New Deal Analysis");
    expect(found.indexOf("New project")).toBeLessThan(found.indexOf("Go to Possible Investments"));
    // "port" is only inside words: every import and export still matches.
    expect(names("port")).toEqual(
      expect.arrayContaining(["Import Data", "Export Data", "Import properties"]),
    );
  });
});

describe("running a command", () => {
  it("acts for real: navigation navigates, forms open, the calendar shows today", () => {
    const context = testContext();
    const run = (name: string) => COMMANDS.find((c) => c.name === name)!.action(context);
    run("Go to Calendar");
    expect(context.navigate).toHaveBeenLastCalledWith("/calendar");
    run("Toggle Sidebar");
    expect(context.toggleSidebar).toHaveBeenCalledOnce();
    run("Toggle Dark Mode");
    expect(context.notify).toHaveBeenLastCalledWith("Light theme on");
    run("Export Data");
    expect(context.exportData).toHaveBeenCalledOnce();
    run("Import Data");
    expect(context.importData).toHaveBeenCalledOnce();
    run("New Chat");
    expect(context.newChat).toHaveBeenCalledOnce();
    run("Clear Chat History");
    expect(context.clearChatHistory).toHaveBeenCalledOnce();
    run("Keyboard shortcuts");
    expect(context.showShortcuts).toHaveBeenCalledOnce();
    run("New Event");
    expect(context.navigate).toHaveBeenLastCalledWith("/calendar?new=1");
    run("View Today");
    expect(context.navigate).toHaveBeenLastCalledWith("/calendar?date=today");
  });
});
