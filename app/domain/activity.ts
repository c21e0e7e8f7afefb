/**
 * The activity log: who created, changed (which fields, from what to what) and deleted which
 * record of a workspace, and when. Shared by the Worker, which works the changes out and keeps
 * them, and the screens, which say them in words ("Mel changed status from new to contacted").
 */
import { formatMoney, formatPercent } from "./format";

/** The kinds of record the log follows, by the names the API gives them (`recordType`). */
export const RECORD_TYPES = [
  "project",
  "contact",
  "document",
  "property",
  "analysis",
  "auction",
  "route",
  "event",
  "lead",
  "campaign",
  "bot",
  "sequence",
  "file",
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** A record type as a sentence names it ("changed this calendar event"). */
export const RECORD_TYPE_WORDS: Record<RecordType, string> = {
  project: "project",
  contact: "contact",
  document: "document",
  property: "property",
  analysis: "analysis",
  auction: "auction",
  route: "route",
  event: "calendar event",
  lead: "lead",
  campaign: "campaign",
  bot: "lead bot",
  sequence: "sequence",
  file: "file",
};

export const ACTIVITY_ACTIONS = ["created", "updated", "deleted"] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** A field's value before and after an update, as the API showed the record. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** An update's changed fields by their API names; null for a create or a delete. */
export type ActivityChanges = Record<string, FieldChange>;

/** Who did it; null once their account is gone. */
export interface Actor {
  id: string;
  name: string;
}

/** One entry of the log, as the API and the screens show it. */
export interface ActivityEntry {
  id: string;
  at: string;
  action: ActivityAction;
  recordType: RecordType;
  recordId: string;
  actor: Actor | null;
  changes: ActivityChanges | null;
}

/** How long the log keeps an entry: a year, then the sweep removes it. */
export const ACTIVITY_KEEP_DAYS = 365;
/** The API's page of the log. */
export const ACTIVITY_PAGE_SIZE = 50;
/** A record page's History panel: its latest entries, and more on asking, up to the most. */
export const HISTORY_SHOWN = 20;
export const HISTORY_MOST = 200;

/**
 * What an update is not about: the record's id, owner and times change with every write or never,
 * and say nothing of what someone did.
 */
const BOOKKEEPING = new Set(["id", "userId", "createdAt", "updatedAt"]);

/**
 * The most of a value an entry keeps, as JSON text: a document's content or a route's stops are
 * kept as their beginning (a string ending "…"), so that an entry stays small however big the
 * record (a year of a busy workspace's changes, and D1's limit on a row).
 */
export const KEPT_VALUE_CHARS = 1000;

function kept(value: unknown): unknown {
  if (value === undefined) return null;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text.length <= KEPT_VALUE_CHARS) return value;
  return `${text.slice(0, KEPT_VALUE_CHARS)}…`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between a record before and after an update, both as the API shows it:
 * each with its old and new value (long ones cut, `KEPT_VALUE_CHARS`), its bookkeeping left out.
 * Null when nothing the user sees changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): ActivityChanges | null {
  const changes: ActivityChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING.has(field) || same(before[field], after[field])) continue;
    changes[field] = { from: kept(before[field]), to: kept(after[field]) };
  }
  return Object.keys(changes).length ? changes : null;
}

/** A field's API name in words: `followUpOn` → "follow up on". */
export const fieldWords = (field: string) =>
  field
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();

/**
 * The fields the records keep in dollars or as a percent, by their API names, so that a change
 * reads "budget from $25,000 to $40,000" rather than bare numbers.
 */
const MONEY_FIELDS = new Set([
  "budget",
  "spend",
  "purchasePrice",
  "listPrice",
  "estimatedValue",
  "arv",
  "rentEstimate",
  "propertyTaxesAnnual",
  "hoaMonthly",
  "lastSalePrice",
  "estimatedEquity",
  "loanBalance",
  "dealValue",
  "openingBid",
  "depositAmount",
  "plannedBid",
  "winningBid",
]);
const PERCENT_FIELDS = new Set(["depositPct", "buyerPremiumPct"]);

/**
 * A value in a sentence: an enum's words (`under_contract` → "under contract"), "nothing" for
 * none, and, when the field is named, its dollars or percent.
 */
export function valueWords(value: unknown, field?: string): string {
  if (value === null || value === undefined || value === "") return "nothing";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") {
    if (field && MONEY_FIELDS.has(field)) return formatMoney(value);
    if (field && PERCENT_FIELDS.has(field)) return formatPercent(value);
    return String(value);
  }
  if (typeof value === "string") {
    const text = /^[a-z]+(_[a-z]+)+$/.test(value) ? value.replace(/_/g, " ") : value;
    return text.length > 60 ? `“${text.slice(0, 60)}…”` : text;
  }
  // A person (an assignee): their name.
  if (typeof value === "object" && "name" in value && typeof value.name === "string")
    return value.name || "someone";
  return "";
}

/** One field's change in words: "status from new to contacted", or "notes" for what has no short words. */
export function changeWords(field: string, { from, to }: FieldChange) {
  const [was, is] = [valueWords(from, field), valueWords(to, field)];
  const name = fieldWords(field);
  return was && is ? `${name} from ${was} to ${is}` : name;
}

/** Someone whose account is gone. */
export const UNKNOWN_ACTOR = "Someone";

/** An entry as a sentence: "Mel changed status from new to contacted", "Mel created this lead". */
export function activitySentence(
  entry: Pick<ActivityEntry, "action" | "actor" | "changes" | "recordType">,
) {
  const who = entry.actor?.name || UNKNOWN_ACTOR;
  const what = RECORD_TYPE_WORDS[entry.recordType];
  if (entry.action === "created") return `${who} created this ${what}`;
  if (entry.action === "deleted") return `${who} deleted this ${what}`;
  const parts = Object.entries(entry.changes ?? {}).map(([field, change]) =>
    changeWords(field, change),
  );
  if (!parts.length) return `${who} changed this ${what}`;
  const listed =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `${who} changed ${listed}`;
}
