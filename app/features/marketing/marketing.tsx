/**
 * Marketing (/marketing): the leads, the follow-up sequences that work them, the campaigns that
 * bring them, the funnel they move through and the lead bots that qualify them, one tab each,
 * around the page of the path: a tab's list (`tab` in the query) or a lead or campaign (its own
 * path).
 */
import { Link, Outlet, useLocation, useSearchParams } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { MARKETING_TABS, modulePath, type MarketingTab } from "~/domain/modules";
import { moduleOf } from "~/modules";

const MODULE = moduleOf("marketing");

const TITLES: Record<MarketingTab, string> = {
  leads: "Leads",
  sequences: "Sequences",
  campaigns: "Campaigns",
  funnel: "Funnel",
  bots: "Lead bots",
};

/** The tab a path is under: a record's (`/marketing/campaigns/…`), or the list's `tab`. */
function activeTab(pathname: string, tab: string | null): MarketingTab {
  const [, under] = pathname.split("/").filter(Boolean);
  const named = under ?? tab ?? "leads";
  return (MARKETING_TABS as readonly string[]).includes(named) ? (named as MarketingTab) : "leads";
}

export function MarketingLayout() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const active = activeTab(pathname, params.get("tab"));
  return (
    <div>
      <PageHeader icon={MODULE.icon} title={MODULE.title} description={MODULE.description} />
      <div
        role="tablist"
        aria-label="Marketing"
        className="mb-6 flex gap-1 overflow-x-auto border-b border-line"
      >
        {MARKETING_TABS.map((tab) => (
          // Links, so a tab opens without JavaScript too (the loader reads the tab the URL names).
          <Link
            key={tab}
            to={modulePath("marketing", { tab })}
            role="tab"
            aria-selected={tab === active}
            className={`-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-medium transition ${tab === active ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg"}`}
          >
            {TITLES[tab]}
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-label={TITLES[active]}>
        <Outlet />
      </div>
    </div>
  );
}
