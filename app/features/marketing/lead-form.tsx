/**
 * A lead's fields, checked in the browser with the API's own rules and built into its input there
 * (its phones and e-mails as lists, its consents as yes or no): the page sends that input to its
 * route's action, which reads it with the same schema (a duplicate is named by the action). Read
 * only, its fields are shown disabled and there is nothing to send.
 */
import { AssigneeField } from "~/components/assignee";
import {
  ContactFlagsFields,
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
import { CHANNEL_LABELS } from "~/domain/marketing/campaign-terms";
import { LEAD_SOURCES, LEAD_STATUSES } from "~/domain/marketing/lead-terms";
import type { LeadInput } from "~/domain/marketing/leads";
import { splitTags } from "~/domain/workspace-terms";
import type { CampaignChoice, Lead } from "~/lib/api/marketing";
import { useForm } from "~/lib/use-form";
import type { AssignableMember as Member } from "~/domain/assignees";
import { FormActions, options, textOf } from "../shared";

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
  assigneeId: textOf(lead?.assigneeId),
  consentEmail: String(lead?.consentEmail ?? false),
  consentSms: String(lead?.consentSms ?? false),
  consentCall: String(lead?.consentCall ?? false),
  tags: lead?.tags.join(", ") ?? "",
  notes: textOf(lead?.notes),
});

/** Create or edit a lead: `onSave` sends the input built from the fields. */
export function LeadForm(props: {
  lead?: Lead;
  campaigns: CampaignChoice[];
  /** The workspace's members, whom the lead may be assigned to. */
  members: Member[];
  onSave: (input: LeadInput) => Promise<unknown>;
  onCancel: (() => void) | { to: string };
  /** The person may not change the lead (a viewer). */
  readOnly?: boolean;
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
  });
  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate>
      <fieldset disabled={props.readOnly} className="min-w-0 space-y-4">
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
          <TextField
            {...form.field("score")}
            label="Score (0–100)"
            type="number"
            required={false}
          />
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
          <AssigneeField
            {...form.field("assigneeId")}
            members={props.members}
            current={props.lead?.assignee}
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
        {!props.readOnly && (
          <FormActions
            saving={form.saving}
            failure={form.failure}
            submitLabel={props.lead ? "Save changes" : "Create lead"}
            onCancel={props.onCancel}
          />
        )}
      </fieldset>
    </form>
  );
}
