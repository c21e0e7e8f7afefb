/**
 * What the user has used of the per-user limits: AI requests this minute, AI tokens today (UTC)
 * and storage, each against its limit, with when it starts again.
 */
import { Gauge } from "lucide-react";
import { formatBytes, formatWait } from "~/domain/usage";
import { formatCount } from "~/domain/format";
import type { Usage } from "~/lib/api/usage";

function Meter(props: { label: string; used: number; limit: number; shown: string; note: string }) {
  const percent = Math.min(100, (props.used / props.limit) * 100);
  const full = props.used >= props.limit;
  return (
    <div className="mt-3">
      <p className="flex justify-between gap-3 text-sm">
        <span>{props.label}</span>
        <span className={full ? "text-danger" : "text-muted"}>{props.shown}</span>
      </p>
      <div
        role="progressbar"
        aria-label={props.label}
        aria-valuemin={0}
        aria-valuemax={props.limit}
        aria-valuenow={Math.min(props.used, props.limit)}
        aria-valuetext={props.shown}
        className="mt-1 h-2 overflow-hidden rounded-full bg-raised"
      >
        <div
          className={`h-full ${full ? "bg-danger" : "bg-accent"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-muted">{props.note}</p>
    </div>
  );
}

export function UsageCard({ usage, now }: { usage: Usage; now: number }) {
  const { aiRequests, aiTokens, storage } = usage;
  const until = (iso: string) => formatWait(Date.parse(iso) - now);
  return (
    <section
      className="rounded-2xl border border-line bg-surface p-5"
      aria-label="Your usage"
      data-testid="usage"
    >
      <h2 className="flex items-center gap-2 font-semibold">
        <Gauge aria-hidden className="size-5 text-accent" /> Your usage
      </h2>
      <p className="mt-2 text-sm text-muted">
        Each account has limits on AI calls and on what it stores; past one, AI42 says which and
        when it starts again.
      </p>
      <Meter
        label="AI tokens today"
        used={aiTokens.used}
        limit={aiTokens.limit}
        shown={`${formatCount(aiTokens.used)} of ${formatCount(aiTokens.limit)}`}
        note={`Resets at 00:00 UTC, in ${until(aiTokens.resetsAt)}.`}
      />
      <Meter
        label="AI requests this minute"
        used={aiRequests.used}
        limit={aiRequests.limit}
        shown={`${formatCount(aiRequests.used)} of ${formatCount(aiRequests.limit)}`}
        note={`A new minute starts in ${until(aiRequests.resetsAt)}.`}
      />
      <Meter
        label="Storage"
        used={storage.used}
        limit={storage.limit}
        shown={`${formatBytes(storage.used)} of ${formatBytes(storage.limit)}`}
        note="Documents, conversations, research and imported records. Deleting some makes room."
      />
    </section>
  );
}
