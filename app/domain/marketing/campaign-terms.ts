/**
 * A campaign's vocabularies and the figures worked out from the leads that name it (cost per lead,
 * deals closed, return on spend, the funnel), without the input schema (campaigns.ts, which
 * re-exports these): Marketing's screens download no zod, so their first load stays small.
 * Pure: no I/O.
 */
import { FUNNEL_STAGES, type FunnelStage, type LeadStatus } from "./lead-terms";

export const CAMPAIGN_CHANNELS = [
  "email",
  "sms",
  "direct_mail",
  "cold_call",
  "social",
  "ppc",
  "bandit_signs",
] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

export const CHANNEL_LABELS: Record<CampaignChannel, string> = {
  email: "E-mail",
  sms: "SMS",
  direct_mail: "Direct mail",
  cold_call: "Cold call",
  social: "Social",
  ppc: "PPC",
  bandit_signs: "Bandit signs",
};

export const CAMPAIGN_STATUSES = ["planned", "active", "paused", "completed"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The leads naming a campaign, as counted: how many, and their deals. */
export interface CampaignLeads {
  leads: number;
  /** Leads under contract with a deal value: a deal without one is not yet a figure. */
  dealsClosed: number;
  /** The deal value of the deals closed; null without one. */
  revenue: number | null;
}

export interface CampaignFigures extends CampaignLeads {
  /** Spend ÷ leads; null without leads or without spend recorded. */
  costPerLead: number | null;
  /** (Revenue − spend) ÷ spend, as a fraction (1.5 = 150 %); null without spend or revenue. */
  returnOnSpend: number | null;
}

/** A campaign's figures from the leads that name it. */
export function campaignFigures(
  campaign: { spend: number | null },
  { leads, dealsClosed, revenue }: CampaignLeads,
): CampaignFigures {
  const spend = campaign.spend ?? 0;
  return {
    leads,
    costPerLead: leads && spend ? spend / leads : null,
    dealsClosed,
    revenue,
    returnOnSpend: spend && revenue !== null ? (revenue - spend) / spend : null,
  };
}

/** How many leads reached a stage with a status (the funnel counts these, not each lead). */
export interface LeadTally {
  reached: FunnelStage;
  status: LeadStatus;
  leads: number;
}

export interface FunnelStep {
  stage: FunnelStage;
  /** Leads that reached this stage or a later one (dead leads count where they got to). */
  count: number;
  /** This stage's count ÷ the previous stage's; null for the first stage or after an empty one. */
  conversion: number | null;
}

export interface Funnel {
  steps: FunnelStep[];
  /** Leads now dead, at whatever stage they reached. */
  dead: number;
  /** Under contract ÷ every lead; null without leads. */
  overall: number | null;
}

/** The funnel of lead statuses: how many got to each stage, and stage-to-stage conversion. */
export function leadFunnel(tallies: readonly LeadTally[]): Funnel {
  const rank = (stage: FunnelStage) => FUNNEL_STAGES.indexOf(stage);
  const total = (which: (tally: LeadTally) => boolean) =>
    tallies.reduce((sum, tally) => sum + (which(tally) ? tally.leads : 0), 0);
  const steps = FUNNEL_STAGES.map((stage, i) => ({
    stage,
    count: total((tally) => rank(tally.reached) >= i),
    conversion: null as number | null,
  }));
  steps.forEach((step, i) => {
    const previous = steps[i - 1];
    step.conversion = previous && previous.count ? step.count / previous.count : null;
  });
  const leads = total(() => true);
  return {
    steps,
    dead: total((tally) => tally.status === "dead"),
    overall: leads ? steps.at(-1)!.count / leads : null,
  };
}
