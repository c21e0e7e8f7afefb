/**
 * The personal access tokens of the AI clients section: the list (never a secret),
 * New token (a name, a scope, a lifetime; checked with the API's own schema), the one time the
 * secret is shown (the action's answer), and Revoke (confirmed). Each change goes to the page's
 * action, after which Remix reads the list again.
 */
import { KeyRound, Plus, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { SelectField, TextField } from "~/components/form";
import { LocalTime } from "~/components/local-time";
import { Badge, ConfirmDialog } from "~/components/ui";
import {
  ACCESS_SCOPE_LABELS,
  ACCESS_SCOPE_MEANINGS,
  ACCESS_SCOPES,
  expired,
  TOKEN_LIFETIMES,
  tokenLifetimeLabel,
} from "~/domain/access";
import { formatRelative } from "~/domain/relative-time";
import type { AccessToken, MadeAccessToken } from "~/lib/api/access";
import { MESSAGES } from "~/lib/api/messages";
import { useWorkspaceName } from "~/lib/module-data";
import type { Refused } from "~/lib/record-action";
import { toast } from "~/lib/toast";
import { useActionCall, useVersionedAction } from "~/lib/use-action-call";
import { useForm } from "~/lib/use-form";
import { FormActions } from "../shared";
import type { ConnectionsActionAnswer } from "./connections.server";
import { CopyButton } from "./copy-button";

/** The lifetime select's value for a token that does not expire (the API's null). */
const NO_EXPIRY = "never";
const LIFETIME_OPTIONS = TOKEN_LIFETIMES.map((days) => ({
  value: days === null ? NO_EXPIRY : String(days),
  label: tokenLifetimeLabel(days),
}));
const DEFAULT_LIFETIME = "30";

function TokenForm(props: { onMade: (made: MadeAccessToken) => void; onCancel: () => void }) {
  const send = useVersionedAction<ConnectionsActionAnswer>(
    "access token",
    MESSAGES.createAccessToken,
  );
  const form = useForm({
    schema: () => import("~/domain/access-input").then((m) => m.CreateAccessTokenSchema),
    initial: { name: "", scope: "read", expires_in_days: DEFAULT_LIFETIME },
    idPrefix: "access-token",
    toInput: (values) => ({
      ...values,
      expires_in_days: values.expires_in_days === NO_EXPIRY ? null : Number(values.expires_in_days),
    }),
    onSubmit: async (input) => {
      const answer = await send({ intent: "create-token", input });
      if (answer && "made" in answer) props.onMade(answer.made);
    },
  });
  const name = form.field("name");
  const scope = form.field("scope");

  useEffect(() => document.getElementById(name.id)?.focus(), [name.id]);

  return (
    <form
      onSubmit={form.submit}
      onFocus={form.onFocus}
      noValidate
      aria-label="New access token"
      className="space-y-4 rounded-xl border border-line bg-raised/40 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField {...name} label="Name" placeholder="e.g. Claude Desktop on my laptop" />
        <SelectField
          {...form.field("expires_in_days")}
          label="Expires"
          options={LIFETIME_OPTIONS}
        />
      </div>
      <fieldset aria-describedby={scope.error ? `${scope.id}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-medium">What it may do</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ACCESS_SCOPES.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-lg border border-line p-3 has-[:checked]:border-accent has-[:checked]:bg-accent/10"
            >
              <input
                type="radio"
                name={scope.id}
                value={value}
                checked={scope.value === value}
                onChange={() => scope.onChange(value)}
                className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]"
              />
              <span className="text-sm">
                <span className="block font-medium">{ACCESS_SCOPE_LABELS[value]}</span>
                <span className="block text-muted">{ACCESS_SCOPE_MEANINGS[value]}</span>
              </span>
            </label>
          ))}
        </div>
        {scope.error && (
          <p id={`${scope.id}-error`} className="mt-1 text-sm text-danger">
            {scope.error}
          </p>
        )}
      </fieldset>
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel="Make token"
        onCancel={props.onCancel}
      />
    </form>
  );
}

/** The new token's secret, shown this once, with Copy; Done puts it away for good. */
function NewTokenPanel(props: { made: MadeAccessToken; onDone: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <section
      aria-labelledby="new-token-heading"
      className="rounded-xl border border-accent/60 bg-accent/10 p-4"
    >
      <h4 id="new-token-heading" className="font-medium break-words">
        Your new token “{props.made.access_token.name}”
      </h4>
      <p className="mt-1 flex items-start gap-2 text-sm">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        Copy this token now: AI42 can&apos;t show it again.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          ref={field}
          readOnly
          value={props.made.token}
          aria-label="New access token"
          onFocus={(event) => event.currentTarget.select()}
          className="input min-w-0 font-mono text-sm"
        />
        <CopyButton value={props.made.token} what="the new token" />
      </div>
      <p className="mt-2 text-xs text-muted">
        Paste it where your AI client asks for a token for the MCP server, or send it to AI42&apos;s
        API as <code className="font-mono">Authorization: Bearer …</code>.
      </p>
      <div className="mt-3 flex justify-end">
        <button type="button" onClick={props.onDone} className="btn-primary">
          Done
        </button>
      </div>
    </section>
  );
}

function TokenRow(props: { token: AccessToken; now: number; busy: boolean; onRevoke: () => void }) {
  const { token, now } = props;
  const ended = expired(token.expires_at, now);
  // A token acts only in the workspace it was made in.
  const workspace = useWorkspaceName(token.workspace_id);
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{token.name}</span>
          <Badge tone={token.scope === "read_write" ? "accent" : "neutral"}>
            {ACCESS_SCOPE_LABELS[token.scope]}
          </Badge>
        </p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <code className="font-mono">{token.shown}…</code>
          {workspace && <span>In {workspace}</span>}
          <span>
            Created <LocalTime at={token.created_at} date />
          </span>
          {token.expires_at === null ? (
            <span>No expiry</span>
          ) : ended ? (
            <span className="font-medium text-danger">
              Expired <LocalTime at={token.expires_at} date />
            </span>
          ) : (
            <span>
              Expires <LocalTime at={token.expires_at} date />
            </span>
          )}
          <span>
            {token.last_used_at
              ? `Last used ${formatRelative(token.last_used_at, now)}`
              : "Never used"}
          </span>
        </p>
      </div>
      <button
        type="button"
        onClick={props.onRevoke}
        disabled={props.busy}
        className="btn-secondary justify-self-start disabled:opacity-60"
      >
        {props.busy ? "Revoking…" : "Revoke"}
        <span className="sr-only"> {token.name}</span>
      </button>
    </li>
  );
}

export function AccessTokens(props: {
  tokens: AccessToken[];
  /** When the page's data was read: what "expired" and "last used" are measured from. */
  now: number;
}) {
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<MadeAccessToken | null>(null);
  const [confirming, setConfirming] = useState<AccessToken | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const { call } = useActionCall<ConnectionsActionAnswer | Refused>();
  const heading = useRef<HTMLHeadingElement>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const { tokens } = props;

  const closeForm = () => {
    setCreating(false);
    requestAnimationFrame(() => newButton.current?.focus());
  };

  // The answer comes once the list is read again: the token is gone from it by then.
  async function revoke(token: AccessToken) {
    setConfirming(null);
    setRevoking(token.id);
    const answer = await call({ intent: "revoke-token", id: token.id });
    setRevoking(null);
    if (!answer) return;
    if ("message" in answer) {
      toast.error(MESSAGES.revokeAccessToken, { description: answer.message });
      return;
    }
    if (made?.access_token.id === token.id) setMade(null);
    toast.success("Token revoked");
    heading.current?.focus();
  }

  return (
    <section aria-labelledby="access-tokens-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3
          ref={heading}
          id="access-tokens-heading"
          tabIndex={-1}
          className="flex items-center gap-2 font-semibold outline-none"
        >
          <KeyRound aria-hidden className="size-4 text-accent" /> Access tokens
        </h3>
        {!creating && (
          <button
            ref={newButton}
            type="button"
            onClick={() => {
              setMade(null);
              setCreating(true);
            }}
            className="btn-secondary"
          >
            <Plus aria-hidden className="size-4" /> New token
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">
        For an AI client or a script that can&apos;t sign in itself: it acts as you, within its
        scope, until it expires or you revoke it.
      </p>
      <div className="mt-3 space-y-3">
        {creating && (
          <TokenForm
            onCancel={closeForm}
            onMade={(next) => {
              setCreating(false);
              setMade(next);
            }}
          />
        )}
        {made && (
          <NewTokenPanel
            made={made}
            onDone={() => {
              setMade(null);
              requestAnimationFrame(() => newButton.current?.focus());
            }}
          />
        )}
        {tokens.length === 0 ? (
          <p className="text-sm text-muted">No access tokens yet.</p>
        ) : (
          <ul
            aria-label="Access tokens"
            className="divide-y divide-line rounded-xl border border-line"
          >
            {tokens.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                now={props.now}
                busy={revoking === token.id}
                onRevoke={() => setConfirming(token)}
              />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke access token"
        message={
          <>
            “{confirming?.name}” stops working at once: every AI client or script that uses it is
            refused. This can&apos;t be undone.
          </>
        }
        confirmLabel="Revoke token"
        onConfirm={() => confirming && void revoke(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
