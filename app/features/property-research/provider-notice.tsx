/** What Property Research runs on, and what to set when it cannot run or has no web search. */
import { Link } from "@remix-run/react";
import { PROVIDERS } from "~/domain/ai/providers";
import { modulePath } from "~/domain/modules";
import type { AiStatus } from "~/lib/api/ai";

const Setting = (props: { name: string }) => <code className="font-mono">{props.name}</code>;

export function ProviderNotice(props: { status: AiStatus }) {
  const { openai, perplexity } = props.status;
  if (perplexity.configured) return null;
  if (!openai.configured) {
    return (
      <div
        role="alert"
        data-testid="not-configured"
        className="mb-6 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
      >
        <p className="font-medium">Property research is not configured.</p>
        <p className="mt-1">
          Set <Setting name={PROVIDERS.perplexity.keyName} /> for web-grounded reports with sources,
          or <Setting name={PROVIDERS.openai.keyName} />.{" "}
          <Link to={modulePath("connections")} className="text-accent underline">
            How to configure AI providers
          </Link>
        </p>
      </div>
    );
  }
  return (
    <p className="mb-6 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted">
      Reports are written by {PROVIDERS.openai.label} without web search. Set{" "}
      <Setting name={PROVIDERS.perplexity.keyName} /> for web-grounded reports with sources.
    </p>
  );
}
