/**
 * Where an invitation's e-mailed link lands: which workspace, as what, and from whom. Signed out,
 * it leads to sign-in or sign-up, which come back here; signed in with the address it was sent
 * to, one press accepts it and opens the workspace. Accepting takes the press, not the opening:
 * mail scanners open every link in a message. A plain form: it works without scripts.
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { modulePath } from "~/domain/modules";
import {
  CURRENT_WORKSPACE_PATH,
  INVITATION_SPENT,
  invitationForAnother,
  invitationPath,
  WORKSPACE_ROLE_LABELS,
} from "~/domain/teams";
import { getSession } from "~/lib/auth.server";
import { pageArgs } from "~/lib/module-loader.server";
import type { DocumentHandle } from "~/root";
import { setSessionWorkspace } from "../../worker/services/sessions";

export const handle: DocumentHandle = { scripts: false };

/** Longer than any token AI42 makes: such a link names no invitation, and is not looked up. */
const MAX_TOKEN_LENGTH = 200;

/** The page a link to `token` shows, and its status: 4xx for what can't be accepted. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const [invitation, session] = await Promise.all([
    token.length <= MAX_TOKEN_LENGTH ? context.invitation(token) : null,
    getSession(request, context),
  ]);
  if (!invitation) return data({ invitation: null, signedInAs: null, mine: false }, 404);
  const mine = session !== null && invitation.acceptedBy === session.userId;
  const view = {
    invitation: {
      workspaceName: invitation.workspaceName,
      role: invitation.role,
      invitedBy: invitation.invitedBy,
      email: invitation.email,
      status: invitation.status,
      path: invitationPath(token),
      // Only its member is told which workspace it is, to open it.
      workspaceId: mine ? invitation.workspaceId : null,
    },
    signedInAs: session?.user.email ?? null,
    mine,
  };
  const wrongAddress = session !== null && session.user.email !== invitation.email;
  const status = invitation.status !== "pending" ? 410 : wrongAddress ? 403 : 200;
  return data(view, status);
}

/** The button: accept for the signed-in person, and work in the workspace from now on. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const path = new URL(request.url).pathname;
  const [session, args] = await Promise.all([
    getSession(request, context),
    pageArgs(request, context),
  ]);
  // Signed out meanwhile: the page again, which offers to sign in; nothing is accepted.
  if (!session || !args) throw redirect(path, 303);
  const accepted = await args.services.acceptInvitation(params.token ?? "");
  if (!accepted.done)
    return data({ refused: accepted.refused.message }, { status: accepted.refused.status });
  await setSessionWorkspace(context.cloudflare.env, session, accepted.done.id);
  throw redirect(modulePath("home"), 303);
}

export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data?.invitation ? `Join ${data.invitation.workspaceName} · AI42` : "Invitation · AI42",
  },
  { name: "robots", content: "noindex, nofollow" },
];

const linkClass = "font-medium text-accent hover:underline";

export default function InvitationPage() {
  const { invitation, signedInAs, mine } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!invitation) {
    return (
      <AuthCard title="This invitation link is not valid">
        <p className="mt-4 text-center text-muted">
          It may have been copied only in part: open it again from the e-mail, or ask whoever
          invited you for a new one.
        </p>
      </AuthCard>
    );
  }
  const role = WORKSPACE_ROLE_LABELS[invitation.role];
  const signIn = `/sign-in?${new URLSearchParams({ next: invitation.path })}`;
  const signUp = `/sign-in?${new URLSearchParams({ next: invitation.path, mode: "signup" })}`;

  if (invitation.status !== "pending") {
    return (
      <AuthCard
        title={mine ? `You joined ${invitation.workspaceName}` : "This invitation can't be used"}
      >
        {mine && invitation.workspaceId ? (
          <form method="post" action={CURRENT_WORKSPACE_PATH} className="mt-6">
            <input type="hidden" name="workspaceId" value={invitation.workspaceId} />
            <input type="hidden" name="returnTo" value={modulePath("home")} />
            <button type="submit" className="btn-primary w-full">
              Open {invitation.workspaceName}
            </button>
          </form>
        ) : (
          <p role="alert" className="mt-4 text-center text-muted">
            {INVITATION_SPENT[invitation.status].message}.
          </p>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={`Join ${invitation.workspaceName}`}>
      <p className="mt-4 text-center text-muted">
        {invitation.invitedBy} invited <strong className="text-fg">{invitation.email}</strong> to
        work in {invitation.workspaceName} on AI42, as <strong className="text-fg">{role}</strong>.
      </p>
      {!signedInAs ? (
        <div className="mt-6 space-y-3 text-center">
          <a href={signIn} className="btn-primary block w-full">
            Sign in to accept
          </a>
          <p className="text-sm text-muted">
            No account yet?{" "}
            <a href={signUp} className={linkClass}>
              Sign up with {invitation.email}
            </a>
          </p>
        </div>
      ) : signedInAs !== invitation.email ? (
        <p role="alert" className="mt-6 text-center">
          {invitationForAnother(invitation.email)}. You are signed in as {signedInAs}: sign out,
          then sign in or sign up with {invitation.email}.
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-3">
          <button type="submit" className="btn-primary w-full">
            Accept invitation
          </button>
          {answer?.refused && (
            <p role="alert" className="text-center text-sm text-danger">
              {answer.refused}.
            </p>
          )}
        </Form>
      )}
    </AuthCard>
  );
}
