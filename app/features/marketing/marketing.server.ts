/** Marketing's lists, read on the server: the open tab's leads, campaigns, funnel or bots. */
import { redirect } from "@remix-run/cloudflare";
import { campaignPath, leadPath, MARKETING_TABS } from "~/domain/modules";
import { badQuery, tabOf, type ModuleLoaderArgs } from "~/lib/module-loader.server";

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
        services.listCampaigns(),
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
        services.listCampaigns(),
      ]);
      if (list.problem !== null) throw badQuery(list.problem);
      return { tab, leads: list.page, summary, campaigns, today };
    }
  }
}

/** The open tab's list, as the index route's loader reads it. */
export type MarketingList = Awaited<ReturnType<typeof loadMarketing>>;
