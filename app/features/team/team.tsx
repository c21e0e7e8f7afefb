/**
 * Team (/team): the workspace the pages work in, its members with their roles, and for its owners
 * and admins the invitation form and the invitations still pending. Every change is a plain form,
 * so it works without JavaScript; what a person may not do is not offered (the server refuses it
 * anyway).
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Users } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui";
import {
  INVITATION_ROLES,
  managesMembers,
  memberChangeRefusal,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from "~/domain/teams";
import { fieldErrorsOf } from "~/lib/record-action";
import { CopyButton } from "../connections/copy-button";
import type { TeamActionAnswer, TeamData } from "./team.server";

type Member = TeamData["members"][number];

const nameOf = (member: Member) =>
  [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * A button that asks again before it posts: "Remove Mel?" with the consequence spelt out.
 * `reload`: the answer is a page loaded whole, for a change that takes the person out of the
 * workspace (leaving it, deleting it), so that the shell's switcher no longer lists it.
 */
function ConfirmedForm(props: {
  label: string;
  question: string;
  confirm: string;
  fields: Record<string, string>;
  reload?: boolean;
}) {
  return (
    <details className="relative">
      <summary className="btn-secondary cursor-pointer list-none text-sm">{props.label}</summary>
      <Form
        method="post"
        reloadDocument={props.reload}
        className="absolute right-0 z-10 mt-2 w-64 rounded-xl border border-line bg-surface p-3 text-sm shadow-lg"
      >
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <p>{props.question}</p>
        <button type="submit" className="btn-danger mt-3 w-full">
          {props.confirm}
        </button>
      </Form>
    </details>
  );
}

function MemberRow(props: { member: Member; you: Member | undefined; workspaceId: string }) {
  const { member, you } = props;
  const self = you?.userId === member.userId;
  const own = member.userId === props.workspaceId;
  const name = nameOf(member);
  const changeable = you && !own && !memberChangeRefusal(you, member, { role: member.role });
  // Roles one may give: an admin never makes an owner, and nobody raises their own.
  const roles = WORKSPACE_ROLES.filter(
    (role) => you && !memberChangeRefusal(you, member, { role }),
  );
  const removable = you && !own && !memberChangeRefusal(you, member, "remove");
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium">
          {name}
          {self && <span className="text-muted"> (you)</span>}
        </p>
        <p className="truncate text-sm text-muted">{member.email}</p>
        <p className="mt-1 flex flex-wrap gap-2 text-xs text-muted">
          <Badge tone={member.role === "viewer" ? "neutral" : "accent"}>
            {WORKSPACE_ROLE_LABELS[member.role]}
          </Badge>
          {member.assignedOnly && <Badge>Assigned records only</Badge>}
          <span>Joined {dateOf(member.joinedAt)}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {changeable && !self && (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="change-member" />
            <input type="hidden" name="userId" value={member.userId} />
            <label className="text-sm">
              <span className="sr-only">Role of {name}</span>
              <select name="role" defaultValue={member.role} className="input py-1.5">
                {roles.map((role) => (
                  <option key={role} value={role}>
                    {WORKSPACE_ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="assignedOnly" defaultChecked={member.assignedOnly} />
              Assigned records only
            </label>
            <button type="submit" className="btn-secondary text-sm">
              Save<span className="sr-only"> {name}</span>
            </button>
          </Form>
        )}
        {removable && (
          <ConfirmedForm
            label={self ? "Leave workspace" : "Remove"}
            question={
              self
                ? "Leave this workspace? You lose access to its records at once."
                : `Remove ${name}? They lose access to this workspace at once.`
            }
            confirm={self ? "Leave" : `Remove ${name}`}
            reload={self}
            fields={{ intent: "remove-member", userId: member.userId }}
          />
        )}
      </div>
    </li>
  );
}

function InviteForm() {
  const answer = useActionData<TeamActionAnswer | object>();
  const sending = useNavigation().formData?.get("intent") === "invite";
  const problems = fieldErrorsOf(answer);
  const invited = answer && "invited" in answer ? answer.invited : null;
  const message =
    answer && "message" in answer && !Object.keys(problems).length ? String(answer.message) : null;
  return (
    <section
      aria-labelledby="invite-heading"
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="invite-heading" className="font-semibold">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-muted">
        They get an e-mail with a link that works once, for 7 days, for the account with that
        address.
      </p>
      <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="invite" />
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          E-mail address
          <input
            type="email"
            name="email"
            required
            autoComplete="off"
            className="input"
            aria-invalid={problems.email ? true : undefined}
            aria-describedby={problems.email ? "invite-email-problem" : undefined}
          />
          {problems.email && (
            <span id="invite-email-problem" className="text-danger">
              {problems.email}
            </span>
          )}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Role
          <select name="role" defaultValue="member" className="input">
            {INVITATION_ROLES.map((role) => (
              <option key={role} value={role}>
                {WORKSPACE_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? "Sending…" : "Send invitation"}
        </button>
      </Form>
      {message && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {message}
        </p>
      )}
      {invited && (
        <div role="status" className="mt-4 rounded-xl bg-raised/60 p-3 text-sm">
          <p>
            Invitation sent to <strong>{invited.email}</strong>. You can also send them this link:
          </p>
          <div className="mt-2 flex items-center gap-2">
            <input
              readOnly
              value={invited.url}
              aria-label="Invitation link"
              className="input min-w-0 flex-1 font-mono text-xs"
              data-testid="invitation-link"
            />
            <CopyButton value={invited.url} what="the invitation link" />
          </div>
        </div>
      )}
    </section>
  );
}

function PendingInvitations(props: { invitations: NonNullable<TeamData["invitations"]> }) {
  return (
    <section aria-labelledby="pending-heading">
      <h2 id="pending-heading" className="font-semibold">
        Pending invitations
      </h2>
      {props.invitations.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No invitations waiting for an answer.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {props.invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{invitation.email}</p>
                <p className="text-muted">
                  {WORKSPACE_ROLE_LABELS[invitation.role]} · expires {dateOf(invitation.expiresAt)}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-invitation" />
                <input type="hidden" name="id" value={invitation.id} />
                <button type="submit" className="btn-secondary text-sm">
                  Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TeamPage({ loaded }: { loaded: TeamData }) {
  const { workspace, members, invitations } = loaded;
  const you = members.find((member) => member.userId === loaded.you);
  const role: WorkspaceRole = workspace.role;
  const answer = useActionData<object>();
  const refusal =
    answer &&
    "message" in answer &&
    !("invited" in answer) &&
    !Object.keys(fieldErrorsOf(answer)).length
      ? String(answer.message)
      : null;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        icon={Users}
        title="Team"
        description={`${workspace.name}: who works here, and as what. You are ${WORKSPACE_ROLE_LABELS[role].toLowerCase()}.`}
      />
      {refusal && !managesMembers(role) && (
        <p role="alert" className="mb-4 text-sm text-danger">
          {refusal}
        </p>
      )}
      <div className="grid gap-6">
        {managesMembers(role) && <InviteForm />}
        <section
          aria-labelledby="members-heading"
          className="rounded-2xl border border-line bg-surface p-5"
        >
          <h2 id="members-heading" className="font-semibold">
            Members <span className="text-muted">({members.length})</span>
          </h2>
          <ul className="divide-y divide-line" data-testid="team-members">
            {members.map((member) => (
              <MemberRow key={member.userId} member={member} you={you} workspaceId={workspace.id} />
            ))}
          </ul>
        </section>
        {invitations && (
          <div className="rounded-2xl border border-line bg-surface p-5">
            <PendingInvitations invitations={invitations} />
          </div>
        )}
        {role === "owner" && !workspace.personal && (
          <section
            aria-labelledby="delete-workspace-heading"
            className="flex flex-col gap-3 rounded-2xl border border-danger/40 bg-surface p-5 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h2 id="delete-workspace-heading" className="font-semibold">
                Delete this workspace
              </h2>
              <p className="mt-1 text-sm text-muted">
                Its records, files and history go, for every member. Your own workspace stays.
              </p>
            </div>
            <ConfirmedForm
              label="Delete workspace…"
              question={`Delete ${workspace.name} and everything in it, ${members.length === 1 ? "for you, its only member" : `for all ${members.length} members`}? This can't be undone.`}
              confirm={`Delete ${workspace.name}`}
              fields={{ intent: "delete-workspace" }}
              reload
            />
          </section>
        )}
      </div>
    </div>
  );
}
