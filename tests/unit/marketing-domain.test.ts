/**
 * Marketing's figures (app/domain/marketing): the funnel of lead statuses, a campaign's cost per
 * lead and return on spend, speed to lead, duplicate keys and the lead a bot's answers make, each
 * against figures worked by hand.
 */
import { describe, expect, it } from "vitest";
import { leadFromAnswers, botSystemPrompt, copyPrompt } from "~/domain/marketing/bots";
import { campaignFigures, CampaignInputSchema, leadFunnel } from "~/domain/marketing/campaigns";
import { checkLeadRows } from "~/domain/marketing/lead-import";
import {
  duplicateKeys,
  firstContactAfter,
  followUpDue,
  formatDuration,
  LeadFieldsSchema,
  leadInputOf,
  LeadInputSchema,
  phoneKey,
  reachedAfter,
  speedToLeadMinutes,
  type FunnelStage,
  type LeadStatus,
} from "~/domain/marketing/leads";

/** `leads` leads with this status, that reached this stage (the funnel's tally, as SQL counts it). */
const tally = (status: LeadStatus, reached: FunnelStage = status as FunnelStage, leads = 1) => ({
  status,
  reached,
  leads,
});

describe("the lead funnel", () => {
  it("counts each lead at every stage it got to, and converts stage to stage", () => {
    // 10 leads: 4 new, 2 contacted, 1 qualified, 1 appointment, 1 under contract, and one dead
    // after qualifying. Reached new: 10; contacted: 6 (2+1+1+1+dead); qualified: 4; appointment: 2;
    // under contract: 1.
    const funnel = leadFunnel([
      tally("new", "new", 4),
      tally("contacted", "contacted", 2),
      tally("qualified"),
      tally("appointment"),
      tally("under_contract"),
      tally("dead", "qualified"),
    ]);
    expect(funnel.steps.map((s) => [s.stage, s.count])).toEqual([
      ["new", 10],
      ["contacted", 6],
      ["qualified", 4],
      ["appointment", 2],
      ["under_contract", 1],
    ]);
    expect(funnel.steps.map((s) => s.conversion)).toEqual([null, 0.6, 4 / 6, 0.5, 0.5]);
    expect(funnel.dead).toBe(1);
    expect(funnel.overall).toBe(0.1);
  });

  it("an empty stage gives no conversion after it, and no leads give no overall", () => {
    const funnel = leadFunnel([tally("new", "new", 2)]);
    expect(funnel.steps.map((s) => s.conversion)).toEqual([null, 0, null, null, null]);
    expect(leadFunnel([]).overall).toBeNull();
  });

  it("a lead keeps the furthest stage it reached when it moves back or dies", () => {
    expect(reachedAfter(null, "new")).toBe("new");
    expect(reachedAfter("new", "appointment")).toBe("appointment");
    expect(reachedAfter("appointment", "contacted")).toBe("appointment");
    expect(reachedAfter("qualified", "dead")).toBe("qualified");
    expect(reachedAfter(null, "dead")).toBe("new");
  });
});

describe("a campaign's figures", () => {
  it("cost per lead and return on spend from the leads naming it and their deals", () => {
    // $2,400 spent, 8 leads: $300 a lead. Two deals bringing $21,000: return
    // (21,000 − 2,400) ÷ 2,400 = 7.75 (775 %).
    expect(campaignFigures({ spend: 2400 }, { leads: 8, dealsClosed: 2, revenue: 21_000 })).toEqual(
      {
        leads: 8,
        costPerLead: 300,
        dealsClosed: 2,
        revenue: 21_000,
        returnOnSpend: 7.75,
      },
    );
    // A deal worth $0 is a value: a full loss of the spend.
    expect(campaignFigures({ spend: 500 }, { leads: 1, dealsClosed: 1, revenue: 0 })).toMatchObject(
      { returnOnSpend: -1 },
    );
  });

  it("no deal, no spend or no leads give no ratio", () => {
    expect(
      campaignFigures({ spend: 500 }, { leads: 2, dealsClosed: 0, revenue: null }),
    ).toMatchObject({ costPerLead: 250, returnOnSpend: null });
    expect(
      campaignFigures({ spend: null }, { leads: 1, dealsClosed: 0, revenue: null }),
    ).toMatchObject({ costPerLead: null, returnOnSpend: null });
    expect(
      campaignFigures({ spend: 500 }, { leads: 0, dealsClosed: 0, revenue: null }).costPerLead,
    ).toBeNull();
  });

  it("refuses an end before the start", () => {
    const parsed = CampaignInputSchema.safeParse({
      name: "Spring mailer",
      channel: "direct_mail",
      startOn: "2027-04-01",
      endOn: "2027-03-01",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["endOn"]);
  });
});

describe("speed to lead", () => {
  it("is the minutes from the lead coming in to its first contact", () => {
    const a = { createdAt: "2027-03-01T09:00:00Z", firstContactedAt: "2027-03-01T09:04:00Z" };
    const b = { createdAt: "2027-03-01T10:00:00Z", firstContactedAt: "2027-03-01T12:10:00Z" };
    const c = { createdAt: "2027-03-01T11:00:00Z", firstContactedAt: null };
    expect(speedToLeadMinutes(a)).toBe(4);
    expect(speedToLeadMinutes(b)).toBe(130);
    expect(speedToLeadMinutes(c)).toBeNull();
    expect([4, 130, 60, 1500, 2880].map(formatDuration)).toEqual([
      "4 min",
      "2 h 10 min",
      "1 h",
      "1 d 1 h",
      "2 d",
    ]);
  });

  it("is stamped when a lead first gets past new, and kept after", () => {
    const now = "2027-03-01T09:04:00.000Z";
    expect(firstContactAfter(null, "new", now)).toBeNull();
    expect(firstContactAfter(null, "contacted", now)).toBe(now);
    expect(firstContactAfter("2027-02-01T00:00:00.000Z", "qualified", now)).toBe(
      "2027-02-01T00:00:00.000Z",
    );
  });
});

describe("leads", () => {
  it("are matched for duplicates on e-mail and phone, however written", () => {
    expect(duplicateKeys({ email: " Ann@Example.com ", phone: "+1 (614) 555-0101" })).toEqual([
      "email:ann@example.com",
      "phone:6145550101",
    ]);
    expect(phoneKey("614.555.0101")).toBe("6145550101");
    expect(phoneKey("555")).toBeNull();
    expect(duplicateKeys({ email: null, phone: "" })).toEqual([]);
  });

  it("are named, and score from 0 to 100", () => {
    expect(LeadInputSchema.safeParse({ firstName: "", lastName: "" }).success).toBe(false);
    expect(LeadInputSchema.safeParse({ firstName: "Ann", score: 101 }).success).toBe(false);
    const parsed = LeadInputSchema.parse({ firstName: "Ann" });
    expect(parsed).toMatchObject({
      status: "new",
      consentSms: false,
      followUpOn: null,
      answers: [],
    });
  });

  it("are sent back with their own fields only, the server's figures left out", () => {
    const lead = {
      ...LeadInputSchema.parse({ firstName: "Ann", status: "qualified", consentSms: true }),
      id: "lead-1",
      reached: "qualified",
      firstContactedAt: "2027-03-01T09:04:00.000Z",
      speedToLeadMinutes: 4,
      createdAt: "2027-03-01T09:00:00.000Z",
    };
    const body = leadInputOf(lead);
    expect(Object.keys(body).sort()).toEqual(Object.keys(LeadFieldsSchema.shape).sort());
    expect(body).toMatchObject({ firstName: "Ann", status: "qualified", consentSms: true });
    expect(LeadInputSchema.parse(body)).toEqual(body);
  });

  it("need following up on or after their date, unless dead or under contract", () => {
    const today = "2027-03-10";
    expect(followUpDue({ followUpOn: "2027-03-10", status: "contacted" }, today)).toBe(true);
    expect(followUpDue({ followUpOn: "2027-03-02", status: "new" }, today)).toBe(true);
    expect(followUpDue({ followUpOn: "2027-03-11", status: "new" }, today)).toBe(false);
    expect(followUpDue({ followUpOn: "2027-03-01", status: "dead" }, today)).toBe(false);
    expect(followUpDue({ followUpOn: null, status: "new" }, today)).toBe(false);
  });
});

describe("lead bots", () => {
  const bot = {
    name: "Sam",
    persona: "Warm, brief, local.",
    greeting: null,
    handOff: "Offer a call with the investor when they want to sell within 90 days.",
    questions: [
      { text: "What's your name?", field: "name" as const },
      { text: "Which property is it?", field: "address" as const },
      { text: "How soon do you want to sell?", field: "none" as const },
      { text: "Best number to reach you?", field: "phone" as const },
      { text: "And your e-mail?", field: "email" as const },
    ],
  };

  it("fill the lead from the answers in question order, keeping every answer", () => {
    const made = leadFromAnswers(bot, [
      "Maria de la Cruz",
      "14 Elm St, Dayton OH",
      "Within a month",
      "937-555-0188",
      "maria@example.com",
    ]);
    expect(made).toMatchObject({
      firstName: "Maria",
      lastName: "de la Cruz",
      address: "14 Elm St, Dayton OH",
      phone: "937-555-0188",
      email: "maria@example.com",
      source: "Lead bot: Sam",
    });
    expect(made.answers).toHaveLength(5);
    expect(made.answers[2]).toEqual({
      question: "How soon do you want to sell?",
      answer: "Within a month",
    });
    // The made lead passes the API's rules.
    expect(LeadInputSchema.safeParse(made).success).toBe(true);
  });

  it("leave out what was not answered and an e-mail that is not one", () => {
    const made = leadFromAnswers(bot, ["", "", "Soon", "", "not an email"]);
    expect(made).toMatchObject({ firstName: "Lead", lastName: "from Sam", email: null });
    expect(made.answers.map((a) => a.answer)).toEqual(["Soon", "not an email"]);
  });

  it("are told the next question, and to hand over when all are answered", () => {
    expect(botSystemPrompt(bot, 2)).toContain(
      'Now ask question 3, in your own words and nothing else after it: "How soon do you want to sell?"',
    );
    expect(botSystemPrompt(bot, 5)).toContain(`hand over as the rule says: ${bot.handOff}`);
  });
});

describe("outreach drafts", () => {
  it("name the recipient, the property and the campaign, or write a template", () => {
    const prompt = copyPrompt("sms", {
      lead: {
        firstName: "Ann",
        lastName: "Lee",
        company: null,
        address: "9 Oak Ave",
        status: "contacted",
        notes: null,
        answers: [],
      },
      campaign: { name: "Spring texts", channel: "sms", notes: null },
      sender: "Jo Investor",
    });
    expect(prompt).toContain("Recipient: Ann Lee.");
    expect(prompt).toContain("Their property: 9 Oak Ave.");
    expect(prompt).toContain('campaign "Spring texts" (sms)');
    expect(prompt).toContain("Reply STOP to opt out");
    expect(copyPrompt("letter", { sender: "Jo" })).toContain("[First name]");
  });
});

describe("lead rows sent as JSON", () => {
  it("reports each bad row by index with the field", () => {
    const checked = checkLeadRows([
      { firstName: "Ann", score: "high", followUpOn: "2027-03-01" },
      { firstName: "Bo", score: "50", followUpOn: "next week" },
    ]);
    expect(checked.valid).toHaveLength(0);
    expect(checked.failed.map((f) => [f.index, f.errors[0]!.field])).toEqual([
      [0, "score"],
      [1, "followUpOn"],
    ]);
  });
});
