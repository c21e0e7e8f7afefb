/**
 * The sidebar's workspace switcher posts here: work in another of the person's workspaces, or make
 * a team workspace and work in it. The session keeps the choice (pages and the API act in it), and
 * the browser goes back to the module it was on, loaded afresh: a record of the workspace it left
 * is not in the one it chose. Its form reloads the document, so it works without JavaScript.
 *
 * A link here (`workspaceLink`: `?id=<workspace>&to=<path>`) opens a page in a workspace: a notice
 * about a team's record, read while working in another, opens the record in the team's.
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { setSessionWorkspace } from "../../worker/services/sessions";
import { pathOnThisOrigin } from "~/domain/access";
import { activeModuleId, modulePath } from "~/domain/modules";
import { getSession } from "~/lib/auth.server";
import { pageArgs } from "~/lib/module-loader.server";
import { withStatus } from "~/lib/resource-route.server";
import { MODULES } from "~/modules";

/** The module page a form came from (`returnTo`), else the dashboard: never another site. */
function modulePage(returnTo: FormDataEntryValue | null) {
  const id = typeof returnTo === "string" ? activeModuleId(MODULES, returnTo) : null;
  return id ? `/${id}` : modulePath("home");
}

/**
 * Opens `to` in workspace `id` when the person is a member of it (else as they are: the page says
 * what they may see). Signed out, the page's login screen opens.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const to = pathOnThisOrigin(url.searchParams.get("to")) ?? modulePath("home");
  const [session, args] = await Promise.all([
    getSession(request, context),
    pageArgs(request, context),
  ]);
  if (!session || !args) throw redirect(to);
  const chosen = await args.services.findWorkspace(url.searchParams.get("id") ?? "");
  if (chosen) await setSessionWorkspace(context.cloudflare.env, session, chosen.id);
  throw redirect(to);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = modulePage(form.get("returnTo"));
  const [session, args] = await Promise.all([
    getSession(request, context),
    pageArgs(request, context),
  ]);
  // Signed out meanwhile: the page shows the login screen, and nothing changes.
  if (!session || !args) throw redirect(back, 303);
  let workspaceId: string;
  if (form.get("intent") === "create") {
    const made = await args.services.createWorkspace({ name: form.get("name") });
    if (!made.done)
      return withStatus(
        data({ message: made.refused.message }, { status: made.refused.status }),
        context,
      );
    workspaceId = made.done.id;
  } else {
    const chosen = await args.services.findWorkspace(String(form.get("workspaceId") ?? ""));
    if (!chosen)
      return withStatus(data({ message: "No such workspace" }, { status: 404 }), context);
    workspaceId = chosen.id;
  }
  await setSessionWorkspace(context.cloudflare.env, session, workspaceId);
  return redirect(back, 303);
}
