/**
 * A property's fields, added by hand (`/possible-investments/new`): posted to the page's action,
 * which checks them with the API's own rules (amounts may be typed as "$125,000"), each shown
 * with the problem the action found in it.
 */
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { PROPERTY_STATUSES, PROPERTY_TYPES } from "~/domain/workspace";
import { useFormFields } from "~/lib/record-action";
import { options } from "../shared";

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

export function PropertyFields(props: {
  errors: Record<string, string>;
  /** What was typed, when a refused form is shown again. */
  typed?: Record<string, string>;
}) {
  const { field } = useFormFields({ ...EMPTY, ...props.typed }, "property", props.errors);
  const amount = (name: keyof typeof EMPTY, label: string) => (
    <TextField {...field(name)} label={label} type="number" required={false} />
  );
  return (
    <>
      <TextField {...field("address")} label="Address" autoComplete="street-address" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field("city")} label="City" required={false} />
        <TextField {...field("state")} label="State" required={false} />
        <TextField {...field("zip")} label="ZIP" required={false} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...field("propertyType")} label="Type" options={options(PROPERTY_TYPES)} />
        <SelectField {...field("status")} label="Status" options={options(PROPERTY_STATUSES)} />
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
      <TextAreaField {...field("notes")} label="Notes" />
    </>
  );
}
