/**
 * A lead's pages on the server: the lead with its follow-up sequence, the form that adds one, and
 * the changes made from its page or the list (its fields or status, its sequence, its deletion),
 * each checked with the API's own schema (in the services) and made against the version shown.
 */
import { redirect } from "@remix-run/cloudflare";
import { leadPath, modulePath } from "~/domain/modules";
import type { Lead } from "~/lib/api/marketing";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { loadHistory } from "~/lib/record-history.server";
import {
  deletedAnswer,
  jsonBody,
  listToGoBackTo,
  postedBody,
  refusedAnswer,
  refusedForm,
  textIn,
  versionIn,
} from "~/lib/record-action.server";

/** What a lead's action answers a page with JavaScript. */
export type LeadActionAnswer =
  { saved: { updatedAt: string } } | { deleted: true } | { sequence: "started" | "stopped" };

/** What the form at /marketing/leads/new answers once the lead is made. */
export type NewLeadAnswer = { created: { id: string } };

/**
 * A lead with what its page shows beside it: the campaigns and sequences to choose from, its
 * sequences and their log, and the list it was opened from (`back`, with its filters).
 */
export async function loadLead(args: ModuleLoaderArgs, id: string) {
  const { url, services } = args;
  const [lead, campaigns, sequences, followUp, members, history] = await Promise.all([
    services.leadDetail(id),
    services.campaignChoices(),
    services.listSequences(),
    services.leadSequences(id),
    services.assignees(),
    loadHistory(args, "lead", id),
  ]);
  if (!lead) throw notFound();
  const back = listToGoBackTo(modulePath("marketing"), url.searchParams.get("back"));
  return { lead: lead as Lead, campaigns, sequences, followUp, back, members, history };
}

/** The campaigns the new-lead form offers, and whom the lead may be assigned to. */
export async function loadNewLead({ services }: ModuleLoaderArgs) {
  const [campaigns, members] = await Promise.all([
    services.campaignChoices(),
    services.assignees(),
  ]);
  return { campaigns, members };
}

/** A new lead from the form at /marketing/leads/new (`input`, as the API's clients send it). */
export async function createLead({ services }: ModuleLoaderArgs, request: Request) {
  const body = await jsonBody(request);
  if (!body)
    return refusedForm(
      "Adding a lead needs JavaScript: its phones and e-mails are listed in the form",
    );
  const { done, refused } = await services.createLead(body.input);
  if (refused) return refusedAnswer(refused);
  return { created: { id: done.id } } satisfies NewLeadAnswer;
}

/**
 * A change of lead `id`: as JSON with JavaScript, `intent` "update" (`input`, the lead's fields
 * as the API reads them, against `version`: the page's form, or the list's status); as a form
 * (with or without JavaScript), "start-sequence" (`sequenceId`), "stop-sequence"
 * (`enrollmentId`) or "delete" against `version`, then to the list (`back`, with its filters),
 * or, from the list with JavaScript (no `back`), what happened. A browser without JavaScript is
 * sent back to the page after a sequence's change.
 */
export async function actOnLead(
  { services }: ModuleLoaderArgs,
  id: string,
  request: Request,
  sent: { document: boolean },
) {
  const { form } = await postedBody(request);
  const intent = form.intent;
  if (intent === "start-sequence" || intent === "stop-sequence") {
    const enrollmentId = textIn(form, "enrollmentId");
    if (intent === "stop-sequence" && !enrollmentId)
      return refusedForm("Say which sequence of the lead to stop");
    const { refused } = await (intent === "start-sequence"
      ? services.startLeadSequence(id, { sequenceId: form.sequenceId })
      : services.stopLeadSequence(enrollmentId!));
    if (refused) return refusedAnswer(refused);
    if (sent.document) throw redirect(leadPath(id), 303);
    return {
      sequence: intent === "start-sequence" ? "started" : "stopped",
    } satisfies LeadActionAnswer;
  }
  const { version, refused: unversioned } = versionIn(form, "lead");
  if (unversioned) return unversioned;
  if (intent === "delete") {
    const { refused } = await services.deleteLead(id, version);
    return deletedAnswer(refused, modulePath("marketing"), { ...sent, back: form.back });
  }
  if (intent !== "update") return refusedForm(`There is no change “${String(intent)}” of a lead`);
  const { done, refused } = await services.updateLead(id, form.input, version);
  if (refused) return refusedAnswer(refused);
  return { saved: { updatedAt: done.updatedAt } } satisfies LeadActionAnswer;
}
