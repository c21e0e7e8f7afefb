/**
 * The Google card of Connections: connect, the account and what each service may do, when AI42
 * last talked to it, Disconnect (confirmed) and Reconnect when Google stopped accepting the grant.
 * Says how the connect flow ended when Google sends the browser back (`?google=<outcome>`).
 */
import { AlertTriangle, CheckCircle2, Link2, Mail, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import { Badge, ConfirmDialog } from "~/components/ui";
import { formatDateTime } from "~/domain/format";
import {
  GOOGLE_OUTCOMES,
  GOOGLE_SERVICE_LABELS,
  GOOGLE_SERVICES,
  grantedServices,
  type GoogleOutcome,
} from "~/domain/google";
import { googleApi, type GoogleStatus } from "~/lib/api/google";
import { MESSAGES } from "~/lib/api/messages";
import type { Refused } from "~/lib/record-action";
import { useActionCall } from "~/lib/use-action-call";
import { toastFailure, useQueryParams } from "../shared";
import type { ConnectionsActionAnswer } from "./connections.server";

const isOutcome = (value: string | null): value is GoogleOutcome =>
  Boolean(value && Object.hasOwn(GOOGLE_OUTCOMES, value));

/**
 * The outcome Google's redirect named, said once as a toast; the query is then cleared (the card
 * already shows the account as the redirect left it). Without JavaScript the card says it.
 */
function useConnectOutcome() {
  const [params, update] = useQueryParams();
  const outcome = params.get("google");
  useEffect(() => {
    if (!isOutcome(outcome)) return;
    const say =
      outcome === "connected" ? toast.success : outcome === "partial" ? toast.warning : toast.error;
    say(GOOGLE_OUTCOMES[outcome]);
    update({ google: null }, { replace: true });
  }, [outcome, update]);
  return isOutcome(outcome) ? outcome : null;
}

export function GoogleCard({ status }: { status: GoogleStatus }) {
  const [confirming, setConfirming] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const { call, busy: disconnecting } = useActionCall<ConnectionsActionAnswer | Refused>();
  const busy = connecting || disconnecting;
  const outcome = useConnectOutcome();

  // Google's consent screen is reached through the API: it signs the OAuth state for the callback.
  async function connect() {
    setConnecting(true);
    try {
      window.location.assign(await googleApi.connectUrl());
    } catch (error) {
      setConnecting(false);
      toastFailure(error);
    }
  }

  async function disconnect() {
    setConfirming(false);
    const answer = await call({ intent: "disconnect-google" });
    if (answer && "message" in answer)
      toast.error(MESSAGES.disconnectGoogle, { description: answer.message });
    else if (answer)
      toast.success("Google is disconnected: AI42 no longer has access to the account.");
  }

  const granted = status.scopes ? grantedServices(status.scopes) : [];
  return (
    <section
      className="rounded-2xl border border-line bg-surface p-5 md:col-span-2"
      aria-label="Google"
      data-testid="connection-google"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <Mail aria-hidden className="size-5 text-accent" /> Google
        </h2>
        {!status.configured ? (
          <Badge tone="danger">
            <XCircle aria-hidden className="mr-1 size-3.5" /> Not configured
          </Badge>
        ) : status.needsReconnect ? (
          <Badge tone="danger">
            <AlertTriangle aria-hidden className="mr-1 size-3.5" /> Reconnect needed
          </Badge>
        ) : status.connected ? (
          <Badge tone="success">
            <CheckCircle2 aria-hidden className="mr-1 size-3.5" /> Connected
          </Badge>
        ) : (
          <Badge>Not connected</Badge>
        )}
      </div>
      <p className="mt-2 text-sm text-muted">
        Read your Gmail and Drive beside your deals, and see your Google Calendar in AI42&apos;s
        calendar. AI42 reads mail and files; it writes only calendar events you create.
      </p>
      {outcome && (
        <noscript>
          <p role="status" className="mt-3 rounded-xl bg-raised/60 p-3 text-sm">
            {GOOGLE_OUTCOMES[outcome]}
          </p>
        </noscript>
      )}

      {!status.configured && (
        <div className="mt-3 rounded-xl bg-raised/60 p-3 text-sm">
          Set <code className="font-mono">GOOGLE_CLIENT_ID</code> and{" "}
          <code className="font-mono">GOOGLE_CLIENT_SECRET</code> (an OAuth client of type
          &ldquo;Web application&rdquo;; the README says how), in{" "}
          <code className="font-mono">.dev.vars</code> locally or with{" "}
          <code className="font-mono">npx wrangler secret put</code> in production.
        </div>
      )}

      {status.configured && status.connected && (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">Account</dt>
            <dd className="font-medium break-all" data-testid="google-email">
              {status.email}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Last sync</dt>
            <dd>{status.lastSyncAt ? formatDateTime(status.lastSyncAt) : "Not yet"}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted">Services</dt>
            <dd>
              <ul className="mt-1 flex flex-wrap gap-2">
                {GOOGLE_SERVICES.map((service) => (
                  <li key={service}>
                    <Badge tone={granted.includes(service) ? "success" : "neutral"}>
                      {GOOGLE_SERVICE_LABELS[service]}:{" "}
                      {granted.includes(service) ? "allowed" : "not allowed"}
                    </Badge>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
      )}

      {status.needsReconnect && (
        <p className="mt-3 text-sm text-danger">
          Google no longer accepts AI42&apos;s access (it was revoked or expired). Reconnect to read
          mail, files and calendars again.
        </p>
      )}

      {status.configured && (
        <div className="mt-4 flex flex-wrap gap-2">
          {(!status.connected ||
            status.needsReconnect ||
            granted.length < GOOGLE_SERVICES.length) && (
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => void connect()}
            >
              <Link2 aria-hidden className="size-4" />
              {status.connected ? "Reconnect Google" : "Connect Google"}
            </button>
          )}
          {status.connected && (
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              Disconnect
            </button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title="Disconnect Google?"
        message="AI42 will ask Google to revoke its access and forget the account. Events you created in AI42's own calendar stay."
        confirmLabel="Disconnect"
        onConfirm={() => void disconnect()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
