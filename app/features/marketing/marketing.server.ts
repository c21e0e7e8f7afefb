/** Marketing's first screen, read on the server: the open tab's leads, campaigns, funnel or bots. */
import { MARKETING_TABS } from "~/domain/modules";
import { badQuery, tabOf, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Leads per page of the list. */
const LEADS_PAGE_SIZE = 20;
/** The leads list's own parameters in the page's URL: those of `GET /api/marketing/leads`. */
const LEAD_LIST_PARAMS = ["q", "status", "followUpBy", "sort", "page"];

export async function loadMarketing({ url, services, today }: ModuleLoaderArgs) {
  const params = url.searchParams;
  const tab = tabOf(url, MARKETING_TABS);
  // `campaign` names one campaign's leads or funnel: the API's `campaignId`.
  const campaignId = params.get("campaign");
  const campaign: Record<string, string> = campaignId ? { campaignId } : {};
  const summaryOf = async () => {
    const read = await services.leadSummary(campaign);
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
      const [summary, campaigns] = await Promise.all([summaryOf(), services.listCampaigns()]);
      return { tab, summary, campaigns };
    }
    case "leads": {
      const listQuery = Object.fromEntries(
        [...params].filter(([name]) => LEAD_LIST_PARAMS.includes(name)),
      );
      const [list, summary, campaigns, sequences] = await Promise.all([
        services.listLeads({ ...listQuery, ...campaign, limit: String(LEADS_PAGE_SIZE) }),
        summaryOf(),
        services.listCampaigns(),
        services.listSequences(),
      ]);
      if (list.problem !== null) throw badQuery(list.problem);
      return { tab, leads: list.page, summary, campaigns, today, sequences };
    }
  }
}
