import { describe, expect, it, vi } from "vitest";
import {
  commandMatches,
  COMMANDS,
  matchesShortcut,
  shortcutLabel,
  type CommandContext,
} from "~/commands";

describe("palette commands (spec §3)", () => {
  it("are the spec's ten, with their categories", () => {
    expect(COMMANDS.map((c) => [c.name, c.category])).toEqual([
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
    ]);
    expect(COMMANDS.filter((c) => c.type === "NEW_CHAT")).toHaveLength(1);
    expect(COMMANDS.filter((c) => c.type === "CLEAR_CHAT")).toHaveLength(1);
    expect(COMMANDS.filter((c) => c.type === "EXPORT_CHAT").map((c) => c.name)).toEqual([
      "Export Data",
    ]);
  });

  it("use the spec's letters, with Export Data moved to Shift+E so none collide", () => {
    const byName = Object.fromEntries(COMMANDS.map((c) => [c.name, c.shortcut]));
    expect(byName["Go to Dashboard"]).toEqual({ key: "d" });
    expect(byName["Go to Calendar"]).toEqual({ key: "c" });
    expect(byName["New Chat"]).toEqual({ key: "n" });
    expect(byName["New Event"]).toEqual({ key: "e" });
    expect(byName["View Today"]).toEqual({ key: "t" });
    expect(byName["Toggle Dark Mode"]).toEqual({ key: "j" });
    expect(byName["Toggle Sidebar"]).toEqual({ key: "b" });
    expect(byName["Export Data"]).toEqual({ key: "e", shift: true });
    expect(byName["Import Data"]).toEqual({ key: "i" });
    const labels = COMMANDS.flatMap((c) => (c.shortcut ? [shortcutLabel(c.shortcut, false)] : []));
    expect(new Set(labels).size).toBe(labels.length);
    expect(shortcutLabel({ key: "e", shift: true }, false)).toBe("Ctrl+Shift+E");
    expect(shortcutLabel({ key: "e", shift: true }, true)).toBe("⌘⇧E");
  });

  it("match a key press only with the right Shift state", () => {
    const exportData = COMMANDS.find((c) => c.name === "Export Data")!.shortcut!;
    const newEvent = COMMANDS.find((c) => c.name === "New Event")!.shortcut!;
    expect(matchesShortcut(exportData, { key: "E", shiftKey: true })).toBe(true);
    expect(matchesShortcut(newEvent, { key: "E", shiftKey: true })).toBe(false);
    expect(matchesShortcut(newEvent, { key: "e", shiftKey: false })).toBe(true);
  });

  it("filter by name or description, ignoring case", () => {
    const names = (query: string) =>
      COMMANDS.filter((c) => commandMatches(c, query)).map((c) => c.name);
    expect(names("CALENDAR")).toEqual(["Go to Calendar", "New Event"]);
    expect(names("workspace overview")).toEqual(["Go to Dashboard"]);
    expect(names("zzz")).toEqual([]);
    expect(names("  ")).toHaveLength(10);
  });

  it("act for real: navigation navigates, unbuilt modules say so", () => {
    const context: CommandContext = {
      navigate: vi.fn(),
      toggleSidebar: vi.fn(),
      toggleTheme: vi.fn(() => "light" as const),
      notify: vi.fn(),
      exportData: vi.fn(),
      importData: vi.fn(),
      newChat: vi.fn(),
      clearChatHistory: vi.fn(),
    };
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
    expect(context.navigate).toHaveBeenLastCalledWith("/main-agent");
    run("Clear Chat History");
    expect(context.clearChatHistory).toHaveBeenCalledOnce();
    run("View Today");
    expect(context.notify).toHaveBeenLastCalledWith(expect.stringContaining("not available yet"));
  });
});
