/**
 * An e-mail's unsubscribe link: open without signing in, outside the workspace. It says which
 * e-mails it stops and stops them with one button (a plain form, so it works without scripts); only
 * that kind's e-mail is turned off. Kept out of search engines.
 */
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { modulePath } from "~/domain/modules";
import { postedForm } from "~/lib/record-action.server";
import type { DocumentHandle } from "~/root";

export const handle: DocumentHandle = { scripts: false };

const MAX_TOKEN_LENGTH = 500;

async function targetOf(
  token: string | null,
  confirm: boolean,
  context: LoaderFunctionArgs["context"],
) {
  return token && token.length <= MAX_TOKEN_LENGTH ? context.unsubscribeLink(token, confirm) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const target = await targetOf(token, false, context);
  return data({ token, target }, { status: target ? 200 : 400 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const token = form.get("token");
  const done = await targetOf(typeof token === "string" ? token : null, true, context);
  return data({ done }, { status: done ? 200 : 400 });
}

export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export const meta: MetaFunction = () => [
  { title: "Unsubscribe · AI42" },
  { name: "robots", content: "noindex, nofollow" },
];

const preferences = modulePath("connections", { section: "notifications" });

function Links() {
  return (
    <p className="text-sm text-muted">
      <a className="text-accent hover:underline" href={preferences}>
        Sign in to choose which notifications you get
      </a>
    </p>
  );
}

export default function Unsubscribe() {
  const { token, target } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (answer?.done) {
    return (
      <AuthCard title="Unsubscribed" footer={<Links />}>
        <p role="status" className="mt-4 text-center">
          Done: AI42 won&apos;t e-mail you about {answer.done.label} any more. Other e-mails are
          unchanged.
        </p>
      </AuthCard>
    );
  }
  if (!target || answer) {
    return (
      <AuthCard title="This unsubscribe link is not valid." footer={<Links />}>
        <p className="mt-4 text-center text-muted">
          It may have been copied only in part. Open it again from the e-mail, or sign in and turn
          the e-mails off in your notification preferences.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={`Stop e-mails about ${target.label}?`} footer={<Links />}>
      <p className="mt-4 text-center text-muted">
        Only these e-mails stop: every other e-mail AI42 sends you is unchanged.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token ?? ""} />
        <button type="submit" className="btn-primary w-full">
          Unsubscribe
        </button>
      </Form>
    </AuthCard>
  );
}
