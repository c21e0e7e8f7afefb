/**
 * Whether a column's values could be what a field holds: a monthly rent is not 391,570, a lot of
 * 0.27 (acres) is not a home's value, a sale date parses, a ZIP looks like a ZIP. A column matched
 * only by a guess at its name is mapped when its values fit, and otherwise left unmapped with the
 * reason. Pure: no I/O.
 */
import { formatCount } from "../format";
import { LEAD_STATUSES } from "../marketing/lead-terms";
import { CONTACT_FLAGS } from "../contact-methods";
import { PROPERTY_STATUSES } from "../workspace-terms";
import {
  readAuctionStatus,
  readContactFlags,
  readDay,
  readFlag,
  readListingStatus,
  readNumber,
  readPropertyType,
  readSaleType,
  statusWord,
  type Conventions,
} from "./values";

/** The plausible amounts of a number field, and what to call one in a message. */
const RANGES: Record<string, { min: number; max: number; what: string; whole?: boolean }> = {
  price: { min: 1000, max: 1e9, what: "a home's price" },
  listPrice: { min: 1000, max: 1e9, what: "a home's price" },
  estimatedValue: { min: 1000, max: 1e9, what: "a home's value" },
  arv: { min: 1000, max: 1e9, what: "a home's value" },
  lastSalePrice: { min: 1000, max: 1e9, what: "a sale price" },
  rentEstimate: { min: 100, max: 50_000, what: "a monthly rent" },
  hoaMonthly: { min: 0, max: 10_000, what: "a monthly HOA fee" },
  propertyTaxesAnnual: { min: 0, max: 1_000_000, what: "a year's property taxes" },
  estimatedEquity: { min: -1e9, max: 1e9, what: "an amount of equity" },
  loanBalance: { min: 0, max: 1e9, what: "a loan balance" },
  dealValue: { min: 0, max: 1e8, what: "a deal's value" },
  openingBid: { min: 0, max: 1e9, what: "a bid" },
  plannedBid: { min: 0, max: 1e9, what: "a bid" },
  winningBid: { min: 0, max: 1e9, what: "a bid" },
  appraisedValue: { min: 1000, max: 1e9, what: "a home's value" },
  judgmentAmount: { min: 0, max: 1e9, what: "a judgment" },
  depositAmount: { min: 0, max: 1e8, what: "a deposit" },
  depositPct: { min: 0, max: 100, what: "a percentage" },
  buyerPremiumPct: { min: 0, max: 100, what: "a percentage" },
  balanceDueDays: { min: 0, max: 365, what: "a number of days", whole: true },
  score: { min: 0, max: 100, what: "a score from 0 to 100", whole: true },
  beds: { min: 0, max: 50, what: "a number of bedrooms" },
  baths: { min: 0, max: 50, what: "a number of bathrooms" },
  fullBaths: { min: 0, max: 50, what: "a number of bathrooms", whole: true },
  halfBaths: { min: 0, max: 50, what: "a number of bathrooms", whole: true },
  squareFeet: { min: 100, max: 1_000_000, what: "a floor area in square feet" },
  lotSize: { min: 100, max: 1e9, what: "a lot size in square feet" },
  lotSizeAcres: { min: 0.001, max: 1e6, what: "a lot size in acres" },
  yearBuilt: { min: 1600, max: 2100, what: "a year", whole: true },
  latitude: { min: -90, max: 90, what: "a latitude" },
  longitude: { min: -180, max: 180, what: "a longitude" },
  daysOnMarket: { min: 0, max: 20_000, what: "a number of days", whole: true },
};

const FLAGS = new Set<string>([
  "ownerOccupied",
  "consentEmail",
  "consentSms",
  "consentCall",
  ...CONTACT_FLAGS,
]);
const DATES = new Set(["lastSaleDate", "followUpOn", "saleAt", "depositDueAt", "postponedTo"]);
const NAMES = new Set([
  "ownerName",
  "ownerFirstName",
  "ownerLastName",
  "owner2Name",
  "owner2FirstName",
  "owner2LastName",
  "fullName",
  "firstName",
  "lastName",
  "company",
  "plaintiff",
  "defendant",
  "attorney",
]);

const isStem = (target: string, stem: string) => new RegExp(`^${stem}\\d+$`).test(target);

/** Whether one value could be the target's, and what such a value is called. */
function valueCheck(
  kind: string,
  target: string,
  conventions: Conventions,
): { what: string; fits: (value: string) => boolean } | null {
  const range = RANGES[target];
  if (range) {
    return {
      what: range.what,
      fits: (value) => {
        const number = readNumber(value, conventions);
        return (
          number !== null &&
          number >= range.min &&
          number <= range.max &&
          (!range.whole || Number.isInteger(number))
        );
      },
    };
  }
  if (FLAGS.has(target) || /^phone\d+Dnc$/.test(target)) {
    return { what: "yes or no", fits: (value) => readFlag(value) !== null };
  }
  if (DATES.has(target))
    return { what: "a date", fits: (value) => readDay(value, conventions) !== null };
  if (NAMES.has(target)) {
    return { what: "a name", fits: (value) => /\p{L}/u.test(value) && !value.includes("@") };
  }
  if (target === "email" || isStem(target, "email")) {
    return { what: "an e-mail address", fits: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) };
  }
  if (target === "phone" || target === "attorneyPhone" || isStem(target, "phone")) {
    return {
      what: "a phone number",
      fits: (value) => {
        const digits = value.replace(/\D/g, "").length;
        return digits >= 7 && digits <= 15 && !/[a-wyz]/i.test(value.replace(/\bext\b/i, ""));
      },
    };
  }
  switch (target) {
    case "address":
    case "mailingAddress":
      return {
        what: "a street address",
        fits: (value) => /\d/.test(value) && /\p{L}{2}/u.test(value),
      };
    case "city":
    case "county":
    case "mailingCity":
      return { what: "a place's name", fits: (value) => /^[^\d@]{2,}$/.test(value) };
    case "state":
    case "mailingState":
      return { what: "a state", fits: (value) => /^\p{L}[\p{L} .]{1,24}$/u.test(value) };
    case "zip":
    case "mailingZip":
      return { what: "a ZIP code", fits: (value) => /^\d{3,5}(-?\d{4})?$/.test(value) };
    case "listingUrl":
    case "onlineUrl":
      return { what: "a web address", fits: (value) => /^(https?:\/\/|\/)\S+$/i.test(value) };
    case "propertyType":
      return {
        what: "a property type",
        fits: (value) => readPropertyType(value) !== "other" || /^other$/i.test(value),
      };
    case "listingStatus":
      return {
        what: "a listing status",
        fits: (value) => readListingStatus(value) !== "other" || /^other$/i.test(value),
      };
    case "status":
      if (kind === "auctions") {
        return { what: "a sale's status", fits: (value) => readAuctionStatus(value) !== null };
      }
      return {
        what: kind === "leads" ? "a lead status" : "a pipeline status",
        fits: (value) =>
          (kind === "leads" ? LEAD_STATUSES : PROPERTY_STATUSES).includes(
            statusWord(value) as never,
          ),
      };
    case "saleType":
      return { what: "a sale type", fits: (value) => readSaleType(value) !== null };
    case "saleTime":
      return {
        what: "a time of day",
        fits: (value) => /^\d{1,2}(:\d{2})?(:\d{2})?\s*([ap]\.?m\.?)?$/i.test(value.trim()),
      };
    case "contactFlags":
      return {
        what: "do-not-contact flags (DNC, Litigator, Deceased)",
        fits: (value) => Object.values(readContactFlags(value)).some(Boolean),
      };
    case "lotSizeUnit":
      return { what: "a unit of area", fits: (value) => /acre|sq|ft|feet|ac\b/i.test(value) };
    default:
      return null;
  }
}

/**
 * Null when the column's values could be the target's; else why not, with the values that don't
 * fit: "its values (391,570, 409,200) don't look like a monthly rent". At least `share` of the
 * values must fit; an empty column fits when `emptyFits` (nothing to import either way). With
 * `amountsOnly`, only the amounts of a number field are judged (a column named for the field whose
 * numbers are of another size); a cell that is no number at all is the row's problem, said then.
 */
export function misfit(
  kind: string,
  target: string,
  values: readonly string[],
  conventions: Conventions,
  rule: { share: number; emptyFits: boolean; amountsOnly?: boolean },
): string | null {
  let given = values.map((value) => value.trim()).filter(Boolean);
  if (rule.amountsOnly) {
    if (!RANGES[target]) return null;
    given = given.filter((value) => readNumber(value, conventions) !== null);
  }
  if (!given.length) {
    return rule.emptyFits ? null : "the column is empty, so its values can't confirm the guess";
  }
  const check = valueCheck(kind, target, conventions);
  if (!check) return null;
  const wrong = given.filter((value) => !check.fits(value));
  if (wrong.length <= given.length * (1 - rule.share)) return null;
  const shown = [...new Set(wrong)].slice(0, 2).map((value) => {
    const number = RANGES[target] ? readNumber(value, conventions) : null;
    return number === null ? `“${value}”` : formatCount(number);
  });
  return `its values (${shown.join(", ")}) don't look like ${check.what}`;
}
