/**
 * The leads list at any size, inside workerd with real local D1: each sort and filter the screen
 * and the API offer reads a page through an index in its order (no sorting of all the user's
 * leads, no whole-table read), the total is counted from an index, and paging through a sort
 * shows every lead once, in order, ties included.
 */
import { describe, expect, it } from "vitest";
import { LEAD_SORTS, listLeads, type LeadFilters } from "../../worker/services/leads";
import { account, queryPlan, recordingDatabase, UNBOUNDED_PLAN } from "./helpers";

type Data<T> = { data: T; meta: { page: number; limit: number; total: number } };
interface Lead {
  id: string;
  firstName: string;
  lastName: string;
  status: string;
  score: number | null;
  followUpOn: string | null;
  createdAt: string;
}

/** The index each sort reads its page through. */
const SORT_INDEX = {
  newest: "leads_user_created",
  follow_up: "leads_user_follow_up",
  score: "leads_user_score",
  name: "contacts_user_name",
};

async function leadsAccount() {
  const signedIn = await account();
  const campaign = await signedIn.call<Data<{ id: string }>>("/marketing/campaigns", {
    method: "POST",
    json: { name: "Spring mailer", channel: "direct_mail" },
  });
  const campaignId = campaign.body.data.id;
  // An import writes its leads at one instant: the newest order falls back on the id.
  const rows = Array.from({ length: 12 }, (_, i) => ({
    firstName: `Lead${i % 4}`,
    lastName: ["Ames", "Bell", "Cole"][i % 3],
    email: `lead${i}@example.com`,
    status: i % 2 ? "contacted" : "new",
    score: i % 3 ? (i * 7) % 5 : null,
    followUpOn: i % 4 ? `2027-03-0${(i % 3) + 1}` : null,
    campaignId: i % 2 ? campaignId : null,
  }));
  const imported = await signedIn.call("/marketing/leads/import", {
    method: "POST",
    json: { rows },
  });
  expect(imported.status).toBe(200);
  await signedIn.call("/marketing/leads", {
    method: "POST",
    json: { firstName: "Late", lastName: "Zed", status: "qualified", score: 99 },
  });
  return { ...signedIn, campaignId };
}

describe("the leads list", () => {
  it("reads each page through an index in its order, and counts from an index", async () => {
    const { user, campaignId } = await leadsAccount();
    const { db, ran } = recordingDatabase();
    const filterings: LeadFilters[] = [{}, { status: "new" }, { campaignId }];
    for (const sort of LEAD_SORTS) {
      for (const filters of filterings) {
        ran.length = 0;
        await listLeads(db, user.id, { ...filters, sort }, { page: 2, limit: 5 });
        const [page, total] = await Promise.all(ran.map(queryPlan));
        const label = `${sort} ${JSON.stringify(filters)}`;
        expect(page!.join("\n"), label).not.toMatch(UNBOUNDED_PLAN);
        expect(total!.join("\n"), label).toMatch(/^SEARCH leads USING COVERING INDEX \w+ \(/);
        expect(total, label).toHaveLength(1);
        if (!filters.status && !filters.campaignId) {
          expect(page![0], label).toMatch(new RegExp(`USING INDEX ${SORT_INDEX[sort]} \\(`));
        } else if (sort === "newest") {
          // The filter's own index holds the newest order too.
          expect(page![0], label).toMatch(/USING INDEX leads_user_(status|campaign) \(/);
        }
      }
    }
    // Follow-ups due, in the order they fall due.
    ran.length = 0;
    await listLeads(
      db,
      user.id,
      { followUpBy: "2027-03-02", sort: "follow_up" },
      { page: 1, limit: 5 },
    );
    const [due, dueCount] = await Promise.all(ran.map(queryPlan));
    expect(due!.join("\n")).not.toMatch(UNBOUNDED_PLAN);
    expect(dueCount).toEqual([
      expect.stringMatching(/^SEARCH leads USING COVERING INDEX leads_user_follow_up \(/),
    ]);
  });

  it("pages through each sort showing every lead once, in order, with the total", async () => {
    const { call } = await leadsAccount();
    // As SQLite compares text: code unit by code unit.
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const compare: Record<string, (a: Lead, b: Lead) => number> = {
      newest: (a, b) => text(b.createdAt, a.createdAt) || text(b.id, a.id),
      follow_up: (a, b) => text(a.followUpOn ?? "", b.followUpOn ?? "") || text(a.id, b.id),
      score: (a, b) => (b.score ?? -1) - (a.score ?? -1) || text(b.id, a.id),
      name: (a, b) =>
        text(a.lastName, b.lastName) || text(a.firstName, b.firstName) || text(a.id, b.id),
    };
    for (const sort of LEAD_SORTS) {
      const shown: Lead[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const { body } = await call<Data<Lead[]>>(
          `/marketing/leads?sort=${sort}&limit=5&page=${page}`,
        );
        expect(body.meta.total).toBe(13);
        shown.push(...body.data);
      }
      expect(new Set(shown.map((lead) => lead.id)).size, sort).toBe(13);
      expect(
        shown.map((lead) => lead.id),
        sort,
      ).toEqual([...shown].sort(compare[sort]).map((lead) => lead.id));
    }
    expect((await call<Data<Lead[]>>("/marketing/leads?limit=1")).body.data[0]!.firstName).toBe(
      "Late",
    );
    const contacted = await call<Data<Lead[]>>("/marketing/leads?status=contacted&limit=2");
    expect(contacted.body.meta.total).toBe(6);
    expect(contacted.body.data.every((lead) => lead.status === "contacted")).toBe(true);
  });
});
