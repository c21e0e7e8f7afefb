import { useEffect, useState, type FormEvent } from "react";
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { PROJECT_STATUSES, PROJECT_TYPES, type ProjectInput } from "~/domain/workspace";
import { propertiesApi, type Project, type Property } from "~/lib/api/workspace";
import { numberOrNull, options, textOf, useSaveForm, FormActions } from "../shared";

const empty = {
  name: "",
  type: "fix_and_flip",
  status: "prospecting",
  address: "",
  city: "",
  state: "",
  zip: "",
  budget: "",
  purchasePrice: "",
  targetCloseDate: "",
  description: "",
  propertyId: "",
};

function fromProject(project?: Project): typeof empty {
  if (!project) return empty;
  return {
    name: project.name,
    type: project.type,
    status: project.status,
    address: textOf(project.address),
    city: textOf(project.city),
    state: textOf(project.state),
    zip: textOf(project.zip),
    budget: textOf(project.budget),
    purchasePrice: textOf(project.purchasePrice),
    targetCloseDate: textOf(project.targetCloseDate),
    propertyId: textOf(project.propertyId),
    description: textOf(project.description),
  };
}

/** Create or edit a project; field errors from the server show under their fields. */
export function ProjectForm(props: {
  project?: Project;
  onSave: (input: Partial<ProjectInput>) => Promise<unknown>;
  onDone: () => void;
}) {
  const [fields, setFields] = useState(() => fromProject(props.project));
  const { saving, errors, setErrors, failure, save } = useSaveForm(props.onDone);
  const [properties, setProperties] = useState<Property[]>([]);
  useEffect(() => {
    propertiesApi.list({ limit: 100, sort: "address", dir: "asc" }).then(
      (page) => setProperties(page.items),
      () => setProperties([]),
    );
  }, []);
  const set = (name: keyof typeof empty) => (value: string) =>
    setFields((f) => ({ ...f, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const budget = numberOrNull(fields.budget);
    const purchasePrice = numberOrNull(fields.purchasePrice);
    const local: Record<string, string> = {};
    if (!fields.name.trim()) local.name = "Give the project a name";
    if (Number.isNaN(budget)) local.budget = "Enter an amount, like 45000";
    if (Number.isNaN(purchasePrice)) local.purchasePrice = "Enter an amount, like 180000";
    setErrors(local);
    if (Object.keys(local).length) return;
    await save(() =>
      props.onSave({
        name: fields.name,
        type: fields.type as ProjectInput["type"],
        status: fields.status as ProjectInput["status"],
        address: fields.address,
        city: fields.city,
        state: fields.state,
        zip: fields.zip,
        budget,
        purchasePrice,
        targetCloseDate: fields.targetCloseDate || null,
        description: fields.description,
        propertyId: fields.propertyId || null,
      }),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        id="project-name"
        label="Name"
        value={fields.name}
        onChange={set("name")}
        error={errors.name}
        placeholder="e.g. 14 Maple St flip"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="project-type"
          label="Type"
          value={fields.type}
          onChange={set("type")}
          options={options(PROJECT_TYPES)}
          error={errors.type}
        />
        <SelectField
          id="project-status"
          label="Status"
          value={fields.status}
          onChange={set("status")}
          options={options(PROJECT_STATUSES)}
          error={errors.status}
        />
      </div>
      <TextField
        id="project-address"
        label="Address"
        required={false}
        value={fields.address}
        onChange={set("address")}
        error={errors.address}
        autoComplete="street-address"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="project-city"
          label="City"
          required={false}
          value={fields.city}
          onChange={set("city")}
          error={errors.city}
        />
        <TextField
          id="project-state"
          label="State"
          required={false}
          value={fields.state}
          onChange={set("state")}
          error={errors.state}
        />
        <TextField
          id="project-zip"
          label="ZIP"
          required={false}
          value={fields.zip}
          onChange={set("zip")}
          error={errors.zip}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          id="project-budget"
          label="Budget ($)"
          type="number"
          required={false}
          value={fields.budget}
          onChange={set("budget")}
          error={errors.budget}
        />
        <TextField
          id="project-price"
          label="Purchase price ($)"
          type="number"
          required={false}
          value={fields.purchasePrice}
          onChange={set("purchasePrice")}
          error={errors.purchasePrice}
        />
        <TextField
          id="project-close"
          label="Target close"
          type="date"
          required={false}
          value={fields.targetCloseDate}
          onChange={set("targetCloseDate")}
          error={errors.targetCloseDate}
        />
      </div>
      <SelectField
        id="project-property"
        label="Property"
        value={fields.propertyId}
        onChange={set("propertyId")}
        error={errors.propertyId}
        options={[
          { value: "", label: properties.length ? "No property" : "No properties imported yet" },
          ...properties.map((p) => ({
            value: p.id,
            label: [p.address, p.city].filter(Boolean).join(", "),
          })),
        ]}
      />
      <TextAreaField
        id="project-description"
        label="Description"
        value={fields.description}
        onChange={set("description")}
        error={errors.description}
      />
      <FormActions
        saving={saving}
        failure={failure}
        submitLabel={props.project ? "Save changes" : "Create project"}
        onCancel={props.onDone}
      />
    </form>
  );
}
