/**
 * Marketing (/marketing, issue 15): the leads, the campaigns that bring them, the funnel they move
 * through and the lead bots that qualify them, one tab each (`tab`, see `ModuleParams`).
 */
import { PageHeader } from "~/components/page-header";
import { MARKETING_TABS, type MarketingTab } from "~/domain/modules";
import type { ModuleViewProps } from "../module-view";
import { useQueryParams } from "../shared";
import { BotsTab } from "./bots-tab";
import { CampaignsTab } from "./campaigns-tab";
import { FunnelTab } from "./funnel-tab";
import { LeadsTab } from "./leads-tab";
import { SequencesTab } from "./sequences-tab";

const TITLES: Record<MarketingTab, string> = {
  leads: "Leads",
  sequences: "Sequences",
  campaigns: "Campaigns",
  funnel: "Funnel",
  bots: "Lead bots",
};
const VIEWS: Record<MarketingTab, () => React.ReactNode> = {
  leads: LeadsTab,
  sequences: SequencesTab,
  campaigns: CampaignsTab,
  funnel: FunnelTab,
  bots: BotsTab,
};

export default function Marketing({ module }: ModuleViewProps) {
  const [params, update] = useQueryParams();
  const active = MARKETING_TABS.find((tab) => tab === params.get("tab")) ?? "leads";
  const View = VIEWS[active];
  const select = (tab: MarketingTab) =>
    update({ tab, new: null, import: null, campaign: null, bot: null, sequence: null });
  return (
    <div>
      <PageHeader icon={module.icon} title={module.title} description={module.description} />
      <div
        role="tablist"
        aria-label="Marketing"
        className="mb-6 flex gap-1 overflow-x-auto border-b border-line"
        onKeyDown={(event) => {
          const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
          if (!step) return;
          const next =
            MARKETING_TABS[
              (MARKETING_TABS.indexOf(active) + step + MARKETING_TABS.length) %
                MARKETING_TABS.length
            ]!;
          select(next);
          document.getElementById(`marketing-tab-${next}`)?.focus();
        }}
      >
        {MARKETING_TABS.map((tab) => (
          <button
            key={tab}
            id={`marketing-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={tab === active}
            tabIndex={tab === active ? 0 : -1}
            onClick={() => select(tab)}
            className={`-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-medium transition ${tab === active ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg"}`}
          >
            {TITLES[tab]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`marketing-tab-${active}`}>
        <View />
      </div>
    </div>
  );
}
