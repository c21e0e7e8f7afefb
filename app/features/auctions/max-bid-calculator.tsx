/**
 * The most to bid, worked out on every keystroke by the same function the API runs (maxBid), with
 * its formula in the user's numbers; the premium and deposit a planned bid calls for. Starts from
 * the inputs saved with the auction, else from its analysis and property and the user's own
 * selling costs and profit ("Keep as my defaults" sets them once for every auction); without a
 * profit the figure is called what it is, the break-even price. "Save bid" keeps the inputs and
 * the planned bid with the auction.
 */
import { Link } from "@remix-run/react";
import { Save } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { TextField } from "~/components/form";
import { saleTypeLabel } from "~/domain/auctions/auction-terms";
import {
  depositDue,
  maxBid,
  maxBidFormula,
  maxBidHeading,
  type MaxBid,
  type MaxBidDefaults,
  type MaxBidInputs,
} from "~/domain/auctions/max-bid";
import { SALE_TYPE_GUIDE } from "~/domain/auctions/sale-types";
import { formatMoney, parseNumberLike } from "~/domain/format";
import { glossaryPath } from "~/domain/resources/glossary";
import type { Auction } from "~/lib/api/auctions";
import { readBidForm } from "./auction-checks";
import { BID_FIELDS, bidStart, type BidSources } from "./auction-fields";

export function MaxBidCalculator(props: {
  auction: Auction;
  sources: Omit<BidSources, "saved" | "buyerPremiumPct">;
  /** Offers Save bid and Keep as my defaults (not to a viewer, who works the figures only). */
  keeps: boolean;
  onSave: (bidInputs: Required<MaxBidInputs>, plannedBid: number | null) => Promise<unknown>;
  onKeepDefaults: (defaults: MaxBidDefaults) => Promise<unknown>;
}) {
  const { auction } = props;
  const start = useMemo(
    () =>
      bidStart({
        ...props.sources,
        saved: auction.bidInputs,
        buyerPremiumPct: auction.buyerPremiumPct,
      }),
    [props.sources, auction.bidInputs, auction.buyerPremiumPct],
  );
  const [values, setValues] = useState(start.values);
  const [planned, setPlanned] = useState(
    auction.plannedBid === null ? "" : String(auction.plannedBid),
  );
  const [triedSave, setTriedSave] = useState(false);
  const [saving, setSaving] = useState(false);

  const reading = readBidForm(values);
  const bid = reading.ok ? maxBid(reading.inputs) : null;
  // While a figure is being fixed, the result stays at the last one that added up.
  const lastBid = useRef<MaxBid | null>(null);
  if (bid) lastBid.current = bid;
  const shown = bid ?? lastBid.current;

  const plannedBid = planned.trim() ? parseNumberLike(planned) : null;
  const plannedError =
    planned.trim() && (plannedBid === null || plannedBid < 0)
      ? "Type an amount, like 125,000"
      : undefined;
  const premiumPct = shown?.buyerPremiumPct ?? auction.buyerPremiumPct ?? 0;
  const deposit = plannedBid !== null ? depositDue(auction, plannedBid) : null;
  const errors = reading.ok
    ? {}
    : Object.fromEntries(
        Object.entries(reading.errors).filter(
          ([key]) => triedSave || values[key as keyof typeof values]?.trim(),
        ),
      );

  const save = async () => {
    setTriedSave(true);
    if (!reading.ok || plannedError) return;
    setSaving(true);
    try {
      await props.onSave(reading.inputs, plannedBid);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby="max-bid-title"
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <h3 id="max-bid-title" className="font-semibold">
        Maximum bid
      </h3>
      <p className="mb-4 text-xs text-muted">
        {start.from.length ? `Started from ${start.from.join(", ")}.` : "Give the ARV to start."}
      </p>
      <div className="grid items-end gap-3 sm:grid-cols-2">
        {BID_FIELDS.map((field) => (
          <TextField
            key={field.key}
            id={`bid-${field.key}`}
            label={field.label}
            type="number"
            required={field.key === "estimatedValue"}
            value={values[field.key]}
            error={errors[field.key]}
            onChange={(text) => setValues((current) => ({ ...current, [field.key]: text }))}
          />
        ))}
      </div>
      {reading.ok && props.keeps && (
        <button
          type="button"
          className="btn-secondary mt-3 text-sm"
          onClick={() =>
            void props.onKeepDefaults({
              sellingCostsPct: reading.inputs.sellingCostsPct,
              targetProfitPct: reading.inputs.targetProfitPct,
            })
          }
        >
          Keep selling costs {reading.inputs.sellingCostsPct} % and profit{" "}
          {reading.inputs.targetProfitPct} % as my defaults
        </button>
      )}
      <p className="mt-2 text-xs text-muted">
        <span className="font-medium">Liens ({saleTypeLabel(auction.saleType)}): </span>
        {SALE_TYPE_GUIDE[auction.saleType].liens}
      </p>

      <div className="mt-4 rounded-xl border border-line bg-canvas p-4">
        {shown ? (
          <>
            <p className="flex items-baseline justify-between gap-3">
              <span className="text-xs tracking-wide text-muted uppercase">
                {maxBidHeading(shown)}
              </span>
              <Link
                to={glossaryPath("max-bid")}
                aria-label="Learn more: the maximum bid in the glossary"
                className="text-xs text-accent underline"
              >
                Learn more
              </Link>
            </p>
            <p className="text-3xl font-semibold tabular-nums" data-testid="max-bid">
              {formatMoney(shown.maxBid)}
            </p>
            <p className="mt-2 rounded-md border border-line px-3 py-2 font-mono text-xs break-words">
              {maxBidFormula(shown)}
            </p>
            <p className="mt-2 text-sm text-muted">
              The buyer's premium on it: {formatMoney(shown.buyerPremium)}; at the sale you pay{" "}
              {formatMoney(shown.maxBid + shown.buyerPremium)} in all.
            </p>
            {!bid && (
              <p role="status" className="mt-2 text-sm text-danger">
                Showing the last figures that added up: fix the highlighted field to update them.
              </p>
            )}
          </>
        ) : (
          <p role="status" className="text-sm text-muted">
            Give the after-repair value (ARV) to see the most to bid.
          </p>
        )}
      </div>

      <div className="mt-4 grid items-end gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <TextField
          id="bid-planned"
          label="Planned bid ($)"
          type="number"
          required={false}
          value={planned}
          error={plannedError}
          onChange={setPlanned}
        />
        <button
          type="button"
          disabled={!bid}
          onClick={() => bid && setPlanned(String(Math.floor(bid.maxBid)))}
          className="btn-secondary disabled:opacity-50"
        >
          Use as planned bid
        </button>
      </div>
      {plannedBid !== null && !plannedError && (
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs text-muted">Premium on it</dt>
            <dd className="font-medium tabular-nums">
              {formatMoney((plannedBid * premiumPct) / 100)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Deposit due on it</dt>
            <dd className="font-medium tabular-nums">{formatMoney(deposit)}</dd>
          </div>
          {shown && plannedBid > shown.maxBid && (
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-xs text-muted">Against the max bid</dt>
              <dd className="font-medium text-danger">
                {formatMoney(plannedBid - shown.maxBid)} over
              </dd>
            </div>
          )}
        </dl>
      )}
      {props.keeps && (
        <div className="mt-4 flex justify-end">
          <button
            type="button"
            onClick={() => void save()}
            disabled={saving}
            className="btn-primary"
          >
            <Save aria-hidden className="mr-1.5 size-4" /> {saving ? "Saving..." : "Save bid"}
          </button>
        </div>
      )}
    </section>
  );
}
