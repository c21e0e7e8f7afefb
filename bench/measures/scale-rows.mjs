// The scale measure's records (bench/measures/scale.mjs), as a wholesaler's lists hold them: a
// property list with owners (PropStream-like columns), a skip-traced lead list with sources and
// statuses, and the analyses an investor saves on a few properties. Deterministic: record `i` is
// the same in every run, so runs compare, and unique per user (its address, e-mail and phone), so
// no row is merged into another.

/** A number in [0, 1) fixed by `i` and `salt`: the rows vary without a random source. */
function unit(i, salt) {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt + 7, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}
const pick = (list, i, salt) => list[Math.floor(unit(i, salt) * list.length)];
/** One of `weighted`'s values, each as often as its weight says. */
function weighted(weights, i, salt) {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  let at = unit(i, salt) * total;
  for (const [value, w] of weights) {
    if (at < w) return value;
    at -= w;
  }
  return weights[0][0];
}
const words = (text) => text.trim().split(/\s+/);
const between = (low, high, i, salt) => low + Math.floor(unit(i, salt) * (high - low + 1));

/**
 * Street names, taken in turn: `PROPERTY_WORD`, the word the property search types the start of,
 * is the street of one property in STREETS.length (a full page of them among 1,000). No other
 * field holds its letters.
 */
export const PROPERTY_WORD = "Magnolia";
const STREETS = words(`
  Oak Maple Cedar Pine Elm Walnut Chestnut Hickory Sycamore Willow Birch Aspen Spruce Poplar
  Laurel ${PROPERTY_WORD} Dogwood Juniper Lincoln Washington Jefferson Madison Monroe Franklin
  Hamilton Park Lake Hill River Forest Meadow Ridge Valley Sunset Highland Church
`);
const SUFFIXES = ["St", "Ave", "Rd", "Dr", "Ln", "Ct", "Blvd", "Way", "Pl", "Ter"];
const MARKETS = [
  { city: "Dayton", state: "OH", county: "Montgomery", zip: 45402 },
  { city: "Columbus", state: "OH", county: "Franklin", zip: 43201 },
  { city: "Indianapolis", state: "IN", county: "Marion", zip: 46201 },
  { city: "Memphis", state: "TN", county: "Shelby", zip: 38103 },
  { city: "Birmingham", state: "AL", county: "Jefferson", zip: 35203 },
  { city: "Kansas City", state: "MO", county: "Jackson", zip: 64105 },
  { city: "Jacksonville", state: "FL", county: "Duval", zip: 32202 },
  { city: "Pittsburgh", state: "PA", county: "Allegheny", zip: 15201 },
  { city: "Detroit", state: "MI", county: "Wayne", zip: 48201 },
  { city: "Cleveland", state: "OH", county: "Cuyahoga", zip: 44102 },
];
const FIRST_NAMES = words(`
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard
  Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty
  Anthony Sandra Mark Ashley Donald Dorothy Steven Kimberly Paul Emily Andrew Donna Joshua
  Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie
`);
/**
 * Family names. Leads take the first LEAD_FAMILIES in turn: `LEAD_WORD`, the word the lead search
 * types the start of, is the family of one lead in LEAD_FAMILIES (a full page among 1,000).
 */
export const LEAD_WORD = "Whitfield";
const LAST_NAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris
  Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
  ${LEAD_WORD} Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Okafor
  Kowalski Fitzgerald Delgado Brennan Castillo Hoffman Lindqvist Yamamoto
`);

const LEAD_FAMILIES = 40;
/** Owners are of every family but the lead search's. */
const OWNER_NAMES = LAST_NAMES.filter((name) => name !== LEAD_WORD);
/** Landlords who own several of a user's properties (the import finds them as one contact). */
const PORTFOLIO_OWNERS = 300;

/** The file import's columns for a property list, each mapped to its field by name. */
export const PROPERTY_MAPPING = {
  Address: "address",
  City: "city",
  State: "state",
  Zip: "zip",
  County: "county",
  "Property Type": "propertyType",
  Bedrooms: "beds",
  "Total Bathrooms": "baths",
  "Building Sqft": "squareFeet",
  "Lot Size Sqft": "lotSize",
  "Effective Year Built": "yearBuilt",
  "List Price": "listPrice",
  "Est. Value": "estimatedValue",
  "Rent Estimate": "rentEstimate",
  "Tax Amount": "propertyTaxesAnnual",
  "MLS Status": "listingStatus",
  "Days on Market": "daysOnMarket",
  "Last Sale Amount": "lastSalePrice",
  "Last Sale Recording Date": "lastSaleDate",
  "Est. Equity": "estimatedEquity",
  "Total Loan Balance": "loanBalance",
  APN: "apn",
  "List Source": "source",
  "Owner 1 First Name": "ownerFirstName",
  "Owner 1 Last Name": "ownerLastName",
  "Owner Occupied": "ownerOccupied",
  "Mailing Address": "mailingAddress",
  "Mailing City": "mailingCity",
  "Mailing State": "mailingState",
  "Mailing Zip": "mailingZip",
  "Phone 1": "phone1",
  "Phone 1 Type": "phone1Type",
  "Email 1": "email1",
};

/** How often each property type, listing status… comes up in a wholesaler's list. */
const PROPERTY_TYPES = [
  ["Single Family", 60],
  ["Multi-Family", 14],
  ["Condo", 10],
  ["Townhouse", 8],
  ["Mobile Home", 4],
  ["Land", 4],
];
const LISTING_STATUSES = [
  ["Off Market", 55],
  ["Active", 18],
  ["Sold", 15],
  ["Pending", 6],
  ["Contingent", 3],
  ["Coming Soon", 3],
];
const LIST_SOURCES = ["PropStream", "Probate list", "Tax delinquent", "Code violations", "Driving"];

/**
 * Where property `i` of a user is: a street address of its own, in one of the markets. The lists'
 * properties are on the even side of their street, those added by hand (`byHand`) on the odd.
 */
function place(i, byHand = false) {
  const street = i % STREETS.length;
  const market = pick(MARKETS, i, byHand ? 34 : 1);
  const number = 100 + 2 * Math.floor(i / STREETS.length) + (byHand ? 1 : 0);
  return {
    address: `${number} ${STREETS[street]} ${SUFFIXES[street % SUFFIXES.length]}`,
    city: market.city,
    state: market.state,
    county: market.county,
    zip: String(market.zip + between(0, 24, i, 2)),
  };
}

const phone = (i, salt) =>
  `(${200 + ((i + salt) % 700)}) 555-${String(Math.floor(i / 700) % 10000).padStart(4, "0")}`;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);
const YEAR_MS = 365 * 24 * 3_600_000;

/**
 * Property `i` of a user, as the file import's columns (PROPERTY_MAPPING) hold it; `byHand`: of
 * those added by hand instead (their own addresses and figures).
 */
export function propertyCells(index, byHand = false) {
  const where = place(index, byHand);
  const i = byHand ? index + 10_000_019 : index;
  const type = weighted(PROPERTY_TYPES, i, 3);
  const land = type === "Land";
  const value = Math.round((55_000 + unit(i, 4) * 395_000) / 100) * 100;
  const listing = weighted(LISTING_STATUSES, i, 5);
  const loan = unit(i, 6) < 0.4 ? 0 : Math.round(value * (0.2 + unit(i, 7) * 0.6));
  const occupied = unit(i, 8) < 0.6;
  // One absentee property in ten is a landlord's of PORTFOLIO_OWNERS, who own several each.
  const landlord = !occupied && unit(i, 32) < 0.1;
  const owner = landlord ? 1_000_000 + Math.floor(unit(i, 33) * PORTFOLIO_OWNERS) : i;
  const mailing = occupied ? where : place((owner * 7) % 99_991);
  const reachable = unit(owner, 9) < 0.4;
  const first = pick(FIRST_NAMES, owner, 10);
  const last = pick(OWNER_NAMES, owner, 11);
  return {
    Address: where.address,
    City: where.city,
    State: where.state,
    Zip: where.zip,
    County: where.county,
    "Property Type": type,
    Bedrooms: land ? "" : between(2, 5, i, 12),
    "Total Bathrooms": land ? "" : between(2, 7, i, 13) / 2,
    "Building Sqft": land ? "" : between(800, 3200, i, 14),
    "Lot Size Sqft": between(3000, 20000, i, 15),
    "Effective Year Built": land ? "" : between(1920, 2015, i, 16),
    "List Price": listing === "Off Market" ? "" : Math.round(value * (0.92 + unit(i, 17) * 0.2)),
    "Est. Value": value,
    "Rent Estimate": land ? "" : Math.round((value * (0.008 + unit(i, 18) * 0.005)) / 5) * 5,
    "Tax Amount": Math.round(value * (0.011 + unit(i, 19) * 0.01)),
    "MLS Status": listing,
    "Days on Market": listing === "Active" ? between(1, 180, i, 20) : "",
    "Last Sale Amount": Math.round(value * (0.4 + unit(i, 21) * 0.5)),
    "Last Sale Recording Date": day(Date.UTC(2025, 0, 1) - unit(i, 22) * 25 * YEAR_MS),
    "Est. Equity": value - loan,
    "Total Loan Balance": loan,
    APN: `${String(between(10, 99, i, 23))}-${String(i).padStart(6, "0")}-${between(10, 99, i, 24)}`,
    "List Source": pick(LIST_SOURCES, i, 25),
    "Owner 1 First Name": first,
    "Owner 1 Last Name": last,
    "Owner Occupied": occupied ? "Yes" : "No",
    "Mailing Address": mailing.address,
    "Mailing City": mailing.city,
    "Mailing State": mailing.state,
    "Mailing Zip": mailing.zip,
    "Phone 1": reachable ? phone(owner, 11) : "",
    "Phone 1 Type": reachable ? pick(["Mobile", "Landline", "VoIP"], i, 26) : "",
    "Email 1": reachable ? `${first}.${last}.${owner}@example.net`.toLowerCase() : "",
  };
}

/** A cell as a CSV writes it: quoted when it holds a separator or a quote. */
const csvCell = (value) => {
  const text = String(value ?? "");
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A CSV file of `rows` (objects of one set of columns). */
export function csv(rows) {
  const headers = Object.keys(rows[0]);
  return [headers, ...rows.map((row) => headers.map((h) => row[h]))]
    .map((cells) => cells.map(csvCell).join(","))
    .join("\r\n");
}

/**
 * Property `i` as the JSON import (`POST /api/data/properties`) takes it: the properties an
 * investor adds by hand and analyses, with the fields of the list's rows.
 */
export function propertyInput(i) {
  const cells = propertyCells(i, true);
  const type = cells["Property Type"];
  return {
    address: cells.Address,
    city: cells.City,
    state: cells.State,
    zip: cells.Zip,
    county: cells.County,
    propertyType: type === "Land" ? "single_family" : type.toLowerCase().replace(/[ -]/g, "_"),
    beds: cells.Bedrooms || 3,
    baths: cells["Total Bathrooms"] || 2,
    squareFeet: cells["Building Sqft"] || 1400,
    yearBuilt: cells["Effective Year Built"] || 1960,
    listPrice: cells["Est. Value"],
    estimatedValue: cells["Est. Value"],
    rentEstimate: cells["Rent Estimate"] || Math.round(cells["Est. Value"] * 0.01),
    propertyTaxesAnnual: cells["Tax Amount"],
    status: weighted(
      [
        ["analyzing", 60],
        ["researching", 20],
        ["offer_made", 12],
        ["under_contract", 5],
        ["passed", 3],
      ],
      i,
      27,
    ),
    source: "Added by hand",
  };
}

/**
 * The rental analysis an investor saves on property `i` (`propertyInput(i)`): a loan or cash, its
 * expenses. About half meet BUY_BOX, so its filter finds a page of them at every size.
 */
export function rentalAnalysis(i, propertyId) {
  const property = propertyInput(i);
  const cash = unit(i, 28) < 0.3;
  return {
    name: `${property.address}: rental`,
    strategy: "rental",
    propertyId,
    inputs: {
      purchasePrice: Math.round(property.listPrice * (0.8 + unit(i, 29) * 0.15)),
      closingCosts: Math.round(property.listPrice * 0.02),
      grossMonthlyRent: property.rentEstimate,
      vacancyPct: 5,
      propertyTaxesAnnual: property.propertyTaxesAnnual,
      insuranceAnnual: 900 + between(0, 12, i, 30) * 50,
      managementPct: 8,
      maintenancePct: 5,
      capexPct: 5,
      financing: cash
        ? { type: "cash" }
        : {
            type: "loan",
            downPaymentPct: 20,
            interestRatePct: 6 + unit(i, 31) * 1.5,
            termYears: 30,
          },
    },
  };
}

/** The buy box of every user here: cash flow of $150 a month or more. */
export const BUY_BOX = { minCashFlowMonthly: 150 };

/** The file import's columns for a lead list, each mapped to its field by name. */
export const LEAD_MAPPING = {
  "First Name": "firstName",
  "Last Name": "lastName",
  "Phone 1": "phone1",
  "Phone 1 Type": "phone1Type",
  "Email 1": "email1",
  "Property Address": "address",
  "Property City": "city",
  "Property State": "state",
  "Property Zip": "zip",
  "Mailing Address": "mailingAddress",
  "Mailing City": "mailingCity",
  "Mailing State": "mailingState",
  "Mailing Zip": "mailingZip",
  "Lead Source": "source",
  "Lead Status": "status",
  Score: "score",
  "Follow Up": "followUpOn",
  Notes: "notes",
};

const LEAD_SOURCES = [
  ["Direct mail", 35],
  ["Cold call", 20],
  ["SMS", 15],
  ["PPC", 8],
  ["Bandit signs", 6],
  ["Driving for dollars", 6],
  ["Referral", 5],
  ["Website", 5],
];
const LEAD_STATUSES = [
  ["New", 40],
  ["Contacted", 25],
  ["Qualified", 12],
  ["Appointment", 8],
  ["Under contract", 5],
  ["Dead", 10],
];
const LEAD_NOTES = [
  "Inherited, lives out of state",
  "Vacant two years; taxes behind",
  "Tired landlord, tenant not paying",
  "Wants to sell before the auction",
  "Call back after the holidays",
];

/** Lead `j` of a user, as the file import's columns (LEAD_MAPPING) hold it; `today` YYYY-MM-DD. */
export function leadCells(j, today) {
  const where = place(j + 104_729);
  const mailing = unit(j, 40) < 0.5 ? where : place((j * 13) % 99_989);
  const first = pick(FIRST_NAMES, j, 41);
  const last = LAST_NAMES[j % LEAD_FAMILIES];
  const follows = unit(j, 43) < 0.2;
  return {
    "First Name": first,
    "Last Name": last,
    "Phone 1": phone(j, 0),
    "Phone 1 Type": pick(["Mobile", "Landline"], j, 44),
    "Email 1": `${first}.${last}.${j}@example.com`.toLowerCase(),
    "Property Address": where.address,
    "Property City": where.city,
    "Property State": where.state,
    "Property Zip": where.zip,
    "Mailing Address": mailing.address,
    "Mailing City": mailing.city,
    "Mailing State": mailing.state,
    "Mailing Zip": mailing.zip,
    "Lead Source": weighted(LEAD_SOURCES, j, 45),
    "Lead Status": weighted(LEAD_STATUSES, j, 46),
    Score: unit(j, 47) < 0.5 ? between(0, 100, j, 48) : "",
    "Follow Up": follows
      ? day(Date.parse(`${today}T12:00:00Z`) + between(-20, 30, j, 49) * 86_400_000)
      : "",
    Notes: unit(j, 50) < 0.1 ? pick(LEAD_NOTES, j, 51) : "",
  };
}

/** A user's marketing campaigns, as `POST /api/marketing/campaigns` takes them. */
export const CAMPAIGNS = [
  {
    name: "Absentee owners, spring mailer",
    channel: "direct_mail",
    status: "active",
    budget: 12000,
  },
  { name: "Probate list", channel: "direct_mail", status: "active", budget: 6000 },
  { name: "Tax delinquent SMS", channel: "sms", status: "active", budget: 2500 },
  { name: "Cold calling, vacant homes", channel: "cold_call", status: "paused", budget: 4000 },
  { name: "Motivated sellers PPC", channel: "ppc", status: "active", budget: 9000 },
  { name: "Bandit signs, east side", channel: "bandit_signs", status: "completed", budget: 800 },
];
