/**
 * The workspace's keyboard: the palette's key opens and closes it, Escape closes the phone menu,
 * and a command's key (app/shortcuts.ts) runs the command, its code loaded with the first key; a
 * viewer's keys run none that changes records.
 */
import { useEffect } from "react";
import type { Command } from "~/commands";
import {
  COMMAND_SHORTCUTS,
  commandOfKey,
  isEditableTarget,
  matchesShortcut,
  PALETTE_SHORTCUT,
} from "~/shortcuts";

export function useShortcuts(keys: {
  paletteOpen: boolean;
  togglePalette: () => void;
  /** Closes the phone menu; null where there is none (a wide screen). */
  closeMenu: (() => void) | null;
  run: (command: Command) => void;
  /** The person may change the workspace's records (not a viewer). */
  canWrite: boolean;
}) {
  const { paletteOpen, togglePalette, closeMenu, run, canWrite } = keys;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (matchesShortcut(PALETTE_SHORTCUT, event)) {
        event.preventDefault();
        togglePalette();
        return;
      }
      if (event.key === "Escape" && !paletteOpen && closeMenu) {
        closeMenu();
        return;
      }
      const id = commandOfKey(event);
      if (!id) return;
      const shortcut = COMMAND_SHORTCUTS[id]!;
      // Where the user types or has selected text, a plain key ("?") types and Ctrl/⌘+letter
      // keeps its editing meaning (copy, bold…); Ctrl/⌘+Shift+letter, which editing leaves
      // alone, still acts. In the open palette (its search box has the focus) every Ctrl/⌘ key acts.
      const typing = isEditableTarget(event.target) || Boolean(window.getSelection()?.toString());
      if (typing && !(shortcut.commandKey && (shortcut.shift || paletteOpen))) return;
      event.preventDefault();
      // The commands (names, icons, actions) load with the first key or the palette.
      void import("~/commands").then(({ commandsFor }) => {
        const command = commandsFor(canWrite).find((c) => c.id === id);
        if (command) run(command);
      });
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [paletteOpen, togglePalette, closeMenu, run, canWrite]);
}
