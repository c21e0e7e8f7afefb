/** Asks before a file is deleted; deleted, the list it came from is read again. */
import { ConfirmDialog } from "~/components/ui";
import { filesApi, type StoredFile } from "~/lib/api/files";
import { toastFailure } from "../shared";

export function DeleteFileDialog(props: {
  file: StoredFile | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { file } = props;
  return (
    <ConfirmDialog
      open={file !== null}
      title="Delete this file?"
      message={<>“{file?.name}” will be deleted for good.</>}
      confirmLabel="Delete file"
      onConfirm={() => {
        props.onClose();
        if (file) filesApi.remove(file.id).then(props.onDeleted, toastFailure);
      }}
      onCancel={props.onClose}
    />
  );
}
