/** A property added by hand (`/possible-investments/new`), checked with the API's own rules. */
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { PROPERTY_STATUSES, PROPERTY_TYPES, type PropertyInput } from "~/domain/workspace";
import { useForm } from "~/lib/use-form";
import { FormActions, options } from "../shared";

const EMPTY = {
  address: "",
  city: "",
  state: "",
  zip: "",
  propertyType: "single_family",
  status: "new",
  listPrice: "",
  rentEstimate: "",
  arv: "",
  propertyTaxesAnnual: "",
  beds: "",
  baths: "",
  squareFeet: "",
  notes: "",
};

export function PropertyForm(props: {
  onSave: (input: PropertyInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm({
    schema: () => import("~/domain/workspace").then((m) => m.PropertyInputSchema),
    initial: EMPTY,
    idPrefix: "property",
    onSubmit: props.onSave,
  });
  const amount = (name: keyof typeof EMPTY, label: string) => (
    <TextField {...form.field(name)} label={label} type="number" required={false} />
  );
  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="max-w-3xl space-y-4">
      <TextField {...form.field("address")} label="Address" autoComplete="street-address" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...form.field("city")} label="City" required={false} />
        <TextField {...form.field("state")} label="State" required={false} />
        <TextField {...form.field("zip")} label="ZIP" required={false} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...form.field("propertyType")}
          label="Type"
          options={options(PROPERTY_TYPES)}
        />
        <SelectField
          {...form.field("status")}
          label="Status"
          options={options(PROPERTY_STATUSES)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        {amount("listPrice", "Price ($)")}
        {amount("rentEstimate", "Rent / month ($)")}
        {amount("arv", "ARV ($)")}
        {amount("propertyTaxesAnnual", "Taxes / year ($)")}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {amount("beds", "Beds")}
        {amount("baths", "Baths")}
        {amount("squareFeet", "Sq ft")}
      </div>
      <TextAreaField {...form.field("notes")} label="Notes" />
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel="Add property"
        onCancel={props.onDone}
      />
    </form>
  );
}
