/**
 * A campaign's pages on the server: the campaign with its funnel and its leads, the form that
 * adds one, and the changes made from its page or the list (its fields, its deletion), each
 * checked with the API's own schema (in the services) and made against the version shown.
 */
import { redirect } from "@remix-run/cloudflare";
import { campaignPath, modulePath } from "~/domain/modules";
import { badQuery, notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { loadHistory } from "~/lib/record-history.server";
import {
  deletedAnswer,
  formInput,
  postedBody,
  refusedAnswer,
  refusedForm,
  versionIn,
} from "~/lib/record-action.server";
import { LEADS_PAGE_SIZE } from "./marketing.server";

/** The campaigns list, where a deleted campaign's page goes back to. */
const CAMPAIGNS_LIST = modulePath("marketing", { tab: "campaigns" });

/**
 * A campaign with what its page shows: its figures, the funnel of its leads and their first page
 * (the whole list at the leads tab, filtered by the campaign).
 */
export async function loadCampaign(args: ModuleLoaderArgs, id: string) {
  const { services } = args;
  // Read at once: another user's campaign id names none of their leads either.
  const [campaign, summary, leads, history] = await Promise.all([
    services.campaignDetail(id),
    services.leadSummary({ campaignId: id }),
    services.listLeads({ campaignId: id, limit: String(LEADS_PAGE_SIZE) }),
    loadHistory(args, "campaign", id),
  ]);
  if (!campaign) throw notFound();
  if (summary.problem !== null) throw badQuery(summary.problem);
  if (leads.problem !== null) throw badQuery(leads.problem);
  return { campaign, summary: summary.summary, leads: leads.page, history };
}

/** A new campaign from the form at /marketing/campaigns/new; its page once made. */
export async function createCampaign({ services }: ModuleLoaderArgs, form: FormData) {
  const input = formInput(form);
  const { done, refused } = await services.createCampaign(input);
  if (refused) return refusedAnswer(refused, input);
  throw redirect(campaignPath(done.id), 303);
}

/**
 * A change of campaign `id` sent from its page or the list: `intent` "update" (the form's fields,
 * against `version`; a browser without JavaScript is sent back to the page) or "delete" (against
 * `version`), then to the campaigns list when the page asks (`back`, or posted without
 * JavaScript), else, from the list with JavaScript (as JSON), what happened.
 */
export async function actOnCampaign(
  { services }: ModuleLoaderArgs,
  id: string,
  request: Request,
  sent: { document: boolean },
) {
  const { form } = await postedBody(request);
  const { version, refused: unversioned } = versionIn(form, "campaign");
  if (unversioned) return unversioned;
  if (form.intent === "delete") {
    const { refused } = await services.deleteCampaign(id, version);
    return deletedAnswer(refused, CAMPAIGNS_LIST, { ...sent, back: form.back });
  }
  if (form.intent !== "update")
    return refusedForm(`There is no change “${String(form.intent)}” of a campaign`);
  const input = formInput(Object.entries(form));
  const { done, refused } = await services.updateCampaign(id, input, version);
  if (refused) return refusedAnswer(refused, input);
  if (sent.document) throw redirect(campaignPath(id), 303);
  return { saved: { updatedAt: done.updatedAt } };
}
