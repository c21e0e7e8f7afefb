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
