/**
 * The leads: motivated sellers with their stage, score, consent and next follow-up; the average
 * speed to lead; a lead's status moved in place; new, edit, delete with Undo, the CSV import and
 * an outreach draft.
 */
import { Link } from "@remix-run/react";
import {
  ListOrdered,
  MessageSquareText,
  Pencil,
  Plus,
  Trash2,
  Upload,
  UserRoundSearch,
} from "lucide-react";
import { useState } from "react";
import {
  ContactFlagBadges,
  ContactFlagsFields,
  ContactMethodList,
  MethodsField,
  personFields,
  personInput,
} from "~/components/contact-methods";
import {
  CheckboxField,
  MailingAddressFields,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/form";
import { ListStates } from "~/components/list-states";
import { Badge, ConfirmDialog, Modal } from "~/components/ui";
import { isoDay } from "~/domain/dates";
import { formatDate, formatMoney } from "~/domain/format";
import { CHANNEL_LABELS } from "~/domain/marketing/campaign-terms";
import {
  followUpDue,
  formatDuration,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadStatus,
} from "~/domain/marketing/lead-terms";
import type { LeadInput } from "~/domain/marketing/leads";
import { modulePath } from "~/domain/modules";
import { listedEmails, listedPhones } from "~/domain/contact-methods";
import { contactName, splitTags } from "~/domain/workspace-terms";
import { leadsApi, type Campaign, type Lead } from "~/lib/api/marketing";
import { MESSAGES } from "~/lib/api/messages";
import { sendVersioned } from "~/lib/changed-elsewhere";
import { useForm } from "~/lib/use-form";
import {
  deleteWithUndo,
  ExportCsvLink,
  FilterBar,
  FilterSelect,
  FormActions,
  options,
  SearchBox,
  textOf,
  toastFailure,
  useDialogParam,
  useQueryParams,
  useSearchParam,
} from "../shared";
import { FileImportDialog } from "~/components/file-import-dialog";
import { useImportChanges } from "~/lib/import-runner";
import { LeadSequenceDialog } from "./lead-sequence";
import { OutreachDialog } from "./outreach-dialog";
import { useTabData } from "./tab-data";

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
 * The list renders from the `$` route's loader (marketing.server.ts): its search, filters, sort
 * and page are the URL's, so the HTML arrives with the page the URL names and a change of them
 * reads the list, the speed to lead and the campaigns again through Remix.
 */
export function LeadsTab() {
  const { data, retry, loading } = useTabData("leads");
  const [params, update] = useQueryParams();
  const [search, setSearch] = useSearchParam();
  const campaignId = params.get("campaign") ?? "";
  const q = params.get("q") ?? "";
  const status = params.get("status") ?? "";
  const followUpBy = params.get("followUpBy") ?? "";
  const sort = params.get("sort") ?? "newest";
  const [creating, setCreating] = useDialogParam("new");
  const [importing, setImporting] = useDialogParam("import");
  const [editing, setEditing] = useState<Lead | null>(null);
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const [drafting, setDrafting] = useState<Lead | null>(null);
  // The lead whose follow-up sequence is open: `sequence` in the URL (a notice links to it).
  const sequenceLeadId = params.get("sequence");
  // Status moves shown before the list is read again: each holds while the lead is the version
  // it was moved from.
  const [moving, setMoving] = useState<Record<string, { from: string; status: LeadStatus }>>({});
  const campaigns = data?.campaigns ?? [];
  const summary = data?.summary;
  const items = data?.leads.items ?? [];
  const today = data?.today ?? isoDay(new Date());
  useImportChanges("leads", retry);

  /** What Export CSV writes: the list's leads, every page. */
  const query = { q, status, campaignId, followUpBy, sort };
  const filterBy = (name: "status" | "followUpBy" | "sort") => (value: string) =>
    update({ [name]: value || null, page: null });

  const closeForm = () => {
    setCreating(false);
    setEditing(null);
  };

  const statusOf = (lead: Lead) => {
    const move = moving[lead.id];
    return move?.from === lead.updatedAt ? move.status : lead.status;
  };
  const moveStatus = async (lead: Lead, next: LeadStatus) => {
    setMoving((all) => ({ ...all, [lead.id]: { from: lead.updatedAt, status: next } }));
    const undo = () => setMoving(({ [lead.id]: _, ...others }) => others);
    try {
      const saved = await sendVersioned({
        what: "lead",
        version: lead.updatedAt,
        send: (ifMatch) =>
          inputOf(lead).then((input) =>
            leadsApi.update(lead.id, { ...input, status: next }, ifMatch),
          ),
        reload: retry,
      });
      if (!saved) undo();
      retry();
    } catch (error) {
      undo();
      toastFailure(error);
    }
  };

  const remove = async (lead: Lead) => {
    setDeleting(null);
    await deleteWithUndo({
      what: `Lead “${contactName(lead)}”`,
      remove: (ifMatch) => leadsApi.remove(lead.id, ifMatch),
      version: { kind: "lead", updatedAt: lead.updatedAt, reload: () => undefined },
      restore: () => inputOf(lead).then(leadsApi.create).then(retry),
    });
    retry();
  };

  const campaignName = (id: string | null) => campaigns.find((c) => c.id === id)?.name;
  const leadName = (id: string) => {
    const lead = items.find((item) => item.id === id);
    return lead ? contactName(lead) : "this lead";
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" data-testid="speed-to-lead">
          {summary
            ? `${summary.leads} ${summary.leads === 1 ? "lead" : "leads"} · average speed to lead: ${
                summary.averageSpeedToLeadMinutes === null
                  ? "none contacted yet"
                  : formatDuration(summary.averageSpeedToLeadMinutes)
              }`
            : " "}
        </p>
        <div className="flex flex-wrap gap-2">
          <ExportCsvLink list="leads" query={query} />
          <ExportCsvLink list="leads" query={{ ...query, mailable: "true" }}>
            Export for a mail house
          </ExportCsvLink>
          <button type="button" onClick={() => setImporting(true)} className="btn-secondary">
            <Upload aria-hidden className="mr-1.5 size-4" /> Import a list
          </button>
          <button type="button" onClick={() => setCreating(true)} className="btn-primary">
            <Plus aria-hidden className="mr-1.5 size-4" /> New lead
          </button>
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
            update({ campaign: event.target.value || null, page: null }, { replace: true })
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
        failure={data === null ? MESSAGES.fetchLeads : null}
        onRetry={retry}
        filtered={Boolean(q || status || campaignId || followUpBy)}
        empty={{
          title: "No leads yet",
          text: "Import the list from your last mailer or cold-call session, add a seller by hand, or let a lead bot qualify sellers for you. Each lead's stage, consent and next follow-up live here.",
          action: (
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
        meta={data?.leads.meta}
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
                  <button
                    type="button"
                    onClick={() => setEditing(lead)}
                    className="block max-w-full truncate text-left font-medium hover:text-accent"
                  >
                    {name}
                  </button>
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
                  <button
                    type="button"
                    aria-label={`Draft a message to ${name}`}
                    onClick={() => setDrafting(lead)}
                    className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                  >
                    <MessageSquareText aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Follow-up sequence for ${name}`}
                    onClick={() => update({ sequence: lead.id })}
                    className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                  >
                    <ListOrdered aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Edit ${name}`}
                    onClick={() => setEditing(lead)}
                    className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                  >
                    <Pencil aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${name}`}
                    onClick={() => setDeleting(lead)}
                    className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </ListStates>
      <Modal
        open={creating || editing !== null}
        title={editing ? "Edit lead" : "New lead"}
        onClose={closeForm}
        wide
      >
        {(creating || editing) && (
          <LeadForm
            lead={editing ?? undefined}
            campaigns={campaigns}
            onSave={(input) =>
              (editing
                ? sendVersioned({
                    what: "lead",
                    version: editing.updatedAt,
                    send: (ifMatch) => leadsApi.update(editing.id, input, ifMatch),
                    // The list loads again below: it shows the lead as it now is.
                    reload: () => undefined,
                  })
                : leadsApi.create(input)
              ).then(retry)
            }
            onDone={closeForm}
          />
        )}
      </Modal>
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
      <LeadSequenceDialog
        lead={sequenceLeadId ? { id: sequenceLeadId, name: leadName(sequenceLeadId) } : null}
        sequences={data?.sequences ?? []}
        onClose={() => update({ sequence: null })}
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

const fieldsOf = (lead?: Lead) => ({
  firstName: textOf(lead?.firstName),
  lastName: textOf(lead?.lastName),
  ...personFields(lead),
  address: textOf(lead?.address),
  mailingAddress: textOf(lead?.mailingAddress),
  mailingCity: textOf(lead?.mailingCity),
  mailingState: textOf(lead?.mailingState),
  mailingZip: textOf(lead?.mailingZip),
  company: textOf(lead?.company),
  source: textOf(lead?.source),
  status: lead?.status ?? "new",
  score: textOf(lead?.score),
  followUpOn: textOf(lead?.followUpOn),
  campaignId: textOf(lead?.campaignId),
  dealValue: textOf(lead?.dealValue),
  consentEmail: String(lead?.consentEmail ?? false),
  consentSms: String(lead?.consentSms ?? false),
  consentCall: String(lead?.consentCall ?? false),
  tags: lead?.tags.join(", ") ?? "",
  notes: textOf(lead?.notes),
});

/** Create or edit a lead, checked with the API's own rules (a duplicate is named by the API). */
function LeadForm(props: {
  lead?: Lead;
  campaigns: Campaign[];
  onSave: (input: LeadInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm({
    schema: () => import("~/domain/marketing/leads").then((m) => m.LeadInputSchema),
    initial: fieldsOf(props.lead),
    idPrefix: "lead",
    shownUnder: { phone: "phones", email: "emails" },
    toInput: (values) => ({
      ...values,
      tags: splitTags(values.tags),
      consentEmail: values.consentEmail === "true",
      consentSms: values.consentSms === "true",
      consentCall: values.consentCall === "true",
      answers: props.lead?.answers ?? [],
      ...personInput(values),
    }),
    onSubmit: props.onSave,
    onDone: props.onDone,
  });
  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field("firstName")} label="First name" required={false} />
        <TextField {...form.field("lastName")} label="Last name" required={false} />
      </div>
      <MethodsField kind="phone" {...form.field("phones")} />
      <MethodsField kind="email" {...form.field("emails")} />
      <TextField
        {...form.field("address")}
        label="Property address"
        required={false}
        placeholder="The property they may sell"
      />
      <MailingAddressFields field={form.field} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField {...form.field("status")} label="Status" options={options(LEAD_STATUSES)} />
        <TextField {...form.field("score")} label="Score (0–100)" type="number" required={false} />
        <TextField
          {...form.field("followUpOn")}
          label="Next follow-up"
          type="date"
          required={false}
        />
        <TextField
          {...form.field("source")}
          label="Source"
          required={false}
          placeholder={LEAD_SOURCES.slice(0, 3).join(", ") + "…"}
        />
        <SelectField
          {...form.field("campaignId")}
          label="Campaign"
          options={[
            { value: "", label: "None" },
            ...props.campaigns.map((c) => ({
              value: c.id,
              label: `${c.name} (${CHANNEL_LABELS[c.channel]})`,
            })),
          ]}
        />
        <TextField
          {...form.field("dealValue")}
          label="Deal value ($)"
          type="number"
          required={false}
        />
      </div>
      <fieldset className="rounded-xl border border-line p-3">
        <legend className="px-1 text-sm font-medium">Consent to be contacted by</legend>
        <div className="flex flex-wrap gap-5">
          <CheckboxField {...form.field("consentEmail")} label="E-mail" />
          <CheckboxField {...form.field("consentSms")} label="SMS (written consent)" />
          <CheckboxField {...form.field("consentCall")} label="Phone calls" />
        </div>
      </fieldset>
      <ContactFlagsFields field={form.field} />
      <TextField {...form.field("tags")} label="Tags (comma-separated)" required={false} />
      <TextAreaField {...form.field("notes")} label="Notes" />
      {props.lead && props.lead.answers.length > 0 && (
        <section aria-label="The bot's questions and answers" className="text-sm">
          <h3 className="mb-1 font-medium">Answers to the lead bot</h3>
          <dl className="space-y-1">
            {props.lead.answers.map((a) => (
              <div key={a.question}>
                <dt className="text-muted">{a.question}</dt>
                <dd>{a.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel={props.lead ? "Save changes" : "Create lead"}
        onCancel={props.onDone}
      />
    </form>
  );
}
