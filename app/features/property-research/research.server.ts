/**
 * A research report's page on the server: the report, and the changes made to it from its page
 * or from the history (saving it to the Project Hub, deleting it).
 */
import { redirect } from "@remix-run/cloudflare";
import { modulePath, researchPath } from "~/domain/modules";
import type { Entry } from "~/lib/api/workspace";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { postedBody, refusedAnswer, refusedForm } from "~/lib/record-action.server";

/** What a report's action answers a page with JavaScript: the document it is saved as, or gone. */
export type ResearchActionAnswer = { saved: Entry } | { deleted: true };

export async function loadResearch({ services }: ModuleLoaderArgs, id: string) {
  const research = await services.getResearch(id);
  if (!research) throw notFound();
  return { research };
}

/**
 * A change of report `id`, `intent` "save" (to the Project Hub, once) or "delete". Its page posts
 * a form, with or without JavaScript: a delete then opens the history, and a save without
 * JavaScript (the page itself posted: `sent.document`) the report again. The history deletes with
 * JavaScript, as JSON, and is answered with what happened.
 */
export async function actOnResearch(
  { services }: ModuleLoaderArgs,
  id: string,
  request: Request,
  sent: { document: boolean },
) {
  const { json, form } = await postedBody(request);
  const { intent } = form;
  if (intent === "save") {
    const { done, refused } = await services.saveResearch(id);
    if (refused) return refusedAnswer(refused);
    if (sent.document) throw redirect(researchPath(id), 303);
    return { saved: done.entry } satisfies ResearchActionAnswer;
  }
  if (intent !== "delete")
    return refusedForm(`There is no change “${String(intent)}” of a research report`);
  const { refused } = await services.deleteResearch(id);
  if (refused) return refusedAnswer(refused);
  if (sent.document || !json) throw redirect(modulePath("property-research"), 303);
  return { deleted: true } satisfies ResearchActionAnswer;
}
