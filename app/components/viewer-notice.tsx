/**
 * What a viewer sees where a screen's purpose is to add a record (a "New …" form, the research
 * form): why there is no form, and whom to ask. The server refuses a viewer's change anyway; this
 * says so before anything is typed.
 */
import { Eye } from "lucide-react";
import { viewerCantAdd } from "~/domain/teams";

export function ViewerNotice(props: {
  /** What a member could do here: "add projects", "run research". */
  what: string;
}) {
  return (
    <p
      role="note"
      className="flex max-w-3xl items-start gap-3 rounded-xl border border-line bg-raised px-4 py-3 text-sm"
    >
      <Eye aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
      {viewerCantAdd(props.what)}
    </p>
  );
}
