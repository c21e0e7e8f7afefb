import { shortcutSheet } from "~/commands";
import { useCanWrite } from "~/lib/module-data";
import { shortcutLabel, type Shortcut } from "~/shortcuts";
import { Modal } from "./ui";

/** A shortcut as the palette and the `?` sheet show it: "Ctrl+Shift+O", "⌘⇧O". */
export function ShortcutKeys(props: { shortcut: Shortcut; mac: boolean }) {
  return (
    <kbd className="rounded border border-line bg-canvas px-1.5 py-0.5 font-sans text-xs whitespace-nowrap text-muted">
      {shortcutLabel(props.shortcut, props.mac)}
    </kbd>
  );
}

/** The `?` sheet: every key the workspace answers to (for this person), from the command list. */
export function ShortcutsDialog(props: { open: boolean; onClose: () => void; mac: boolean }) {
  const sheet = shortcutSheet(useCanWrite());
  return (
    <Modal open={props.open} title="Keyboard shortcuts" onClose={props.onClose}>
      <dl className="divide-y divide-line text-sm">
        {sheet.map(({ shortcut, description }) => (
          <div key={description} className="flex items-center justify-between gap-4 py-2">
            <dt>{description}</dt>
            <dd>
              <ShortcutKeys shortcut={shortcut} mac={props.mac} />
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
