/**
 * A record's History: who made, changed and deleted it and when, newest first, as its page's loader
 * read it (the latest HISTORY_SHOWN entries). Folded away until opened (a disclosure, so it works
 * without JavaScript too); "Show older changes" reads the page again with more, open.
 */
import { Link, useLocation } from "@remix-run/react";
import { History as HistoryIcon } from "lucide-react";
import { activitySentence } from "~/domain/activity";
import { HISTORY_PARAM, type RecordHistory } from "~/lib/record-history";
import { LocalTime } from "./local-time";

export function HistoryPanel({
  history,
  className,
}: {
  history: RecordHistory;
  className?: string;
}) {
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  // Open when the page was read for more of it: the link leads back into the panel.
  const opened = query.has(HISTORY_PARAM);
  if (history.more) query.set(HISTORY_PARAM, String(history.more));
  const { entries } = history;
  return (
    <section
      aria-labelledby="record-history"
      className={`rounded-2xl border border-line bg-surface p-5 ${className ?? ""}`}
    >
      <details open={opened}>
        <summary className="cursor-pointer">
          <h3 id="record-history" className="inline-flex items-center gap-2 font-medium">
            <HistoryIcon aria-hidden className="size-4 text-accent" /> History
          </h3>
        </summary>
        {entries.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No changes recorded yet.</p>
        ) : (
          <ol className="mt-3 space-y-3" aria-label="Changes, newest first">
            {entries.map((entry) => (
              <li key={entry.id} className="text-sm">
                <p className="break-words">{activitySentence(entry)}</p>
                <p className="text-xs text-muted">
                  <LocalTime at={entry.at} />
                </p>
              </li>
            ))}
          </ol>
        )}
        {history.more && (
          <Link
            to={{ search: `?${query}` }}
            preventScrollReset
            replace
            className="btn-secondary mt-4"
          >
            Show older changes
          </Link>
        )}
      </details>
    </section>
  );
}
