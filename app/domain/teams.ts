/**
 * Workspaces: what owns records. Each account has a personal one (its own id); a team shares
 * others, each member with a role. Shared by the Worker (which checks roles on every call) and the
 * screens (which hide what a role can't do). docs/decisions/0046-workspaces-are-accounts.md.
 */
/** The header an API call names its workspace in; without it, the session's current workspace. */
export const WORKSPACE_HEADER = "X-Workspace-Id";

/** A person signs in; a team's account owns the team's records and never signs in. */
export const ACCOUNT_KINDS = ["person", "team"] as const;

export const WORKSPACE_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** An invitation makes no owner: an owner makes another member one (ownership passes so). */
export const INVITATION_ROLES = ["admin", "member", "viewer"] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

/** The longest workspace name: a sidebar line. */
export const WORKSPACE_NAME_MAX = 80;

/** A workspace as its member sees it. */
export interface Workspace {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
}

/** A person's own workspace is called by their name. */
export const personalWorkspaceName = (firstName: string, lastName: string) =>
  [firstName, lastName].filter(Boolean).join(" ").trim() || "Personal";

/** Every role reads the workspace's records; all but a viewer change them. */
export const writesRecords = (role: WorkspaceRole) => role !== "viewer";

/** What a viewer is told when it asks to change something: by the API, a page or the agent. */
export const VIEWER_CANT_WRITE =
  "You are a viewer in this workspace: you can read its records but not change them. Ask an owner or admin for the member role.";

/**
 * What a screen that adds records (`what`: "add projects", "run research") says to a viewer in
 * place of its form.
 */
export const viewerCantAdd = (what: string) =>
  `You are a viewer in this workspace: ask an owner or admin to make you a member to ${what}.`;

/** A higher role may do all a lower one may. */
const ROLE_RANK: Record<WorkspaceRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** Who may change a workspace's members and invite people: its owners and admins. */
export const managesMembers = (role: WorkspaceRole) => ROLE_RANK[role] >= ROLE_RANK.admin;

/**
 * Why someone of `role` may not do `what` ("Inviting people"), which takes an owner or an admin;
 * null when they may.
 */
export const managerNeeded = (role: WorkspaceRole, what: string) =>
  managesMembers(role)
    ? null
    : `${what} takes an owner or an admin of the workspace: you are a ${WORKSPACE_ROLE_LABELS[role].toLowerCase()}`;

/** A person's membership of a workspace, as a change to it is judged by. */
export interface Membership {
  userId: string;
  role: WorkspaceRole;
}

/**
 * Why `actor` may not change `target`'s membership (to `role`, when it names one) or remove it,
 * or null when they may. Anyone may leave; only owners and admins change others; an admin neither
 * touches an owner nor makes one; nobody raises their own role. Whether the workspace keeps an
 * owner is the data's to say, not this.
 */
export function memberChangeRefusal(
  actor: Membership,
  target: Membership,
  change: { role?: WorkspaceRole } | "remove",
): string | null {
  const self = actor.userId === target.userId;
  if (change === "remove" && self) return null;
  const role = change === "remove" ? undefined : change.role;
  if (self && role && ROLE_RANK[role] > ROLE_RANK[actor.role])
    return "You can't raise your own role: an owner can";
  const refused = managerNeeded(
    actor.role,
    change === "remove" ? "Removing a member" : "Changing a member",
  );
  if (refused) return refused;
  if (actor.role !== "owner" && target.role === "owner")
    return `Only an owner can ${change === "remove" ? "remove" : "change"} an owner`;
  if (actor.role !== "owner" && role === "owner") return "Only an owner can make someone an owner";
  return null;
}

/** An invitation's link works this long. */
export const INVITATION_TTL_DAYS = 7;

/**
 * The most invitations a workspace sends in 24 hours: a team of ten invites far fewer, and each one
 * is an e-mail AI42 sends to an address someone typed.
 */
export const INVITATIONS_PER_DAY = 50;

/** Where an invitation's link opens: the page that shows it and accepts it. */
export const INVITATION_PATH = "/invitations";
export const invitationPath = (token: string) => `${INVITATION_PATH}/${token}`;

/** The invitation a page's path (the login screen's `next`) opens, or null. */
export function invitationTokenIn(path: string | null) {
  const match = path?.match(/^\/invitations\/([\w-]{1,200})$/);
  return match?.[1] ?? null;
}

export const INVITATION_STATUSES = ["pending", "accepted", "expired", "revoked"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** Why an invitation can't be accepted any more, as the API answers it (410) and its page says. */
export const INVITATION_SPENT: Record<
  Exclude<InvitationStatus, "pending">,
  { code: string; message: string }
> = {
  accepted: {
    code: "INVITATION_USED",
    message: "This invitation was already accepted: a link works once",
  },
  expired: {
    code: "INVITATION_EXPIRED",
    message: `This invitation has expired (a link works ${INVITATION_TTL_DAYS} days): ask for a new one`,
  },
  revoked: {
    code: "INVITATION_REVOKED",
    message: "This invitation was withdrawn: ask for a new one",
  },
};

/** Why the account signed in can't accept an invitation sent to `email`. */
export const invitationForAnother = (email: string) =>
  `This invitation is for ${email}: sign in with that address to accept it`;

/** Whether an invitation can still be accepted, or why not: used, revoked, or past its week. */
export function invitationStatus(
  invitation: { acceptedAt: string | null; revokedAt: string | null; expiresAt: string },
  now: string,
): InvitationStatus {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt <= now ? "expired" : "pending";
}

/** Where the workspace switcher works: a form posts to it, a link opens a path in a workspace. */
export const CURRENT_WORKSPACE_PATH = "/workspaces/current";

/**
 * A link to `path` in workspace `workspaceId`: it makes that the session's workspace, then opens
 * the path (a notice about a team's record, read in another workspace, opens the record).
 */
export const workspaceLink = (workspaceId: string, path: string) =>
  `${CURRENT_WORKSPACE_PATH}?${new URLSearchParams({ id: workspaceId, to: path })}`;
