/**
 * A lead's vocabularies and the figures worked out from leads (the funnel stage reached, speed to
 * lead, follow-ups due, duplicate keys), without the input schemas (leads.ts, which re-exports
 * these): Marketing's screens download no zod, so their first load stays small. Pure: no I/O.
 */

/** Where a lead stands. All but `dead` are the funnel's stages, in order. */
export const LEAD_STATUSES = [
  "new",
  "contacted",
  "qualified",
  "appointment",
  "under_contract",
  "dead",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const FUNNEL_STAGES = [
  "new",
  "contacted",
  "qualified",
  "appointment",
  "under_contract",
] as const satisfies readonly LeadStatus[];
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** Sources people name most; any other text is accepted too. */
export const LEAD_SOURCES = [
  "Direct mail",
  "Cold call",
  "SMS",
  "E-mail",
  "PPC",
  "Social",
  "Bandit signs",
  "Driving for dollars",
  "Referral",
  "Website",
  "Lead bot",
] as const;

const stageRank = (stage: LeadStatus) => FUNNEL_STAGES.indexOf(stage as FunnelStage);

/**
 * The furthest stage after a status change: a lead moved back (or to dead) keeps what it reached,
 * so the funnel still counts it at the stages it passed.
 */
export function reachedAfter(previous: FunnelStage | null, status: LeadStatus): FunnelStage {
  const before = previous ?? "new";
  if (status === "dead") return before;
  return stageRank(status) > stageRank(before) ? (status as FunnelStage) : before;
}

/**
 * When the lead was first contacted: kept once set; else now, when the lead has got past new
 * (a lead marked dead without being reached was never contacted).
 */
export function firstContactAfter(
  previous: string | null,
  reached: FunnelStage,
  now: string,
): string | null {
  if (previous) return previous;
  return stageRank(reached) > 0 ? now : null;
}

/** Minutes from the lead coming in to its first contact; null while not contacted. */
export function speedToLeadMinutes(lead: {
  createdAt: string;
  firstContactedAt: string | null;
}): number | null {
  if (!lead.firstContactedAt) return null;
  return Math.max(0, (Date.parse(lead.firstContactedAt) - Date.parse(lead.createdAt)) / 60_000);
}

/** "4 min", "2 h 5 min", "3 d 4 h": a speed to lead said briefly. */
export function formatDuration(minutes: number | null): string {
  if (minutes === null) return "Not contacted yet";
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  if (hours < 24) return whole % 60 ? `${hours} h ${whole % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A phone number's digits, without the US country code: "+1 (614) 555-0101" → "6145550101". */
export function phoneKey(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  const local = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return local.length >= 7 ? local : null;
}

export const emailKey = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** The keys a lead is matched on for duplicates: its e-mail and its phone. */
export function duplicateKeys(lead: { email?: string | null; phone?: string | null }) {
  const keys: string[] = [];
  const email = emailKey(lead.email);
  const phone = phoneKey(lead.phone);
  if (email) keys.push(`email:${email}`);
  if (phone) keys.push(`phone:${phone}`);
  return keys;
}

/** A follow-up is due when its date is today or past; dead and contracted leads need none. */
export const followUpDue = (
  lead: { followUpOn: string | null; status: LeadStatus },
  today: string,
): boolean =>
  Boolean(lead.followUpOn) &&
  lead.followUpOn! <= today &&
  lead.status !== "dead" &&
  lead.status !== "under_contract";
