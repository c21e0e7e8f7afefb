/**
 * The campaigns, each with the figures its leads give: leads, cost per lead, deals closed,
 * revenue and return on spend; each links to its page (its funnel, its leads, the form that edits
 * it), and is deleted here through that page's action (its leads stay, unattributed); an outreach
 * draft for the campaign. A viewer reads and drafts; it adds, edits and deletes none.
 */
import { Link } from "@remix-run/react";
import { Megaphone, MessageSquareText, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Badge, ConfirmDialog, EmptyState } from "~/components/ui";
import { formatDate } from "~/domain/format";
import { CHANNEL_LABELS } from "~/domain/marketing/campaign-terms";
import { campaignPath, modulePath } from "~/domain/modules";
import { CampaignFigures } from "./campaign-figures";
import type { Campaign } from "~/lib/api/marketing";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { useVersionedAction } from "~/lib/use-action-call";
import { toastFailure } from "../shared";
import { OutreachDialog } from "./outreach-dialog";

/** The campaigns as the route's loader read them; a delete reads them again. */
export function CampaignsTab({ campaigns }: { campaigns: Campaign[] }) {
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const [drafting, setDrafting] = useState<Campaign | null>(null);
  const canWrite = useCanWrite();
  const send = useVersionedAction<{ deleted: true }>("campaign", MESSAGES.deleteCampaign);
  const remove = (campaign: Campaign) => {
    setDeleting(null);
    send({ intent: "delete", version: campaign.updatedAt }, campaignPath(campaign.id)).catch(
      toastFailure,
    );
  };

  return (
    <div>
      {canWrite && (
        <div className="mb-4 flex justify-end">
          <Link to={campaignPath("new")} className="btn-primary">
            <Plus aria-hidden className="mr-1.5 size-4" /> New campaign
          </Link>
        </div>
      )}
      {campaigns.length === 0 && (
        <EmptyState
          icon={Megaphone}
          title="No campaigns yet"
          action={
            canWrite && (
              <Link to={campaignPath("new")} className="btn-primary">
                Create a campaign
              </Link>
            )
          }
        >
          A campaign is one way you reach sellers: a mailer, a texting run, a PPC ad, bandit signs.
          Give it a budget and record what you spend; every lead that names it counts towards its
          cost per lead and return on spend.
        </EmptyState>
      )}
      {campaigns.length > 0 && (
        <ul aria-label="Campaigns" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {campaigns.map((campaign) => (
            <li
              key={campaign.id}
              data-testid="campaign-card"
              className="rounded-2xl border border-line bg-surface p-5"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="truncate font-medium">
                    <Link to={campaignPath(campaign.id)} className="hover:text-accent">
                      {campaign.name}
                    </Link>
                  </h3>
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
              <CampaignFigures
                campaign={campaign}
                className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3"
              />
              <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
                <Link
                  to={modulePath("marketing", { tab: "leads", campaignId: campaign.id })}
                  className="btn-secondary"
                >
                  Its leads
                </Link>
                <Link
                  to={modulePath("marketing", { tab: "funnel", campaignId: campaign.id })}
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
                  {canWrite && (
                    <>
                      <Link
                        to={campaignPath(campaign.id)}
                        aria-label={`Edit ${campaign.name}`}
                        className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                      >
                        <Pencil aria-hidden className="size-4" />
                      </Link>
                      <button
                        type="button"
                        aria-label={`Delete ${campaign.name}`}
                        onClick={() => setDeleting(campaign)}
                        className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    </>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
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
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
