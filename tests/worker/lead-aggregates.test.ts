/**
 * The lead funnel, speed to lead, the campaigns' figures and the dashboard's lead, project and
 * auction counts, worked out in SQL (one statement each, from an index) inside workerd with real
 * local D1: each figure against a known set of leads worked by hand, and each statement's plan.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dashboard } from "../../worker/services/dashboard";
import { figuresByCampaign, leadSummary } from "../../worker/services/leads";
import { pipelineStats } from "../../worker/services/pipeline";
import {
  account,
  queryPlan,
  recordingDatabase,
  UNBOUNDED_PLAN,
  type Caller,
  type RanStatement,
} from "./helpers";

type Data<T> = { data: T };
interface Funnel {
  steps: { stage: string; count: number; conversion: number | null }[];
  dead: number;
  overall: number | null;
}
interface Summary {
  leads: number;
  funnel: Funnel;
  averageSpeedToLeadMinutes: number | null;
}

interface SeededLead {
  name: string;
  status: string;
  reached: string;
  /** Minutes from coming in to the first contact; null: never contacted. */
  contactedAfter?: number | null;
  campaign?: "spring" | "summer";
  dealValue?: number;
  followUpOn?: string;
}

/**
 * Ten leads, each as the API would have left it (status, stage reached, first contact), at
 * times the API cannot set: written straight into D1, their contacts with them.
 */
const LEADS: SeededLead[] = [
  { name: "Ann", status: "new", reached: "new", followUpOn: "2027-03-09" },
  { name: "Ben", status: "new", reached: "new", followUpOn: "2027-03-11" },
  {
    name: "Cy",
    status: "contacted",
    reached: "contacted",
    contactedAfter: 4,
    followUpOn: "2027-03-10",
  },
  { name: "Di", status: "qualified", reached: "qualified", contactedAfter: 130 },
  { name: "Ed", status: "appointment", reached: "appointment", contactedAfter: 60 },
  // Under contract with a deal: the spring campaign's one deal closed.
  {
    name: "Flo",
    status: "under_contract",
    reached: "under_contract",
    contactedAfter: 30,
    campaign: "spring",
    dealValue: 12_000,
    followUpOn: "2027-03-01",
  },
  // Under contract without a value, and first contacted before it came in (an import's clock): 0 min.
  {
    name: "Gus",
    status: "under_contract",
    reached: "under_contract",
    contactedAfter: -15,
    campaign: "spring",
  },
  // Dead after qualifying, with a value that is no deal: it counts where it got to.
  {
    name: "Hal",
    status: "dead",
    reached: "qualified",
    contactedAfter: 20,
    campaign: "spring",
    dealValue: 5_000,
  },
  { name: "Ivy", status: "dead", reached: "new", followUpOn: "2027-03-01" },
  // Moved back to contacted after an appointment: counted at the appointment.
  {
    name: "Jo",
    status: "contacted",
    reached: "appointment",
    contactedAfter: 6,
    campaign: "summer",
  },
];

const CAME_IN = Date.parse("2027-03-01T09:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

async function seedLeads(userId: string, campaigns: Partial<Record<string, string>>) {
  const statements = LEADS.flatMap((lead, i) => {
    const id = crypto.randomUUID();
    const cameIn = iso(CAME_IN + i * 3_600_000);
    const contacted =
      lead.contactedAfter === undefined || lead.contactedAfter === null
        ? null
        : iso(CAME_IN + i * 3_600_000 + lead.contactedAfter * 60_000);
    return [
      env.DB.prepare(
        "INSERT INTO contacts (id, user_id, first_name, last_name, type, tags, created_at, updated_at) VALUES (?, ?, ?, 'Seed', 'lead', '[]', ?, ?)",
      ).bind(id, userId, lead.name, cameIn, cameIn),
      env.DB.prepare(
        "INSERT INTO leads (contact_id, user_id, status, reached, consent_email, consent_sms, consent_call, follow_up_on, campaign_id, deal_value, answers, first_contacted_at, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0, 0, ?, ?, ?, '[]', ?, ?, ?)",
      ).bind(
        id,
        userId,
        lead.status,
        lead.reached,
        lead.followUpOn ?? null,
        (lead.campaign && campaigns[lead.campaign]) ?? null,
        lead.dealValue ?? null,
        contacted,
        cameIn,
        cameIn,
      ),
    ];
  });
  await env.DB.batch(statements);
}

async function seedAccount() {
  const signedIn = await account();
  const campaign = async (name: string, spend: number | null) =>
    (
      await signedIn.call<Data<{ id: string }>>("/marketing/campaigns", {
        method: "POST",
        json: { name, channel: "direct_mail", spend },
      })
    ).body.data.id;
  const campaigns = {
    spring: await campaign("Spring mailer", 2400),
    summer: await campaign("Summer texts", null),
    autumn: await campaign("Autumn signs", 500),
  };
  await seedLeads(signedIn.user.id, campaigns);
  await seedProjectsAndAuctions(signedIn.call);
  return { ...signedIn, campaigns };
}

/** Three projects and three auctions around 2027-03-08T12:00Z. */
async function seedProjectsAndAuctions(call: Caller) {
  for (const json of [
    { name: "Elm flip", status: "under_contract", purchasePrice: 120_000, budget: 30_000 },
    { name: "Oak rental", status: "under_contract", budget: 90_000 },
    { name: "Ash lot", status: "prospecting" },
  ]) {
    expect((await call("/projects", { method: "POST", json })).status).toBe(201);
  }
  for (const [address, saleAt] of [
    ["1 Soon Rd", "2027-03-10T14:00:00Z"],
    ["2 Soon Rd", "2027-03-22T11:00:00Z"],
    ["3 Far Rd", "2027-03-22T12:00:00Z"],
  ] as const) {
    const made = await call("/auctions", {
      method: "POST",
      json: { saleType: "sheriff", saleAt, address, state: "OH" },
    });
    expect(made.status).toBe(201);
  }
}

/** Every figure below by hand, from LEADS. */
const FUNNEL = {
  // Reached new: all 10; contacted or later: 7 (all but Ann, Ben, Ivy); qualified or later: 6
  // (Cy out); appointment or later: 4 (Di and Hal out); under contract: 2 (Flo, Gus).
  steps: [
    { stage: "new", count: 10, conversion: null },
    { stage: "contacted", count: 7, conversion: 0.7 },
    { stage: "qualified", count: 6, conversion: 6 / 7 },
    { stage: "appointment", count: 4, conversion: 4 / 6 },
    { stage: "under_contract", count: 2, conversion: 0.5 },
  ],
  dead: 2,
  overall: 0.2,
};

describe("the lead funnel and speed to lead", () => {
  it("count every lead at each stage it reached, and average the contacted leads' minutes", async () => {
    const { call, campaigns } = await seedAccount();
    // Another account's leads count for that account only.
    const other = await account();
    await seedLeads(other.user.id, {});

    const overall = await call<Data<Summary>>("/marketing/summary");
    // Contacted: Cy 4, Di 130, Ed 60, Flo 30, Gus 0 (not −15), Hal 20, Jo 6 = 250 min over 7.
    expect(overall.body.data).toEqual({
      leads: 10,
      funnel: FUNNEL,
      averageSpeedToLeadMinutes: 250 / 7,
    });

    // The spring campaign: Flo and Gus under contract, Hal dead after qualifying.
    const spring = await call<Data<Summary>>(`/marketing/summary?campaignId=${campaigns.spring}`);
    expect(spring.body.data).toEqual({
      leads: 3,
      funnel: {
        steps: [
          { stage: "new", count: 3, conversion: null },
          { stage: "contacted", count: 3, conversion: 1 },
          { stage: "qualified", count: 3, conversion: 1 },
          { stage: "appointment", count: 2, conversion: 2 / 3 },
          { stage: "under_contract", count: 2, conversion: 1 },
        ],
        dead: 1,
        overall: 2 / 3,
      },
      // Flo 30, Gus 0, Hal 20.
      averageSpeedToLeadMinutes: 50 / 3,
    });

    const autumn = await call<Data<Summary>>(`/marketing/summary?campaignId=${campaigns.autumn}`);
    expect(autumn.body.data).toMatchObject({ leads: 0, averageSpeedToLeadMinutes: null });
    expect(autumn.body.data.funnel).toMatchObject({ dead: 0, overall: null });
  });

  it("give each campaign its leads, deals closed and return from the leads naming it", async () => {
    const { call } = await seedAccount();
    const listed =
      await call<Data<{ name: string; figures: Record<string, number | null> }[]>>(
        "/marketing/campaigns",
      );
    const figures = Object.fromEntries(listed.body.data.map((c) => [c.name, c.figures]));
    // Spring: $2,400 over 3 leads; Flo's $12,000 is its one deal (Gus has no value, Hal is
    // dead): (12,000 − 2,400) ÷ 2,400 = 4.
    expect(figures["Spring mailer"]).toEqual({
      leads: 3,
      costPerLead: 800,
      dealsClosed: 1,
      revenue: 12_000,
      returnOnSpend: 4,
    });
    expect(figures["Summer texts"]).toEqual({
      leads: 1,
      costPerLead: null,
      dealsClosed: 0,
      revenue: null,
      returnOnSpend: null,
    });
    expect(figures["Autumn signs"]).toEqual({
      leads: 0,
      costPerLead: null,
      dealsClosed: 0,
      revenue: null,
      returnOnSpend: null,
    });
  });
});

describe("the dashboard's counts", () => {
  it("are the funnel, the follow-ups due, the pipeline and the sales ahead, by hand", async () => {
    const { call } = await seedAccount();
    const { body } = await call<
      Data<{
        leads: { total: number; funnel: Funnel };
        followUps: { total: number; items: { firstName: string }[] };
        pipeline: { status: string; count: number; value: number }[];
        auctions: { total: number; items: { address: string }[] };
      }>
    >("/dashboard?date=2027-03-10&now=2027-03-08T12:00:00Z");
    const d = body.data;
    expect(d.leads).toEqual({ total: 10, funnel: FUNNEL });
    // Due by 2027-03-10: Ann (03-09) and Cy (03-10); Ben's is later, Flo is under contract and
    // Ivy dead, so theirs are not due.
    expect(d.followUps.total).toBe(2);
    expect(d.followUps.items.map((lead) => lead.firstName)).toEqual(["Ann", "Cy"]);
    // Under contract: $120,000 (a price) + $90,000 (a budget, no price).
    const stage = (status: string) => d.pipeline.find((p) => p.status === status);
    expect(stage("under_contract")).toEqual({ status: "under_contract", count: 2, value: 210_000 });
    expect(stage("prospecting")).toEqual({ status: "prospecting", count: 1, value: 0 });
    // The next 14 days from 2027-03-08T12:00Z end before 2027-03-22T12:00Z.
    expect(d.auctions.total).toBe(2);
    expect(d.auctions.items.map((a) => a.address)).toEqual(["1 Soon Rd", "2 Soon Rd"]);

    const stats = await call<
      Data<{ projects: number; byStatus: Record<string, number>; totalBudget: number }>
    >("/projects/stats/overview");
    expect(stats.body.data).toMatchObject({
      projects: 3,
      byStatus: { under_contract: 2, prospecting: 1 },
      totalBudget: 120_000,
    });
  });
});

describe("each figure's statement", () => {
  /** The statements a service ran that read these tables, each with its plan. */
  async function plansReading(ran: RanStatement[], tables: RegExp) {
    const reading = ran.filter((statement) => tables.test(statement.sql));
    return Promise.all(
      reading.map(async (statement) => ({ sql: statement.sql, plan: await queryPlan(statement) })),
    );
  }

  it("reads an index, never the rows one by one nor a whole table, and sorts nothing", async () => {
    const { user, campaigns } = await seedAccount();
    const { db, ran } = recordingDatabase();
    await leadSummary(db, user.id);
    await leadSummary(db, user.id, campaigns.spring);
    await figuresByCampaign(db, user.id, [
      { id: campaigns.spring, spend: 2400 },
      { id: campaigns.summer, spend: null },
    ]);
    await pipelineStats(db, user.id);
    const summaries = await plansReading(ran, /from "(leads|lead_tallies|projects)"/);
    ran.length = 0;
    await dashboard(db, user.id, { date: "2027-03-10", now: "2027-03-08T12:00:00.000Z" });
    const dashboards = await plansReading(ran, /from "(leads|lead_tallies|projects|auctions)"/);

    expect(summaries.length + dashboards.length).toBeGreaterThanOrEqual(12);
    for (const { sql, plan } of [...summaries, ...dashboards]) {
      expect(plan.join("\n"), sql).not.toMatch(UNBOUNDED_PLAN);
      // Aggregates and counts read the index alone (a page of rows reads its rows).
      if (/count\(|sum\(/.test(sql) && !/limit/.test(sql)) {
        expect(plan.filter((line) => /^SEARCH/.test(line)).join("\n"), sql).toMatch(
          /^(SEARCH \w+ USING COVERING INDEX [^\n]+\n?)+$/,
        );
      }
    }
    // The user's funnel: the few rows the triggers keep, never the leads.
    const funnel = (tables: typeof summaries) =>
      tables.find(({ sql }) => /from "lead_tallies"/.test(sql))!;
    for (const read of [funnel(summaries), funnel(dashboards)]) {
      expect(read.plan).toEqual([
        expect.stringMatching(/^SEARCH lead_tallies USING INDEX \w+ \(user_id=\?\)$/),
      ]);
    }
  });
});

describe("the funnel's tallies", () => {
  /** The user's leads counted afresh, as the tallies should hold them. */
  async function countedAfresh(userId: string) {
    const speed =
      "max(0, round((julianday(first_contacted_at) - julianday(created_at)) * 86400000))";
    const { results } = await env.DB.prepare(
      `SELECT reached, status, count(*) AS leads, coalesce(sum(${speed}), 0) AS speedMs, count(${speed}) AS contacted FROM leads WHERE user_id = ? GROUP BY reached, status ORDER BY reached, status`,
    )
      .bind(userId)
      .all();
    return results;
  }
  async function kept(userId: string) {
    const { results } = await env.DB.prepare(
      "SELECT reached, status, leads, speed_ms AS speedMs, contacted FROM lead_tallies WHERE user_id = ? AND leads > 0 ORDER BY reached, status",
    )
      .bind(userId)
      .all();
    return results;
  }

  it("follow every lead made, worked, imported and deleted, and the summary reads them", async () => {
    const { user, call } = await account();
    const made = async (json: Record<string, unknown>) =>
      (await call<Data<{ id: string }>>("/marketing/leads", { method: "POST", json })).body.data.id;
    const ann = await made({ firstName: "Ann", email: "ann@example.com" });
    const bo = await made({ firstName: "Bo", phone: "937-555-0102" });
    await made({ firstName: "Cy" });
    // Ann is contacted (her first contact timed), then qualified; Bo is contacted, then dead.
    for (const [id, json] of [
      [ann, { firstName: "Ann", email: "ann@example.com", status: "contacted" }],
      [ann, { firstName: "Ann", email: "ann@example.com", status: "qualified" }],
      [bo, { firstName: "Bo", phone: "937-555-0102", status: "contacted" }],
      [bo, { firstName: "Bo", phone: "937-555-0102", status: "dead" }],
    ] as const) {
      const changed = await call(`/marketing/leads/${id}`, { method: "PUT", json });
      expect(changed.status, `${json.firstName} → ${json.status}`).toBe(200);
    }
    const imported = await call("/marketing/leads/import", {
      method: "POST",
      json: {
        rows: [
          { firstName: "Di", status: "appointment" },
          { firstName: "Ed", status: "new" },
        ],
      },
    });
    expect(imported.status).toBe(200);
    expect((await call(`/marketing/leads/${bo}`, { method: "DELETE" })).status).toBe(200);

    const afresh = await countedAfresh(user.id);
    expect(afresh.length).toBeGreaterThanOrEqual(3);
    expect(await kept(user.id)).toEqual(afresh);
    const summary = await call<Data<Summary>>("/marketing/summary");
    expect(summary.body.data.leads).toBe(4);
    expect(summary.body.data.funnel.steps[0]).toMatchObject({ stage: "new", count: 4 });
    // Ann alone is left of those contacted through AI42, her first contact timed.
    expect(summary.body.data.averageSpeedToLeadMinutes).not.toBeNull();
    expect(afresh.find((row) => row.reached === "qualified")).toMatchObject({ contacted: 1 });
  });
});
