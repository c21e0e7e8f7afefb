/** What to set when an AI provider is not configured, said where a screen needs the AI. */
import { Link } from "@remix-run/react";
import { PROVIDERS, type AiProvider } from "~/domain/ai/providers";
import { modulePath } from "~/domain/modules";
import type { AiStatus } from "~/lib/api/ai";

export function ConfigNotice(props: { provider: AiProvider; status: AiStatus }) {
  const entry = props.status[props.provider];
  if (entry.configured) return null;
  return (
    <div
      role="alert"
      data-testid="not-configured"
      className="mb-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
    >
      <p className="font-medium">{PROVIDERS[props.provider].label} is not configured.</p>
      <p className="mt-1">
        Set <code className="font-mono">{entry.key}</code> in <code>.dev.vars</code> (locally) or
        with <code className="font-mono">wrangler secret put {entry.key}</code>, then restart.{" "}
        <Link to={modulePath("connections")} className="text-accent underline">
          How to configure AI providers
        </Link>
      </p>
    </div>
  );
}
