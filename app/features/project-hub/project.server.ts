/**
 * A project's pages on the server: the project with the people, documents and files around it;
 * the form that creates one; and the changes made from its page (its fields, its contacts and
 * Drive files, its deletion), each checked with the API's own schema (in the services) and made
 * against the version the page showed.
 */
import { redirect } from "@remix-run/cloudflare";
import { modulePath, projectPath } from "~/domain/modules";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import type { RecordActionData } from "~/lib/record-action";
import {
  formInput,
  refusedAnswer,
  refusedForm,
  textIn,
  versionIn,
} from "~/lib/record-action.server";
import { loadHistory } from "~/lib/record-history.server";
import { actOnFile } from "../files/files.server";

/** What the project's action answers a page with JavaScript. */
export type ProjectActionData = RecordActionData | { linked: true };

export async function loadProject(args: ModuleLoaderArgs, id: string) {
  const { services } = args;
  const [project, files, members, history] = await Promise.all([
    services.projectDetail(id),
    services.recordFiles("project", id),
    services.assignees(),
    loadHistory(args, "project", id),
  ]);
  if (!project) throw notFound();
  return { project, files, members, history };
}

/** The form that creates a project: whom it may be assigned to. */
export const loadNewProject = async ({ services }: ModuleLoaderArgs) => ({
  members: await services.assignees(),
});

/** A new project from the form at /project-hub/projects/new; its page once made. */
export async function createProject({ services }: ModuleLoaderArgs, form: FormData) {
  const input = formInput(form);
  const { done, refused } = await services.createProject(input);
  if (refused) return refusedAnswer(refused, input);
  throw redirect(projectPath(done.id), 303);
}

/**
 * A change of project `id` sent from its page: `intent` "update" (the form's fields, against
 * `version`), "delete" (against `version`, then to the list), "link-contact" or
 * "unlink-contact" (`contactId`), "unlink-file" (`fileId`, a Drive file) or "delete-file"
 * (`fileId`, one of its stored files). A browser without JavaScript posts the page itself
 * (`sent.document`) and is sent back to it.
 */
export async function actOnProject(
  { services }: ModuleLoaderArgs,
  id: string,
  form: FormData,
  sent: { document: boolean },
) {
  const intent = form.get("intent");
  if (intent === "delete-file")
    return actOnFile(services, { ownerType: "project", ownerId: id }, form);
  /** Without JavaScript, the page again (POST, then a redirect); with it, what happened. */
  const backToPage = () => {
    if (sent.document) throw redirect(projectPath(id), 303);
  };
  if (intent === "link-contact" || intent === "unlink-contact" || intent === "unlink-file") {
    const field = intent === "unlink-file" ? "fileId" : "contactId";
    const target = textIn(form, field);
    if (!target)
      return refusedForm(`Say which ${field === "fileId" ? "file" : "contact"} to change`);
    const change =
      intent === "link-contact"
        ? services.linkContact(id, target)
        : intent === "unlink-contact"
          ? services.unlinkContact(id, target)
          : services.unlinkFile(id, target);
    const { refused } = await change;
    if (refused) return refusedAnswer(refused);
    backToPage();
    return { linked: true } as const;
  }
  const { version, refused: unversioned } = versionIn(form, "project");
  if (unversioned) return unversioned;
  if (intent === "delete") {
    const { refused } = await services.deleteProject(id, version);
    if (refused) return refusedAnswer(refused);
    throw redirect(modulePath("project-hub"), 303);
  }
  if (intent !== "update")
    return refusedForm(`There is no change “${String(intent)}” of a project`);
  const { done, refused } = await services.updateProject(id, formInput(form), version);
  if (refused) return refusedAnswer(refused);
  backToPage();
  return { saved: { updatedAt: done.updatedAt } };
}
