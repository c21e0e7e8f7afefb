/**
 * Keyboard shortcuts: how one is written, matched and shown, the shell's own keys and the
 * commands' (app/commands.ts names them in the palette and lists them all in the `?` sheet). A
 * leaf, so the document (root.tsx) and the shell read the keys without the commands.
 */

export interface Shortcut {
  /** `KeyboardEvent.key`; letters in lower case. */
  key: string;
  /** Pressed with Ctrl (⌘ on a Mac). */
  commandKey?: boolean;
  /** Only for letters: other keys' Shift state is part of the key itself ("?"). */
  shift?: boolean;
  alt?: boolean;
}

export const withCommandKey = (key: string, shift = false): Shortcut => ({
  key,
  commandKey: true,
  shift,
});

/** Ctrl/⌘+K opens and closes the palette (spec §2). */
export const PALETTE_SHORTCUT = withCommandKey("k");
/**
 * The commands' keys, by the command's id (commands.ts): here, so the shell answers a key without
 * loading the commands themselves (their names, icons and actions load on the first one used). The
 * spec's Go to Dashboard (D) and Go to Calendar (C) keep their letters.
 */
export const COMMAND_SHORTCUTS: Readonly<Record<string, Shortcut>> = {
  "go-home": withCommandKey("d"),
  "go-calendar": withCommandKey("c"),
  "new-chat": withCommandKey("o", true),
  "new-event": withCommandKey("e"),
  "view-today": withCommandKey("y", true),
  "toggle-theme": withCommandKey("j"),
  "toggle-sidebar": withCommandKey("b"),
  "keyboard-shortcuts": { key: "?" },
  "export-data": withCommandKey("e", true),
  "import-data": withCommandKey("i"),
};

/** Focuses the notifications (spec §2; sonner's Toaster listens for it). */
export const NOTIFICATIONS_SHORTCUT: Shortcut = { key: "t", alt: true };

export function matchesShortcut(
  shortcut: Shortcut,
  event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">,
) {
  const letter = /^[a-z]$/.test(shortcut.key);
  return (
    event.key.toLowerCase() === shortcut.key.toLowerCase() &&
    (event.ctrlKey || event.metaKey) === Boolean(shortcut.commandKey) &&
    event.altKey === Boolean(shortcut.alt) &&
    (!letter || event.shiftKey === Boolean(shortcut.shift))
  );
}

export function shortcutLabel(shortcut: Shortcut, mac: boolean) {
  const keys = [
    shortcut.commandKey ? (mac ? "⌘" : "Ctrl") : null,
    shortcut.alt ? (mac ? "⌥" : "Alt") : null,
    shortcut.shift ? (mac ? "⇧" : "Shift") : null,
    shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key,
  ];
  return keys.filter(Boolean).join(mac ? "" : "+");
}

/** Whether a key pressed on this target types (an input, a text area, a select, editable text). */
export function isEditableTarget(target: EventTarget | null) {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/** The command a key press asks for (its id in COMMAND_SHORTCUTS), if any. */
export const commandOfKey = (event: KeyboardEvent) =>
  Object.keys(COMMAND_SHORTCUTS).find((id) => matchesShortcut(COMMAND_SHORTCUTS[id]!, event));
