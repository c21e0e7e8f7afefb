/** A campaign's figures, as its card on the campaigns tab and its page show them. */
import { Figure } from "~/components/ui";
import { formatMoney, formatPercent } from "~/domain/format";
import type { Campaign } from "~/lib/api/marketing";

export function CampaignFigures(props: { campaign: Campaign; className: string }) {
  const { campaign } = props;
  const f = campaign.figures;
  return (
    <dl className={props.className}>
      {(
        [
          [
            "Spend / budget",
            `${formatMoney(campaign.spend ?? 0)} / ${formatMoney(campaign.budget)}`,
          ],
          ["Leads", f.leads],
          ["Cost per lead", formatMoney(f.costPerLead)],
          ["Deals closed", f.dealsClosed],
          ["Revenue", formatMoney(f.revenue)],
          [
            "Return on spend",
            f.returnOnSpend === null ? "—" : formatPercent(f.returnOnSpend * 100, 0),
          ],
        ] as const
      ).map(([term, value]) => (
        // One cell of the grid for each figure, its term above its value.
        <div key={term}>
          <Figure term={term} value={value} />
        </div>
      ))}
    </dl>
  );
}
