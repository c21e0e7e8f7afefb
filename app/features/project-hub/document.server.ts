/**
 * A document's page on the server: the document, the form that writes a new one, and the changes
 * made from its page (its text and fields, its deletion), each checked with the API's own schema
 * (in the services) and made against the version the page showed.
 */
import { splitTags } from "~/domain/workspace-terms";
import { redirect } from "@remix-run/cloudflare";
import { documentPath, modulePath } from "~/domain/modules";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { loadHistory } from "~/lib/record-history.server";
import { formInput, refusedAnswer, refusedForm, versionIn } from "~/lib/record-action.server";

export async function loadDocument(args: ModuleLoaderArgs, id: string) {
  const [entry, history] = await Promise.all([
    args.services.entry(id),
    loadHistory(args, "document", id),
  ]);
  if (!entry) throw notFound();
  return { entry, history };
}

/** The documents list, where a deleted document's page goes back to. */
const DOCUMENTS = modulePath("project-hub", { tab: "documents" });

/** The form's fields as the API takes a document: its tags typed as "downtown, hard money". */
function entryInput(form: FormData) {
  const { tags, ...input } = formInput(form);
  // The text is kept as written, blank lines and all (formInput leaves out an empty field).
  const content = form.get("content");
  return {
    ...input,
    content: typeof content === "string" ? content : "",
    tags: splitTags(tags ?? ""),
  };
}

/** A new document from the form at /project-hub/documents/new; its page once written. */
export async function createDocument({ services }: ModuleLoaderArgs, form: FormData) {
  const { done, refused } = await services.createEntry(entryInput(form));
  if (refused) return refusedAnswer(refused);
  throw redirect(documentPath(done.id), 303);
}

/**
 * A change of document `id` sent from its page, against `version`: `intent` "save" (the form's
 * fields) or "delete" (then to the documents list). A browser without JavaScript posts the page
 * itself (`sent.document`) and is sent back to it after a save.
 */
export async function actOnDocument(
  { services }: ModuleLoaderArgs,
  id: string,
  form: FormData,
  sent: { document: boolean },
) {
  const intent = form.get("intent");
  const { version, refused: unversioned } = versionIn(form, "document");
  if (unversioned) return unversioned;
  if (intent === "delete") {
    const { refused } = await services.deleteEntry(id, version);
    if (refused) return refusedAnswer(refused);
    throw redirect(DOCUMENTS, 303);
  }
  if (intent !== "save") return refusedForm(`There is no change “${String(intent)}” of a document`);
  const { done, refused } = await services.updateEntry(id, entryInput(form), version);
  if (refused) return refusedAnswer(refused);
  if (sent.document) throw redirect(documentPath(id), 303);
  return { saved: { updatedAt: done.updatedAt } };
}
