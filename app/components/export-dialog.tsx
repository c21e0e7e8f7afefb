/**
 * Export (palette Export Data, EXPORT_CHAT, and the chat's export button): the open conversation
 * as Markdown or JSON, and, from the palette, the whole workspace as JSON.
 */
import { useChat } from "~/lib/stores/chat";
import { downloadConversation } from "~/lib/chat-export";
import { downloadExport } from "~/lib/transfer";
import { Modal } from "./ui";

export function ExportDialog(props: { open: boolean; onClose: () => void; workspace?: boolean }) {
  const title = useChat((s) => s.title);
  const run = (action: () => unknown) => {
    props.onClose();
    void action();
  };
  return (
    <Modal open={props.open} title="Export" onClose={props.onClose}>
      <p className="text-muted">
        The open conversation, &ldquo;{title}&rdquo;, with every message
        {props.workspace ? "; or your whole workspace." : "."}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {props.workspace && (
          <button type="button" className="btn-secondary" onClick={() => run(downloadExport)}>
            Workspace data (JSON)
          </button>
        )}
        <button
          type="button"
          className="btn-secondary"
          onClick={() => run(() => downloadConversation("json"))}
        >
          Conversation (JSON)
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={() => run(() => downloadConversation("markdown"))}
        >
          Conversation (Markdown)
        </button>
      </div>
    </Modal>
  );
}
