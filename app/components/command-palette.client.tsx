import { Command } from "cmdk";
import { Search } from "lucide-react";
import { useState } from "react";
import { commandsFor, rankCommands, type Command as AppCommand } from "~/commands";
import { PALETTE_LIST_MAX_HEIGHT } from "~/lib/layout";
import { useCanWrite } from "~/lib/module-data";
import { ShortcutKeys } from "./shortcuts-dialog";

const CATEGORY_TITLES: Record<AppCommand["category"], string> = {
  navigation: "Navigation",
  chat: "Chat",
  calendar: "Calendar",
  system: "System",
  data: "Data",
};

/**
 * Ctrl/Cmd+K palette (spec §2): filter by name, description or keyword, best match first, arrows
 * wrap, Enter runs, Escape or backdrop closes; a viewer's lists none that changes records. Mounted
 * while open and loaded on first opening (a `.client` module, so neither cmdk nor its dialog
 * enters the Worker or a page's first download).
 */
export default function CommandPalette(props: {
  onClose: () => void;
  onRun: (command: AppCommand) => void;
  mac: boolean;
}) {
  const [query, setQuery] = useState("");
  const commands = commandsFor(useCanWrite());
  // Best first, so cmdk selects the best match; a category shows where its best command ranks.
  const matching = rankCommands(commands, query);
  const categories = [...new Set(matching.map((command) => command.category))];

  return (
    <Command.Dialog
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      label="Command palette"
      loop
      shouldFilter={false}
      vimBindings={false}
      overlayClassName="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm"
      contentClassName="fixed left-1/2 top-[12vh] z-50 w-[calc(100vw-2rem)] max-w-[600px] -translate-x-1/2 overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl shadow-black/50"
    >
      <div className="flex items-center gap-3 border-b border-line px-4">
        <Search aria-hidden className="size-4 text-muted" />
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder="Search commands..."
          className="h-14 w-full bg-transparent text-base outline-none placeholder:text-muted focus-visible:outline-none"
        />
      </div>
      <Command.List className="overflow-y-auto p-2" style={{ maxHeight: PALETTE_LIST_MAX_HEIGHT }}>
        <Command.Empty className="px-4 py-10 text-center text-sm text-muted">
          No commands found matching &ldquo;{query}&rdquo;
        </Command.Empty>
        {categories.map((category) => (
          <Command.Group
            key={category}
            heading={CATEGORY_TITLES[category]}
            className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted [&_[cmdk-group-heading]]:uppercase"
          >
            {matching
              .filter((command) => command.category === category)
              .map((command) => (
                <Command.Item
                  key={command.id}
                  value={command.id}
                  onSelect={() => props.onRun(command)}
                  className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 data-[selected=true]:bg-raised"
                >
                  <command.icon aria-hidden className="size-4 shrink-0 text-accent" />
                  <span className="min-w-0 flex-1">
                    <span className="block text-sm font-medium">{command.name}</span>
                    <span className="block truncate text-xs text-muted">{command.description}</span>
                  </span>
                  {command.shortcut && <ShortcutKeys shortcut={command.shortcut} mac={props.mac} />}
                </Command.Item>
              ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command.Dialog>
  );
}
