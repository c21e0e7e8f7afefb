/**
 * The analyzer's itemized inputs as a person edits them: each unit, rehab line and comp as the text
 * typed in its cells, read back into the contract's lists (checked by the API's own schema, through
 * form.ts), and rows pasted from a spreadsheet. Pure: no I/O.
 */
import { parseNumberLike } from "../format";
import type { Comp, RehabItem, Unit } from "./types";

export interface UnitRow {
  name: string;
  beds: string;
  baths: string;
  monthlyRent: string;
  marketRent: string;
}

export interface RehabRow {
  category: string;
  description: string;
  quantity: string;
  unitCost: string;
}

export interface CompRow {
  address: string;
  salePrice: string;
  squareFeet: string;
  adjustments: string;
}

/** The itemized inputs as the form holds them: every cell as its text. */
export interface ItemizedForm {
  units?: UnitRow[];
  rehabItems?: RehabRow[];
  rehabContingencyPct?: string;
  subjectSquareFeet?: string;
  comps?: CompRow[];
}

/** The lists and figures of the contract (units, rehab lines, comps) as the API takes them. */
export interface ItemizedValues {
  units?: Unit[];
  rehabItems?: RehabItem[];
  rehabContingencyPct?: number;
  subjectSquareFeet?: number;
  comps?: Comp[];
}

export interface Column<Row> {
  key: keyof Row & string;
  label: string;
  /** Read as a number; else kept as text. */
  numeric: boolean;
  /** Header names a spreadsheet may give the column, lower case. */
  aliases: readonly string[];
}

export const UNIT_COLUMNS: readonly Column<UnitRow>[] = [
  { key: "name", label: "Unit", numeric: false, aliases: ["unit", "name", "unit name", "#"] },
  { key: "beds", label: "Beds", numeric: true, aliases: ["beds", "bed", "bedrooms", "br"] },
  { key: "baths", label: "Baths", numeric: true, aliases: ["baths", "bath", "bathrooms", "ba"] },
  {
    key: "monthlyRent",
    label: "Rent / month",
    numeric: true,
    aliases: ["rent", "rent / month", "monthly rent", "current rent", "rent/month"],
  },
  {
    key: "marketRent",
    label: "Market rent",
    numeric: true,
    aliases: ["market rent", "market", "market rent / month"],
  },
];

export const REHAB_COLUMNS: readonly Column<RehabRow>[] = [
  { key: "category", label: "Category", numeric: false, aliases: ["category"] },
  { key: "description", label: "Description", numeric: false, aliases: ["description"] },
  { key: "quantity", label: "Quantity", numeric: true, aliases: ["quantity", "qty"] },
  { key: "unitCost", label: "Unit cost", numeric: true, aliases: ["unit cost", "cost"] },
];

export const COMP_COLUMNS: readonly Column<CompRow>[] = [
  { key: "address", label: "Address", numeric: false, aliases: ["address"] },
  { key: "salePrice", label: "Sale price", numeric: true, aliases: ["sale price", "price"] },
  { key: "squareFeet", label: "Sq ft", numeric: true, aliases: ["sq ft", "square feet", "sqft"] },
  { key: "adjustments", label: "Adjustments", numeric: true, aliases: ["adjustments"] },
];

/** The categories a flipper's rehab budget is made of, in the order they are usually walked. */
export const REHAB_CATEGORIES = [
  "Roof",
  "HVAC",
  "Kitchen",
  "Baths",
  "Flooring",
  "Paint",
  "Electrical",
  "Plumbing",
  "Foundation",
  "Exterior",
  "Landscaping",
  "Permits",
  "Other",
] as const;

const text = (value: number | undefined) => (value === undefined ? "" : String(value));

export const emptyUnit = (position: number): UnitRow => ({
  name: `Unit ${position}`,
  beds: "",
  baths: "",
  monthlyRent: "",
  marketRent: "",
});

export const emptyRehabLine = (category = "Other"): RehabRow => ({
  category,
  description: "",
  quantity: "1",
  unitCost: "",
});

export const emptyComp = (): CompRow => ({
  address: "",
  salePrice: "",
  squareFeet: "",
  adjustments: "",
});

/** The form's text for the contract's lists, as a saved analysis gives them. */
export function itemizedFormOf(values: ItemizedValues): ItemizedForm {
  const form: ItemizedForm = {};
  if (values.units)
    form.units = values.units.map((unit) => ({
      name: unit.name,
      beds: text(unit.beds),
      baths: text(unit.baths),
      monthlyRent: text(unit.monthlyRent),
      marketRent: text(unit.marketRent),
    }));
  if (values.rehabItems)
    form.rehabItems = values.rehabItems.map((item) => ({
      category: item.category,
      description: item.description ?? "",
      quantity: text(item.quantity),
      unitCost: text(item.unitCost),
    }));
  if (values.rehabContingencyPct !== undefined)
    form.rehabContingencyPct = text(values.rehabContingencyPct);
  if (values.subjectSquareFeet !== undefined)
    form.subjectSquareFeet = text(values.subjectSquareFeet);
  if (values.comps)
    form.comps = values.comps.map((comp) => ({
      address: comp.address ?? "",
      salePrice: text(comp.salePrice),
      squareFeet: text(comp.squareFeet),
      adjustments: text(comp.adjustments),
    }));
  return form;
}

/**
 * One row's cells as the contract's object: text kept (trimmed; an empty optional one left out),
 * numbers read as people type them. A cell that is not a number is named (by its key) in
 * `unreadable` and left out, so the schema then calls a required one "Required".
 */
function readRow<Row extends object>(row: Row, columns: readonly Column<Row>[]) {
  const value: Record<string, unknown> = {};
  const unreadable: string[] = [];
  for (const column of columns) {
    const typed = String(row[column.key]).trim();
    if (!typed) continue;
    if (!column.numeric) {
      value[column.key] = typed;
      continue;
    }
    const number = parseNumberLike(typed);
    if (number === null) unreadable.push(column.key);
    else value[column.key] = number;
  }
  return { value, unreadable };
}

const LISTS = [
  ["units", UNIT_COLUMNS],
  ["rehabItems", REHAB_COLUMNS],
  ["comps", COMP_COLUMNS],
] as const;

/**
 * The contract's itemized inputs from the form's text, and the cells that are not numbers by
 * their path ("units.1.monthlyRent"), the paths the API's schema names its problems by.
 */
export function readItemizedForm(form: ItemizedForm) {
  const inputs: Record<string, unknown> = {};
  const unreadable: string[] = [];
  for (const [key, columns] of LISTS) {
    const rows = form[key] as object[] | undefined;
    if (!rows) continue;
    inputs[key] = rows.map((row, index) => {
      const read = readRow(row, columns as readonly Column<object>[]);
      unreadable.push(...read.unreadable.map((cell) => `${key}.${index}.${cell}`));
      return read.value;
    });
  }
  for (const key of ["rehabContingencyPct", "subjectSquareFeet"] as const) {
    const typed = form[key]?.trim();
    if (!typed) continue;
    const number = parseNumberLike(typed);
    if (number === null) unreadable.push(key);
    else inputs[key] = number;
  }
  return { inputs, unreadable };
}

/** The text of one cell or figure by its path ("units.1.monthlyRent", "subjectSquareFeet"). */
export function itemizedText(form: ItemizedForm | undefined, path: string): string | undefined {
  const [key, index, cell] = path.split(".");
  const value = form?.[key as keyof ItemizedForm];
  if (typeof value === "string" || value === undefined) return value;
  const row = value[Number(index)] as unknown as Record<string, string> | undefined;
  return cell === undefined ? undefined : row?.[cell];
}

/** A value read only when it is a number, for totals shown while other cells are being fixed. */
const numberIn = (typed: string | undefined) => (typed ? parseNumberLike(typed) : null);

/** The units table's totals row: count, Σ rent, average and loss to lease of the readable rents. */
export function unitTotals(rows: readonly UnitRow[]) {
  const rents = rows.map((row) => numberIn(row.monthlyRent) ?? 0);
  const totalRent = rents.reduce((total, rent) => total + rent, 0);
  let lossToLease = 0;
  rows.forEach((row, index) => {
    const market = numberIn(row.marketRent);
    if (market !== null) lossToLease += market - rents[index]!;
  });
  return {
    unitCount: rows.length,
    totalRent,
    averageRent: rows.length > 0 ? totalRent / rows.length : 0,
    lossToLease,
  };
}

/** A rehab line's total, null until its quantity (empty: 1) and unit cost are numbers. */
export function rehabLineTotal(row: RehabRow): number | null {
  const quantity = row.quantity.trim() ? numberIn(row.quantity) : 1;
  const unitCost = numberIn(row.unitCost);
  return quantity === null || unitCost === null ? null : quantity * unitCost;
}

/** The rehab's subtotal, contingency and total, of the lines whose cells are numbers. */
export function rehabTotals(form: ItemizedForm) {
  const subtotal = (form.rehabItems ?? [])
    .map((row) => rehabLineTotal(row) ?? 0)
    .reduce((total, line) => total + line, 0);
  const contingency = (subtotal * (numberIn(form.rehabContingencyPct) ?? 0)) / 100;
  return { subtotal, contingency, total: subtotal + contingency };
}

/** A saved template (its absent parts null, as the API answers them) as a new rehab line. */
export const rehabLineOf = (template: {
  category: string;
  description?: string | null;
  quantity?: number | null;
  unitCost: number;
}): RehabRow => ({
  category: template.category,
  description: template.description ?? "",
  quantity: text(template.quantity ?? 1),
  unitCost: text(template.unitCost),
});

/**
 * A line as a template is saved, or why it cannot be: it needs a category and a unit cost that is
 * a number (the API checks the rest as it checks a rehab line).
 */
export function templateOf(row: RehabRow): RehabItem | string {
  const read = readRow(row, REHAB_COLUMNS);
  if (read.unreadable.length > 0) return "Fix the line's figures first";
  if (!read.value.category) return "Give the line a category first";
  if (read.value.unitCost === undefined) return "Give the line a unit cost first";
  return read.value as unknown as RehabItem;
}

/** A comp's adjusted $/sq ft, null until its price and square feet are numbers. */
export function compPricePerSqFt(row: CompRow): number | null {
  const price = numberIn(row.salePrice);
  const area = numberIn(row.squareFeet);
  const adjustments = row.adjustments.trim() ? numberIn(row.adjustments) : 0;
  if (price === null || area === null || adjustments === null || area <= 0) return null;
  return (price + adjustments) / area;
}

/**
 * The comps' ARV while they are typed: each readable comp's adjusted $/sq ft (null for the others)
 * and, once the subject's square feet and a comp are readable, the ARV, its low and high (as the
 * API works them out, from the readable comps).
 */
export function compsArv(form: ItemizedForm) {
  const perSqFt = (form.comps ?? []).map(compPricePerSqFt);
  const readable = perSqFt.filter((value): value is number => value !== null && value > 0);
  const subject = numberIn(form.subjectSquareFeet);
  if (readable.length === 0 || subject === null || subject <= 0) return null;
  const compsPricePerSqFt = readable.reduce((total, value) => total + value, 0) / readable.length;
  return {
    perSqFt,
    subjectSquareFeet: subject,
    compsPricePerSqFt,
    arvFromComps: subject * compsPricePerSqFt,
    arvLow: subject * Math.min(...readable),
    arvHigh: subject * Math.max(...readable),
  };
}

// ---------------------------------------------------------------------------------------------
// Pasting from a spreadsheet

export type PasteResult<Row> = { ok: true; rows: Row[] } | { ok: false; problems: string[] };

const normalHeader = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Rows copied from Excel or Google Sheets (tab between cells, a line per row; a cell with a tab or
 * a line break comes quoted), with or without a header row. With one, columns are matched by their
 * names ("Rent", "Beds"…; others are ignored); without, they are taken in the table's order. Every
 * number is read as people type them; all rows are read or none: `problems` says which cell of
 * which row (counted as the spreadsheet counts them) is wrong.
 */
export function parsePastedRows<Row extends object>(
  pasted: string,
  columns: readonly Column<Row>[],
  blank: (position: number) => Row,
  /** The cells a row needs, by key. */
  required: readonly (keyof Row & string)[],
): PasteResult<Row> {
  const lines = splitSheetRows(pasted).filter((cells) => cells.some((cell) => cell.trim()));
  if (lines.length === 0) return { ok: false, problems: ["There is nothing to paste"] };
  const [first] = lines;
  const headerColumns = first!.map((cell) =>
    columns.find((column) => column.aliases.includes(normalHeader(cell))),
  );
  const hasHeader = headerColumns.some(Boolean);
  const order = hasHeader ? headerColumns : columns.slice(0, first!.length);
  const body = hasHeader ? lines.slice(1) : lines;
  const firstLine = hasHeader ? 2 : 1;
  if (body.length === 0) return { ok: false, problems: ["Only a header row was pasted"] };
  const rows: Row[] = [];
  const problems: string[] = [];
  body.forEach((cells, index) => {
    const row = blank(index + 1) as Record<string, string>;
    const where = `Row ${index + firstLine}`;
    if (!hasHeader && cells.length > columns.length)
      problems.push(`${where}: ${cells.length} cells, more than the ${columns.length} columns`);
    order.forEach((column, position) => {
      if (!column) return;
      const cell = (cells[position] ?? "").trim();
      if (column.numeric && cell && parseNumberLike(cell) === null)
        problems.push(`${where}, ${column.label.toLowerCase()}: “${cell}” is not a number`);
      if (cell || !column.numeric) row[column.key] = cell || row[column.key]!;
    });
    for (const key of required) {
      const column = columns.find((candidate) => candidate.key === key)!;
      if (!row[key]?.trim()) problems.push(`${where}, ${column.label.toLowerCase()}: missing`);
    }
    rows.push(row as Row);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows };
}

/** Tab-separated text into rows of cells, as spreadsheets write it (quotes around odd cells). */
export function splitSheetRows(pasted: string): string[][] {
  const rows: string[][] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  const text = pasted.replace(/\r\n?/g, "\n");
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === "\t") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n") {
      rows.push([...cells, cell]);
      cells = [];
      cell = "";
    } else cell += char;
  }
  if (cell || cells.length > 0) rows.push([...cells, cell]);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Switching a list on and off

/** What the switches change of the analyzer's form: its fields and its itemized inputs. */
interface Switchable {
  fields: Record<string, string>;
  itemized?: ItemizedForm;
}

const money = (value: number) => String(Math.round(value * 100) / 100);

/** The form with one itemized list (and the figures that go with it) replaced or taken out. */
function withList<F extends Switchable>(
  form: F,
  change: Partial<ItemizedForm>,
  fields: Record<string, string> = {},
): F {
  const itemized = { ...form.itemized, ...change };
  for (const key of Object.keys(itemized) as (keyof ItemizedForm)[])
    if (itemized[key] === undefined) delete itemized[key];
  return {
    ...form,
    fields: { ...form.fields, ...fields },
    itemized: Object.keys(itemized).length > 0 ? itemized : undefined,
  };
}

/** The unit table, started from the gross rent typed as its one unit. */
export const startUnits = <F extends Switchable>(form: F) =>
  withList(
    form,
    { units: [{ ...emptyUnit(1), monthlyRent: form.fields.grossMonthlyRent?.trim() ?? "" }] },
    { grossMonthlyRent: "" },
  );

/** The units taken out: the gross rent is what their rents came to. */
export const stopUnits = <F extends Switchable>(form: F) =>
  withList(
    form,
    { units: undefined },
    { grossMonthlyRent: money(unitTotals(form.itemized?.units ?? []).totalRent) },
  );

/** The rehab estimator, started from the rehab cost typed as one "Other" line. */
export const startRehabLines = <F extends Switchable>(form: F) =>
  withList(
    form,
    {
      rehabItems: [{ ...emptyRehabLine(), unitCost: form.fields.rehabCost?.trim() ?? "" }],
      rehabContingencyPct: "",
    },
    { rehabCost: "" },
  );

/** The rehab lines taken out: the rehab cost is their total with the contingency. */
export const stopRehabLines = <F extends Switchable>(form: F) =>
  withList(
    form,
    { rehabItems: undefined, rehabContingencyPct: undefined },
    { rehabCost: money(rehabTotals(form.itemized ?? {}).total) },
  );

/** The comps table, started with one empty comp; a typed ARV stays and wins over the comps'. */
export const startComps = <F extends Switchable>(form: F) =>
  withList(form, {
    comps: [emptyComp()],
    subjectSquareFeet: form.itemized?.subjectSquareFeet ?? "",
  });

/** The comps taken out; the ARV typed stays, else the comps' ARV becomes the typed one. */
export function stopComps<F extends Switchable>(form: F) {
  const typed = form.fields.afterRepairValue?.trim();
  const arv = compsArv(form.itemized ?? {});
  return withList(
    form,
    { comps: undefined, subjectSquareFeet: undefined },
    typed || !arv ? {} : { afterRepairValue: money(arv.arvFromComps) },
  );
}

/** "the units", "the comps": the itemized lists with a problem, as the analyzer names them. */
export function itemizedProblemLabels(errors: Record<string, string>) {
  const lists = [
    { prefixes: ["units"], label: "the units" },
    { prefixes: ["rehabItems", "rehabContingencyPct"], label: "the rehab lines" },
    { prefixes: ["comps", "subjectSquareFeet"], label: "the comps" },
  ];
  const paths = Object.keys(errors);
  return lists
    .filter((list) => paths.some((path) => list.prefixes.includes(path.split(".")[0]!)))
    .map((list) => list.label);
}
