/**
 * Marketing's lists, read on the server (the open tab's leads, sequences, campaigns, funnel or
 * bots), and the changes made on the sequences tab.
 */
import { redirect } from "@remix-run/cloudflare";
import { campaignPath, leadPath, MARKETING_TABS } from "~/domain/modules";
import { badQuery, tabOf, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { jsonBody, refusedAnswer, refusedForm } from "~/lib/record-action.server";

/** Leads per page of the list (and of a campaign's leads on its page). */
export const LEADS_PAGE_SIZE = 20;
/** The leads list's own parameters in the page's URL: those of `GET /api/marketing/leads`. */
const LEAD_LIST_PARAMS = ["q", "status", "campaignId", "followUpBy", "sort", "page"];

/**
 * Where a link to a screen the query string once opened now lives: `?new=1` the form that adds a
 * lead (or, on the campaigns tab, a campaign), `?sequence=<lead>` the lead's page (its sequence
 * is on it), `?campaign=<id>` (its leads, its funnel) the campaign's page. Answered with a
 * permanent redirect.
 */
export function movedScreen(url: URL) {
  const query = url.searchParams;
  const tab = query.get("tab") ?? "leads";
  const [created, sequence, campaign] = ["new", "sequence", "campaign"].map((name) =>
    query.get(name),
  );
  let moved: string | null = null;
  if (created && tab === "campaigns") moved = campaignPath("new");
  else if (created && tab === "leads") moved = leadPath("new");
  else if (sequence) moved = leadPath(sequence);
  else if (campaign) moved = campaignPath(campaign);
  return moved && redirect(moved, 301);
}

export async function loadMarketing({ url, services, today }: ModuleLoaderArgs) {
  const params = url.searchParams;
  const tab = tabOf(url, MARKETING_TABS);
  const summaryOf = async (campaignId: string | null) => {
    const read = await services.leadSummary(campaignId ? { campaignId } : {});
    if (read.problem !== null) throw badQuery(read.problem);
    return read.summary;
  };

  switch (tab) {
    case "sequences": {
      const [sequences, settings] = await Promise.all([
        services.listSequences(),
        services.sequenceSettings(),
      ]);
      return { tab, sequences, settings };
    }
    case "campaigns":
      return { tab, campaigns: await services.listCampaigns() };
    case "bots":
      // The playground and the outreach drafts call the AI from the browser: only the bots are read.
      return { tab, bots: await services.listLeadBots() };
    case "funnel": {
      const [summary, campaigns] = await Promise.all([
        summaryOf(params.get("campaignId")),
        services.campaignChoices(),
      ]);
      return { tab, summary, campaigns };
    }
    case "leads": {
      const listQuery = Object.fromEntries(
        [...params].filter(([name]) => LEAD_LIST_PARAMS.includes(name)),
      );
      const [list, summary, campaigns] = await Promise.all([
        services.listLeads({ ...listQuery, limit: String(LEADS_PAGE_SIZE) }),
        summaryOf(params.get("campaignId")),
        services.campaignChoices(),
      ]);
      if (list.problem !== null) throw badQuery(list.problem);
      return { tab, leads: list.page, summary, campaigns, today };
    }
  }
}

/** What the index's action answers: the sequence saved, the settings kept, or the deletion. */
export type MarketingActionAnswer =
  { sequence: { id: string } } | { settings: true } | { deleted: true };

/**
 * A change made on the sequences tab, as JSON (its form builds a sequence's steps in the browser):
 * `intent` "save-sequence" (`input`, and `id` for one that exists), "delete-sequence" (`id`) or
 * "sequence-settings" (`input`: on or off, the daily cap).
 */
export async function actOnMarketing({ services }: ModuleLoaderArgs, request: Request) {
  const body = await jsonBody(request);
  if (!body)
    return refusedForm("Changing sequences needs JavaScript: their steps are built in the form");
  const id = typeof body.id === "string" && body.id ? body.id : null;
  switch (body.intent) {
    case "save-sequence": {
      const { done, refused } = await (id
        ? services.updateSequence(id, body.input)
        : services.createSequence(body.input));
      if (refused) return refusedAnswer(refused);
      return { sequence: { id: done.id } } satisfies MarketingActionAnswer;
    }
    case "delete-sequence": {
      if (!id) return refusedForm("Say which sequence to delete");
      const { refused } = await services.deleteSequence(id);
      if (refused) return refusedAnswer(refused);
      return { deleted: true } satisfies MarketingActionAnswer;
    }
    case "sequence-settings": {
      const { refused } = await services.saveSequenceSettings(body.input);
      if (refused) return refusedAnswer(refused);
      return { settings: true } satisfies MarketingActionAnswer;
    }
    default:
      return refusedForm(`There is no change “${String(body.intent)}” here`);
  }
}
