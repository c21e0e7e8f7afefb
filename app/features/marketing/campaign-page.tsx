/**
 * A campaign's page (/marketing/campaigns/:campaignId), as its route's loader read it: its figures,
 * the funnel of its leads and their first page (each a link to the lead), the form that edits it
 * and the delete. Both post to the route's action and work without JavaScript; with it, the edit
 * is sent against the version shown and a change made elsewhere is asked about. A viewer reads
 * its fields disabled, and may draft a message.
 */
import { Link, useActionData } from "@remix-run/react";
import { MessageSquareText } from "lucide-react";
import { useState } from "react";
import { DeleteRecord } from "~/components/delete-record";
import { HistoryPanel } from "~/components/history-panel";
import type { RecordHistory } from "~/lib/record-history";
import { Badge, ErrorNotice } from "~/components/ui";
import { formatDate } from "~/domain/format";
import { CHANNEL_LABELS } from "~/domain/marketing/campaign-terms";
import { leadPath, modulePath } from "~/domain/modules";
import { contactName, label } from "~/domain/workspace-terms";
import { CampaignFigures } from "./campaign-figures";
import type { Campaign, Lead, LeadSummary } from "~/lib/api/marketing";
import type { Page } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import { fieldErrorsOf, refusalOf, typedIn, type RecordActionData } from "~/lib/record-action";
import { toast } from "~/lib/toast";
import { useRecordAction } from "~/lib/use-record-action";
import { BackLink, FormActions } from "../shared";
import { CampaignFields } from "./campaign-form";
import { Funnel } from "./funnel-tab";
import { OutreachDialog } from "./outreach-dialog";

export function CampaignPage(props: {
  campaign: Campaign;
  summary: LeadSummary;
  leads: Page<Lead>;
  history: RecordHistory;
}) {
  const { campaign, summary, leads } = props;
  const list = modulePath("marketing", { tab: "campaigns" });
  const itsLeads = modulePath("marketing", { tab: "leads", campaignId: campaign.id });
  // Without JavaScript the page itself was posted: what was refused comes back with it, and the
  // form shows what was typed.
  const posted = useActionData<RecordActionData>();
  const refused = refusalOf(posted);
  const [drafting, setDrafting] = useState(false);
  const canWrite = useCanWrite();
  const edit = useRecordAction<RecordActionData>("campaign", {
    onSaved: () => toast.success("Campaign saved"),
  });

  return (
    <article className="max-w-4xl">
      <BackLink to={list}>All campaigns</BackLink>
      {refused && <ErrorNotice message={refused} />}
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold">{campaign.name}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone={campaign.status === "active" ? "success" : "neutral"}>
              {label(campaign.status)}
            </Badge>
            {CHANNEL_LABELS[campaign.channel]} ·{" "}
            {campaign.startOn ? formatDate(campaign.startOn) : "No start date"}
            {campaign.endOn && ` – ${formatDate(campaign.endOn)}`}
          </p>
        </div>
        <button type="button" onClick={() => setDrafting(true)} className="btn-secondary">
          <MessageSquareText aria-hidden className="size-4" /> Draft a message
        </button>
      </header>
      <div className="space-y-6">
        <CampaignFigures
          campaign={campaign}
          className="grid grid-cols-2 gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-3"
        />
        <section aria-labelledby="campaign-funnel">
          <h3 id="campaign-funnel" className="mb-3 font-medium">
            Its funnel
          </h3>
          <Funnel summary={summary} />
        </section>
        {leads.items.length > 0 && (
          <section aria-labelledby="campaign-leads">
            <h3
              id="campaign-leads"
              className="mb-3 flex items-baseline justify-between font-medium"
            >
              Its leads
              {leads.meta.total > leads.items.length && (
                <Link to={itsLeads} className="text-sm font-normal text-accent underline">
                  All {leads.meta.total}
                </Link>
              )}
            </h3>
            <ul
              aria-label="Its leads"
              className="divide-y divide-line rounded-2xl border border-line bg-surface"
            >
              {leads.items.map((lead) => (
                <li
                  key={lead.id}
                  data-testid="lead-row"
                  className="flex items-center justify-between gap-3 px-4 py-2.5"
                >
                  <Link
                    to={leadPath(lead.id, { back: itsLeads })}
                    className="truncate font-medium hover:text-accent"
                  >
                    {contactName(lead)}
                  </Link>
                  <Badge>{label(lead.status)}</Badge>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section
          aria-labelledby="campaign-details"
          className="rounded-2xl border border-line bg-surface p-5"
        >
          <h3 id="campaign-details" className="mb-4 font-medium">
            Details
          </h3>
          {/* A new version (saved here or elsewhere) starts the form from the campaign as it is. */}
          <form
            key={campaign.updatedAt}
            method="post"
            onSubmit={edit.onSubmit}
            noValidate
            className="space-y-4"
          >
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="version" value={campaign.updatedAt} />
            <fieldset disabled={!canWrite} className="min-w-0 space-y-4">
              <CampaignFields
                campaign={campaign}
                errors={{ ...fieldErrorsOf(posted), ...edit.fieldErrors }}
                typed={typedIn(posted)}
              />
            </fieldset>
            {canWrite && (
              <FormActions
                posts
                saving={edit.busy}
                failure={edit.refusal}
                submitLabel="Save changes"
                onCancel={{ to: list }}
              />
            )}
          </form>
        </section>
        <HistoryPanel history={props.history} />
        <DeleteRecord
          summary="Delete this campaign…"
          consequence={<>“{campaign.name}” will be deleted. Its leads stay, without a campaign.</>}
          confirmLabel="Delete campaign"
          version={campaign.updatedAt}
          back={list}
        />
      </div>
      <OutreachDialog
        open={drafting}
        onClose={() => setDrafting(false)}
        target={drafting ? { campaignId: campaign.id, name: campaign.name } : null}
      />
    </article>
  );
}
