/**
 * Which column of a file goes in which field: the source recognised from enough of its own
 * columns (its mapping), else each header matched against a table of spellings, else a guess from
 * the closest spelling, applied only when the column's values fit the field and shown as a
 * guess. Exact matches are settled before any guess, so a guess never takes a field a column
 * names exactly. A mapping the user corrected for a source is remembered and wins next time. The
 * mapping step on the screen and the API's import use this one function. Pure: no I/O.
 */
import { PROPERTY_STATUSES } from "../workspace";
import { misfit } from "./fit";
import { SOURCES, type SourceFormat } from "./sources";
import { IGNORE, MAX_NUMBERED, TARGETS, type ImportKind } from "./targets";
import { statusWord, type Conventions } from "./values";

/** A header as the spelling tables write it: lower case, accents dropped, letters and digits only. */
export const headerKey = (header: string) =>
  header
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/**
 * A header's keys: the whole header, and for a nested key a scraper flattened ("address/city",
 * "hdpData.homeInfo.zpid") its last part too, which is what names the field. Such keys start
 * lower-case, as JSON's do; a person's "HOA/MONTH" or "Price/SqFt" is one name.
 */
export function headerKeys(header: string) {
  const whole = headerKey(header);
  const nested = /^[a-z_][A-Za-z0-9_]*(?:[./][A-Za-z0-9_]+)+$/.test(header.trim());
  const last = nested ? headerKey(header.trim().split(/[./]/).at(-1)!) : "";
  return last && last !== whole ? [whole, last] : [whole];
}

/** How a column's target was chosen, so the screen can say so ("guessed"). */
export type MappingHow = "source" | "known" | "guess" | "remembered" | "user" | "none";

export interface ColumnMapping {
  /** The column's place in the file (0-based) and its header as written. */
  index: number;
  header: string;
  /** A target id of this kind (targets.ts), or "ignore". */
  target: string;
  how: MappingHow;
  /**
   * Said beside the column: why it is left unmapped ("no field matches its name", a guess its
   * values refuted), or that a guess was checked against its values.
   */
  note?: string;
  /** The field its name suggested, when the column was guessed: applied, or refused (see note). */
  guess?: { target: string; applied: boolean };
}

export interface Recognised {
  /** The export recognised, or null for a spreadsheet of the user's own. */
  source: Pick<SourceFormat, "id" | "name"> | null;
  columns: ColumnMapping[];
}

/** Where an owner's or lead's letters go, as lists spell it. */
const MAILING: Record<string, string> = {
  mailingaddress: "mailingAddress",
  mailaddress: "mailingAddress",
  mailingstreet: "mailingAddress",
  mailingunit: "mailingUnit",
  mailingcity: "mailingCity",
  mailcity: "mailingCity",
  mailingstate: "mailingState",
  mailstate: "mailingState",
  mailingzip: "mailingZip",
  mailzip: "mailingZip",
  mailingzipcode: "mailingZip",
};

/** A person's do-not-contact flags as lists head them (BatchLeads, PropStream, DealMachine). */
const CONTACT_FLAGS: Record<string, string> = {
  dnc: "doNotContact",
  donotcall: "doNotContact",
  donotcontact: "doNotContact",
  litigator: "litigator",
  knownlitigator: "litigator",
  deceased: "deceased",
  donotmail: "doNotMail",
  dnclitigatorscrub: "contactFlags",
  flags: "contactFlags",
};

/** Spellings seen in spreadsheets and exports (normalised by headerKey) → target, per kind. */
const SYNONYMS: Record<ImportKind, Record<string, string>> = {
  properties: {
    address: "address",
    streetaddress: "address",
    street: "address",
    propertyaddress: "address",
    siteaddress: "address",
    situsaddress: "address",
    fulladdress: "address",
    // What a European Excel's user may have typed.
    adresse: "address",
    direccion: "address",
    indirizzo: "address",
    strasse: "address",
    stadt: "city",
    staat: "state",
    bundesstaat: "state",
    ort: "city",
    ville: "city",
    ciudad: "city",
    plz: "zip",
    postleitzahl: "zip",
    codepostal: "zip",
    kaufpreis: "listPrice",
    preis: "listPrice",
    prix: "listPrice",
    precio: "listPrice",
    baujahr: "yearBuilt",
    notiz: "notes",
    bemerkung: "notes",
    eigentumer: "ownerName",
    eigentuemer: "ownerName",
    proprietaire: "ownerName",
    unit: "unit",
    unitnumber: "unit",
    apt: "unit",
    city: "city",
    propertycity: "city",
    state: "state",
    propertystate: "state",
    st: "state",
    zip: "zip",
    zipcode: "zip",
    postalcode: "zip",
    propertyzip: "zip",
    county: "county",
    latitude: "latitude",
    lat: "latitude",
    longitude: "longitude",
    lng: "longitude",
    lon: "longitude",
    long: "longitude",
    propertytype: "propertyType",
    propertytypeaslisted: "sourcePropertyType",
    type: "propertyType",
    hometype: "propertyType",
    style: "propertyType",
    beds: "beds",
    bedrooms: "beds",
    bd: "beds",
    br: "beds",
    baths: "baths",
    bathrooms: "baths",
    totalbathrooms: "baths",
    ba: "baths",
    fullbaths: "fullBaths",
    halfbaths: "halfBaths",
    squarefeet: "squareFeet",
    sqft: "squareFeet",
    livingarea: "squareFeet",
    buildingsqft: "squareFeet",
    livingsqft: "squareFeet",
    size: "squareFeet",
    lotsize: "lotSize",
    lotsqft: "lotSize",
    lotsizesqft: "lotSize",
    lotareavalue: "lotSize",
    lotareaunit: "lotSizeUnit",
    lotareaunits: "lotSizeUnit",
    lotsizeunit: "lotSizeUnit",
    lotunits: "lotSizeUnit",
    lotacres: "lotSizeAcres",
    lotsizeacres: "lotSizeAcres",
    acres: "lotSizeAcres",
    yearbuilt: "yearBuilt",
    built: "yearBuilt",
    listprice: "listPrice",
    // A bare "Price" is the list price, or on a sold row the sale price (properties.ts decides).
    price: "price",
    unformattedprice: "price",
    askingprice: "listPrice",
    listingprice: "listPrice",
    estimatedvalue: "estimatedValue",
    estvalue: "estimatedValue",
    value: "estimatedValue",
    marketvalue: "estimatedValue",
    zestimate: "estimatedValue",
    avm: "estimatedValue",
    arv: "arv",
    afterrepairvalue: "arv",
    rent: "rentEstimate",
    rentestimate: "rentEstimate",
    monthlyrent: "rentEstimate",
    estimatedrent: "rentEstimate",
    rentzestimate: "rentEstimate",
    tax: "propertyTaxesAnnual",
    taxes: "propertyTaxesAnnual",
    annualtaxes: "propertyTaxesAnnual",
    propertytax: "propertyTaxesAnnual",
    propertytaxes: "propertyTaxesAnnual",
    taxesannual: "propertyTaxesAnnual",
    annualpropertytaxes: "propertyTaxesAnnual",
    propertytaxesannual: "propertyTaxesAnnual",
    taxamount: "propertyTaxesAnnual",
    hoa: "hoaMonthly",
    hoamonth: "hoaMonthly",
    hoafee: "hoaMonthly",
    hoamonthly: "hoaMonthly",
    listingstatus: "listingStatus",
    daysonmarket: "daysOnMarket",
    dom: "daysOnMarket",
    cdom: "daysOnMarket",
    daysonzillow: "daysOnMarket",
    daysonmls: "daysOnMarket",
    mlsstatus: "listingStatus",
    homestatus: "listingStatus",
    status: "status",
    pipelinestatus: "status",
    lastsaleprice: "lastSalePrice",
    lastsaleamount: "lastSalePrice",
    soldprice: "lastSalePrice",
    lastsaledate: "lastSaleDate",
    lastsolddate: "lastSaleDate",
    solddate: "lastSaleDate",
    estimatedequity: "estimatedEquity",
    estequity: "estimatedEquity",
    equity: "estimatedEquity",
    loanbalance: "loanBalance",
    mortgagebalance: "loanBalance",
    openloans: "loanBalance",
    externalid: "externalId",
    mls: "externalId",
    mlsnumber: "externalId",
    mlsid: "externalId",
    listingid: "externalId",
    zpid: "externalId",
    apn: "apn",
    parcel: "apn",
    parcelnumber: "apn",
    parcelid: "apn",
    url: "listingUrl",
    listingurl: "listingUrl",
    detailurl: "listingUrl",
    hdpurl: "listingUrl",
    propertyurl: "listingUrl",
    link: "listingUrl",
    source: "source",
    notes: "notes",
    comments: "notes",
    owner: "ownerName",
    ownername: "ownerName",
    owner1name: "ownerName",
    ownerfirstname: "ownerFirstName",
    owner1firstname: "ownerFirstName",
    ownerlastname: "ownerLastName",
    owner1lastname: "ownerLastName",
    owner2name: "owner2Name",
    owner2firstname: "owner2FirstName",
    owner2lastname: "owner2LastName",
    owneroccupied: "ownerOccupied",
    ...MAILING,
    ...CONTACT_FLAGS,
  },
  auctions: {
    saletype: "saleType",
    type: "saleType",
    sale: "saleType",
    saleat: "saleAt",
    saledate: "saleAt",
    saledatetime: "saleAt",
    salesdate: "saleAt",
    dateofsale: "saleAt",
    auctiondate: "saleAt",
    date: "saleAt",
    saletime: "saleTime",
    time: "saleTime",
    timezone: "timeZone",
    zone: "timeZone",
    address: "address",
    propertyaddress: "address",
    streetaddress: "address",
    street: "address",
    city: "city",
    county: "county",
    state: "state",
    zip: "zip",
    zipcode: "zip",
    postalcode: "zip",
    casenumber: "caseNumber",
    case: "caseNumber",
    caseno: "caseNumber",
    docket: "caseNumber",
    apn: "apn",
    parcel: "apn",
    parcelnumber: "apn",
    parcelid: "apn",
    plaintiff: "plaintiff",
    defendant: "defendant",
    sheriff: "sheriffNumber",
    sheriffnumber: "sheriffNumber",
    sheriffno: "sheriffNumber",
    attorney: "attorney",
    plaintiffattorney: "attorney",
    attorneyphone: "attorneyPhone",
    venue: "venue",
    location: "venue",
    onlineurl: "onlineUrl",
    url: "onlineUrl",
    link: "onlineUrl",
    openingbid: "openingBid",
    minimumbid: "openingBid",
    minbid: "openingBid",
    upsetprice: "openingBid",
    startingbid: "openingBid",
    appraised: "appraisedValue",
    appraisedvalue: "appraisedValue",
    appraisal: "appraisedValue",
    judgment: "judgmentAmount",
    judgmentamount: "judgmentAmount",
    depositamount: "depositAmount",
    deposit: "depositAmount",
    depositpct: "depositPct",
    depositpercent: "depositPct",
    depositdueat: "depositDueAt",
    depositdue: "depositDueAt",
    depositdeadline: "depositDueAt",
    balanceduedays: "balanceDueDays",
    buyerpremiumpct: "buyerPremiumPct",
    buyerspremium: "buyerPremiumPct",
    buyerpremium: "buyerPremiumPct",
    premium: "buyerPremiumPct",
    plannedbid: "plannedBid",
    status: "status",
    postponedto: "postponedTo",
    winningbid: "winningBid",
    notes: "notes",
  },
  leads: {
    firstname: "firstName",
    first: "firstName",
    givenname: "firstName",
    ownerfirstname: "firstName",
    owner1firstname: "firstName",
    lastname: "lastName",
    last: "lastName",
    surname: "lastName",
    familyname: "lastName",
    ownerlastname: "lastName",
    owner1lastname: "lastName",
    name: "fullName",
    fullname: "fullName",
    ownername: "fullName",
    owner: "fullName",
    owner1name: "fullName",
    email: "email",
    emailaddress: "email",
    phone: "phone",
    phonenumber: "phone",
    mobile: "phone",
    cell: "phone",
    company: "company",
    address: "address",
    propertyaddress: "address",
    street: "address",
    city: "city",
    propertycity: "city",
    state: "state",
    propertystate: "state",
    zip: "zip",
    zipcode: "zip",
    propertyzip: "zip",
    ...MAILING,
    source: "source",
    leadsource: "source",
    status: "status",
    leadstatus: "status",
    score: "score",
    leadscore: "score",
    consentemail: "consentEmail",
    emailconsent: "consentEmail",
    emailoptin: "consentEmail",
    consentsms: "consentSms",
    smsconsent: "consentSms",
    smsoptin: "consentSms",
    textconsent: "consentSms",
    consentcall: "consentCall",
    callconsent: "consentCall",
    followup: "followUpOn",
    followupon: "followUpOn",
    followupdate: "followUpOn",
    nextfollowup: "followUpOn",
    dealvalue: "dealValue",
    notes: "notes",
    ...CONTACT_FLAGS,
  },
};

/** "Phone 1", "phone_1", "Phone1 Type", "Phone 1 DNC", "Email 2": numbered contact columns of lists. */
function numberedTarget(key: string) {
  const match =
    /^(phone|phonenumber|cell|mobile|wireless|landline|contactphone|email|emailaddress)(\d+)(type|dnc)?$/.exec(
      key,
    );
  if (!match || Number(match[2]) < 1 || Number(match[2]) > MAX_NUMBERED) return undefined;
  const stem = match[1]!.startsWith("email") ? "email" : "phone";
  const suffix = match[3] === "type" ? "Type" : match[3] === "dnc" && stem === "phone" ? "Dnc" : "";
  if (match[3] === "dnc" && !suffix) return undefined;
  return `${stem}${Number(match[2])}${suffix}`;
}

/**
 * A header's target by its spelling, for a kind: known, else numbered, else undefined; a nested
 * key by its last part when the whole is not known. "Deposit %" is the deposit's percent,
 * "Deposit" its amount.
 */
function knownTarget(kind: ImportKind, header: string) {
  for (const key of headerKeys(header)) {
    const target =
      (header.includes("%") ? SYNONYMS[kind][`${key}pct`] : undefined) ??
      SYNONYMS[kind][key] ??
      numberedTarget(key);
    if (target && target in TARGETS[kind]) return target;
  }
  return undefined;
}

/**
 * The fields a header nobody listed might be, closest first: those whose spelling it contains
 * (the longest first), or that contain it. "Listing Price (USD)" → list price, "Sq. Ft. Living" →
 * sq ft, "Date of Sale" → sale type or sale date (its values decide).
 */
function guessTargets(kind: ImportKind, header: string) {
  const key = headerKeys(header).at(-1)!;
  if (key.length < 3) return [];
  const found = Object.entries(SYNONYMS[kind]).filter(
    ([spelling, target]) =>
      spelling.length >= 3 &&
      target in TARGETS[kind] &&
      (key.includes(spelling) || (spelling.includes(key) && key.length >= 4)),
  );
  // Only the closest spellings: when "Price/SqFt" is no price, it is not a floor area either.
  const closest = Math.max(0, ...found.map(([spelling]) => spelling.length));
  return [...new Set(found.filter(([spelling]) => spelling.length === closest).map(([, t]) => t))];
}

/**
 * A "Status" column of a property list holds the listing's status (Active, Pending, Sold) unless
 * every value is one of AI42's pipeline statuses: a listing's status never moves the pipeline.
 */
function statusTarget(kind: ImportKind, target: string, values: readonly string[]) {
  if (kind !== "properties" || target !== "status") return target;
  const pipeline = values
    .filter((value) => value.trim())
    .every((value) => (PROPERTY_STATUSES as readonly string[]).includes(statusWord(value)));
  return pipeline ? target : "listingStatus";
}

/**
 * The source the file comes from: the one with at least `enough` of its own columns in the
 * header row, the most of them winning (a column matches by its whole name or, flattened from
 * nested JSON, by its last part).
 */
export function recogniseSource(headers: readonly string[], kind: ImportKind) {
  const keys = new Set(headers.flatMap(headerKeys));
  let best: { source: SourceFormat; matched: number } | null = null;
  for (const source of SOURCES) {
    if (!source.kinds.includes(kind)) continue;
    const matched = new Set(source.signature.map(headerKey).filter((key) => keys.has(key))).size;
    if (matched >= source.enough && (!best || matched > best.matched)) best = { source, matched };
  }
  return best?.source ?? null;
}

/** The share of a column's values that must fit its field: most for a name, nearly all for a guess. */
const KNOWN_SHARE = { share: 0.5, emptyFits: true, amountsOnly: true };
const GUESS_SHARE = { share: 0.9, emptyFits: false };

/** What a remembered mapping is filed under: the source, else the header row itself. */
export function mappingKey(headers: readonly string[], source: { id: string } | null) {
  return source ? `source:${source.id}` : `headers:${headers.map(headerKey).join("|")}`;
}

/**
 * Each column of the file with its target. Exact matches are settled first, the most certain
 * first (a remembered choice, the source's own mapping, a known spelling), so no guess can take a
 * field a column names exactly; a target goes to one column only (the first), and a later column
 * that would have it says which column has it. Then, for a file no source was recognised in, each
 * column left is guessed from its name, and the guess applied only when its values fit the field.
 */
export function recogniseColumns(
  headers: readonly string[],
  kind: ImportKind,
  remembered: Record<string, string> = {},
  valuesOf: (index: number) => readonly string[] = () => [],
  conventions: Conventions = { european: false },
): Recognised {
  const source = recogniseSource(headers, kind);
  const sourceColumns = new Map(
    Object.entries(source?.columns[kind] ?? {}).map(([header, target], rank) => [
      headerKey(header),
      { target, rank },
    ]),
  );
  const sourceColumn = (header: string) =>
    headerKeys(header)
      .map((key) => sourceColumns.get(key))
      .find(Boolean);
  const columns: ColumnMapping[] = headers.map((header, index) => ({
    index,
    header,
    target: IGNORE,
    how: "none",
  }));
  /** Target → the header of the column that has it. */
  const taken = new Map<string, string>();
  // A lot size with its unit beside it may be in acres.
  const lotUnitGiven = headers.some(
    (header) =>
      sourceColumn(header)?.target === "lotSizeUnit" || knownTarget(kind, header) === "lotSizeUnit",
  );
  const settled = new Set<number>();
  const takenNote = (target: string) => {
    // A guessed "price" would only shadow the list price a column names exactly.
    const holder = taken.get(target) ?? taken.get("listPrice");
    return `${TARGETS[kind][taken.has(target) ? target : "listPrice"]} comes from column “${holder}”`;
  };
  const exact: [MappingHow, (header: string) => string | undefined][] = [
    ["remembered", (header) => remembered[header]],
    ["source", (header) => sourceColumn(header)?.target],
    ["known", (header) => knownTarget(kind, header)],
  ];
  // Two columns for one field: the one the source lists first (Zillow's lotAreaValue, read with
  // its unit, before lotSize), then a top-level column before nested ones of the same name (a
  // scrape's "lotSize" before its "resoFacts.lotSize", "0.27 Acres"), then the first.
  const depth = (header: string) =>
    headerKeys(header).length > 1 ? header.split(/[./]/).length : 1;
  const rank = (header: string) => sourceColumn(header)?.rank ?? Infinity;
  const inOrder = [...columns].sort(
    (a, b) =>
      rank(a.header) - rank(b.header) || depth(a.header) - depth(b.header) || a.index - b.index,
  );
  for (const [how, find] of exact) {
    for (const column of inOrder) {
      if (settled.has(column.index)) continue;
      const found = find(column.header);
      if (!found) continue;
      const target =
        how === "remembered" ? found : statusTarget(kind, found, valuesOf(column.index));
      // A spelling matched by name alone is still checked: "Lot Area Value" of 0.121 (acres,
      // with no unit column) is not a lot in square feet. Most values must fit.
      const refuted =
        how === "known" && target in TARGETS[kind] && !(target === "lotSize" && lotUnitGiven)
          ? misfit(kind, target, valuesOf(column.index), conventions, KNOWN_SHARE)
          : null;
      if (target === IGNORE) {
        Object.assign(column, { target, how, note: undefined });
        settled.add(column.index);
      } else if (!(target in TARGETS[kind])) {
        continue;
      } else if (taken.has(target)) {
        column.note = takenNote(target);
      } else if (refuted) {
        column.note = `Not mapped: its name says ${TARGETS[kind][target]}, but ${refuted}`;
      } else {
        taken.set(target, column.header);
        Object.assign(column, { target, how, note: undefined });
        settled.add(column.index);
      }
    }
  }
  for (const column of columns) {
    if (settled.has(column.index)) continue;
    if (source) {
      column.note ??= `Not a column ${source.name} files are read for`;
      continue;
    }
    let refused: { target: string; note: string } | undefined;
    for (const guess of guessTargets(kind, column.header)) {
      const values = valuesOf(column.index);
      const target = statusTarget(kind, guess, values);
      if (taken.has(target) || (target === "price" && taken.has("listPrice"))) {
        refused ??= { target, note: `Not mapped: ${takenNote(target)}` };
        continue;
      }
      const reason = misfit(kind, target, values, conventions, GUESS_SHARE);
      if (reason) {
        refused ??= {
          target,
          note: `Not mapped: it looks like ${TARGETS[kind][target]} by its name, but ${reason}`,
        };
        continue;
      }
      taken.set(target, column.header);
      Object.assign(column, {
        target,
        how: "guess",
        note: `Guessed from its name; its values fit ${TARGETS[kind][target]}`,
        guess: { target, applied: true },
      });
      break;
    }
    if (column.how === "guess") continue;
    if (refused)
      Object.assign(column, {
        note: refused.note,
        guess: { target: refused.target, applied: false },
      });
    else column.note ??= "No field matches its name";
  }
  return { source: source ? { id: source.id, name: source.name } : null, columns };
}

/** What the answer says of the mapping: every guess (applied or not) and every column left out. */
export function mappingReport(columns: readonly ColumnMapping[]) {
  return {
    guesses: columns.flatMap((column) =>
      column.guess
        ? [
            {
              header: column.header,
              target: column.guess.target,
              applied: column.guess.applied && column.target === column.guess.target,
              reason: column.note ?? "",
            },
          ]
        : [],
    ),
    unmapped: columns
      .filter((column) => column.target === IGNORE)
      .map((column) => ({
        header: column.header,
        reason: column.note ?? (column.how === "none" ? "No field matches its name" : "Ignored"),
      })),
  };
}

/** The mapping with the user's choices applied (header → target), each marked as theirs. */
export function applyChoices(columns: ColumnMapping[], choices: Record<string, string>) {
  return columns.map((column) =>
    column.header in choices && choices[column.header] !== column.target
      ? {
          ...column,
          target: choices[column.header]!,
          how: "user" as const,
          note: undefined,
          guess: undefined,
        }
      : column,
  );
}
