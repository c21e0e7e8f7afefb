/**
 * The leads: motivated sellers with their stage, score, consent and next follow-up; the average
 * speed to lead; a lead's status moved in place and its deletion with Undo, through the lead's
 * page's action; each lead's page (its form, its sequence); the CSV import and an outreach draft.
 * A viewer reads, filters, exports and drafts; it imports, adds, moves and deletes nothing.
 */
import { Link, useLocation } from "@remix-run/react";
import { MessageSquareText, Pencil, Plus, Trash2, Upload, UserRoundSearch } from "lucide-react";
import { useState } from "react";
import { ContactFlagBadges, ContactMethodList } from "~/components/contact-methods";
import { AssigneeBadge } from "~/components/assignee";
import { CheckboxField } from "~/components/form";
import { ListStates } from "~/components/list-states";
import { Badge, ConfirmDialog } from "~/components/ui";
import { formatDate, formatMoney } from "~/domain/format";
import {
  followUpDue,
  formatDuration,
  LEAD_STATUSES,
  type LeadStatus,
} from "~/domain/marketing/lead-terms";
import type { LeadInput } from "~/domain/marketing/leads";
import { leadPath, modulePath } from "~/domain/modules";
import { listedEmails, listedPhones } from "~/domain/contact-methods";
import { contactName, label } from "~/domain/workspace-terms";
import type { CampaignChoice, Lead, LeadSummary } from "~/lib/api/marketing";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import type { Page } from "~/lib/api/workspace";
import { useVersionedAction } from "~/lib/use-action-call";
import {
  deleteWithUndo,
  ExportCsvLink,
  FilterBar,
  FilterSelect,
  MineFilter,
  options,
  SearchBox,
  toastFailure,
  useDialogParam,
  usePageReading,
  useQueryParams,
  useSearchParam,
} from "../shared";
import { FileImportDialog } from "~/components/file-import-dialog";
import type { LeadActionAnswer, NewLeadAnswer } from "./lead.server";
import { OutreachDialog } from "./outreach-dialog";

/** The fields a client writes, as the lead has them (with the schema, loaded when needed). */
const inputOf = (lead: LeadInput) =>
  import("~/domain/marketing/leads").then(({ leadInputOf }) => leadInputOf(lead));

const SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "follow_up", label: "Follow-up date" },
  { value: "score", label: "Highest score" },
  { value: "name", label: "Name" },
] as const;

/**
 * Deletes a lead through its page's action, against the version the list shows; Undo adds it
 * again through the action of the form that adds one, for the toast's lifetime.
 */
function useDeleteLead() {
  const send = useVersionedAction<LeadActionAnswer>("lead", MESSAGES.deleteLead);
  const restore = useVersionedAction<NewLeadAnswer>("lead", MESSAGES.createLead);
  return (lead: Lead) =>
    deleteWithUndo({
      what: `Lead “${contactName(lead)}”`,
      remove: async () =>
        (await send({ intent: "delete", version: lead.updatedAt }, leadPath(lead.id))) !==
        undefined,
      restore: () => inputOf(lead).then((input) => restore({ input }, leadPath("new"))),
    });
}

/**
 * The list as the route's loader read it (marketing.server.ts): its search, filters, sort and
 * page are the URL's, so the HTML arrives with the page the URL names and a change of them reads
 * the list, the speed to lead and the campaigns again through Remix. Each name links to the
 * lead's page, which goes back to this list with its filters.
 */
export function LeadsTab(props: {
  leads: Page<Lead>;
  summary: LeadSummary;
  campaigns: CampaignChoice[];
  today: string;
}) {
  const { loading } = usePageReading();
  const [params, update] = useQueryParams();
  const [search, setSearch] = useSearchParam();
  const { search: listQuery } = useLocation();
  const back = `${modulePath("marketing")}${listQuery}`;
  const campaignId = params.get("campaignId") ?? "";
  const q = params.get("q") ?? "";
  const status = params.get("status") ?? "";
  const followUpBy = params.get("followUpBy") ?? "";
  const assignee = params.get("assignee") ?? "";
  const sort = params.get("sort") ?? "newest";
  const canWrite = useCanWrite();
  const [importParam, setImporting] = useDialogParam("import");
  const importing = importParam && canWrite;
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const [drafting, setDrafting] = useState<Lead | null>(null);
  // Status moves shown before the list is read again: each holds while the lead is the version
  // it was moved from.
  const [moving, setMoving] = useState<Record<string, { from: string; status: LeadStatus }>>({});
  const { campaigns, summary, today } = props;
  const items = props.leads.items;
  const changeStatus = useVersionedAction<LeadActionAnswer>("lead", MESSAGES.updateLead);
  const deleteLead = useDeleteLead();

  /** What Export CSV writes: the list's leads, every page. */
  const query = { q, status, campaignId, followUpBy, assignee, sort };
  const filterBy = (name: "status" | "followUpBy" | "sort") => (value: string) =>
    update({ [name]: value || null, page: null });

  const statusOf = (lead: Lead) => {
    const move = moving[lead.id];
    return move?.from === lead.updatedAt ? move.status : lead.status;
  };
  const moveStatus = async (lead: Lead, next: LeadStatus) => {
    setMoving((all) => ({ ...all, [lead.id]: { from: lead.updatedAt, status: next } }));
    const undo = () => setMoving(({ [lead.id]: _, ...others }) => others);
    try {
      const input = await inputOf(lead);
      const saved = await changeStatus(
        { intent: "update", version: lead.updatedAt, input: { ...input, status: next } },
        leadPath(lead.id),
      );
      if (!saved) undo();
    } catch (error) {
      undo();
      toastFailure(error);
    }
  };

  const remove = async (lead: Lead) => {
    setDeleting(null);
    await deleteLead(lead);
  };

  const campaignName = (id: string | null) => campaigns.find((c) => c.id === id)?.name;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" data-testid="speed-to-lead">
          {`${summary.leads} ${summary.leads === 1 ? "lead" : "leads"} · average speed to lead: ${
            summary.averageSpeedToLeadMinutes === null
              ? "none contacted yet"
              : formatDuration(summary.averageSpeedToLeadMinutes)
          }`}
        </p>
        <div className="flex flex-wrap gap-2">
          <ExportCsvLink list="leads" query={query} />
          <ExportCsvLink list="leads" query={{ ...query, mailable: "true" }}>
            Export for a mail house
          </ExportCsvLink>
          {canWrite && (
            <>
              <button type="button" onClick={() => setImporting(true)} className="btn-secondary">
                <Upload aria-hidden className="mr-1.5 size-4" /> Import a list
              </button>
              <Link to={leadPath("new")} className="btn-primary">
                <Plus aria-hidden className="mr-1.5 size-4" /> New lead
              </Link>
            </>
          )}
        </div>
      </div>
      <FilterBar>
        <SearchBox
          label="Search leads"
          placeholder="Search name, phone, e-mail, source…"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          label="Filter by status"
          allLabel="All statuses"
          values={LEAD_STATUSES}
          value={status}
          onChange={filterBy("status")}
        />
        <select
          aria-label="Filter by campaign"
          value={campaignId}
          onChange={(event) =>
            update({ campaignId: event.target.value || null, page: null }, { replace: true })
          }
          className="input"
        >
          <option value="">All campaigns</option>
          {campaigns.map((campaign) => (
            <option key={campaign.id} value={campaign.id}>
              {campaign.name}
            </option>
          ))}
        </select>
      </FilterBar>
      <div className="mb-4 flex flex-wrap items-center gap-4">
        <MineFilter />
        <CheckboxField
          id="leads-due"
          label="Follow-ups due"
          value={String(Boolean(followUpBy))}
          onChange={(value) => filterBy("followUpBy")(value === "true" ? today : "")}
        />
        <label className="flex items-center gap-2 text-sm text-muted">
          Sort
          <select
            value={sort}
            onChange={(event) =>
              filterBy("sort")(event.target.value === "newest" ? "" : event.target.value)
            }
            className="input w-auto py-1"
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <span className="text-xs text-muted">
          Export for a mail house leaves out the deceased, known litigators and anyone flagged do
          not mail.
        </span>
      </div>
      <ListStates
        noun={{ one: "lead", many: "leads" }}
        icon={UserRoundSearch}
        skeleton="list"
        count={items.length}
        loading={loading}
        filtered={Boolean(q || status || campaignId || followUpBy || assignee)}
        empty={{
          title: "No leads yet",
          text: "Import the list from your last mailer or cold-call session, add a seller by hand, or let a lead bot qualify sellers for you. Each lead's stage, consent and next follow-up live here.",
          action: canWrite && (
            <div className="flex flex-wrap justify-center gap-3">
              <button type="button" onClick={() => setImporting(true)} className="btn-primary">
                Import a CSV of leads
              </button>
              <Link to={modulePath("marketing", { tab: "bots" })} className="btn-secondary">
                Create a lead bot
              </Link>
            </div>
          ),
        }}
        meta={props.leads.meta}
        onPage={(page) => update({ page: page > 1 ? String(page) : null })}
      >
        <ul
          aria-label="Leads"
          className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
        >
          {items.map((lead) => {
            const due = followUpDue(lead, today);
            const name = contactName(lead);
            return (
              <li
                key={lead.id}
                data-testid="lead-row"
                className="grid gap-3 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:px-5"
              >
                <div className="min-w-0">
                  <span className="flex min-w-0 items-center gap-2">
                    <Link
                      to={leadPath(lead.id, { back })}
                      className="block max-w-full truncate font-medium hover:text-accent"
                    >
                      {name}
                    </Link>
                    <AssigneeBadge assignee={lead.assignee} />
                  </span>
                  {listedPhones(lead).length + listedEmails(lead).length > 0 ? (
                    <ContactMethodList person={lead} className="mt-0.5" />
                  ) : (
                    <span className="block text-sm text-muted">No phone or e-mail yet</span>
                  )}
                  {lead.address && (
                    <span className="block truncate text-sm text-muted">{lead.address}</span>
                  )}
                  <span className="mt-1.5 flex flex-wrap gap-1.5 text-xs">
                    <ContactFlagBadges person={lead} />
                    {lead.score !== null && <Badge tone="accent">Score {lead.score}</Badge>}
                    {lead.source && <Badge>{lead.source}</Badge>}
                    {lead.campaignId && campaignName(lead.campaignId) && (
                      <Badge>{campaignName(lead.campaignId)}</Badge>
                    )}
                    {lead.followUpOn && (
                      <Badge tone={due ? "danger" : "neutral"}>
                        {due ? "Follow up due " : "Follow up "}
                        {formatDate(lead.followUpOn)}
                      </Badge>
                    )}
                    <Badge tone={lead.consentEmail ? "success" : "neutral"}>
                      E-mail {lead.consentEmail ? "✓" : "✗"}
                    </Badge>
                    <Badge tone={lead.consentSms ? "success" : "neutral"}>
                      SMS {lead.consentSms ? "✓" : "✗"}
                    </Badge>
                    <Badge tone={lead.consentCall ? "success" : "neutral"}>
                      Call {lead.consentCall ? "✓" : "✗"}
                    </Badge>
                    <span className="text-muted">
                      Speed to lead: {formatDuration(lead.speedToLeadMinutes)}
                    </span>
                    {lead.dealValue !== null && (
                      <span className="text-muted">Deal {formatMoney(lead.dealValue)}</span>
                    )}
                  </span>
                </div>
                <div className="flex items-center gap-1">
                  {canWrite ? (
                    <select
                      aria-label={`Status of ${name}`}
                      value={statusOf(lead)}
                      onChange={(event) => void moveStatus(lead, event.target.value as LeadStatus)}
                      className="input mr-1 w-auto py-1 text-sm"
                    >
                      {options(LEAD_STATUSES).map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <Badge tone="accent">{label(lead.status)}</Badge>
                  )}
                  <button
                    type="button"
                    aria-label={`Draft a message to ${name}`}
                    onClick={() => setDrafting(lead)}
                    className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                  >
                    <MessageSquareText aria-hidden className="size-4" />
                  </button>
                  {canWrite && (
                    <>
                      <Link
                        to={leadPath(lead.id, { back })}
                        aria-label={`Edit ${name}`}
                        className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                      >
                        <Pencil aria-hidden className="size-4" />
                      </Link>
                      <button
                        type="button"
                        aria-label={`Delete ${name}`}
                        onClick={() => setDeleting(lead)}
                        className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                      >
                        <Trash2 aria-hidden className="size-4" />
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </ListStates>
      <FileImportDialog
        kind="leads"
        open={importing}
        campaigns={campaigns}
        onClose={() => setImporting(false)}
      />
      <OutreachDialog
        open={drafting !== null}
        onClose={() => setDrafting(null)}
        target={drafting ? { leadId: drafting.id, name: contactName(drafting) } : null}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this lead?"
        message={deleting && <>“{contactName(deleting)}” and their contact will be deleted.</>}
        confirmLabel="Delete lead"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
