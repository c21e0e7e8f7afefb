import { SelectField, TextAreaField, TextField } from "~/components/form";
import { RecordPicker } from "~/components/record-picker";
import { PROJECT_STATUSES, PROJECT_TYPES, type ProjectInput } from "~/domain/workspace";
import type { Project } from "~/lib/api/workspace";
import { PROPERTY_SOURCE } from "~/lib/record-sources";
import { useForm } from "~/lib/use-form";
import { FormActions, options, textOf } from "../shared";

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
  description: textOf(project?.description),
});

/** Create or edit a project, checked with the API's own rules; amounts may be typed as "$45,000". */
export function ProjectForm(props: {
  project?: Project;
  onSave: (input: ProjectInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm({
    schema: () => import("~/domain/workspace").then((m) => m.ProjectInputSchema),
    initial: fieldsOf(props.project),
    idPrefix: "project",
    onSubmit: props.onSave,
    onDone: props.onDone,
  });

  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="space-y-4">
      <TextField {...form.field("name")} label="Name" placeholder="e.g. 14 Maple St flip" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...form.field("type")} label="Type" options={options(PROJECT_TYPES)} />
        <SelectField {...form.field("status")} label="Status" options={options(PROJECT_STATUSES)} />
      </div>
      <TextField
        {...form.field("address")}
        label="Address"
        required={false}
        autoComplete="street-address"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...form.field("city")} label="City" required={false} />
        <TextField {...form.field("state")} label="State" required={false} />
        <TextField {...form.field("zip")} label="ZIP" required={false} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...form.field("budget")} label="Budget ($)" type="number" required={false} />
        <TextField
          {...form.field("purchasePrice")}
          label="Purchase price ($)"
          type="number"
          required={false}
        />
        <TextField
          {...form.field("targetCloseDate")}
          label="Target close"
          type="date"
          required={false}
        />
      </div>
      <RecordPicker
        {...form.field("propertyId")}
        label="Property"
        source={PROPERTY_SOURCE}
        noneLabel="No property"
      />
      <TextAreaField {...form.field("description")} label="Description" />
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel={props.project ? "Save changes" : "Create project"}
        onCancel={props.onDone}
      />
    </form>
  );
}
