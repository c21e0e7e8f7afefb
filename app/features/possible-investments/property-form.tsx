/**
 * A property's fields, added by hand (`/possible-investments/new`), each named as the page's
 * action reads it and shown with the problem found in it (by the browser or by the action).
 */
import { AssigneeField } from "~/components/assignee";
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { PROPERTY_STATUSES, PROPERTY_TYPES } from "~/domain/workspace";
import type { AssignableMember as Member } from "~/domain/assignees";
import { options } from "../shared";

/** The form's fields, empty: the text of each as typed. */
export const EMPTY_PROPERTY = {
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
  assigneeId: "",
  notes: "",
};

export type PropertyField = keyof typeof EMPTY_PROPERTY;

export function PropertyFields({
  field,
  members,
}: {
  field: (name: PropertyField) => {
    id: string;
    name: string;
    value: string;
    onChange: (value: string) => void;
    error?: string;
  };
  /** The workspace's members, whom the property may be assigned to. */
  members: Member[];
}) {
  const amount = (name: PropertyField, label: string) => (
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
      <AssigneeField {...field("assigneeId")} members={members} current={null} />
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
