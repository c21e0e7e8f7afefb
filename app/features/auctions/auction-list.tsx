/**
 * The auctions, sortable and filtered as the API lists them (sale type, status, state, county, a
 * range of sale days, a search), with the time left to each sale and each deposit deadline. A
 * table from 640 px, a card per auction on a phone.
 */
import { Link } from "@remix-run/react";
import { Gavel, Plus, Trash2, Upload } from "lucide-react";
import { useState } from "react";
import { SortableHead, type SortableColumn, type TableSort } from "~/components/sortable-head";
import { AssigneeBadge } from "~/components/assignee";
import { ListStates } from "~/components/list-states";
import { Badge, ConfirmDialog } from "~/components/ui";
import {
  AUCTION_STATUSES,
  SALE_TYPES,
  adjournedWithoutDate,
  saleTimeKnownNow,
  saleTypeLabel,
} from "~/domain/auctions/auction-terms";
import { formatAddress, formatMoney } from "~/domain/format";
import { auctionPath } from "~/domain/modules";
import { label } from "~/domain/workspace";
import type { Auction, AuctionSort } from "~/lib/api/auctions";
import type { PageMeta } from "~/lib/api/client";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { useVersionedAction } from "~/lib/use-action-call";
import {
  deleteWithUndo,
  ExportCsvLink,
  FilterSelect,
  MineFilter,
  SearchBox,
  usePageReading,
  useQueryParams,
  useSearchParam,
} from "../shared";
import type { AuctionActionAnswer, NewAuctionAnswer } from "./auction.server";
import { dayRange } from "./month";
import { DepositDeadline, SaleTime, STATUS_TONE, useNow } from "./sale-time";

const COLUMNS: SortableColumn<AuctionSort>[] = [
  { key: "address", title: "Property" },
  { key: "currentSaleAt", title: "Sale" },
  { key: "saleType", title: "Type" },
  { key: "status", title: "Status" },
  { key: "openingBid", title: "Opening bid", numeric: true },
  { key: "depositDueAt", title: "Deposit due" },
];
const columnTitle = (key: AuctionSort) => COLUMNS.find((column) => column.key === key)!.title;
const CELL = "sm:px-3 sm:py-3 sm:align-top";

/** A labelled filter input (state, county, a day). */
function FilterInput(props: {
  id: string;
  label: string;
  type?: "text" | "date";
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label htmlFor={props.id} className="block text-xs text-muted">
      {props.label}
      <input
        id={props.id}
        type={props.type ?? "text"}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="input mt-1 text-sm text-fg"
      />
    </label>
  );
}

/**
 * Deletes an auction through its page's action, against the version the list shows; Undo adds it
 * again through the action of the form that adds one, for the toast's lifetime.
 */
function useDeleteAuction() {
  const send = useVersionedAction<AuctionActionAnswer>("auction", MESSAGES.deleteAuction);
  const restore = useVersionedAction<NewAuctionAnswer>("auction", MESSAGES.createAuction);
  return (auction: Auction) =>
    deleteWithUndo({
      what: `Auction at ${auction.address}`,
      remove: async () =>
        (await send({ intent: "delete", version: auction.updatedAt }, auctionPath(auction.id))) !==
        undefined,
      restore: () =>
        import("./auction-checks").then(({ auctionInputOf }) =>
          restore({ input: auctionInputOf(auction) }, auctionPath("new")),
        ),
    });
}

/**
 * The list as its route's loader read it (auctions.server.ts): its search, filters, sort and page
 * are in the URL, so the HTML arrives with the page the URL names and a change of them reads the
 * list again through Remix. A viewer gets no Add, Import or Delete.
 */
export function AuctionList(props: {
  list: { items: Auction[]; meta: PageMeta };
  onImport: () => void;
}) {
  const { list } = props;
  const now = useNow();
  const { loading } = usePageReading();
  const deleteAuction = useDeleteAuction();
  const [params, update] = useQueryParams();
  const [search, setSearch] = useSearchParam();
  const [state, setState] = useSearchParam("state");
  const [county, setCounty] = useSearchParam("county");
  const [deleting, setDeleting] = useState<Auction | null>(null);
  const canWrite = useCanWrite();

  const q = params.get("q") ?? "";
  const saleType = params.get("saleType") ?? "";
  const status = params.get("status") ?? "";
  const fromDay = params.get("from") ?? "";
  const toDay = params.get("to") ?? "";
  const assignee = params.get("assignee") ?? "";
  const sort: TableSort<AuctionSort> = {
    key: (params.get("sort") ?? "currentSaleAt") as AuctionSort,
    dir: params.get("dir") === "desc" ? "desc" : "asc",
  };
  /** What Export CSV writes: the list's rows, every page. */
  const query = {
    q,
    saleType,
    status,
    state: (params.get("state") ?? "").trim(),
    county: (params.get("county") ?? "").trim(),
    ...dayRange(fromDay, toDay),
    assignee,
    sort: sort.key,
    dir: sort.dir,
  };

  const sortBy = (key: AuctionSort) =>
    update({ sort: key, dir: sort.key === key && sort.dir === "asc" ? "desc" : "asc", page: null });
  const filterBy = (name: "saleType" | "status" | "from" | "to") => (value: string) =>
    update({ [name]: value || null, page: null });

  const remove = (auction: Auction) => {
    setDeleting(null);
    void deleteAuction(auction);
  };

  const items = list.items;
  const filtered = Boolean(
    q || saleType || status || query.state || query.county || fromDay || toDay || assignee,
  );
  return (
    <div>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <SearchBox
            label="Search auctions"
            placeholder="Search address, case number, APN, venue…"
            value={search}
            onChange={setSearch}
          />
        </div>
        <FilterSelect
          label="Filter by sale type"
          allLabel="All sale types"
          values={SALE_TYPES}
          value={saleType}
          onChange={filterBy("saleType")}
        />
        <FilterSelect
          label="Filter by status"
          allLabel="All statuses"
          values={AUCTION_STATUSES}
          value={status}
          onChange={filterBy("status")}
        />
        <FilterInput
          id="auction-filter-state"
          label="State"
          placeholder="e.g. PA"
          value={state}
          onChange={setState}
        />
        <FilterInput
          id="auction-filter-county"
          label="County"
          placeholder="e.g. Montgomery"
          value={county}
          onChange={setCounty}
        />
        <FilterInput
          id="auction-filter-from"
          label="Sales from"
          type="date"
          value={fromDay}
          onChange={filterBy("from")}
        />
        <FilterInput
          id="auction-filter-to"
          label="Sales to"
          type="date"
          value={toDay}
          onChange={filterBy("to")}
        />
      </div>
      <div className="mb-4 flex justify-end gap-2">
        <MineFilter />
        <ExportCsvLink list="auctions" query={query} />
      </div>
      <ListStates
        noun={{ one: "auction", many: "auctions" }}
        icon={Gavel}
        skeleton="table"
        count={items.length}
        loading={loading}
        filtered={filtered}
        empty={{
          title: "No auctions yet",
          text: "Track the sheriff, tax, trustee, judicial and upset sales you are watching: each sale's time, its deposit deadline and the most you should bid. Add one by hand or import a county list.",
          action: canWrite && (
            <div className="flex flex-wrap justify-center gap-3">
              <Link to={auctionPath("new")} className="btn-primary">
                <Plus aria-hidden className="mr-1.5 size-4" /> Add an auction
              </Link>
              <button type="button" onClick={props.onImport} className="btn-secondary">
                <Upload aria-hidden className="size-4" /> Import a list
              </button>
            </div>
          ),
        }}
        meta={list.meta}
        onPage={(page) => update({ page: page > 1 ? String(page) : null })}
      >
        <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="stack-table w-full text-left text-sm">
            <caption className="sr-only">Auctions</caption>
            <SortableHead
              columns={COLUMNS}
              sort={sort}
              onSort={sortBy}
              cellClassName="sm:px-3 sm:py-3"
            />
            <tbody className="divide-y divide-line">
              {items.map((auction) => (
                <tr key={auction.id} className="relative hover:bg-raised/60">
                  <td className={`max-sm:col-span-2 max-sm:pr-10 ${CELL}`}>
                    <span className="flex items-start justify-between gap-2">
                      <Link
                        to={auctionPath(auction.id)}
                        className="block font-medium break-words hover:underline"
                      >
                        {auction.address}
                      </Link>
                      <AssigneeBadge assignee={auction.assignee ?? null} />
                    </span>
                    <span className="block text-xs text-muted">
                      {[
                        auction.county && `${auction.county} County`,
                        formatAddress({ city: auction.city, state: auction.state }),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </td>
                  <td
                    data-label={columnTitle("currentSaleAt")}
                    className={`max-sm:col-span-2 ${CELL}`}
                  >
                    <SaleTime
                      at={auction.currentSaleAt}
                      timeZone={auction.timeZone}
                      now={now}
                      timeKnown={saleTimeKnownNow(auction)}
                      adjourned={adjournedWithoutDate(auction)}
                      compact
                    />
                  </td>
                  <td data-label={columnTitle("saleType")} className={CELL}>
                    {saleTypeLabel(auction.saleType)}
                  </td>
                  <td data-label={columnTitle("status")} className={CELL}>
                    <Badge tone={STATUS_TONE[auction.status]}>{label(auction.status)}</Badge>
                  </td>
                  <td
                    data-label={columnTitle("openingBid")}
                    className={`tabular-nums sm:text-right ${CELL}`}
                  >
                    {formatMoney(auction.openingBid)}
                  </td>
                  <td data-label={columnTitle("depositDueAt")} className={CELL}>
                    <DepositDeadline
                      at={auction.depositDueAt}
                      timeZone={auction.timeZone}
                      status={auction.status}
                      now={now}
                    />
                  </td>
                  <td
                    className={`max-sm:absolute max-sm:top-2 max-sm:right-2 sm:text-right ${CELL}`}
                  >
                    {canWrite && (
                      <button
                        type="button"
                        aria-label={`Delete the auction at ${auction.address}`}
                        onClick={() => setDeleting(auction)}
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
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this auction?"
        message={
          deleting && (
            <>
              The auction at “{deleting.address}” will be deleted, with its dates on your calendars.
            </>
          )
        }
        confirmLabel="Delete auction"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
