/**
 * The exports investors bring, as their makers write them: each source's header row (what
 * recognises it), which of its columns fill which target, and how its own words for property
 * types and listing statuses map to AI42's. Pure data and lookups: no I/O.
 */
import type { ListingStatus, PropertyType } from "../workspace";
import { IGNORE, type ImportKind } from "./targets";

export interface SourceFormat {
  id: string;
  /** Said to the user: "Redfin export recognised". */
  name: string;
  /** The imports this file fits (a skip-traced list fills leads and properties). */
  kinds: readonly ImportKind[];
  /**
   * Columns only this source writes, exactly as it writes them: a file is this source when it has
   * `enough` of them (compared by `headerKey`, so case and punctuation do not matter; a nested
   * key flattened from JSON also by its last part). Sources let users pick and drop columns, and
   * scrapers write different subsets, so no single column is required.
   */
  signature: readonly string[];
  enough: number;
  /** Header as the source writes it → target id (app/domain/imports/targets.ts), per kind. */
  columns: Partial<Record<ImportKind, Record<string, string>>>;
  /** The source's property type words (lower case) → AI42's; anything else is "other". */
  propertyTypes?: Record<string, PropertyType>;
  /** The source's listing status words (lower case) → AI42's listing status. */
  listingStatuses?: Record<string, ListingStatus>;
  /** Values every record of this source has, per kind (a sheriff's list holds sheriff sales). */
  defaults?: Partial<Record<ImportKind, Record<string, string>>>;
  /** Where the source's relative links point ("/homedetails/…" on Zillow). */
  urlBase?: string;
  /** Lines a source writes under its header that are not records (Redfin's MLS disclaimer). */
  notePattern?: RegExp;
  /** A row with a sale date is a sale, not a listing (Redfin's "PAST SALE" rows). */
  saleDateMeansSold?: boolean;
}

/** Numbered columns (Phone 1 … Phone n) → numbered targets (phone1 … phonen). */
const numbered = (count: number, header: (n: number) => string, target: (n: number) => string) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [header(i + 1), target(i + 1)]));

/**
 * Redfin's URL column carries its disclaimer in the header itself; older downloads say http://.
 */
const REDFIN_URL =
  "URL (SEE https://www.redfin.com/buy-a-home/comparative-market-analysis FOR INFO ON PRICING)";
const REDFIN_URL_HTTP =
  "URL (SEE http://www.redfin.com/buy-a-home/comparative-market-analysis FOR INFO ON PRICING)";

/** PropStream's skip-trace columns: Phone 1…5 (+ Type, DNC) and Email 1…4. */
const PROPSTREAM_CONTACTS = {
  ...numbered(
    5,
    (n) => `Phone ${n}`,
    (n) => `phone${n}`,
  ),
  ...numbered(
    5,
    (n) => `Phone ${n} Type`,
    (n) => `phone${n}Type`,
  ),
  ...numbered(
    5,
    (n) => `Phone ${n} DNC`,
    (n) => `phone${n}Dnc`,
  ),
  ...numbered(
    4,
    (n) => `Email ${n}`,
    (n) => `email${n}`,
  ),
};

/** BatchLeads' skip-trace columns as Batch Skip Tracing writes them: Phone1…4, Phone1 Type…, Email1…3. */
const BATCHLEADS_CONTACTS = {
  ...numbered(
    4,
    (n) => `Phone${n}`,
    (n) => `phone${n}`,
  ),
  ...numbered(
    4,
    (n) => `Phone${n} Type`,
    (n) => `phone${n}Type`,
  ),
  ...numbered(
    3,
    (n) => `Email${n}`,
    (n) => `email${n}`,
  ),
  // Batch Skip Tracing's scrub: "DNC", "Litigator" or both in one cell; and a Y/N for a death.
  "DNC/Litigator Scrub": "contactFlags",
  Deceased: "deceased",
};

/**
 * DealMachine's contacts (contact_1 the likely owner, contact_2 usually family), three phones and
 * three e-mails each, read as phone1…6 / email1…6.
 */
const DEALMACHINE_CONTACTS = Object.fromEntries(
  [1, 2].flatMap((c) =>
    [1, 2, 3].flatMap((p) => {
      const n = (c - 1) * 3 + p;
      return [
        [`contact_${c}_phone${p}`, `phone${n}`],
        [`contact_${c}_phone${p}_type`, `phone${n}Type`],
        [`contact_${c}_email${p}`, `email${n}`],
      ];
    }),
  ),
);

/** Zillow's field names, in its property JSON and its scrapers' flattened columns alike. */
const ZILLOW_COLUMNS: Record<string, string> = {
  streetAddress: "address",
  addressStreet: "address",
  city: "city",
  addressCity: "city",
  state: "state",
  addressState: "state",
  zipcode: "zip",
  addressZipcode: "zip",
  county: "county",
  price: "price",
  unformattedPrice: "price",
  bedrooms: "beds",
  beds: "beds",
  bathrooms: "baths",
  baths: "baths",
  livingArea: "squareFeet",
  area: "squareFeet",
  // lotAreaValue is in lotAreaUnit(s): acres or square feet (the search's "acres"/"sqft").
  lotAreaValue: "lotSize",
  lotAreaUnit: "lotSizeUnit",
  lotAreaUnits: "lotSizeUnit",
  lotSize: "lotSize",
  yearBuilt: "yearBuilt",
  homeType: "propertyType",
  homeStatus: "listingStatus",
  zestimate: "estimatedValue",
  rentZestimate: "rentEstimate",
  monthlyHoaFee: "hoaMonthly",
  daysOnZillow: "daysOnMarket",
  latitude: "latitude",
  longitude: "longitude",
  zpid: "externalId",
  hdpUrl: "listingUrl",
  detailUrl: "listingUrl",
  dateSold: "lastSaleDate",
  lastSoldPrice: "lastSalePrice",
  taxAssessedValue: IGNORE,
  // Derived or Zillow's own bookkeeping: an estimate of an estimate is not a fact to keep.
  livingAreaUnits: IGNORE,
  currency: IGNORE,
};

export const SOURCES: readonly SourceFormat[] = [
  // Header: real "Download All" files, PeterArbaugh/seattle_re for_sale/*.csv (2022–23) and
  // Atlas-B2023/ResidentialElectrificationTracker augmenting_data/listings_csv.csv (2023).
  // Disclaimer line: brojonat/gredfin worker/search.go reads rows[1][0] as the whole sentence.
  {
    id: "redfin",
    name: "Redfin export",
    kinds: ["properties"],
    signature: [
      "SALE TYPE",
      "SOLD DATE",
      "STATE OR PROVINCE",
      "ZIP OR POSTAL CODE",
      "$/SQUARE FEET",
      "HOA/MONTH",
      "DAYS ON MARKET",
      "NEXT OPEN HOUSE START TIME",
      REDFIN_URL,
      REDFIN_URL_HTTP,
      "MLS#",
      "FAVORITE",
      "INTERESTED",
    ],
    enough: 4,
    saleDateMeansSold: true,
    columns: {
      properties: {
        "PROPERTY TYPE": "propertyType",
        ADDRESS: "address",
        CITY: "city",
        "STATE OR PROVINCE": "state",
        "ZIP OR POSTAL CODE": "zip",
        // A listing's asking price, or on a PAST SALE row what it sold for.
        PRICE: "price",
        BEDS: "beds",
        BATHS: "baths",
        "SQUARE FEET": "squareFeet",
        "LOT SIZE": "lotSize",
        "YEAR BUILT": "yearBuilt",
        "HOA/MONTH": "hoaMonthly",
        "DAYS ON MARKET": "daysOnMarket",
        "$/SQUARE FEET": IGNORE,
        STATUS: "listingStatus",
        "SOLD DATE": "lastSaleDate",
        [REDFIN_URL]: "listingUrl",
        [REDFIN_URL_HTTP]: "listingUrl",
        "MLS#": "externalId",
        LATITUDE: "latitude",
        LONGITUDE: "longitude",
      },
    },
    propertyTypes: {
      "single family residential": "single_family",
      "condo/co-op": "condo",
      "co-op": "condo",
      townhouse: "townhouse",
      "multi-family (2-4 unit)": "multi_family",
      "multi-family (5+ unit)": "multi_family",
      "mobile/manufactured home": "mobile_home",
      "vacant land": "land",
    },
    listingStatuses: {
      active: "active",
      "coming soon": "coming_soon",
      contingent: "contingent",
      pending: "pending",
      sold: "sold",
    },
    notePattern: /^In accordance with local MLS rules/i,
  },
  // Zillow scrapes: the detail scraper's property object (Apify zillow-detail-scraper /
  // gdpClientCache "property": nested address, hdpUrl — cermak-petr/actor-zillow-homes README;
  // lotAreaUnits/lotSize as in Zillow's property JSON) and the search scraper's results (detailUrl,
  // addressStreet…, unformattedPrice, hdpData.homeInfo.{zpid, homeStatus, lotAreaValue, lotAreaUnit,
  // daysOnZillow, rentZestimate}), as CSV with plain names, or flattened with "/" as Apify's CSV
  // writes nested keys (address/city, hdpData/homeInfo/…), BOM first
  // (docs.apify.com/api/v2/dataset-items-get), or JSON flattened the same way. A column is read by
  // its last part, so "address/city", "hdpData.homeInfo.city" and "city" are one field.
  {
    id: "zillow",
    name: "Zillow scrape",
    urlBase: "https://www.zillow.com",
    kinds: ["properties"],
    signature: [
      "zpid",
      "zestimate",
      "rentZestimate",
      "homeStatus",
      "homeType",
      "hdpUrl",
      "detailUrl",
      "daysOnZillow",
      "lotAreaValue",
      "lotAreaUnit",
      "lotAreaUnits",
      "livingArea",
      "unformattedPrice",
      "taxAssessedValue",
      "monthlyHoaFee",
    ],
    enough: 3,
    columns: { properties: ZILLOW_COLUMNS },
    propertyTypes: {
      single_family: "single_family",
      condo: "condo",
      apartment: "condo",
      townhouse: "townhouse",
      multi_family: "multi_family",
      manufactured: "mobile_home",
      lot: "land",
    },
    listingStatuses: {
      for_sale: "active",
      pending: "pending",
      recently_sold: "sold",
      sold: "sold",
      off_market: "off_market",
    },
  },
  // HomeHarvest (ZacharyHampton/HomeHarvest homeharvest/utils.py ordered_properties, Dec 2025):
  // `scrape_property(...).to_csv(..., index=False)`; status and style are its enum names.
  {
    id: "realtor-homeharvest",
    name: "Realtor.com export (HomeHarvest)",
    kinds: ["properties"],
    signature: [
      "property_url",
      "property_id",
      "listing_id",
      "permalink",
      "mls_id",
      "mls_status",
      "full_street_line",
      "full_baths",
      "half_baths",
      "zip_code",
      "days_on_mls",
      "list_price_min",
      "last_sold_price",
      "lot_sqft",
      "price_per_sqft",
      "fips_code",
    ],
    enough: 5,
    columns: {
      properties: {
        property_url: "listingUrl",
        mls_id: "externalId",
        status: "listingStatus",
        style: "propertyType",
        street: "address",
        unit: "unit",
        city: "city",
        state: "state",
        zip_code: "zip",
        county: "county",
        beds: "beds",
        full_baths: "fullBaths",
        half_baths: "halfBaths",
        sqft: "squareFeet",
        lot_sqft: "lotSize",
        year_built: "yearBuilt",
        days_on_mls: "daysOnMarket",
        list_price: "listPrice",
        last_sold_date: "lastSaleDate",
        last_sold_price: "lastSalePrice",
        estimated_value: "estimatedValue",
        tax: "propertyTaxesAnnual",
        hoa_fee: "hoaMonthly",
        latitude: "latitude",
        longitude: "longitude",
      },
    },
    propertyTypes: {
      single_family: "single_family",
      condo: "condo",
      condos: "condo",
      condop: "condo",
      coop: "condo",
      condo_townhome: "condo",
      condo_townhome_rowhome_coop: "condo",
      townhomes: "townhouse",
      multi_family: "multi_family",
      duplex_triplex: "multi_family",
      mobile: "mobile_home",
      land: "land",
      farm: "land",
      commercial: "commercial",
    },
    listingStatuses: {
      for_sale: "active",
      pending: "pending",
      contingent: "contingent",
      sold: "sold",
      off_market: "off_market",
    },
  },
  // Header: a real PropStream export, HIFILEO/DNCScrubber new_haven_test.csv (42 columns, 2021).
  // Skip-trace columns (Phone 1 / Phone 1 Type / Phone 1 DNC, Email 1…4): a PropStream import
  // preset's tests (see tests/fixtures/imports/README.md). Vocabulary: Property Type and MLS Status
  // values seen in that file and in PropStream-reading code.
  {
    id: "propstream",
    name: "PropStream export",
    kinds: ["properties", "leads"],
    signature: [
      "Owner 1 First Name",
      "Owner 1 Last Name",
      "Mailing Care of Name",
      "Est. Remaining balance of Open Loans",
      "Est. Loan-to-Value",
      "Est. Equity",
      "Est. Value",
      "Total Open Loans",
      "Last Sale Recording Date",
      "Effective Year Built",
      "Date Added to List",
      "Method of Add",
      "Marketing Lists",
      "Do Not Mail",
    ],
    enough: 5,
    columns: {
      properties: {
        Address: "address",
        "Unit #": "unit",
        City: "city",
        State: "state",
        Zip: "zip",
        County: "county",
        APN: "apn",
        "Owner Occupied": "ownerOccupied",
        "Owner 1 First Name": "ownerFirstName",
        "Owner 1 Last Name": "ownerLastName",
        "Owner 2 First Name": "owner2FirstName",
        "Owner 2 Last Name": "owner2LastName",
        "Mailing Address": "mailingAddress",
        "Mailing Unit #": "mailingUnit",
        "Mailing City": "mailingCity",
        "Mailing State": "mailingState",
        "Mailing Zip": "mailingZip",
        "Property Type": "propertyType",
        Bedrooms: "beds",
        "Total Bathrooms": "baths",
        "Building Sqft": "squareFeet",
        "Lot Size Sqft": "lotSize",
        "Effective Year Built": "yearBuilt",
        "Last Sale Recording Date": "lastSaleDate",
        "Last Sale Amount": "lastSalePrice",
        "Est. Remaining balance of Open Loans": "loanBalance",
        "Est. Value": "estimatedValue",
        "Est. Equity": "estimatedEquity",
        "MLS Status": "listingStatus",
        "Do Not Mail": "doNotMail",
        ...PROPSTREAM_CONTACTS,
      },
      leads: {
        "Owner 1 First Name": "firstName",
        "Owner 1 Last Name": "lastName",
        "Company Name": "company",
        Address: "address",
        City: "city",
        State: "state",
        Zip: "zip",
        "Mailing Address": "mailingAddress",
        "Mailing Unit #": "mailingUnit",
        "Mailing City": "mailingCity",
        "Mailing State": "mailingState",
        "Mailing Zip": "mailingZip",
        "Do Not Mail": "doNotMail",
        ...PROPSTREAM_CONTACTS,
      },
    },
    propertyTypes: {
      "single family residential": "single_family",
      condominium: "condo",
      "condominium (residential)": "condo",
      "townhouse (residential)": "townhouse",
      "duplex (2 units, any combination)": "multi_family",
      "triplex (3 units, any combination)": "multi_family",
      "quadruplex (4 units, any combination)": "multi_family",
      "multi-family dwellings (generic, any combination)": "multi_family",
      "apartment house (5+ units)": "multi_family",
      "garden apt, court apt (5+ units)": "multi_family",
      "mobile home": "mobile_home",
      "manufactured home": "mobile_home",
      "residential-vacant land": "land",
      "vacant land (general)": "land",
      "commercial (general)": "commercial",
    },
    listingStatuses: {
      active: "active",
      "active under contract": "contingent",
      contingent: "contingent",
      pending: "pending",
      "coming soon": "coming_soon",
      sold: "sold",
      fail: "off_market",
      removed: "off_market",
      expired: "off_market",
      withdrawn: "off_market",
      cancelled: "off_market",
    },
  },
  // Reconstructed: no public BatchLeads export header was found. Property/mailing columns follow
  // BatchData's documented skip-trace output (help.batchdata.io "Understanding your BatchData
  // property skip trace results"); the contact columns are Batch Skip Tracing's own spelling
  // (Phone1, Phone1 Type, Email1, DNC/Litigator Scrub), as read by code handling its result files.
  {
    id: "batchleads",
    name: "BatchLeads skip-traced list",
    kinds: ["properties", "leads"],
    // Phone and e-mail columns alone say nothing: AI42's own lead export has "Phone 1 type" too.
    signature: [
      "DNC/Litigator Scrub",
      "Deceased",
      "Age",
      "Equity Percent",
      "Property County",
      "Property City",
      "Phone1 Type",
      "Email1",
    ],
    enough: 5,
    columns: {
      properties: {
        "Property Address": "address",
        "Property City": "city",
        "Property State": "state",
        "Property Zip": "zip",
        "Property County": "county",
        "First Name": "ownerFirstName",
        "Last Name": "ownerLastName",
        "Owner Occupied": "ownerOccupied",
        "Mailing Address": "mailingAddress",
        "Mailing City": "mailingCity",
        "Mailing State": "mailingState",
        "Mailing Zip": "mailingZip",
        "Property Type": "propertyType",
        Bedrooms: "beds",
        Bathrooms: "baths",
        "Square Footage": "squareFeet",
        "Year Built": "yearBuilt",
        "Estimated Value": "estimatedValue",
        ...BATCHLEADS_CONTACTS,
      },
      leads: {
        "First Name": "firstName",
        "Last Name": "lastName",
        "Property Address": "address",
        "Property City": "city",
        "Property State": "state",
        "Property Zip": "zip",
        "Mailing Address": "mailingAddress",
        "Mailing City": "mailingCity",
        "Mailing State": "mailingState",
        "Mailing Zip": "mailingZip",
        ...BATCHLEADS_CONTACTS,
      },
    },
    propertyTypes: {
      "single family": "single_family",
      condo: "condo",
      townhouse: "townhouse",
      "multi-family": "multi_family",
      duplex: "multi_family",
      "mobile home": "mobile_home",
      "vacant land": "land",
      commercial: "commercial",
    },
  },
  // Column names: 123Soldcash/crm-123drive-v2 DEALMACHINE_*.md (mapped from real exports: 393 and
  // 328 columns, snake_case) and its 46-column CSV test (property_address_full, dealmachine_url,
  // contact_N_*). Columns are user-chosen in DealMachine, so only these well-known ones are read.
  {
    id: "dealmachine",
    name: "DealMachine export",
    kinds: ["properties", "leads"],
    signature: [
      "property_id",
      "lead_id",
      "property_address_full",
      "property_address_line_1",
      "owner_1_name",
      "owner_address_line_1",
      "equity_percent",
      "market_status",
      "dealmachine_url",
      "contact_1_name",
      "contact_1_phone1",
    ],
    enough: 4,
    columns: {
      properties: {
        property_address_line_1: "address",
        property_address_line_2: "unit",
        property_address_city: "city",
        property_address_state: "state",
        property_address_zipcode: "zip",
        property_address_county: "county",
        property_lat: "latitude",
        property_lng: "longitude",
        property_type: "propertyType",
        total_bedrooms: "beds",
        total_baths: "baths",
        building_square_feet: "squareFeet",
        lot_square_feet: "lotSize",
        year_built: "yearBuilt",
        estimated_value: "estimatedValue",
        equity_amount: "estimatedEquity",
        total_loan_balance: "loanBalance",
        sale_date: "lastSaleDate",
        sale_price: "lastSalePrice",
        tax_amt: "propertyTaxesAnnual",
        market_status: "listingStatus",
        owner_1_name: "ownerName",
        owner_1_firstname: "ownerFirstName",
        owner_1_lastname: "ownerLastName",
        owner_2_name: "owner2Name",
        owner_address_line_1: "mailingAddress",
        owner_address_line_2: "mailingUnit",
        owner_address_city: "mailingCity",
        owner_address_state: "mailingState",
        owner_address_zip: "mailingZip",
        contact_1_flags: "contactFlags",
        ...DEALMACHINE_CONTACTS,
      },
      leads: {
        owner_1_name: "fullName",
        owner_1_firstname: "firstName",
        owner_1_lastname: "lastName",
        property_address_line_1: "address",
        property_address_city: "city",
        property_address_state: "state",
        property_address_zipcode: "zip",
        owner_address_line_1: "mailingAddress",
        owner_address_line_2: "mailingUnit",
        owner_address_city: "mailingCity",
        owner_address_state: "mailingState",
        owner_address_zip: "mailingZip",
        contact_1_flags: "contactFlags",
        ...DEALMACHINE_CONTACTS,
      },
    },
    propertyTypes: {
      "single family": "single_family",
      condominium: "condo",
      townhouse: "townhouse",
      duplex: "multi_family",
      triplex: "multi_family",
      quadruplex: "multi_family",
      "multi-family": "multi_family",
      "mobile home": "mobile_home",
      "vacant land": "land",
      commercial: "commercial",
    },
    listingStatuses: {
      "off market": "off_market",
      "mls active": "active",
      "mls pending": "pending",
      "mls sold": "sold",
      "mls failed": "off_market",
    },
  },
  // A county sheriff-sale list from CivilView (salesweb.civilview.com, used by NJ counties): the
  // labels of its sale pages ("Sheriff #", "Court Case #", "Sales Date", "Approx. Judgment*",
  // "Approx. Upset*", "Parcel #"…) as read by several public scrapers of it.
  {
    id: "civilview-sheriff-sale",
    name: "Sheriff sale list (CivilView)",
    kinds: ["auctions"],
    defaults: { auctions: { saleType: "sheriff" } },
    signature: [
      "Sheriff #",
      "Court Case #",
      "Sales Date",
      "Approx. Judgment*",
      "Approx. Upset*",
      "Parcel #",
      "Attorney",
      "Attorney Phone",
    ],
    enough: 4,
    columns: {
      auctions: {
        "Sheriff #": "sheriffNumber",
        "Court Case #": "caseNumber",
        "Sales Date": "saleAt",
        Status: "status",
        Plaintiff: "plaintiff",
        Defendant: "defendant",
        Address: "address",
        "Parcel #": "apn",
        "Approx. Judgment*": "judgmentAmount",
        "Approx. Upset*": "openingBid",
        Attorney: "attorney",
        "Attorney Phone": "attorneyPhone",
        Description: "notes",
      },
    },
  },
];
