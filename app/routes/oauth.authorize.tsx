/**
 * The consent page an AI client (Claude, ChatGPT, Cursor…) sends the investor to when it connects
 * to AI42 over OAuth. Signed out, it goes through AI42's own sign-in and comes back. It names the
 * client (as it registered itself: not verified), where access goes, and what it may do; the
 * investor allows read only or read and write, or denies. A plain form: it works without scripts,
 * and the answer's redirect goes straight back to the client.
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import {
  ACCESS_SCOPE_LABELS,
  ACCESS_SCOPE_MEANINGS,
  ACCESS_SCOPES,
  OAUTH_AUTHORIZE_PATH,
} from "~/domain/access";
import { modulePath } from "~/domain/modules";
import { getSession } from "~/lib/auth.server";
import { postedForm } from "~/lib/record-action.server";
import type { DocumentHandle } from "~/root";
import type { ConsentStep } from "../../worker/mcp/consent";
import { FORM_ACTION_HEADER } from "../../worker/security-headers";

export const handle: DocumentHandle = { scripts: false };

/** Signed out: AI42's sign-in, which comes back here (`next`) once the investor is in. */
const signIn = (url: URL) =>
  redirect(`${modulePath("home")}?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`);

function respond(step: ConsentStep, email: string) {
  if (step.kind === "redirect") return new Response(null, { status: 302, headers: step.headers });
  if (step.kind === "invalid") return data({ invalid: step.message, consent: null, email }, 400);
  // The answer redirects to the client: the page's form-action must admit it (entry.server.tsx).
  step.headers.set(FORM_ACTION_HEADER, step.consent.redirectUri);
  return data({ invalid: null, consent: step.consent, email }, { headers: step.headers });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  if (!session) return signIn(new URL(request.url));
  return respond(await context.oauthConsent.ask(), session.user.email);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request, context);
  if (!session) return signIn(new URL(request.url));
  const form = await postedForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const step = await context.oauthConsent.answer(session, {
    handle: field("handle"),
    decision: field("decision"),
    scope: field("scope"),
  });
  return respond(step, session.user.email);
}

/** The provider's headers (the cookie binding the request to this browser, no framing) go out. */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => merged.append(name, value));
  merged.set("X-Robots-Tag", "noindex, nofollow");
  return merged;
};

export const meta: MetaFunction = () => [
  { title: "Connect an app · AI42" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Authorize() {
  const { invalid, consent, email } = useLoaderData<typeof loader>() as {
    invalid: string | null;
    consent: Extract<ConsentStep, { kind: "ask" }>["consent"] | null;
    email: string;
  };
  // An answer that could not be taken (the page expired, or was used already) says why.
  const answer = useActionData<typeof action>() as { invalid: string | null } | undefined;
  if (!consent || answer?.invalid) {
    return (
      <AuthCard title="This connection request can't go on">
        <p role="alert" className="mt-4 text-center text-muted">
          {answer?.invalid ?? invalid}. Start connecting again from the app.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Allow ${consent.clientName} to use your AI42?`}
      footer={
        <p className="text-sm text-muted">
          Signed in as {email}. You can disconnect it at any time on{" "}
          <a
            className="text-accent hover:underline"
            href={modulePath("connections", { section: "ai-clients" })}
          >
            Connections → AI clients
          </a>
          .
        </p>
      }
    >
      <div className="mt-4 space-y-3 text-sm">
        <p className="text-muted">
          {consent.clientDomain ? (
            <>
              Published by <strong className="text-fg">{consent.clientDomain}</strong>.
            </>
          ) : (
            <>This app named itself: AI42 has not verified the name.</>
          )}{" "}
          Access will be sent to <strong className="text-fg">{consent.redirectHost}</strong>.
        </p>
        {consent.loopback && (
          <p role="note" className="rounded-xl border border-danger/40 bg-danger/10 p-3">
            This sends access to an app on your computer. Continue only if you just started
            connecting from it.
          </p>
        )}
      </div>
      <form method="post" action={OAUTH_AUTHORIZE_PATH} className="mt-6 space-y-4">
        <input type="hidden" name="handle" value={consent.handle} />
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium">What it may do</legend>
          {ACCESS_SCOPES.map((scope) => (
            <label
              key={scope}
              className="flex cursor-pointer gap-3 rounded-xl border border-line p-3 has-[:checked]:border-accent"
            >
              <input
                type="radio"
                name="scope"
                value={scope}
                defaultChecked={scope === consent.requested}
                className="mt-1"
              />
              <span>
                <span className="block font-medium">{ACCESS_SCOPE_LABELS[scope]}</span>
                <span className="block text-sm text-muted">{ACCESS_SCOPE_MEANINGS[scope]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex gap-3">
          <button
            type="submit"
            name="decision"
            value="deny"
            className="btn-secondary flex-1 justify-center"
          >
            Deny
          </button>
          <button type="submit" name="decision" value="allow" className="btn-primary flex-1">
            Allow
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
