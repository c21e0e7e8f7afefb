/**
 * A project's fields, posted to its page's action (which checks them with the API's own rules;
 * amounts may be typed as "$45,000"), each with the problem the action found in it.
 */
import { AssigneeField } from "~/components/assignee";
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { RecordPicker } from "~/components/record-picker";
import { PROJECT_STATUSES, PROJECT_TYPES } from "~/domain/workspace";
import type { Project } from "~/lib/api/workspace";
import { useFormFields } from "~/lib/record-action";
import type { AssignableMember as Member } from "~/domain/assignees";
import { options, textOf } from "../shared";

const fieldsOf = (project?: Project) => ({
  name: textOf(project?.name),
  type: project?.type ?? "fix_and_flip",
  status: project?.status ?? "prospecting",
  address: textOf(project?.address),
  city: textOf(project?.city),
  state: textOf(project?.state),
  zip: textOf(project?.zip),
  budget: textOf(project?.budget),
  purchasePrice: textOf(project?.purchasePrice),
  targetCloseDate: textOf(project?.targetCloseDate),
  propertyId: textOf(project?.propertyId),
  assigneeId: textOf(project?.assigneeId),
  description: textOf(project?.description),
});

export function ProjectFields(props: {
  project?: Project;
  /** The workspace's members, whom the project may be assigned to. */
  members: Member[];
  errors: Record<string, string>;
  /** What was typed, when a refused form is shown again. */
  typed?: Record<string, string>;
}) {
  const initial = { ...fieldsOf(props.project), ...props.typed };
  const { field } = useFormFields(initial, "project", props.errors);
  return (
    <>
      <TextField {...field("name")} label="Name" placeholder="e.g. 14 Maple St flip" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field("type")} label="Type" options={options(PROJECT_TYPES)} />
        <SelectField {...field("status")} label="Status" options={options(PROJECT_STATUSES)} />
      </div>
      <AssigneeField
        {...field("assigneeId")}
        members={props.members}
        current={props.project?.assignee}
      />
      <TextField
        {...field("address")}
        label="Address"
        required={false}
        autoComplete="street-address"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field("city")} label="City" required={false} />
        <TextField {...field("state")} label="State" required={false} />
        <TextField {...field("zip")} label="ZIP" required={false} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field("budget")} label="Budget ($)" type="number" required={false} />
        <TextField
          {...field("purchasePrice")}
          label="Purchase price ($)"
          type="number"
          required={false}
        />
        <TextField
          {...field("targetCloseDate")}
          label="Target close"
          type="date"
          required={false}
        />
      </div>
      <RecordPicker
        {...field("propertyId")}
        label="Property"
        kind="property"
        noneLabel="No property"
      />
      <TextAreaField {...field("description")} label="Description" />
    </>
  );
}
