/**
 * The dashboard's auctions (issue 13): the sales set for the next 14 days and the deposits falling
 * due in them, soonest first, each opening its auction. Loads on its own, so a failure here leaves
 * the rest of the dashboard as it is.
 */
import { Link } from "@remix-run/react";
import { Gavel } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { ErrorNotice } from "~/components/ui";
import { saleTypeLabel } from "~/domain/auctions/auction";
import { modulePath } from "~/domain/modules";
import { auctionsApi, type Auction } from "~/lib/api/auctions";
import { DepositDeadline, SaleTime, useNow } from "../auctions/sale-time";

const AHEAD_DAYS = 14;
const SHOWN = 5;

interface Ahead {
  sales: Auction[];
  salesTotal: number;
  deposits: Auction[];
}

export function AuctionsAhead({ revision }: { revision: number }) {
  const now = useNow();
  const [ahead, setAhead] = useState<Ahead | null>(null);
  const [failure, setFailure] = useState("");
  const load = useCallback(() => {
    setFailure("");
    const from = new Date().toISOString();
    const to = new Date(Date.now() + AHEAD_DAYS * 86_400_000).toISOString();
    Promise.all([
      auctionsApi.list({ from, to, limit: SHOWN }),
      auctionsApi.list({ depositFrom: from, depositTo: to, sort: "depositDueAt", limit: SHOWN }),
    ]).then(
      ([sales, deposits]) =>
        setAhead({ sales: sales.items, salesTotal: sales.meta.total, deposits: deposits.items }),
      (error: Error) => setFailure(error.message),
    );
  }, []);
  useEffect(load, [load, revision]);

  return (
    <section
      aria-labelledby="auctions-ahead-heading"
      className="rounded-2xl border border-line bg-surface p-5"
    >
      <h2 id="auctions-ahead-heading" className="mb-4 flex items-center gap-2 font-medium">
        <Gavel aria-hidden className="size-4 text-accent" /> Auctions in the next {AHEAD_DAYS} days
      </h2>
      {failure && <ErrorNotice message={failure} onRetry={load} />}
      {!ahead && !failure && <p className="text-sm text-muted">Loading auctions…</p>}
      {ahead && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className="mb-2 text-sm text-muted">Sales</h3>
            {ahead.sales.length === 0 ? (
              <p className="text-sm text-muted">No sale set for the next {AHEAD_DAYS} days.</p>
            ) : (
              <ul className="divide-y divide-line" aria-label="Sales in the next 14 days">
                {ahead.sales.map((auction) => (
                  <li key={auction.id} className="py-2 text-sm">
                    <AuctionLink auction={auction} />
                    <SaleTime
                      at={auction.currentSaleAt}
                      timeZone={auction.timeZone}
                      now={now}
                      compact
                    />
                  </li>
                ))}
              </ul>
            )}
            {ahead.salesTotal > SHOWN && (
              <Link to={modulePath("auction")} className="mt-2 inline-block text-sm text-accent">
                All {ahead.salesTotal} sales
              </Link>
            )}
          </div>
          <div>
            <h3 className="mb-2 text-sm text-muted">Deposits due</h3>
            {ahead.deposits.length === 0 ? (
              <p className="text-sm text-muted">No deposit due in the next {AHEAD_DAYS} days.</p>
            ) : (
              <ul className="divide-y divide-line" aria-label="Deposits due in the next 14 days">
                {ahead.deposits.map((auction) => (
                  <li key={auction.id} className="py-2 text-sm">
                    <AuctionLink auction={auction} />
                    <DepositDeadline
                      at={auction.depositDueAt}
                      timeZone={auction.timeZone}
                      status={auction.status}
                      now={now}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function AuctionLink({ auction }: { auction: Auction }) {
  return (
    <Link
      to={modulePath("auction", { auction: auction.id })}
      className="block truncate font-medium hover:text-accent"
    >
      {auction.address}{" "}
      <span className="font-normal text-muted">({saleTypeLabel(auction.saleType)})</span>
    </Link>
  );
}
