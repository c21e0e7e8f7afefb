/**
 * A campaign's fields, posted to its page's action (which checks them with the API's own rules;
 * amounts may be typed as "$4,500"), each with the problem the action found in it.
 */
import { SelectField, TextAreaField, TextField } from "~/components/form";
import {
  CAMPAIGN_CHANNELS,
  CAMPAIGN_STATUSES,
  CHANNEL_LABELS,
} from "~/domain/marketing/campaign-terms";
import type { Campaign } from "~/lib/api/marketing";
import { useFormFields } from "~/lib/record-action";
import { options, textOf } from "../shared";

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

export function CampaignFields(props: {
  campaign?: Campaign;
  errors: Record<string, string>;
  /** What was typed, when a refused form is shown again. */
  typed?: Record<string, string>;
}) {
  const initial = { ...fieldsOf(props.campaign), ...props.typed };
  const { field } = useFormFields(initial, "campaign", props.errors);
  return (
    <>
      <TextField {...field("name")} label="Name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...field("channel")}
          label="Channel"
          options={CAMPAIGN_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
        />
        <SelectField {...field("status")} label="Status" options={options(CAMPAIGN_STATUSES)} />
        <TextField {...field("budget")} label="Budget ($)" type="number" required={false} />
        <TextField {...field("spend")} label="Spent so far ($)" type="number" required={false} />
        <TextField {...field("startOn")} label="Starts" type="date" required={false} />
        <TextField {...field("endOn")} label="Ends" type="date" required={false} />
      </div>
      <TextAreaField {...field("notes")} label="Notes" />
    </>
  );
}
