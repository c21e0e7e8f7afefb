/**
 * Team on the server. Its page: the workspace the pages work in, its members, and (for its owners
 * and admins) its pending invitations. Its changes, each checked with the API's own schema in the
 * services and judged by the person's role there: an invitation sent or revoked, a member's role
 * or view changed, a member removed or the person leaving, the workspace deleted.
 */
import { redirect } from "@remix-run/cloudflare";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { refusedAnswer, refusedForm, refusedPartAnswer, textIn } from "~/lib/record-action.server";

/** The page a team's changes go back to, and where Team lives. */
export const TEAM_PATH = "/team";

export async function loadTeam({ services }: ModuleLoaderArgs) {
  const [workspace, members, invitations] = await Promise.all([
    services.findWorkspace(services.workspaceId),
    services.members(),
    services.invitations(),
  ]);
  // Left meanwhile: the session's next request works in the person's own.
  if (!workspace) throw notFound();
  return { workspace, you: services.personId, members, invitations };
}

export type TeamData = Awaited<ReturnType<typeof loadTeam>>;

/** What Team's action answers: the invitation just sent, with the link to copy. */
export type TeamActionAnswer = { invited: { email: string; url: string } };

/**
 * A change made from Team, by `intent`: "invite" (`email`, `role`), "revoke-invitation" (`id`),
 * "change-member" (`userId`, `role`, `assignedOnly` ticked or not), "remove-member" (`userId`;
 * the person themselves: leaving, which goes home to their own workspace), "delete-workspace"
 * (an owner, the team's workspace and everything in it; home to their own too).
 */
export async function actOnTeam({ services }: ModuleLoaderArgs, request: Request) {
  const form = await request.formData().catch(() => new FormData());
  const back = () => redirect(TEAM_PATH, 303);
  switch (form.get("intent")) {
    case "invite": {
      const { done, refused } = await services.invite({
        email: textIn(form, "email") ?? "",
        role: textIn(form, "role") ?? "",
      });
      if (refused) return refusedAnswer(refused);
      return { invited: { email: done.email, url: done.url } } satisfies TeamActionAnswer;
    }
    case "revoke-invitation": {
      const { refused } = await services.revokeInvitation(textIn(form, "id") ?? "");
      if (refused) return refusedPartAnswer(refused);
      throw back();
    }
    case "change-member": {
      const { refused } = await services.changeMember(textIn(form, "userId") ?? "", {
        role: textIn(form, "role") ?? undefined,
        assignedOnly: form.get("assignedOnly") === "on",
      });
      if (refused) return refusedPartAnswer(refused);
      throw back();
    }
    case "remove-member": {
      const userId = textIn(form, "userId") ?? "";
      const { refused } = await services.removeMember(userId);
      if (refused) return refusedPartAnswer(refused);
      throw userId === services.personId ? redirect("/home", 303) : back();
    }
    case "delete-workspace": {
      const { refused } = await services.deleteWorkspace();
      if (refused) return refusedPartAnswer(refused);
      throw redirect("/home", 303);
    }
    default:
      return refusedForm("Choose what to do: invite, revoke, change, remove or delete");
  }
}
