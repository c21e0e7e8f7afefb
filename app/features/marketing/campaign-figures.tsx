/** A campaign's figures, as its card on the campaigns tab and its page show them. */
import { Figure } from "~/components/ui";
import { formatMoney, formatPercent } from "~/domain/format";
import type { Campaign } from "~/lib/api/marketing";

export function CampaignFigures(props: { campaign: Campaign; className: string }) {
  const { campaign } = props;
  const f = campaign.figures;
  return (
    <dl className={props.className}>
      <Figure
        term="Spend / budget"
        value={`${formatMoney(campaign.spend ?? 0)} / ${formatMoney(campaign.budget)}`}
      />
      <Figure term="Leads" value={f.leads} />
      <Figure term="Cost per lead" value={formatMoney(f.costPerLead)} />
      <Figure term="Deals closed" value={f.dealsClosed} />
      <Figure term="Revenue" value={formatMoney(f.revenue)} />
      <Figure
        term="Return on spend"
        value={f.returnOnSpend === null ? "—" : formatPercent(f.returnOnSpend * 100, 0)}
      />
    </dl>
  );
}
