/**
 * Which column of a file goes in which field: the source recognised from its header row (its
 * own mapping), else each header matched against a table of spellings, else a guess from the
 * closest spelling, shown as a guess. A mapping the user corrected for a source is remembered
 * and wins next time. The mapping step on the screen and the API's import use this one
 * function. Pure: no I/O.
 */
import { PROPERTY_STATUSES } from "../workspace";
import { SOURCES, type SourceFormat } from "./sources";
import { IGNORE, MAX_NUMBERED, TARGETS, type ImportKind } from "./targets";

/** A header as the spelling tables write it: lower case, accents dropped, letters and digits only. */
export const headerKey = (header: string) =>
  header
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** How a column's target was chosen, so the screen can say so ("guessed"). */
export type MappingHow = "source" | "known" | "guess" | "remembered" | "user" | "none";

export interface ColumnMapping {
  /** The column's place in the file (0-based) and its header as written. */
  index: number;
  header: string;
  /** A target id of this kind (targets.ts), or "ignore". */
  target: string;
  how: MappingHow;
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
    lotacres: "lotSizeAcres",
    lotsizeacres: "lotSizeAcres",
    acres: "lotSizeAcres",
    yearbuilt: "yearBuilt",
    built: "yearBuilt",
    listprice: "listPrice",
    price: "listPrice",
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
  },
  auctions: {
    saletype: "saleType",
    type: "saleType",
    sale: "saleType",
    saleat: "saleAt",
    saledate: "saleAt",
    saledatetime: "saleAt",
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
  },
};

/** "Phone 1", "phone_1", "Phone1 Type", "Email 2": numbered contact columns of list providers. */
function numberedTarget(key: string) {
  const match =
    /^(phone|phonenumber|cell|mobile|wireless|landline|contactphone|email|emailaddress)(\d+)(type)?$/.exec(
      key,
    );
  if (!match || Number(match[2]) < 1 || Number(match[2]) > MAX_NUMBERED) return undefined;
  const stem = match[1]!.startsWith("email") ? "email" : "phone";
  return `${stem}${Number(match[2])}${match[3] ? "Type" : ""}`;
}

/**
 * A header's target by its spelling, for a kind: known, else numbered, else undefined. "Deposit %"
 * is the deposit's percent, "Deposit" its amount.
 */
function knownTarget(kind: ImportKind, header: string) {
  const key = headerKey(header);
  const target =
    (header.includes("%") ? SYNONYMS[kind][`${key}pct`] : undefined) ??
    SYNONYMS[kind][key] ??
    numberedTarget(key);
  return target && target in TARGETS[kind] ? target : undefined;
}

/**
 * The closest spelling for a header nobody listed: one that contains a known spelling (the
 * longest), or is contained in one. "Listing Price (USD)" → list price, "Sq. Ft. Living" → sq ft.
 */
function guessTarget(kind: ImportKind, key: string) {
  if (key.length < 3) return undefined;
  let best: { target: string; length: number } | undefined;
  for (const [spelling, target] of Object.entries(SYNONYMS[kind])) {
    if (spelling.length < 3) continue;
    if (key.includes(spelling) || (spelling.includes(key) && key.length >= 4)) {
      if (!best || spelling.length > best.length) best = { target, length: spelling.length };
    }
  }
  return best?.target;
}

/**
 * A "Status" column of a property list holds the listing's status (Active, Pending, Sold) unless
 * every value is one of AI42's pipeline statuses: a listing's status never moves the pipeline.
 */
function statusTarget(kind: ImportKind, target: string, values: readonly string[]) {
  if (kind !== "properties" || target !== "status") return target;
  const pipeline = values
    .filter((value) => value.trim())
    .every((value) =>
      (PROPERTY_STATUSES as readonly string[]).includes(
        value
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, "_"),
      ),
    );
  return pipeline ? target : "listingStatus";
}

/** The source whose signature headers the file has, most specific (longest signature) first. */
export function recogniseSource(headers: readonly string[], kind: ImportKind) {
  const keys = new Set(headers.map(headerKey));
  return (
    [...SOURCES]
      .filter((source) => source.kinds.includes(kind))
      .sort((a, b) => b.signature.length - a.signature.length)
      .find((source) => source.signature.every((header) => keys.has(headerKey(header)))) ?? null
  );
}

/** What a remembered mapping is filed under: the source, else the header row itself. */
export function mappingKey(headers: readonly string[], source: { id: string } | null) {
  return source ? `source:${source.id}` : `headers:${headers.map(headerKey).join("|")}`;
}

/**
 * Each column of the file with its target: the remembered choice for this source, else the
 * source's own mapping, else a known spelling, else a guess. A target is given to one column
 * only (the first); later columns with the same target are ignored, and say so.
 */
export function recogniseColumns(
  headers: readonly string[],
  kind: ImportKind,
  remembered: Record<string, string> = {},
  valuesOf: (index: number) => readonly string[] = () => [],
): Recognised {
  const source = recogniseSource(headers, kind);
  const sourceColumns = new Map(
    Object.entries(source?.columns[kind] ?? {}).map(([header, target]) => [
      headerKey(header),
      target,
    ]),
  );
  const taken = new Set<string>();
  const columns = headers.map((header, index): ColumnMapping => {
    const key = headerKey(header);
    const choices: [string | undefined, MappingHow][] = [
      [remembered[header], "remembered"],
      [sourceColumns.get(key), "source"],
      [knownTarget(kind, header), "known"],
      [source ? undefined : guessTarget(kind, key), "guess"],
    ];
    for (const [found, how] of choices) {
      const target =
        found && how !== "remembered" ? statusTarget(kind, found, valuesOf(index)) : found;
      if (!target) continue;
      if (target === IGNORE) return { index, header, target: IGNORE, how };
      if (!(target in TARGETS[kind]) || taken.has(target)) continue;
      taken.add(target);
      return { index, header, target, how };
    }
    return { index, header, target: IGNORE, how: "none" };
  });
  return { source: source ? { id: source.id, name: source.name } : null, columns };
}

/** The mapping with the user's choices applied (header → target), each marked as theirs. */
export function applyChoices(columns: ColumnMapping[], choices: Record<string, string>) {
  return columns.map((column) =>
    column.header in choices && choices[column.header] !== column.target
      ? { ...column, target: choices[column.header]!, how: "user" as const }
      : column,
  );
}
