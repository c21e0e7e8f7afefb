/** The research history beside the form: open a past report at its page, delete one, page on. */
import { Link } from "@remix-run/react";
import { History, Trash2 } from "lucide-react";
import { Pagination } from "~/components/ui";
import { researchPath } from "~/domain/modules";
import type { PageMeta } from "~/lib/api/client";
import type { Research } from "~/lib/api/ai";
import { LocalTime } from "~/components/local-time";

/** What deleting a report does, said before it is deleted (from the history or its page). */
export const deletionNote = (research: Research) =>
  `“${research.query}” will be removed from your history. Copies saved to the Project Hub stay.`;

export function ResearchHistory(props: {
  items: Research[];
  meta: PageMeta;
  /** Offers each report's delete; left out where nothing may be deleted (a viewer). */
  onDelete?: (research: Research) => void;
  onPage: (page: number) => void;
}) {
  const { items, meta } = props;
  return (
    <aside aria-label="Research history">
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <History aria-hidden className="size-4 text-muted" /> History
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">Your reports are kept here.</p>
      ) : (
        <>
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.id} className="group flex items-start rounded-lg hover:bg-raised">
                <Link to={researchPath(item.id)} className="min-w-0 flex-1 px-3 py-2">
                  <span className="line-clamp-2 text-sm break-words">{item.query}</span>
                  <span className="text-xs text-muted">
                    <LocalTime at={item.createdAt} />
                    {item.savedEntryId ? " · saved" : ""}
                  </span>
                </Link>
                {props.onDelete && (
                  <button
                    type="button"
                    aria-label={`Delete research ${item.query}`}
                    className="row-actions p-2 text-muted hover:text-danger"
                    onClick={() => props.onDelete?.(item)}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </button>
                )}
              </li>
            ))}
          </ul>
          {meta.total > meta.limit && (
            <Pagination meta={meta} onPage={props.onPage} noun="reports" />
          )}
        </>
      )}
    </aside>
  );
}
