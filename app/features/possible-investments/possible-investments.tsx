/**
 * Possible Investments' list (/possible-investments): the properties an investor is weighing, as
 * its route's loader read them. Its search, filters, sort and page are in the query string; a
 * property opens at its own path, and its status and deletion go to the property's action. A
 * viewer reads, filters and exports the list; it adds, imports, moves and deletes nothing.
 */
import { PhotoThumbnail } from "../files/photo-thumbnail";
import { Calculator, Home, Plus, Trash2, Upload } from "lucide-react";
import { PassMark } from "~/components/pass-mark";
import { useState } from "react";
import { Link } from "@remix-run/react";
import { SortableHead, type SortableColumn, type TableSort } from "~/components/sortable-head";
import { PageHeader } from "~/components/page-header";
import { analysisPath, propertyPath } from "~/domain/modules";
import { Badge, ConfirmDialog } from "~/components/ui";
import { formatAddress, formatCount, formatMoney, formatPercent } from "~/domain/format";
import { ListStates } from "~/components/list-states";
import { AssigneeBadge } from "~/components/assignee";
import { label, LISTING_STATUSES, PROPERTY_STATUSES, PROPERTY_TYPES } from "~/domain/workspace";
import { BUY_BOX_FILTERS } from "~/domain/deals/buy-box-filter";
import type { Property, PropertyQuery } from "~/lib/api/workspace";
import type { PageMeta } from "~/lib/api/client";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { moduleOf } from "~/modules";
import {
  deleteWithUndo,
  ExportCsvLink,
  FilterBar,
  FilterSelect,
  MineFilter,
  SearchBox,
  useDialogParam,
  usePageReading,
  useQueryParams,
  useSearchParam,
} from "../shared";
import { FileImportDialog } from "~/components/file-import-dialog";
import { usePropertyChanges, type PropertyActionData } from "./property-action";
import type { NewPropertyAnswer } from "./property.server";
import { useVersionedAction } from "~/lib/use-action-call";

const MODULE = moduleOf("possible-investments");

type SortKey = NonNullable<PropertyQuery["sort"]>;
/**
 * Below 1536 px the property's facts move under its address, below 1280 px ARV and rent drop out
 * (they stay on the property's page) and so does the buy box's verdict (its filter stays): the
 * primary analysis's figures and the actions then fit a 1024 px laptop beside the sidebar. A phone
 * shows every column, as a card.
 */
const UNTIL_2XL = "sm:max-2xl:hidden";
const UNTIL_XL = "sm:max-xl:hidden";
const COLUMNS: SortableColumn<SortKey>[] = [
  { key: "address", title: "Address" },
  { key: "status", title: "Status" },
  // Who owns it and how it is listed: under the address below 1536 px.
  { key: "ownerName", title: "Owner", className: UNTIL_2XL },
  { key: "listingStatus", title: "Listing", className: UNTIL_2XL },
  { key: "beds", title: "Beds / baths", numeric: true, className: UNTIL_2XL },
  { key: "squareFeet", title: "Sq ft", numeric: true, className: UNTIL_2XL },
  { key: "listPrice", title: "List price", numeric: true },
  { key: "arv", title: "ARV", numeric: true, className: UNTIL_XL },
  { key: "rentEstimate", title: "Rent", numeric: true, className: UNTIL_XL },
  { key: "estimatedEquity", title: "Equity", numeric: true, className: UNTIL_XL },
  // The primary analysis's key figures.
  { key: "cashFlowMonthly", title: "Cash flow / mo", numeric: true },
  { key: "capRate", title: "Cap rate", numeric: true },
  { key: "cashOnCash", title: "Cash-on-cash", numeric: true },
  { key: "meetsCriteria", title: "Buy box", className: UNTIL_XL },
];

const BUY_BOX_LABELS: Record<string, string> = { yes: "Meets buy box", no: "Misses buy box" };
const OCCUPANCY_LABELS: Record<string, string> = { no: "Absentee owners", yes: "Owner-occupied" };
const EQUITY_FLOORS = ["25000", "50000", "100000", "250000"];
const EQUITY_LABELS = Object.fromEntries(
  EQUITY_FLOORS.map((floor) => [floor, `Equity ${formatMoney(Number(floor))}+`]),
);

/** "Owner: Darnell Whitfield (absentee) · Listing: Pending", what the hidden columns say. */
const ownershipOf = (property: Property) =>
  [
    property.ownerName &&
      `Owner: ${property.ownerName}${property.ownerOccupied === false ? " (absentee)" : ""}`,
    property.listingStatus && `Listing: ${label(property.listingStatus)}`,
  ]
    .filter(Boolean)
    .join(" · ");

/** The primary analysis's buy-box verdict; a dash without one. */
function BuyBoxVerdict(props: { meets: boolean | null | undefined }) {
  if (props.meets == null) return <span className="text-muted">—</span>;
  return <PassMark pass={props.meets} yes="Meets" no="Misses" />;
}

const CELL = "sm:px-2 sm:py-3 sm:first:pl-4 2xl:px-4";
const column = (key: SortKey) => COLUMNS.find((c) => c.key === key)!;
/** A number's cell: right-aligned in the table; on a phone's card, captioned by its column. */
const numberCell = (key: SortKey) => ({
  "data-label": column(key).title,
  className: `tabular-nums sm:text-right ${CELL} ${column(key).className ?? ""}`,
});

/** "3 bd · 1.5 ba · 1,380 sq ft" (each fact kept on one line), or "" when none is known. */
const factsOf = (property: Property) =>
  [
    property.beds !== null && `${property.beds}\u00a0bd`,
    property.baths !== null && `${property.baths}\u00a0ba`,
    property.squareFeet !== null && `${formatCount(property.squareFeet)}\u00a0sq\u00a0ft`,
  ]
    .filter(Boolean)
    .join(" · ");

/** A BRRRR's cash-on-cash is null only when the refinance returned every dollar. */
const allMoneyBack = (analysis: Property["primaryAnalysis"]) =>
  analysis?.strategy === "brrrr" && analysis.cashOnCash === null;

/** A property's own fields for a write, read with the schema they come from when a write needs it. */
const inputOf = (property: Property) =>
  import("~/domain/workspace").then((module) => module.propertyInputOf(property));

/**
 * A row's pipeline status, changed through the property's action (shown as chosen meanwhile); to a
 * viewer, only said.
 */
function StatusSelect(props: { property: Property }) {
  const { property } = props;
  const changes = usePropertyChanges(property);
  const sending = changes.sending?.get("status");
  const canWrite = useCanWrite();
  if (!canWrite) return <Badge>{label(property.status)}</Badge>;
  return (
    <select
      aria-label={`Pipeline status of ${property.address}`}
      value={typeof sending === "string" ? sending : property.status}
      onChange={(e) => changes.change({ status: e.target.value })}
      className="input w-auto !px-2 !py-1 text-xs"
    >
      {PROPERTY_STATUSES.map((s) => (
        <option key={s} value={s}>
          {label(s)}
        </option>
      ))}
    </select>
  );
}

/**
 * Deletes a property through its page's action, against the version the list shows; Undo adds it
 * again through the action of the form that adds one, for the toast's lifetime.
 */
function useDeleteProperty() {
  const send = useVersionedAction<PropertyActionData>("property", MESSAGES.deleteProperty);
  const restore = useVersionedAction<NewPropertyAnswer>("property", MESSAGES.createProperty);
  return (property: Property) =>
    deleteWithUndo({
      what: `“${property.address}”`,
      remove: async () =>
        (await send(
          { intent: "delete", version: property.updatedAt },
          propertyPath(property.id),
        )) !== undefined,
      restore: () => inputOf(property).then((input) => restore({ input }, propertyPath("new"))),
    });
}

/**
 * The list as its route's loader read it (possible-investments.server.ts): its search, filters,
 * sort and page are in the URL, so the HTML arrives with the page the URL names and a change of
 * them reads the list again through Remix.
 */
export function PropertyList(props: { properties: { items: Property[]; meta: PageMeta } }) {
  const list = props.properties;
  const module = MODULE;
  const { loading } = usePageReading();
  const [params, update] = useQueryParams();
  const [search, setSearch] = useSearchParam();
  const canWrite = useCanWrite();
  const [importParam, setImporting] = useDialogParam("import");
  const importing = importParam && canWrite;
  const [deleting, setDeleting] = useState<Property | null>(null);
  const deleteProperty = useDeleteProperty();
  const q = params.get("q") ?? "";
  const status = params.get("status") ?? "";
  const propertyType = params.get("propertyType") ?? "";
  const meetsCriteria = params.get("meetsCriteria") ?? "";
  const listingStatus = params.get("listingStatus") ?? "";
  const ownerOccupied = params.get("ownerOccupied") ?? "";
  const minEquity = params.get("minEquity") ?? "";
  const assignee = params.get("assignee") ?? "";
  const sort: TableSort<SortKey> = {
    key: (params.get("sort") ?? "updatedAt") as SortKey,
    dir: params.get("dir") === "asc" ? "asc" : "desc",
  };
  /** What Export CSV writes: the list's rows, every page. */
  const query = {
    q,
    status,
    propertyType,
    meetsCriteria,
    listingStatus,
    ownerOccupied,
    minEquity,
    assignee,
    sort: sort.key,
    dir: sort.dir,
  };

  const sortBy = (key: SortKey) =>
    update({ sort: key, dir: sort.key === key && sort.dir === "asc" ? "desc" : "asc", page: null });
  const filterBy =
    (
      name:
        | "status"
        | "propertyType"
        | "meetsCriteria"
        | "listingStatus"
        | "ownerOccupied"
        | "minEquity",
    ) =>
    (value: string) =>
      update({ [name]: value || null, page: null });

  const remove = (property: Property) => {
    setDeleting(null);
    deleteProperty(property);
  };

  const items = list?.items ?? [];
  const filtered = Boolean(
    q ||
    status ||
    propertyType ||
    meetsCriteria ||
    listingStatus ||
    ownerOccupied ||
    minEquity ||
    assignee,
  );
  return (
    <div>
      <PageHeader
        icon={module.icon}
        title={module.title}
        description={module.description}
        actions={
          <>
            {canWrite && (
              <>
                <Link to={analysisPath({ id: "new" })} className="btn-secondary">
                  <Calculator aria-hidden className="size-4" /> New analysis
                </Link>
                <Link to={propertyPath("new")} className="btn-secondary">
                  <Plus aria-hidden className="size-4" /> Add property
                </Link>
              </>
            )}
            <MineFilter />
            <ExportCsvLink list="properties" query={query} />
            {canWrite && (
              <button type="button" onClick={() => setImporting(true)} className="btn-primary">
                <Upload aria-hidden className="mr-1.5 size-4" /> Import properties
              </button>
            )}
          </>
        }
      />
      <FilterBar filters={6}>
        <SearchBox
          label="Search properties"
          placeholder="Search address, city, ZIP, APN, owner…"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          label="Filter by pipeline status"
          allLabel="All statuses"
          values={PROPERTY_STATUSES}
          value={status}
          onChange={filterBy("status")}
        />
        <FilterSelect
          label="Filter by property type"
          allLabel="All property types"
          values={PROPERTY_TYPES}
          value={propertyType}
          onChange={filterBy("propertyType")}
        />
        <FilterSelect
          label="Filter by buy box"
          allLabel="Any buy box"
          values={BUY_BOX_FILTERS}
          labels={BUY_BOX_LABELS}
          value={meetsCriteria}
          onChange={filterBy("meetsCriteria")}
        />
        <FilterSelect
          label="Filter by listing status"
          allLabel="Any listing status"
          values={LISTING_STATUSES}
          value={listingStatus}
          onChange={filterBy("listingStatus")}
        />
        <FilterSelect
          label="Filter by owner"
          allLabel="Any owner"
          values={["no", "yes"]}
          labels={OCCUPANCY_LABELS}
          value={ownerOccupied}
          onChange={filterBy("ownerOccupied")}
        />
        <FilterSelect
          label="Filter by equity"
          allLabel="Any equity"
          values={EQUITY_FLOORS}
          labels={EQUITY_LABELS}
          value={minEquity}
          onChange={filterBy("minEquity")}
        />
      </FilterBar>
      <ListStates
        noun={{ one: "property", many: "properties" }}
        icon={Home}
        skeleton="table"
        count={items.length}
        loading={loading}
        filtered={filtered}
        empty={{
          title: "No properties yet",
          text: "Bring in the properties you are weighing: upload a CSV exported from a listing site or spreadsheet, or paste JSON. Re-importing finds them again by APN/MLS number or address.",
          action: canWrite && (
            <button type="button" onClick={() => setImporting(true)} className="btn-primary">
              Import your first properties
            </button>
          ),
        }}
        meta={list?.meta}
        onPage={(page) => update({ page: page > 1 ? String(page) : null })}
      >
        <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="stack-table w-full text-left text-sm">
            <caption className="sr-only">Properties</caption>
            <SortableHead columns={COLUMNS} sort={sort} onSort={sortBy} cellClassName={CELL} />
            <tbody className="divide-y divide-line">
              {items.map((property) => (
                <tr key={property.id} className="relative hover:bg-raised/60">
                  <td className={`wrap-anywhere max-sm:col-span-2 max-sm:pr-10 ${CELL}`}>
                    <div className="flex items-start gap-3">
                      {property.photoFileId && (
                        <PhotoThumbnail fileId={property.photoFileId} size={40} />
                      )}
                      <div className="min-w-0 flex-1">
                        <Link
                          to={propertyPath(property.id)}
                          className="block text-left font-medium hover:underline"
                        >
                          {property.address}
                        </Link>
                        <span className="block text-xs text-muted">
                          {formatAddress({
                            city: property.city,
                            state: property.state,
                            zip: property.zip,
                          })}
                          {property.externalId ? ` · ${property.externalId}` : ""}
                        </span>
                        <span className="hidden text-xs text-muted sm:max-2xl:block">
                          {factsOf(property)}
                        </span>
                        <span className="hidden text-xs text-muted sm:max-2xl:block">
                          {ownershipOf(property)}
                        </span>
                      </div>
                      <AssigneeBadge assignee={property.assignee} />
                    </div>
                  </td>
                  <td className={`max-sm:col-span-2 ${CELL}`}>
                    <StatusSelect property={property} />
                  </td>
                  <td data-label="Owner" className={`wrap-anywhere ${CELL} ${UNTIL_2XL}`}>
                    {property.ownerName ?? <span className="text-muted">—</span>}
                    {property.ownerOccupied === false && (
                      <span className="block text-xs text-muted">Absentee</span>
                    )}
                  </td>
                  <td data-label="Listing" className={`whitespace-nowrap ${CELL} ${UNTIL_2XL}`}>
                    {property.listingStatus ? (
                      label(property.listingStatus)
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                  <td {...numberCell("beds")}>
                    {property.beds ?? "—"} / {property.baths ?? "—"}
                  </td>
                  <td {...numberCell("squareFeet")}>{formatCount(property.squareFeet)}</td>
                  <td {...numberCell("listPrice")}>{formatMoney(property.listPrice)}</td>
                  <td {...numberCell("arv")}>{formatMoney(property.arv)}</td>
                  <td {...numberCell("rentEstimate")}>{formatMoney(property.rentEstimate)}</td>
                  <td {...numberCell("estimatedEquity")}>
                    {formatMoney(property.estimatedEquity)}
                  </td>
                  <td {...numberCell("cashFlowMonthly")}>
                    {formatMoney(property.primaryAnalysis?.cashFlowMonthly)}
                  </td>
                  <td {...numberCell("capRate")}>
                    {formatPercent(property.primaryAnalysis?.capRate)}
                  </td>
                  <td {...numberCell("cashOnCash")}>
                    {allMoneyBack(property.primaryAnalysis)
                      ? "All money back"
                      : formatPercent(property.primaryAnalysis?.cashOnCash)}
                  </td>
                  <td data-label="Buy box" className={`whitespace-nowrap ${CELL} ${UNTIL_XL}`}>
                    <BuyBoxVerdict meets={property.primaryAnalysis?.meetsCriteria} />
                  </td>
                  <td
                    className={`max-sm:absolute max-sm:top-2 max-sm:right-2 sm:text-right ${CELL}`}
                  >
                    {canWrite && (
                      <button
                        type="button"
                        aria-label={`Delete ${property.address}`}
                        onClick={() => setDeleting(property)}
                        className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
      <FileImportDialog kind="properties" open={importing} onClose={() => setImporting(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this property?"
        message={
          deleting && <>“{deleting.address}” will be deleted; projects linked to it are unlinked.</>
        }
        confirmLabel="Delete property"
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
