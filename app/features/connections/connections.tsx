/**
 * Connections (/connections): the user's Google account (with its Inbox and Drive) above the AI
 * providers, and for each service that is not set up, exactly what to set; then what the user
 * has used of their limits, the notification preferences, and the AI clients' access.
 */
import { Bot, CheckCircle2, Globe, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui";
import { PROVIDERS } from "~/domain/ai/providers";
import { GOOGLE_SERVICE_SCOPES } from "~/domain/google";
import type { ProviderStatus } from "~/lib/api/ai";
import { moduleOf } from "~/modules";
import { usePageReading } from "../shared";
import { GoogleCard } from "./google-card";
import { AiClientsSection } from "./ai-clients";
import { DrivePanel, InboxPanel } from "./google-panels";
import { NotificationsSection } from "./notification-preferences";
import type { ConnectionsData } from "./connections.server";
import { UsageCard } from "./usage-card";

function Card(props: {
  icon: typeof Bot;
  title: string;
  uses: string;
  status: ProviderStatus;
  children?: ReactNode;
}) {
  const Icon = props.icon;
  const configured = props.status.configured;
  return (
    <section
      className="rounded-2xl border border-line bg-surface p-5"
      aria-label={props.title}
      data-testid={`connection-${props.title.toLowerCase()}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="flex items-center gap-2 font-semibold">
          <Icon aria-hidden className="size-5 text-accent" /> {props.title}
        </h2>
        {configured ? (
          <Badge tone="success">
            <CheckCircle2 aria-hidden className="mr-1 size-3.5" /> Configured
          </Badge>
        ) : (
          <Badge tone="danger">
            <XCircle aria-hidden className="mr-1 size-3.5" /> Not configured
          </Badge>
        )}
      </div>
      <p className="mt-2 text-sm text-muted">{props.uses}</p>
      <p className="mt-3 text-sm">
        Model: <code className="font-mono">{props.status.model}</code>
      </p>
      {!configured && (
        <div className="mt-3 rounded-xl bg-raised/60 p-3 text-sm">
          <p>
            Set <code className="font-mono">{props.status.key}</code>:
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-muted">
            <li>
              locally, in <code className="font-mono">.dev.vars</code>, then restart{" "}
              <code className="font-mono">npm start</code>;
            </li>
            <li>
              in production, with{" "}
              <code className="font-mono">npx wrangler secret put {props.status.key}</code>.
            </li>
          </ul>
        </div>
      )}
      {props.children}
    </section>
  );
}

const MODULE = moduleOf("connections");

/**
 * Renders from its route's loader (connections.server.ts); its changes go to the route's action,
 * after which Remix reads the page again, as it does when Google answers the Inbox or Drive panel
 * (the account's status may have changed). The Inbox and Drive panels ask Google from the browser.
 */
export function ConnectionsPage({ loaded }: { loaded: ConnectionsData }) {
  const { retry } = usePageReading();
  const { google, ai } = loaded;
  const usable = (service: "gmail" | "drive") =>
    google.connected &&
    !google.needsReconnect &&
    google.scopes?.includes(GOOGLE_SERVICE_SCOPES[service]);

  return (
    <div>
      <PageHeader icon={MODULE.icon} title={MODULE.title} description={MODULE.description} />
      {/* grid-cols-1 lets the column narrow to the phone (an implicit column grows to its widest
          line, such as an Inbox subject); each panel then shortens its own long lines. */}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <GoogleCard status={google} />
        {usable("gmail") && <InboxPanel onSettled={retry} />}
        {usable("drive") && <DrivePanel onSettled={retry} />}
        <Card
          icon={Bot}
          title={PROVIDERS.openai.label}
          uses={PROVIDERS.openai.uses}
          status={ai.openai}
        />
        <Card
          icon={Globe}
          title={PROVIDERS.perplexity.label}
          uses={PROVIDERS.perplexity.uses}
          status={ai.perplexity}
        />
        <UsageCard usage={loaded.usage} now={loaded.readAt} />
        <NotificationsSection
          settings={loaded.notifications.settings}
          failed={loaded.notifications.failed}
        />
        <AiClientsSection {...loaded.aiClients} now={loaded.readAt} />
      </div>
    </div>
  );
}
