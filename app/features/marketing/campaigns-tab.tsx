/**
 * The campaigns, each with the figures its leads give: leads, cost per lead, deals closed,
 * revenue and return on spend; new, edit, delete (its leads stay, unattributed) and an outreach
 * draft for the campaign.
 */
import { Link } from "@remix-run/react";
import { Megaphone, MessageSquareText, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { Skeleton } from "~/components/skeleton";
import { Badge, ConfirmDialog, EmptyState, ErrorNotice, Figure, Modal } from "~/components/ui";
import { formatDate, formatMoney, formatPercent } from "~/domain/format";
import {
  CAMPAIGN_CHANNELS,
  CAMPAIGN_STATUSES,
  CHANNEL_LABELS,
} from "~/domain/marketing/campaign-terms";
import type { CampaignInput } from "~/domain/marketing/campaigns";
import { modulePath } from "~/domain/modules";
import { campaignsApi, type Campaign } from "~/lib/api/marketing";
import { MESSAGES } from "~/lib/api/messages";
import { sendVersioned } from "~/lib/changed-elsewhere";
import { useForm } from "~/lib/use-form";
import { FormActions, options, textOf, toastFailure, useDialogParam } from "../shared";
import { OutreachDialog } from "./outreach-dialog";
import { useTabData } from "./tab-data";

/** The campaigns render from the `$` route's loader (marketing.server.ts); a change reads them again. */
export function CampaignsTab() {
  const { data, retry } = useTabData("campaigns");
  const campaigns = data?.campaigns;
  const [creating, setCreating] = useDialogParam("new");
  const [editing, setEditing] = useState<Campaign | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const [drafting, setDrafting] = useState<Campaign | null>(null);
  const closeForm = () => {
    setCreating(false);
    setEditing(null);
  };
  const remove = async (campaign: Campaign) => {
    setDeleting(null);
    try {
      await sendVersioned({
        what: "campaign",
        version: campaign.updatedAt,
        send: (ifMatch) => campaignsApi.remove(campaign.id, ifMatch),
        reload: () => undefined,
      });
      retry();
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button type="button" onClick={() => setCreating(true)} className="btn-primary">
          <Plus aria-hidden className="mr-1.5 size-4" /> New campaign
        </button>
      </div>
      {data === null && <ErrorNotice message={MESSAGES.fetchCampaigns} onRetry={retry} />}
      {data === undefined && <Skeleton variant="card" />}
      {campaigns?.length === 0 && (
        <EmptyState
          icon={Megaphone}
          title="No campaigns yet"
          action={
            <button type="button" onClick={() => setCreating(true)} className="btn-primary">
              Create a campaign
            </button>
          }
        >
          A campaign is one way you reach sellers: a mailer, a texting run, a PPC ad, bandit signs.
          Give it a budget and record what you spend; every lead that names it counts towards its
          cost per lead and return on spend.
        </EmptyState>
      )}
      {campaigns && campaigns.length > 0 && (
        <ul aria-label="Campaigns" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {campaigns.map((campaign) => {
            const f = campaign.figures;
            return (
              <li
                key={campaign.id}
                data-testid="campaign-card"
                className="rounded-2xl border border-line bg-surface p-5"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="truncate font-medium">{campaign.name}</h3>
                    <p className="text-sm text-muted">
                      {CHANNEL_LABELS[campaign.channel]} ·{" "}
                      {campaign.startOn ? formatDate(campaign.startOn) : "No start date"}
                      {campaign.endOn && ` – ${formatDate(campaign.endOn)}`}
                    </p>
                  </div>
                  <Badge tone={campaign.status === "active" ? "success" : "neutral"}>
                    {campaign.status}
                  </Badge>
                </div>
                <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
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
                <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
                  <Link
                    to={modulePath("marketing", { tab: "leads", campaign: campaign.id })}
                    className="btn-secondary"
                  >
                    Its leads
                  </Link>
                  <Link
                    to={modulePath("marketing", { tab: "funnel", campaign: campaign.id })}
                    className="btn-secondary"
                  >
                    Its funnel
                  </Link>
                  <span className="ml-auto flex gap-1">
                    <button
                      type="button"
                      aria-label={`Draft a message for ${campaign.name}`}
                      onClick={() => setDrafting(campaign)}
                      className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                    >
                      <MessageSquareText aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      aria-label={`Edit ${campaign.name}`}
                      onClick={() => setEditing(campaign)}
                      className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                    >
                      <Pencil aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${campaign.name}`}
                      onClick={() => setDeleting(campaign)}
                      className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Modal
        open={creating || editing !== null}
        title={editing ? "Edit campaign" : "New campaign"}
        onClose={closeForm}
        wide
      >
        {(creating || editing) && (
          <CampaignForm
            campaign={editing ?? undefined}
            onSave={(input) =>
              (editing
                ? sendVersioned({
                    what: "campaign",
                    version: editing.updatedAt,
                    send: (ifMatch) => campaignsApi.update(editing.id, input, ifMatch),
                    // The list loads again below: it shows the campaign as it now is.
                    reload: () => undefined,
                  })
                : campaignsApi.create(input)
              ).then(retry)
            }
            onDone={closeForm}
          />
        )}
      </Modal>
      <OutreachDialog
        open={drafting !== null}
        onClose={() => setDrafting(null)}
        target={drafting ? { campaignId: drafting.id, name: drafting.name } : null}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this campaign?"
        message={
          deleting && <>“{deleting.name}” will be deleted. Its leads stay, without a campaign.</>
        }
        confirmLabel="Delete campaign"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

const fieldsOf = (campaign?: Campaign) => ({
  name: textOf(campaign?.name),
  channel: campaign?.channel ?? "direct_mail",
  status: campaign?.status ?? "planned",
  budget: textOf(campaign?.budget),
  spend: textOf(campaign?.spend),
  startOn: textOf(campaign?.startOn),
  endOn: textOf(campaign?.endOn),
  notes: textOf(campaign?.notes),
});

function CampaignForm(props: {
  campaign?: Campaign;
  onSave: (input: CampaignInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm({
    schema: () => import("~/domain/marketing/campaigns").then((m) => m.CampaignInputSchema),
    initial: fieldsOf(props.campaign),
    idPrefix: "campaign",
    onSubmit: props.onSave,
    onDone: props.onDone,
  });
  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="space-y-4">
      <TextField {...form.field("name")} label="Name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...form.field("channel")}
          label="Channel"
          options={CAMPAIGN_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        />
        <SelectField
          {...form.field("status")}
          label="Status"
          options={options(CAMPAIGN_STATUSES)}
        />
        <TextField {...form.field("budget")} label="Budget ($)" type="number" required={false} />
        <TextField
          {...form.field("spend")}
          label="Spent so far ($)"
          type="number"
          required={false}
        />
        <TextField {...form.field("startOn")} label="Starts" type="date" required={false} />
        <TextField {...form.field("endOn")} label="Ends" type="date" required={false} />
      </div>
      <TextAreaField {...form.field("notes")} label="Notes" />
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel={props.campaign ? "Save changes" : "Create campaign"}
        onCancel={props.onDone}
      />
    </form>
  );
}
