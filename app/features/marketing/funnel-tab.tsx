/**
 * The lead funnel: how many leads reached each stage and the conversion from one stage to the
 * next, overall or for one campaign, as a chart and a table; dead leads, the overall conversion
 * and the average speed to lead beside it.
 */
import { Link } from "@remix-run/react";
import { Filter } from "lucide-react";
import { EmptyState, Figure } from "~/components/ui";
import { formatPercent } from "~/domain/format";
import { formatDuration } from "~/domain/marketing/lead-terms";
import { modulePath } from "~/domain/modules";
import { label } from "~/domain/workspace-terms";
import type { CampaignChoice, LeadSummary } from "~/lib/api/marketing";
import { useCanWrite } from "~/lib/module-data";
import { BarChart } from "~/components/bar-chart";
import { useQueryParams } from "../shared";

const percent = (fraction: number | null) =>
  fraction === null ? "—" : formatPercent(fraction * 100, 1);
const leadsText = (n: number) => `${n} ${n === 1 ? "lead" : "leads"}`;

/** The funnel of every lead, or of one campaign's (`campaignId`), as the route's loader read it. */
export function FunnelTab({
  summary,
  campaigns,
}: {
  summary: LeadSummary;
  campaigns: CampaignChoice[];
}) {
  const [params, update] = useQueryParams();
  const campaignId = params.get("campaignId") ?? "";
  return (
    <div className="space-y-6">
      <label className="flex max-w-sm flex-col gap-1.5 text-sm">
        <span className="font-medium">Campaign</span>
        <select
          value={campaignId}
          onChange={(event) =>
            update({ campaignId: event.target.value || null }, { replace: true })
          }
          className="input"
        >
          <option value="">All leads</option>
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <Funnel summary={summary} />
    </div>
  );
}

/** How many leads reached each stage and moved on from it, as a chart and a table. */
export function Funnel({ summary }: { summary: LeadSummary }) {
  const steps = summary.funnel.steps;
  const canWrite = useCanWrite();
  if (summary.leads === 0)
    return (
      <EmptyState
        icon={Filter}
        title="No leads to chart yet"
        action={
          canWrite && (
            <Link
              to={modulePath("marketing", { tab: "leads", import: "1" })}
              className="btn-primary"
            >
              Import leads
            </Link>
          )
        }
      >
        The funnel shows how many leads got to each stage (new, contacted, qualified, appointment,
        under contract) and how many moved on from each. Move a lead's status as you work it and the
        funnel follows.
      </EmptyState>
    );
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {(
          [
            ["Leads", summary.leads],
            ["Under contract, of all", percent(summary.funnel.overall)],
            ["Dead", summary.funnel.dead],
            [
              "Average speed to lead",
              summary.averageSpeedToLeadMinutes === null
                ? "None contacted"
                : formatDuration(summary.averageSpeedToLeadMinutes),
            ],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <Figure term={term} value={value} />
          </div>
        ))}
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-2xl border border-line bg-surface p-4">
          <BarChart
            horizontal
            labels={steps.map((s) => label(s.stage))}
            values={steps.map((s) => s.count)}
            format={leadsText}
            summary={`Lead funnel: ${steps.map((s) => `${label(s.stage)} ${s.count}`).join(", ")}. The table lists each stage's conversion.`}
          />
        </div>
        <table className="w-full text-left text-sm" aria-label="Funnel stages">
          <thead className="text-xs text-muted uppercase">
            <tr>
              <th scope="col" className="py-2">
                Stage
              </th>
              <th scope="col" className="py-2 text-right">
                Leads reached
              </th>
              <th scope="col" className="py-2 text-right">
                From previous stage
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {steps.map((step) => (
              <tr key={step.stage} data-testid={`funnel-${step.stage}`}>
                <th scope="row" className="py-2 font-medium">
                  {label(step.stage)}
                </th>
                <td className="py-2 text-right tabular-nums">{step.count}</td>
                <td className="py-2 text-right tabular-nums">{percent(step.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">
        A lead counts at every stage it reached, even if it went back or died later.
      </p>
    </div>
  );
}
