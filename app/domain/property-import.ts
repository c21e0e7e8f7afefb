/**
 * Turning what an investor pastes or uploads (CSV from a listing site or spreadsheet, or JSON)
 * into property rows, and checking each row with the same rules as the API. Pure: no I/O.
 */
import { headerKey, readCsv, type ParsedFile } from "./csv";
import { parseNumberLike } from "./format";
import type { FieldProblem } from "./problems";
import { fieldProblems, numberFields, parseTyped, type RowFailure } from "./validation";
import {
  MAX_IMPORT_ROWS,
  PropertyInputSchema,
  propertyDedupeKey,
  type PropertyInput,
} from "./workspace";

const NUMERIC = numberFields(PropertyInputSchema.shape);

/** Header spellings seen in exports, normalised (lower case, letters and digits only). */
const HEADER_ALIASES: Record<string, keyof PropertyInput> = {
  address: "address",
  streetaddress: "address",
  street: "address",
  city: "city",
  state: "state",
  zip: "zip",
  zipcode: "zip",
  postalcode: "zip",
  latitude: "latitude",
  lat: "latitude",
  longitude: "longitude",
  lng: "longitude",
  lon: "longitude",
  propertytype: "propertyType",
  type: "propertyType",
  beds: "beds",
  bedrooms: "beds",
  baths: "baths",
  bathrooms: "baths",
  squarefeet: "squareFeet",
  sqft: "squareFeet",
  livingarea: "squareFeet",
  lotsize: "lotSize",
  yearbuilt: "yearBuilt",
  listprice: "listPrice",
  price: "listPrice",
  askingprice: "listPrice",
  estimatedvalue: "estimatedValue",
  value: "estimatedValue",
  arv: "arv",
  afterrepairvalue: "arv",
  rent: "rentEstimate",
  rentestimate: "rentEstimate",
  tax: "propertyTaxesAnnual",
  taxes: "propertyTaxesAnnual",
  annualtaxes: "propertyTaxesAnnual",
  propertytax: "propertyTaxesAnnual",
  propertytaxes: "propertyTaxesAnnual",
  taxesannual: "propertyTaxesAnnual",
  annualpropertytaxes: "propertyTaxesAnnual",
  propertytaxesannual: "propertyTaxesAnnual",
  status: "status",
  source: "source",
  externalid: "externalId",
  apn: "externalId",
  mls: "externalId",
  mlsnumber: "externalId",
  notes: "notes",
};

export const fieldForHeader = (header: string) => HEADER_ALIASES[headerKey(header)];

/** A CSV cell as the API expects it: numbers for numeric fields, snake_case enums, no blanks. */
function cell(field: keyof PropertyInput, raw: string): unknown {
  const text = raw.trim();
  if (!text) return undefined;
  if (NUMERIC.has(field)) return parseNumberLike(text) ?? text;
  if (field === "status" || field === "propertyType")
    return text.toLowerCase().replace(/[\s-]+/g, "_");
  return text;
}

export function parsePropertiesCsv(text: string): ParsedFile {
  return readCsv(text, {
    fieldFor: fieldForHeader,
    cell,
    required: ["address"],
    missing: "The file needs an address column (a header row naming Address).",
  });
}

export function parsePropertiesJson(text: string): ParsedFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { rows: [], ignoredColumns: [], error: `Not valid JSON: ${(error as Error).message}` };
  }
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => item && typeof item === "object" && !Array.isArray(item))) {
    return {
      rows: [],
      ignoredColumns: [],
      error: "Paste one property object or an array of them.",
    };
  }
  return { rows: list as Record<string, unknown>[], ignoredColumns: [] };
}

/**
 * Each row read as people write it ("$125,000" is a number) and checked with the API's rules,
 * with the key it is matched on; the failures by index. The browser's preview and the API's
 * import both use this.
 */
export function checkPropertyRows(rows: unknown[]) {
  const valid: { index: number; input: PropertyInput; key: string }[] = [];
  const failed: RowFailure[] = [];
  rows.forEach((row, index) => {
    const record = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
    const parsed = parseTyped(PropertyInputSchema, record);
    if (parsed.success) {
      valid.push({ index, input: parsed.data, key: propertyDedupeKey(parsed.data) });
    } else {
      failed.push({ index, errors: fieldProblems(parsed.error, "row") });
    }
  });
  return { valid, failed };
}

export interface PreviewRow {
  index: number;
  row: Record<string, unknown>;
  errors: FieldProblem[];
}

/** Each row checked with the API's own rules, before anything is sent. */
export function previewProperties(rows: Record<string, unknown>[]) {
  const { valid, failed } = checkPropertyRows(rows);
  const errorsOf = new Map(failed.map((failure) => [failure.index, failure.errors]));
  const preview: PreviewRow[] = rows.map((row, index) => ({
    index,
    row,
    errors: errorsOf.get(index) ?? [],
  }));
  return { rows: preview, valid: valid.length, tooMany: rows.length > MAX_IMPORT_ROWS };
}
