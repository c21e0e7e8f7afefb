/**
 * AI clients, a section of Connections: the MCP server's address to give Claude,
 * ChatGPT, Cursor or any MCP client, the personal access tokens, the apps connected through
 * OAuth, and the log of what they did. They come with the page (connections.server.ts); a change
 * goes to the page's action, and the log's further pages are read from the browser.
 */
import { Activity as ActivityIcon, AppWindow, Bot } from "lucide-react";
import { useRef, useState } from "react";
import { LocalTime } from "~/components/local-time";
import { Badge, ConfirmDialog, ErrorNotice } from "~/components/ui";
import { ACCESS_SCOPE_LABELS, ACCESS_SCOPE_MEANINGS, ACCESS_SCOPES } from "~/domain/access";
import { accessApi, type AccessToken, type ConnectedApp, type McpCall } from "~/lib/api/access";
import { MESSAGES } from "~/lib/api/messages";
import { failureText, type Page } from "~/lib/api/workspace";
import type { Refused } from "~/lib/record-action";
import { toast } from "~/lib/toast";
import { useActionCall } from "~/lib/use-action-call";
import { AccessTokens } from "./access-tokens";
import type { ConnectionsActionAnswer } from "./connections.server";
import { CopyButton } from "./copy-button";
import { useSectionFocus } from "./section-focus";

const scopeBadge = (scope: AccessToken["scope"]) => (
  <Badge tone={scope === "read_write" ? "accent" : "neutral"}>{ACCESS_SCOPE_LABELS[scope]}</Badge>
);

function ConnectedApps(props: {
  apps: ConnectedApp[];
  /** Why the apps cannot be listed here (the OAuth provider cannot serve this address). */
  problem: string | null;
}) {
  const [confirming, setConfirming] = useState<ConnectedApp | null>(null);
  const [disconnecting, setDisconnecting] = useState<string | null>(null);
  const { call } = useActionCall<ConnectionsActionAnswer | Refused>();
  const heading = useRef<HTMLHeadingElement>(null);
  const { apps } = props;

  // The answer comes once the list is read again: the app is gone from it by then.
  async function disconnect(app: ConnectedApp) {
    setConfirming(null);
    setDisconnecting(app.id);
    const answer = await call({ intent: "disconnect-app", id: app.id });
    setDisconnecting(null);
    if (!answer) return;
    if ("message" in answer) {
      toast.error(MESSAGES.disconnectApp, { description: answer.message });
      return;
    }
    toast.success(`${app.client_name} is disconnected`);
    heading.current?.focus();
  }

  return (
    <section aria-labelledby="connected-apps-heading" className="mt-8">
      <h3
        ref={heading}
        id="connected-apps-heading"
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold outline-none"
      >
        <AppWindow aria-hidden className="size-4 text-accent" /> Connected apps
      </h3>
      <div className="mt-3">
        {props.problem ? (
          <ErrorNotice message={props.problem} />
        ) : apps.length === 0 ? (
          <p className="text-sm text-muted">
            No apps connected. Add AI42 to Claude, ChatGPT or Cursor with the URL above.
          </p>
        ) : (
          <ul
            aria-label="Connected apps"
            className="divide-y divide-line rounded-xl border border-line"
          >
            {apps.map((app) => (
              <li
                key={app.id}
                className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium break-words">{app.client_name}</span>
                    {scopeBadge(app.scope)}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                    <span>
                      Connected <LocalTime at={app.created_at} date />
                    </span>
                    {app.expires_at ? (
                      <span>
                        Expires <LocalTime at={app.expires_at} date />
                      </span>
                    ) : (
                      <span>No expiry</span>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => setConfirming(app)}
                  disabled={disconnecting === app.id}
                  className="btn-secondary justify-self-start disabled:opacity-60"
                >
                  {disconnecting === app.id ? "Disconnecting…" : "Disconnect"}
                  <span className="sr-only"> {app.client_name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Disconnect app"
        message={
          <>
            “{confirming?.client_name}” loses its access to AI42 at once. To use it again, add AI42
            to it again.
          </>
        }
        confirmLabel="Disconnect"
        onConfirm={() => confirming && void disconnect(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

function CallRow({ call }: { call: McpCall }) {
  return (
    <li className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)_5rem] sm:items-start sm:gap-4">
      <span className="text-muted">
        <LocalTime at={call.at} />
      </span>
      <span className="min-w-0">
        <code className="font-mono break-all">{call.name}</code>{" "}
        <span className="text-muted">({call.kind})</span>
      </span>
      <span className="min-w-0 break-words text-muted">
        via {call.via_name} ({call.via})
      </span>
      <span className="sm:text-right">
        {call.ok ? <Badge tone="success">OK</Badge> : <Badge tone="danger">Failed</Badge>}
      </span>
      {call.error && (
        <span className="break-words text-danger sm:col-span-3 sm:col-start-2">{call.error}</span>
      )}
    </li>
  );
}

/** The log, newest first: the page's first page, then Show more reads the next from the API. */
function Activity(props: { calls: Page<McpCall> }) {
  const [more, setMore] = useState<{ items: McpCall[]; page: number; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState("");
  const { limit } = props.calls.meta;
  // A call logged since the first page moves the pages along: one read twice shows once.
  const calls = [
    ...new Map(
      [...props.calls.items, ...(more?.items ?? [])].map((call) => [call.id, call]),
    ).values(),
  ];
  const total = Math.max(props.calls.meta.total, more?.total ?? 0);

  async function showMore() {
    setLoading(true);
    setFailure("");
    try {
      const page = (more?.page ?? 1) + 1;
      const next = await accessApi.calls({ page, limit });
      setMore((current) => ({
        items: [...(current?.items ?? []), ...next.items],
        page,
        total: next.meta.total,
      }));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section aria-labelledby="ai-activity-heading" className="mt-8">
      <h3 id="ai-activity-heading" className="flex items-center gap-2 font-semibold">
        <ActivityIcon aria-hidden className="size-4 text-accent" /> Activity
      </h3>
      <p className="mt-1 text-sm text-muted">
        Every tool an AI client called and every record it read, with the token or app it used.
      </p>
      <div className="mt-3 space-y-3">
        {calls.length === 0 ? (
          <p className="text-sm text-muted">No AI client has used AI42 yet.</p>
        ) : (
          <ul
            aria-label="AI client activity"
            className="divide-y divide-line rounded-xl border border-line"
          >
            {calls.map((call) => (
              <CallRow key={call.id} call={call} />
            ))}
          </ul>
        )}
        {failure && <ErrorNotice message={failure} onRetry={() => void showMore()} />}
        {calls.length < total && (
          <div className="flex items-center justify-between gap-3 text-sm text-muted">
            <span>
              {calls.length} of {total}
            </span>
            <button
              type="button"
              onClick={() => void showMore()}
              disabled={loading}
              className="btn-secondary disabled:opacity-60"
            >
              {loading ? "Loading…" : "Show more"}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

export function AiClientsSection(props: {
  mcpUrl: string;
  tokens: AccessToken[];
  apps: { apps: ConnectedApp[]; problem: string | null };
  calls: Page<McpCall>;
  /** When the page's data was read. */
  now: number;
}) {
  const heading = useSectionFocus("ai-clients");
  return (
    <section
      id="ai-clients"
      aria-labelledby="ai-clients-heading"
      className="scroll-mt-20 rounded-2xl border border-line bg-surface p-5 md:col-span-2"
    >
      <h2
        ref={heading}
        id="ai-clients-heading"
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold outline-none"
      >
        <Bot aria-hidden className="size-5 text-accent" /> AI clients
      </h2>
      <p className="mt-2 text-sm text-muted">
        Use AI42 from Claude, ChatGPT, Cursor or any AI client that speaks MCP: it works with your
        deals, properties, auctions, routes, projects and calendar, as far as you allow.
      </p>

      <div className="mt-5">
        <label htmlFor="mcp-url" className="mb-1.5 block text-sm font-medium">
          MCP server URL
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="mcp-url"
            readOnly
            value={props.mcpUrl}
            onFocus={(event) => event.currentTarget.select()}
            aria-describedby="mcp-url-help"
            className="input min-w-0 font-mono text-sm"
          />
          <CopyButton value={props.mcpUrl} what="the MCP server URL" />
        </div>
        <p id="mcp-url-help" className="mt-1 text-xs text-muted">
          Add it to your AI client as a remote MCP server (a custom connector): the client sends you
          to AI42 to sign in and choose what it may do. A client that can&apos;t sign in takes an
          access token instead.
        </p>
      </div>

      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        {ACCESS_SCOPES.map((scope) => (
          <div key={scope} className="rounded-lg bg-raised/60 p-3">
            <dt className="font-medium">{ACCESS_SCOPE_LABELS[scope]}</dt>
            <dd className="text-muted">{ACCESS_SCOPE_MEANINGS[scope]}.</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-muted">
        Neither can make, see or revoke tokens or connected apps: only you can, here.
      </p>

      <AccessTokens tokens={props.tokens} now={props.now} />
      <ConnectedApps apps={props.apps.apps} problem={props.apps.problem} />
      <Activity calls={props.calls} />
    </section>
  );
}
