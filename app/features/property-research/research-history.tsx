/** The research history beside the report: open a past report, delete one, page through. */
import { History, Trash2 } from "lucide-react";
import { ErrorNotice, Pagination } from "~/components/ui";
import type { PageMeta } from "~/lib/api/client";
import type { Research } from "~/lib/api/ai";
import { LocalTime } from "~/components/local-time";

export function ResearchHistory(props: {
  items: Research[];
  meta: PageMeta | null;
  failure: string;
  currentId: string | undefined;
  onRetry: () => void;
  onOpen: (research: Research) => void;
  onDelete: (research: Research) => void;
  onPage: (page: number) => void;
}) {
  const { items, meta } = props;
  return (
    <aside aria-label="Research history">
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <History aria-hidden className="size-4 text-muted" /> History
      </h2>
      {props.failure ? (
        <ErrorNotice message={props.failure} onRetry={props.onRetry} />
      ) : !meta ? (
        <div className="space-y-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-12 rounded-lg" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">Your reports are kept here.</p>
      ) : (
        <>
          <ul className="space-y-1">
            {items.map((item) => (
              <li
                key={item.id}
                className={`group flex items-start rounded-lg ${props.currentId === item.id ? "bg-accent/15" : "hover:bg-raised"}`}
              >
                <button
                  type="button"
                  className="min-w-0 flex-1 px-3 py-2 text-left"
                  onClick={() => props.onOpen(item)}
                >
                  <span className="line-clamp-2 text-sm break-words">{item.query}</span>
                  <span className="text-xs text-muted">
                    <LocalTime at={item.createdAt} />
                    {item.savedEntryId ? " · saved" : ""}
                  </span>
                </button>
                <button
                  type="button"
                  aria-label={`Delete research ${item.query}`}
                  className="row-actions p-2 text-muted hover:text-danger"
                  onClick={() => props.onDelete(item)}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
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
