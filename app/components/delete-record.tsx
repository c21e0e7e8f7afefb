/**
 * Deleting a record from its page, behind a confirmation that opens in place (a disclosure, so it
 * works without JavaScript too): the page's action deletes it (against the version shown, for a
 * record that has versions), then sends the browser on (to the list). A viewer is offered none.
 */
import { Form } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useCanWrite } from "~/lib/module-data";

export function DeleteRecord(props: {
  /** What opens the confirmation: "Delete this property…". */
  summary: string;
  /** What deleting it does, said before the button. */
  consequence: ReactNode;
  /** The button that deletes: "Delete property". */
  confirmLabel: string;
  /** The version shown, for a record that has versions (a research report has none). */
  version?: string;
  /** The list to go back to, with its filters, when the action takes one. */
  back?: string;
  className?: string;
}) {
  const canWrite = useCanWrite();
  if (!canWrite) return null;
  return (
    <details className={`rounded-2xl border border-line bg-surface p-4 ${props.className ?? ""}`}>
      <summary className="cursor-pointer text-sm text-muted hover:text-danger">
        {props.summary}
      </summary>
      <Form method="post" className="mt-3 space-y-3">
        <p className="text-sm">{props.consequence}</p>
        <input type="hidden" name="intent" value="delete" />
        {props.version && <input type="hidden" name="version" value={props.version} />}
        {props.back && <input type="hidden" name="back" value={props.back} />}
        <button type="submit" className="btn-danger inline-flex items-center gap-1.5">
          <Trash2 aria-hidden className="size-4" /> {props.confirmLabel}
        </button>
      </Form>
    </details>
  );
}
