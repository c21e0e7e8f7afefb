/**
 * Auctions (/auction): the sales the investor is watching, as a list or by month, an auction's
 * page, the form to add one (from a property, too), the CSV import and the guide to the sale
 * types. Which one shows is in the query string (`ModuleParams`), so Back and links work.
 */
import { Link } from "@remix-run/react";
import { BookOpen, Plus, Upload } from "lucide-react";
import { Suspense, useMemo } from "react";
import { PageHeader } from "~/components/page-header";
import { Skeleton } from "~/components/skeleton";
import { ErrorNotice } from "~/components/ui";
import { modulePath } from "~/domain/modules";
import { preloadable } from "~/lib/preloadable";
import { auctionsApi } from "~/lib/api/auctions";
import { propertiesApi } from "~/lib/api/workspace";
import { useModuleData } from "~/lib/module-data";
import { useRead } from "~/lib/use-read";
import { workspaceRevision } from "~/lib/stores/workspace-revision";
import type { ModuleViewProps } from "../module-view";
import { BackLink, useDialogParam, useQueryParams } from "../shared";
import { newAuctionValues } from "./auction-fields";
import { AuctionCalendar } from "./auction-calendar";
import { AuctionForm } from "./auction-form";
import { AuctionList } from "./auction-list";
import { GoogleCalendarSetting } from "./google-calendar-setting";
import { FileImportDialog } from "~/components/file-import-dialog";
import { useImportChanges } from "~/lib/import-runner";
import { monthOf } from "./month";
import { announceSaved } from "./notices";
import { SaleTypesGuide } from "./sale-types-guide";

/**
 * An auction's page (its analysis, the max-bid calculator and the checks they need, zod among
 * them), loaded when one is opened: the list downloads none of it (issue 28, item 7).
 */
const AuctionDetailView = preloadable(() =>
  import("./auction-detail").then((module) => ({ default: module.AuctionDetailView })),
);

/** An auction opened by the URL is rendered by the server into the page. */
export const preload = (url: URL) =>
  url.searchParams.get("auction") ? AuctionDetailView.preload() : Promise.resolve();

export default function Auctions(props: ModuleViewProps) {
  const [params, update] = useQueryParams();
  const auction = params.get("auction");
  /** Back to the list (or the calendar, as it was left). */
  const toList = () => update({ auction: null, property: null, guide: null });

  if (params.get("guide") === "1") return <SaleTypesGuide onBack={toList} />;
  if (auction === "new") {
    return (
      <NewAuction
        propertyId={params.get("property")}
        onSaved={(id) => update({ auction: id, property: null }, { replace: true })}
        onBack={toList}
      />
    );
  }
  if (auction)
    return (
      <Suspense fallback={<Skeleton />}>
        <AuctionDetailView key={auction} id={auction} onBack={toList} />
      </Suspense>
    );
  return <AuctionsHome {...props} />;
}

const VIEWS = [
  { id: "list", title: "List" },
  { id: "calendar", title: "Calendar" },
] as const;

function AuctionsHome({ module }: ModuleViewProps) {
  const [params, update] = useQueryParams();
  const { data, retry } = useModuleData("auction");
  const [importing, setImporting] = useDialogParam("import");
  // Everything shown reads again (the list or month through the loader, the Google setting).
  useImportChanges("auctions", () => workspaceRevision.getState().changed());
  const view = params.get("view") === "calendar" ? "calendar" : "list";
  const shown = data?.view === "calendar" ? data : null;
  // The month the loader read (the user's this month when the URL names none).
  const month = shown?.month ?? monthOf(params.get("month"), new Date());
  const open = (id: string) => update({ auction: id });

  return (
    <div>
      <PageHeader
        icon={module.icon}
        title={module.title}
        description={module.description}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={modulePath("auction", { guide: "1" })} className="btn-secondary">
              <BookOpen aria-hidden className="size-4" /> Sale types guide
            </Link>
            <button type="button" onClick={() => setImporting(true)} className="btn-secondary">
              <Upload aria-hidden className="size-4" /> Import a list
            </button>
            <Link to={modulePath("auction", { auction: "new" })} className="btn-primary">
              <Plus aria-hidden className="mr-1.5 size-4" /> Add an auction
            </Link>
          </div>
        }
      />
      <div
        role="tablist"
        aria-label="Show auctions as"
        className="mb-6 flex gap-1 border-b border-line"
      >
        {VIEWS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === view}
            onClick={() => update({ view: tab.id === "list" ? null : tab.id, month: null })}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-medium transition ${tab.id === view ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg"}`}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={view === "list" ? "List" : "Calendar"}>
        {view === "list" ? (
          <AuctionList onOpen={open} onImport={() => setImporting(true)} />
        ) : (
          <AuctionCalendar
            month={month}
            events={shown?.events ?? null}
            onMonth={(next) => update({ month: next }, { replace: true })}
            onRetry={retry}
          />
        )}
      </div>
      {data && data.view !== "form" && data.view !== "auction" && (
        <GoogleCalendarSetting setting={data.google} />
      )}
      <FileImportDialog kind="auctions" open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}

/** The form to add an auction, filled from the property when one is named. */
function NewAuction(props: {
  propertyId: string | null;
  onSaved: (id: string) => void;
  onBack: () => void;
}) {
  const viewerZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  // Read in the browser even without a property: the form starts in the viewer's zone.
  const property = useRead([props.propertyId], async (id) => (id ? propertiesApi.get(id) : null));
  const failure = property.loading ? "" : property.failure;
  const initial = useMemo(() => {
    if (property.data === undefined) return null;
    // The analysis behind a bid is most often a flip's.
    const analyses = property.data?.analyses ?? [];
    const analysis = analyses.find((deal) => deal.strategy === "flip") ?? analyses[0];
    return newAuctionValues(property.data, viewerZone, analysis?.id);
  }, [property.data, viewerZone]);

  return (
    <div>
      <BackLink onBack={props.onBack}>All auctions</BackLink>
      <h2 className="mb-4 text-2xl font-semibold">Add an auction</h2>
      {failure && <ErrorNotice message={failure} onRetry={property.retry} />}
      {!initial && !failure && <Skeleton variant="default" />}
      {initial && (
        <div className="max-w-4xl rounded-2xl border border-line bg-surface p-5">
          <AuctionForm
            initial={initial}
            bidInputs={null}
            existing={false}
            onSave={async (input) => {
              const saved = await auctionsApi.create(input);
              announceSaved(saved, "Auction added");
              props.onSaved(saved.auction.id);
            }}
            onCancel={props.onBack}
          />
        </div>
      )}
    </div>
  );
}
