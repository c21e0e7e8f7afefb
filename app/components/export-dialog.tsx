/**
 * Export (palette Export Data, EXPORT_CHAT, and the chat's export button): the open conversation
 * as Markdown or JSON, and, from the palette, the whole workspace as JSON only or, with every
 * stored file, as a .zip.
 */
import { useChat } from "~/lib/stores/chat";
import { downloadConversation } from "~/lib/chat-export";
import { downloadExport, downloadExportZip } from "~/lib/transfer";
import { Modal } from "./ui";

export function ExportDialog(props: { open: boolean; onClose: () => void; workspace?: boolean }) {
  const title = useChat((s) => s.title);
  const conversation = useChat((s) => s.items.length > 0) || !props.workspace;
  const run = (action: () => unknown) => {
    props.onClose();
    void action();
  };
  return (
    <Modal open={props.open} title="Export" onClose={props.onClose}>
      {props.workspace && (
        <>
          <p className="text-muted">
            Your whole workspace: its records as JSON, or everything with your files as a .zip that
            Import Data restores.
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={() => run(downloadExport)}>
              JSON only
            </button>
            <button type="button" className="btn-primary" onClick={() => run(downloadExportZip)}>
              Everything, with files (.zip)
            </button>
          </div>
        </>
      )}
      {conversation && (
        <>
          <p className={props.workspace ? "mt-6 text-muted" : "text-muted"}>
            The open conversation, &ldquo;{title}&rdquo;, with every message.
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => run(() => downloadConversation("json"))}
            >
              Conversation (JSON)
            </button>
            <button
              type="button"
              className={props.workspace ? "btn-secondary" : "btn-primary"}
              onClick={() => run(() => downloadConversation("markdown"))}
            >
              Conversation (Markdown)
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
