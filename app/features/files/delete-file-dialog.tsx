/**
 * Asks before a file is deleted; confirmed, the file's delete goes to the page's action
 * (`actOnFile`), after which Remix reads the page again, the list with it.
 */
import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { ConfirmDialog } from "~/components/ui";
import type { StoredFile } from "~/lib/api/files";
import { MESSAGES } from "~/lib/api/messages";
import type { Refused } from "~/lib/record-action";
import { useActionCall } from "~/lib/use-action-call";
import type { FileDeleted } from "./files.server";

export function DeleteFileDialog(props: { file: StoredFile | null; onClose: () => void }) {
  const { file } = props;
  const [sending, setSending] = useState<string[]>([]);
  return (
    <>
      <ConfirmDialog
        open={file !== null}
        title="Delete this file?"
        message={<>“{file?.name}” will be deleted for good.</>}
        confirmLabel="Delete file"
        onConfirm={() => {
          props.onClose();
          if (file && !sending.includes(file.id)) setSending((ids) => [...ids, file.id]);
        }}
        onCancel={props.onClose}
      />
      {sending.map((id) => (
        <SentDelete
          key={id}
          fileId={id}
          onAnswered={() => setSending((ids) => ids.filter((sent) => sent !== id))}
        />
      ))}
    </>
  );
}

/**
 * One confirmed delete, with a fetcher of its own: another confirmed before it is answered does
 * not cancel it. A refusal (the file gone meanwhile) is said in a toast.
 */
function SentDelete(props: { fileId: string; onAnswered: () => void }) {
  const { call } = useActionCall<FileDeleted | Refused>();
  const { fileId, onAnswered } = props;
  // Sent once, though a development build mounts the component twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const form = new FormData();
    form.set("intent", "delete-file");
    form.set("fileId", fileId);
    void call(form).then((answer) => {
      if (answer && "message" in answer)
        toast.error(MESSAGES.deleteFile, { description: answer.message });
      onAnswered();
    });
  }, [call, fileId, onAnswered]);
  return null;
}
