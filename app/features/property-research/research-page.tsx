/**
 * A saved research report's page (/property-research/<id>), as its route's loader read it: the
 * report, saved to the Project Hub and deleted through the page's action, with JavaScript or
 * without.
 */
import { DeleteRecord } from "~/components/delete-record";
import { modulePath } from "~/domain/modules";
import type { Research } from "~/lib/api/ai";
import { BackLink } from "../shared";
import { deletionNote } from "./research-history";
import { ResearchReport } from "./research-report";

export function ResearchPage({ research }: { research: Research }) {
  return (
    <div>
      <BackLink to={modulePath("property-research")}>All research</BackLink>
      <ResearchReport research={research} />
      <DeleteRecord
        summary="Delete this research…"
        consequence={deletionNote(research)}
        confirmLabel="Delete research"
        className="mt-6"
      />
    </div>
  );
}
