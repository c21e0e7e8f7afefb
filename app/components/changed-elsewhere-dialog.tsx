/** The one question every edit screen asks when its record was changed elsewhere (412). */
import { useEffect, useRef } from "react";
import { MESSAGES } from "~/lib/api/messages";
import { useChangedElsewhere } from "~/lib/changed-elsewhere";
import { Modal } from "./ui";

export function ChangedElsewhereDialog() {
  const question = useChangedElsewhere();
  const what = question?.what ?? "record";
  const who = question?.changedBy?.name;
  const changed = who
    ? `${who} changed this ${what} since you opened it`
    : `Someone changed this ${what} in another tab, window or device since you opened it`;
  const reload = useRef<HTMLButtonElement>(null);
  // The safe choice takes the focus once the dialog is open (the Modal's effect runs first):
  // Enter never overwrites someone's work by accident.
  useEffect(() => {
    if (question) reload.current?.focus();
  }, [question]);
  return (
    <Modal
      open={Boolean(question)}
      title={MESSAGES.changedElsewhere(what)}
      onClose={() => question?.answer(null)}
    >
      <p className="text-muted">
        {changed}, so your change was not saved. Reload it to see it as it is now (your change is
        dropped), or overwrite it with your change.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          ref={reload}
          type="button"
          onClick={() => question?.answer("reload")}
          className="btn-secondary"
        >
          Reload
        </button>
        <button type="button" onClick={() => question?.answer("overwrite")} className="btn-danger">
          Overwrite
        </button>
      </div>
    </Modal>
  );
}
