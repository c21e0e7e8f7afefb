/**
 * Auctions (/auction): the sales the investor is watching, as a list or by month, with the CSV
 * import and the Google calendar their dates are also written to. An auction, the form to add one
 * and the guide to the sale types are pages of their own. A viewer reads the sales, and neither
 * adds, imports, nor chooses the calendar they are written to.
 */
import { Link } from "@remix-run/react";
import { BookOpen, Plus, Upload } from "lucide-react";
import { FileImportDialog } from "~/components/file-import-dialog";
import { PageHeader } from "~/components/page-header";
import { auctionPath, modulePath, SALE_TYPES_GUIDE_PATH } from "~/domain/modules";
import { useCanWrite } from "~/lib/module-data";
import { moduleOf } from "~/modules";
import { useDialogParam, useQueryParams } from "../shared";
import { AuctionCalendar } from "./auction-calendar";
import { AuctionList } from "./auction-list";
import type { AuctionsPageData } from "./auctions.server";
import { GoogleCalendarSetting } from "./google-calendar-setting";
import { monthOf } from "./month";

const MODULE = moduleOf("auction");

const VIEWS = [
  { id: "list", title: "List" },
  { id: "calendar", title: "Calendar" },
] as const;

/** The link to a view: the list's filters kept, the month left to the calendar's default. */
function viewLink(params: URLSearchParams, view: (typeof VIEWS)[number]["id"]) {
  const next = new URLSearchParams(params);
  next.delete("month");
  if (view === "list") next.delete("view");
  else next.set("view", view);
  const search = next.toString();
  return `${modulePath("auction")}${search ? `?${search}` : ""}`;
}

export function AuctionsPage({ loaded }: { loaded: AuctionsPageData }) {
  const [params, update] = useQueryParams();
  const canWrite = useCanWrite();
  const [importParam, setImporting] = useDialogParam("import");
  const importing = importParam && canWrite;
  const view = loaded.view;
  // The month the loader read (the user's this month when the URL names none).
  const month =
    loaded.view === "calendar" ? loaded.month : monthOf(params.get("month"), new Date());

  return (
    <div>
      <PageHeader
        icon={MODULE.icon}
        title={MODULE.title}
        description={MODULE.description}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={SALE_TYPES_GUIDE_PATH} className="btn-secondary">
              <BookOpen aria-hidden className="size-4" /> Sale types guide
            </Link>
            {canWrite && (
              <>
                <button type="button" onClick={() => setImporting(true)} className="btn-secondary">
                  <Upload aria-hidden className="size-4" /> Import a list
                </button>
                <Link to={auctionPath("new")} className="btn-primary">
                  <Plus aria-hidden className="mr-1.5 size-4" /> Add an auction
                </Link>
              </>
            )}
          </div>
        }
      />
      <div
        role="tablist"
        aria-label="Show auctions as"
        className="mb-6 flex gap-1 border-b border-line"
      >
        {VIEWS.map((tab) => (
          // Links, so a view opens without JavaScript too (the loader reads the view the URL names).
          <Link
            key={tab.id}
            to={viewLink(params, tab.id)}
            role="tab"
            aria-selected={tab.id === view}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-medium transition ${tab.id === view ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg"}`}
          >
            {tab.title}
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-label={view === "list" ? "List" : "Calendar"}>
        {loaded.view === "list" ? (
          <AuctionList list={loaded.list} onImport={() => setImporting(true)} />
        ) : (
          <AuctionCalendar
            month={month}
            events={loaded.events}
            onMonth={(next) => update({ month: next }, { replace: true })}
          />
        )}
      </div>
      {canWrite && <GoogleCalendarSetting setting={loaded.google} />}
      <FileImportDialog kind="auctions" open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}
