/**
 * Marketing's lists, read on the server (the open tab's leads, sequences, campaigns, funnel or
 * bots), and the changes made on the sequences and bots tabs.
 */
import { redirect } from "@remix-run/cloudflare";
import { campaignPath, leadPath, MARKETING_TABS } from "~/domain/modules";
import { badQuery, tabOf, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import {
  jsonBody,
  refusedAnswer,
  refusedForm,
  textIn,
  versionIn,
} from "~/lib/record-action.server";
import type { PageServices } from "../../../worker/page-services";

/** Leads per page of the list (and of a campaign's leads on its page). */
export const LEADS_PAGE_SIZE = 20;
/** The leads list's own parameters in the page's URL: those of `GET /api/marketing/leads`. */
const LEAD_LIST_PARAMS = ["q", "status", "campaignId", "followUpBy", "assignee", "sort", "page"];

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

/**
 * What the index's action answers: the sequence saved, the settings kept, the lead bot saved (at
 * its new version), or the deletion.
 */
export type MarketingActionAnswer =
  | { sequence: { id: string } }
  | { settings: true }
  | { bot: { id: string; name: string; updatedAt: string } }
  | { deleted: true };

/** A lead bot's save as its editor reads it: the bot at its new version, or the refusal. */
function botSaved({ done, refused }: Awaited<ReturnType<PageServices["createLeadBot"]>>) {
  if (refused) return refusedAnswer(refused);
  const { id, name, updatedAt } = done;
  return { bot: { id, name, updatedAt } } satisfies MarketingActionAnswer;
}

/**
 * A change made on the sequences or bots tab, as JSON (their forms build a sequence's steps and a
 * bot's questions in the browser): `intent` "save-sequence" (`input`, and `id` for one that
 * exists), "delete-sequence" (`id`), "sequence-settings" (`input`: on or off, the daily cap),
 * "save-bot" (`input`, and `id` with the `version` shown for one that exists) or "delete-bot"
 * (`id`, `version`).
 */
export async function actOnMarketing({ services }: ModuleLoaderArgs, request: Request) {
  const body = await jsonBody(request);
  if (!body)
    return refusedForm(
      "Changing sequences and lead bots needs JavaScript: their steps and questions are built in the form",
    );
  const id = textIn(body, "id");
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
    case "save-bot": {
      if (!id) return botSaved(await services.createLeadBot(body.input));
      const { version, refused } = versionIn(body, "lead bot");
      if (refused) return refused;
      return botSaved(await services.updateLeadBot(id, body.input, version));
    }
    case "delete-bot": {
      if (!id) return refusedForm("Say which lead bot to delete");
      const { version, refused: unversioned } = versionIn(body, "lead bot");
      if (unversioned) return unversioned;
      const { refused } = await services.deleteLeadBot(id, version);
      if (refused) return refusedAnswer(refused);
      return { deleted: true } satisfies MarketingActionAnswer;
    }
    default:
      return refusedForm(`There is no change “${String(body.intent)}” here`);
  }
}
