/**
 * The sidebar's workspace switcher posts here: work in another of the person's workspaces, or make
 * a team workspace and work in it. The session keeps the choice (pages and the API act in it), and
 * the browser goes back to the module it was on, loaded afresh: a record of the workspace it left
 * is not in the one it chose. Its form reloads the document, so it works without JavaScript.
 */
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { setSessionWorkspace } from "../../worker/services/sessions";
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
