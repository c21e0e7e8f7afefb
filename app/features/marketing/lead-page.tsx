/**
 * A lead's page (/marketing/leads/:leadId), as its route's loader read it: who they are, their
 * follow-up sequence, the form that edits them and the delete. Each change goes to the route's
 * action: the edit as the input the form builds, against the version shown; the sequence's start
 * and stop and the delete as forms that work without JavaScript too. A viewer reads it all (the
 * form's fields disabled) and may draft a message; it changes nothing.
 */
import { useActionData, useNavigation } from "@remix-run/react";
import { MessageSquareText } from "lucide-react";
import { useState } from "react";
import { ContactFlagBadges, ContactMethodList } from "~/components/contact-methods";
import { DeleteRecord } from "~/components/delete-record";
import { HistoryPanel } from "~/components/history-panel";
import type { RecordHistory } from "~/lib/record-history";
import { Badge, ErrorNotice } from "~/components/ui";
import { formatDate, formatMoney } from "~/domain/format";
import { formatDuration } from "~/domain/marketing/lead-terms";
import type { LeadInput } from "~/domain/marketing/leads";
import { contactName, label } from "~/domain/workspace-terms";
import type { CampaignChoice, Lead } from "~/lib/api/marketing";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import type { LeadSequences, Sequence } from "~/lib/api/sequences";
import { refusalOf } from "~/lib/record-action";
import { toast } from "~/lib/toast";
import { useVersionedAction } from "~/lib/use-action-call";
import { BackLink, toastFailure } from "../shared";
import type { AssignableMember as Member } from "~/domain/assignees";
import type { LeadActionAnswer } from "./lead.server";
import { LeadForm } from "./lead-form";
import { LeadSequence } from "./lead-sequence";
import { OutreachDialog } from "./outreach-dialog";

export function LeadPage(props: {
  lead: Lead;
  campaigns: CampaignChoice[];
  sequences: Sequence[];
  followUp: LeadSequences;
  back: string;
  members: Member[];
  history: RecordHistory;
}) {
  const { lead } = props;
  const name = contactName(lead);
  // A sequence's start or stop refused (sequences off, already in one): why, beside it.
  const refused = refusalOf(useActionData<LeadActionAnswer>());
  const { state } = useNavigation();
  const [drafting, setDrafting] = useState(false);
  const canWrite = useCanWrite();
  const send = useVersionedAction<LeadActionAnswer>("lead", MESSAGES.updateLead);
  const save = (input: LeadInput) =>
    send({ intent: "update", version: lead.updatedAt, input }).then((answer) => {
      if (answer) toast.success("Lead saved");
    });
  const recordConsent = () =>
    import("~/domain/marketing/leads")
      .then(({ leadInputOf }) => save({ ...leadInputOf(lead), consentEmail: true }))
      .catch(toastFailure);
  const campaign = props.campaigns.find((c) => c.id === lead.campaignId);

  return (
    <article className="max-w-4xl">
      <BackLink to={props.back}>All leads</BackLink>
      {refused && <ErrorNotice message={refused} />}
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold">{name}</h2>
          <ContactMethodList person={lead} className="mt-1" />
          <p className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
            <Badge tone="accent">{label(lead.status)}</Badge>
            <ContactFlagBadges person={lead} />
            {lead.score !== null && <Badge>Score {lead.score}</Badge>}
            {lead.source && <Badge>{lead.source}</Badge>}
            {campaign && <Badge>{campaign.name}</Badge>}
            {lead.followUpOn && <Badge>Follow up {formatDate(lead.followUpOn)}</Badge>}
            <span className="text-muted">
              Speed to lead: {formatDuration(lead.speedToLeadMinutes)}
            </span>
            {lead.dealValue !== null && (
              <span className="text-muted">Deal {formatMoney(lead.dealValue)}</span>
            )}
          </p>
        </div>
        <button type="button" onClick={() => setDrafting(true)} className="btn-secondary">
          <MessageSquareText aria-hidden className="size-4" /> Draft a message
        </button>
      </header>
      <div className="space-y-6">
        <LeadSequence
          lead={lead}
          sequences={props.sequences}
          followUp={props.followUp}
          onRecordConsent={() => void recordConsent()}
          busy={state !== "idle"}
          readOnly={!canWrite}
        />
        <section
          aria-labelledby="lead-details"
          className="rounded-2xl border border-line bg-surface p-5"
        >
          <h3 id="lead-details" className="mb-4 font-medium">
            Details
          </h3>
          {/* A new version (saved here or elsewhere) starts the form from the lead as it now is. */}
          <LeadForm
            key={lead.updatedAt}
            lead={lead}
            campaigns={props.campaigns}
            members={props.members}
            onSave={save}
            onCancel={{ to: props.back }}
            readOnly={!canWrite}
          />
        </section>
        <HistoryPanel history={props.history} />
        <DeleteRecord
          summary="Delete this lead…"
          consequence={<>“{name}” and their contact will be deleted.</>}
          confirmLabel="Delete lead"
          version={lead.updatedAt}
          back={props.back}
        />
      </div>
      <OutreachDialog
        open={drafting}
        onClose={() => setDrafting(false)}
        target={drafting ? { leadId: lead.id, name } : null}
      />
    </article>
  );
}
