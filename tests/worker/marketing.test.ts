/**
 * Marketing inside workerd with real local D1: leads (CRUD, filters, duplicates, the stage
 * reached and speed to lead, the import), campaigns and their figures, the funnel, lead bots with
 * the playground streamed through the fake OpenAI-compatible server and the lead it makes, the
 * outreach drafts, and every row scoped to its owner.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { createSseParser } from "../../app/domain/ai/sse";
import { database } from "../../worker/db/client";
import { runTool } from "../../worker/services/agent-tools";
import { account, api, ORIGIN, type Caller } from "./helpers";

type Data<T> = { data: T; meta?: { total: number } };
type Failure = {
  error: {
    code: string;
    message: string;
    details?: { field: string; message: string; leadId?: string }[];
  };
};
interface Lead {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  source: string | null;
  status: string;
  reached: string;
  score: number | null;
  consentSms: boolean;
  followUpOn: string | null;
  campaignId: string | null;
  dealValue: number | null;
  answers: { question: string; answer: string }[];
  firstContactedAt: string | null;
  speedToLeadMinutes: number | null;
  createdAt: string;
}
interface Campaign {
  id: string;
  name: string;
  spend: number | null;
  figures: {
    leads: number;
    costPerLead: number | null;
    dealsClosed: number;
    revenue: number | null;
    returnOnSpend: number | null;
  };
}

const createLead = (call: Caller, json: Record<string, unknown>) =>
  call<Data<Lead> & Failure>("/marketing/leads", { method: "POST", json });
const updateLead = (call: Caller, id: string, json: Record<string, unknown>) =>
  call<Data<Lead> & Failure>(`/marketing/leads/${id}`, { method: "PUT", json });

beforeEach(async () => {
  await fetch(`${env.FAKE_OPENAI_URL}/__fake/requests`, { method: "DELETE" });
});

describe("leads", () => {
  it("are contacts of type lead, with the lead's fields, read back and listed", async () => {
    const { call } = await account();
    const made = await createLead(call, {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.com",
      phone: "(937) 555-0101",
      address: "14 Elm St, Dayton OH",
      source: "Direct mail",
      score: 70,
      consentSms: true,
      followUpOn: "2027-03-10",
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      firstName: "Ann",
      status: "new",
      reached: "new",
      score: 70,
      consentSms: true,
      firstContactedAt: null,
      speedToLeadMinutes: null,
    });
    const contact = await call<Data<{ type: string }>>(`/contacts/${made.body.data.id}`);
    expect(contact.body.data.type).toBe("lead");
    const listed = await call<Data<Lead[]>>("/marketing/leads");
    expect(listed.body.data.map((l) => l.id)).toEqual([made.body.data.id]);
    expect(listed.body.meta?.total).toBe(1);
  });

  it("refuse a second lead with the same e-mail or phone, however written (409)", async () => {
    const { call } = await account();
    const first = await createLead(call, {
      firstName: "Ann",
      email: "ann@example.com",
      phone: "937-555-0101",
    });
    const byEmail = await createLead(call, { firstName: "Annie", email: "ANN@Example.com" });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.error.code).toBe("DUPLICATE_LEAD");
    expect(byEmail.body.error.details?.[0]).toMatchObject({
      field: "email",
      leadId: first.body.data.id,
    });
    const byPhone = await createLead(call, { firstName: "Bo", phone: "+1 937 555 0101" });
    expect(byPhone.status).toBe(409);
    expect(byPhone.body.error.details?.[0]?.field).toBe("phone");
    // Saving the lead itself again is not a duplicate of itself.
    const same = await updateLead(call, first.body.data.id, {
      firstName: "Ann",
      email: "ann@example.com",
      phone: "937-555-0101",
      status: "contacted",
    });
    expect(same.status).toBe(200);
    const listed = await call<Data<Lead[]>>("/marketing/leads");
    expect(listed.body.meta?.total).toBe(1);
  });

  it("stamp the first contact and keep the stage reached when they go dead", async () => {
    const { call } = await account();
    const { body } = await createLead(call, { firstName: "Cy" });
    const id = body.data.id;
    const contacted = await updateLead(call, id, { firstName: "Cy", status: "qualified" });
    expect(contacted.body.data.reached).toBe("qualified");
    expect(contacted.body.data.firstContactedAt).not.toBeNull();
    expect(contacted.body.data.speedToLeadMinutes).toBeGreaterThanOrEqual(0);
    const dead = await updateLead(call, id, { firstName: "Cy", status: "dead" });
    expect(dead.body.data).toMatchObject({
      status: "dead",
      reached: "qualified",
      firstContactedAt: contacted.body.data.firstContactedAt,
    });
  });

  it("filter by status, campaign, follow-up due and text, and sort by score", async () => {
    const { call } = await account();
    const campaign = await call<Data<Campaign>>("/marketing/campaigns", {
      method: "POST",
      json: { name: "Spring mailer", channel: "direct_mail" },
    });
    const campaignId = campaign.body.data.id;
    await createLead(call, { firstName: "Due", followUpOn: "2027-03-01", score: 10 });
    await createLead(call, {
      firstName: "Later",
      followUpOn: "2027-04-01",
      campaignId,
      score: 90,
    });
    await createLead(call, {
      firstName: "Gone",
      followUpOn: "2027-02-01",
      status: "dead",
      source: "Bandit signs",
    });
    const names = async (query: string) =>
      (await call<Data<Lead[]>>(`/marketing/leads?${query}`)).body.data.map((l) => l.firstName);
    expect(await names("followUpBy=2027-03-05")).toEqual(["Due"]);
    expect(await names(`campaignId=${campaignId}`)).toEqual(["Later"]);
    expect(await names("status=dead")).toEqual(["Gone"]);
    expect(await names("q=bandit")).toEqual(["Gone"]);
    expect((await names("sort=score")).slice(0, 2)).toEqual(["Later", "Due"]);
    const bad = await call<Failure>("/marketing/leads?status=closed&followUpBy=soon");
    expect(bad.status).toBe(400);
  });

  it("refuse bad input with the fields named, writing nothing", async () => {
    const { call } = await account();
    const bad = await createLead(call, {
      firstName: "Ann",
      score: 120,
      followUpOn: "tomorrow",
      status: "hot",
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.error.details!.map((d) => d.field).sort();
    expect(fields).toEqual(["followUpOn", "score", "status"]);
    const unnamed = await createLead(call, { firstName: "", lastName: " ", phone: "555-0101" });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error.details!.map((d) => d.field)).toEqual(["firstName"]);
    const other = await account();
    const theirs = await other.call<Data<Campaign>>("/marketing/campaigns", {
      method: "POST",
      json: { name: "Theirs", channel: "sms" },
    });
    const foreign = await createLead(call, {
      firstName: "Ann",
      campaignId: theirs.body.data.id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details?.[0]?.field).toBe("campaignId");
    expect((await call<Data<Lead[]>>("/marketing/leads")).body.meta?.total).toBe(0);
  });

  it("import with per-row errors, skipping duplicates, into a campaign", async () => {
    const { call } = await account();
    await createLead(call, { firstName: "Old", email: "old@example.com" });
    const campaign = await call<Data<Campaign>>("/marketing/campaigns", {
      method: "POST",
      json: { name: "Cold calls", channel: "cold_call", spend: 300 },
    });
    const imported = await call<
      Data<{
        received: number;
        created: number;
        skipped: { index: number; leadId: string | null }[];
        failed: { index: number; errors: { field: string }[] }[];
        ids: string[];
      }>
    >("/marketing/leads/import", {
      method: "POST",
      json: {
        campaignId: campaign.body.data.id,
        rows: [
          { firstName: "Ann", phone: "937-555-0101", status: "contacted" },
          { firstName: "Bo", email: "OLD@example.com" },
          { firstName: "", lastName: "" },
          { firstName: "Cy", phone: "9375550101" },
          { firstName: "Di", score: "75", consentSms: true },
        ],
      },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ received: 5, created: 2 });
    expect(imported.body.data.skipped.map((s) => s.index)).toEqual([1, 3]);
    expect(imported.body.data.failed.map((f) => f.index)).toEqual([2]);
    // Ann came in already contacted, at a time the file does not give: no speed to lead.
    const [ann] = (await call<Data<Lead[]>>("/marketing/leads?q=Ann")).body.data;
    expect(ann).toMatchObject({ status: "contacted", firstContactedAt: null });
    const figures = await call<Data<Campaign>>(`/marketing/campaigns/${campaign.body.data.id}`);
    expect(figures.body.data.figures).toMatchObject({ leads: 2, costPerLead: 150 });
    const theirs = await (
      await account()
    ).call<Data<Campaign>>("/marketing/campaigns", {
      method: "POST",
      json: { name: "Theirs", channel: "sms" },
    });
    const own = await call<
      Data<{ created: number; failed: { index: number; errors: { field: string }[] }[] }>
    >("/marketing/leads/import", {
      method: "POST",
      json: {
        rows: [
          { firstName: "Eve", campaignId: campaign.body.data.id },
          { firstName: "Fay", campaignId: theirs.body.data.id },
        ],
      },
    });
    expect(own.body.data.created).toBe(1);
    expect(own.body.data.failed).toEqual([
      {
        index: 1,
        errors: [{ field: "campaignId", message: "No such campaign in your workspace" }],
      },
    ]);
    const none = await call<Failure>("/marketing/leads/import", {
      method: "POST",
      json: { rows: [{ firstName: "" }] },
    });
    expect(none.status).toBe(400);
  });

  it("are another user's 404 on every call, and absent from their lists", async () => {
    const owner = await account();
    const other = await account();
    const { body } = await createLead(owner.call, { firstName: "Mine" });
    const path = `/marketing/leads/${body.data.id}`;
    expect((await other.call(path)).status).toBe(404);
    expect((await other.call(path, { method: "PUT", json: { firstName: "X" } })).status).toBe(404);
    expect((await other.call(path, { method: "DELETE" })).status).toBe(404);
    expect((await other.call<Data<Lead[]>>("/marketing/leads")).body.meta?.total).toBe(0);
    expect((await owner.call(path, { method: "DELETE" })).status).toBe(200);
    expect((await owner.call(`/contacts/${body.data.id}`)).status).toBe(404);
  });
});

describe("campaigns and the funnel", () => {
  it("work out cost per lead, deals closed and return on spend from the leads naming them", async () => {
    const { call } = await account();
    const made = await call<Data<Campaign>>("/marketing/campaigns", {
      method: "POST",
      json: { name: "Spring mailer", channel: "direct_mail", budget: 3000, spend: 2400 },
    });
    const campaignId = made.body.data.id;
    expect(made.body.data.figures).toMatchObject({ leads: 0, costPerLead: null });
    // 4 leads: $600 each. One under contract worth $12,000: (12,000 − 2,400) ÷ 2,400 = 4.
    for (const [name, status, dealValue] of [
      ["A", "new", null],
      ["B", "contacted", null],
      ["C", "appointment", null],
      ["D", "under_contract", 12000],
    ] as const) {
      await createLead(call, { firstName: name, status, dealValue, campaignId });
    }
    await createLead(call, { firstName: "Elsewhere", status: "under_contract", dealValue: 5000 });
    const listed = await call<Data<Campaign[]>>("/marketing/campaigns");
    expect(listed.body.data[0]!.figures).toEqual({
      leads: 4,
      costPerLead: 600,
      dealsClosed: 1,
      revenue: 12000,
      returnOnSpend: 4,
    });
    const summary = await call<
      Data<{
        leads: number;
        funnel: { steps: { stage: string; count: number; conversion: number | null }[] };
      }>
    >(`/marketing/summary?campaignId=${campaignId}`);
    expect(summary.body.data.leads).toBe(4);
    expect(summary.body.data.funnel.steps.map((s) => s.count)).toEqual([4, 3, 2, 2, 1]);
    expect(summary.body.data.funnel.steps[1]!.conversion).toBe(0.75);
    const overall = await call<Data<{ leads: number }>>("/marketing/summary");
    expect(overall.body.data.leads).toBe(5);
  });

  it("validate, update, and on delete leave their leads unattributed; others' are 404", async () => {
    const { call } = await account();
    const bad = await call<Failure>("/marketing/campaigns", {
      method: "POST",
      json: { name: "", channel: "fax", startOn: "2027-05-01", endOn: "2027-04-01" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details!.map((d) => d.field).sort()).toEqual(["channel", "name"]);
    const made = await call<Data<Campaign>>("/marketing/campaigns", {
      method: "POST",
      json: { name: "Texts", channel: "sms" },
    });
    const id = made.body.data.id;
    const lead = await createLead(call, { firstName: "Ann", campaignId: id });
    const updated = await call<Data<Campaign>>(`/marketing/campaigns/${id}`, {
      method: "PUT",
      json: { name: "Texts, round 2", channel: "sms", status: "active", spend: 100 },
    });
    expect(updated.body.data).toMatchObject({ name: "Texts, round 2", spend: 100 });
    expect(updated.body.data.figures.costPerLead).toBe(100);
    const other = await account();
    expect((await other.call(`/marketing/campaigns/${id}`)).status).toBe(404);
    expect((await other.call(`/marketing/campaigns/${id}`, { method: "DELETE" })).status).toBe(404);
    expect((await other.call(`/marketing/summary?campaignId=${id}`)).status).toBe(400);
    expect((await call(`/marketing/campaigns/${id}`, { method: "DELETE" })).status).toBe(200);
    const after = await call<Data<Lead>>(`/marketing/leads/${lead.body.data.id}`);
    expect(after.body.data.campaignId).toBeNull();
  });
});

describe("lead bots", () => {
  const BOT = {
    name: "Sam",
    persona: "Warm and brief.",
    handOff: "Offer a call with the investor.",
    questions: [
      { text: "What's your name?", field: "name" },
      { text: "Which property is it?", field: "address" },
      { text: "Best number to reach you?", field: "phone" },
    ],
  };

  it("chat through the AI relay, asked the next question, and make a lead of the answers", async () => {
    const { token, call } = await account();
    const made = await call<Data<{ id: string; opening: string }>>("/marketing/bots", {
      method: "POST",
      json: BOT,
    });
    expect(made.status).toBe(201);
    expect(made.body.data.opening).toContain("Sam");
    const id = made.body.data.id;
    const response = await api(`/marketing/bots/${id}/chat`, {
      method: "POST",
      token,
      json: { messages: [{ role: "user", content: "Maria Lopez" }], next: 1 },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    const events = await response.text();
    expect(events).toContain("data: [DONE]");
    const reply = createSseParser()(events)
      .map((chunk) => chunk.content)
      .join("");
    // The fake model quotes the seller's last message back.
    expect(reply).toContain('You asked: "Maria Lopez"');
    const [sent] = (await (await fetch(`${env.FAKE_OPENAI_URL}/__fake/requests`)).json()) as {
      stream: boolean;
      messages: { role: string; content: string }[];
    }[];
    expect(sent!.stream).toBe(true);
    expect(sent!.messages[0]!.content).toContain("Now ask question 2");
    expect(sent!.messages[0]!.content).toContain("Which property is it?");

    const lead = await call<Data<Lead>>(`/marketing/bots/${id}/leads`, {
      method: "POST",
      json: { answers: ["Maria Lopez", "14 Elm St, Dayton OH", "937-555-0188"] },
    });
    expect(lead.status).toBe(201);
    expect(lead.body.data).toMatchObject({
      firstName: "Maria",
      lastName: "Lopez",
      address: "14 Elm St, Dayton OH",
      phone: "937-555-0188",
      source: "Lead bot: Sam",
      status: "new",
    });
    expect(lead.body.data.answers).toHaveLength(3);
    const tooMany = await call<Failure>(`/marketing/bots/${id}/leads`, {
      method: "POST",
      json: { answers: ["a", "b", "c", "d"] },
    });
    expect(tooMany.status).toBe(400);
    const pastEnd = await call<Failure>(`/marketing/bots/${id}/chat`, {
      method: "POST",
      json: { messages: [], next: 4 },
    });
    expect(pastEnd.status).toBe(400);
  });

  it("validate, and are another user's 404", async () => {
    const { call } = await account();
    const bad = await call<Failure>("/marketing/bots", {
      method: "POST",
      json: { name: "", persona: "x", handOff: "", questions: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details!.map((d) => d.field).sort()).toEqual(
      ["handOff", "name", "questions"].sort(),
    );
    const made = await call<Data<{ id: string }>>("/marketing/bots", { method: "POST", json: BOT });
    const other = await account();
    const path = `/marketing/bots/${made.body.data.id}`;
    expect((await other.call(path)).status).toBe(404);
    expect((await other.call(path, { method: "PUT", json: BOT })).status).toBe(404);
    expect(
      (await other.call(`${path}/chat`, { method: "POST", json: { messages: [], next: 0 } }))
        .status,
    ).toBe(404);
    expect(
      (await other.call(`${path}/leads`, { method: "POST", json: { answers: ["Ann"] } })).status,
    ).toBe(404);
    expect((await other.call(path, { method: "DELETE" })).status).toBe(404);
    expect((await call(path, { method: "DELETE" })).status).toBe(200);
  });
});

describe("outreach drafts", () => {
  it("are written by the model from the lead's record; SMS carries the compliance note", async () => {
    const { call } = await account();
    const lead = await createLead(call, {
      firstName: "Ann",
      lastName: "Lee",
      address: "9 Oak Ave",
      consentSms: false,
    });
    const draft = await call<
      Data<{ kind: string; text: string; complianceNote: string | null; warnings: string[] }>
    >("/marketing/copy", {
      method: "POST",
      json: { kind: "sms", leadId: lead.body.data.id },
    });
    expect(draft.status).toBe(200);
    expect(draft.body.data.text).toContain("Recipient: Ann Lee.");
    expect(draft.body.data.complianceNote).toContain("STOP");
    expect(draft.body.data.warnings[0]).toContain("not agreed to receive texts");
    const email = await call<Data<{ complianceNote: string | null }>>("/marketing/copy", {
      method: "POST",
      json: { kind: "email", leadId: lead.body.data.id },
    });
    expect(email.body.data.complianceNote).toBeNull();
    const neither = await call<Failure>("/marketing/copy", {
      method: "POST",
      json: { kind: "letter" },
    });
    expect(neither.status).toBe(400);
    const other = await account();
    const foreign = await other.call<Failure>("/marketing/copy", {
      method: "POST",
      json: { kind: "sms", leadId: lead.body.data.id },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("the agent's marketing tools", () => {
  it("find the follow-ups due, add a lead, and gather an SMS draft's facts and rules", async () => {
    const { user, call } = await account();
    const other = await account();
    const db = database(env.DB);
    const context = { env, origin: ORIGIN, role: "owner" as const };
    await createLead(call, { firstName: "Due", followUpOn: "2020-01-01", consentSms: true });
    await createLead(call, { firstName: "Later", followUpOn: "2999-01-01" });
    await createLead(other.call, { firstName: "Theirs", followUpOn: "2020-01-01" });
    const due = await runTool(
      db,
      user.id,
      "search_leads",
      JSON.stringify({ followUpDue: true }),
      context,
    );
    expect(due.record.ok, due.content).toBe(true);
    expect(due.record.summary).toBe("Found 1 lead: Due");
    const made = await runTool(
      db,
      user.id,
      "create_lead",
      JSON.stringify({ firstName: "Nia", phone: "614-555-0199", source: "Referral" }),
      context,
    );
    expect(made.record).toMatchObject({ ok: true, wrote: true, summary: "Created lead Nia" });
    const [lead] = (await call<Data<Lead[]>>("/marketing/leads?q=Nia")).body.data;
    expect(lead).toMatchObject({ source: "Referral", status: "new" });
    const [dueLead] = (await call<Data<Lead[]>>("/marketing/leads?q=Due")).body.data;
    const facts = await runTool(
      db,
      user.id,
      "outreach_facts",
      JSON.stringify({ kind: "sms", leadId: dueLead!.id }),
      context,
    );
    expect(facts.record.ok).toBe(true);
    const result = JSON.parse(facts.content) as { consented: boolean; rules: string };
    expect(result.consented).toBe(true);
    expect(result.rules).toContain("STOP");
    const foreign = await runTool(
      db,
      other.user.id,
      "outreach_facts",
      JSON.stringify({ kind: "sms", leadId: dueLead!.id }),
      context,
    );
    expect(foreign.record.ok).toBe(false);
  });
});
