/**
 * Create or edit an auction, checked with the API's own rules (each problem beside its field,
 * whether the browser or the API found it). Times are typed as the clock reads where the sale is;
 * the zone follows the state until one is chosen. The sale type says which liens usually survive.
 */
import { Link } from "@remix-run/react";
import { BookOpen } from "lucide-react";
import { useRef } from "react";
import { AssigneeField } from "~/components/assignee";
import { SelectField, TextAreaField, TextField } from "~/components/form";
import { RecordPicker } from "~/components/record-picker";
import {
  AUCTION_STATUSES,
  SALE_TYPES,
  saleTypeLabel,
  type SaleType,
} from "~/domain/auctions/auction-terms";
import type { AuctionInput } from "~/domain/auctions/auction";
import type { MaxBidInputs } from "~/domain/auctions/max-bid";
import { CHECK_YOUR_STATE, SALE_TYPE_GUIDE } from "~/domain/auctions/sale-types";
import { zoneOfState } from "~/domain/auctions/state-zones";
import { SALE_TYPES_GUIDE_PATH } from "~/domain/modules";
import { MESSAGES } from "~/lib/api/messages";
import { ServiceError } from "~/lib/api/workspace";
import { useForm } from "~/lib/use-form";
import type { Assignee } from "~/domain/assignees";
import type { AssignableMember as Member } from "~/domain/assignees";
import { FormActions, options } from "../shared";
import { auctionBodyOf, WINNING_STATUSES, type AuctionFormValues } from "./auction-fields";

/** The usual US zones, by the name people know them by. */
const US_ZONES: readonly [zone: string, name: string][] = [
  ["America/New_York", "Eastern"],
  ["America/Chicago", "Central"],
  ["America/Denver", "Mountain"],
  ["America/Phoenix", "Arizona"],
  ["America/Los_Angeles", "Pacific"],
  ["America/Anchorage", "Alaska"],
  ["Pacific/Honolulu", "Hawaii"],
  ["America/Puerto_Rico", "Atlantic (Puerto Rico)"],
];

/** The zones to choose from: the usual ones, the auction's own and the viewer's. */
function zoneOptions(chosen: string) {
  const viewer = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = new Map(US_ZONES);
  for (const zone of [chosen, viewer]) if (zone && !zones.has(zone)) zones.set(zone, "");
  return [...zones].map(([zone, name]) => ({
    value: zone,
    label: name ? `${name} — ${zone.replace(/_/g, " ")}` : zone.replace(/_/g, " "),
  }));
}

const SALE_TYPE_OPTIONS = [
  { value: "", label: "Choose the sale type" },
  ...SALE_TYPES.map((type) => ({ value: type, label: saleTypeLabel(type) })),
];

/** Which liens usually survive the chosen sale type, and the guide to all five. */
function LienHint(props: { saleType: string }) {
  const guide = SALE_TYPE_GUIDE[props.saleType as SaleType];
  return (
    <div className="rounded-xl border border-line bg-raised/60 p-3 text-sm">
      {guide && (
        <>
          <p>
            <span className="font-medium">Liens: </span>
            {guide.liens}
          </p>
          <p className="mt-1 text-xs text-muted">{CHECK_YOUR_STATE}</p>
        </>
      )}
      <Link
        to={SALE_TYPES_GUIDE_PATH}
        target="_blank"
        rel="noopener"
        className="mt-2 inline-flex items-center gap-1 text-accent underline"
      >
        <BookOpen aria-hidden className="size-4" /> Guide to the five sale types
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>
    </div>
  );
}

/**
 * A form over an auction's fields: its text read as the API's input (times in the sale's zone),
 * the rules across fields checked as the API checks them, then saved. Each problem shows beside
 * its field, found here or answered by the API.
 */
export function useAuctionForm(options: {
  initial: AuctionFormValues;
  /** The calculator's inputs saved with the auction, kept as they are. */
  bidInputs: MaxBidInputs | null;
  idPrefix: string;
  onSave: (input: AuctionInput) => Promise<unknown>;
  /** After a save. */
  onDone?: () => void;
}) {
  return useForm({
    schema: () => import("~/domain/auctions/auction").then((m) => m.AuctionFieldsSchema),
    initial: options.initial,
    idPrefix: options.idPrefix,
    toInput: (values) => auctionBodyOf(values, options.bidInputs),
    onSubmit: async (fields) => {
      const { checkAuction } = await import("./auction-checks");
      const checked = checkAuction(fields);
      // Answered as the API's 400 would be, so each problem shows beside its field.
      if (!checked.ok)
        throw new ServiceError(MESSAGES.requestFailed, {
          message: "Check the highlighted fields",
          statusCode: 400,
          details: checked.problems,
        });
      return options.onSave(checked.input);
    },
    onDone: options.onDone,
  });
}

export function AuctionForm(props: {
  initial: AuctionFormValues;
  /** The calculator's inputs saved with the auction, kept as they are. */
  bidInputs: MaxBidInputs | null;
  /** Editing a saved auction (its zone was chosen); else a new one. */
  existing: boolean;
  /** The workspace's members, whom the auction may be assigned to, and whom it is. */
  members: Member[];
  assignee?: Assignee | null;
  onSave: (input: AuctionInput) => Promise<unknown>;
  /** After a save. */
  onDone?: () => void;
  /** Closes the form, or (`to`) the page to go back to. */
  onCancel: (() => void) | { to: string };
}) {
  const form = useAuctionForm({ ...props, idPrefix: "auction" });
  const { values, setValues } = form;
  // A new auction's zone follows its state until the user picks one.
  const zoneChosen = useRef(props.existing);
  const stateField = {
    ...form.field("state"),
    onChange: (state: string) =>
      setValues((current) => ({
        ...current,
        state,
        timeZone: (!zoneChosen.current && zoneOfState(state)) || current.timeZone,
      })),
  };
  const zoneField = {
    ...form.field("timeZone"),
    onChange: (timeZone: string) => {
      zoneChosen.current = true;
      setValues((current) => ({ ...current, timeZone }));
    },
  };
  const zoneName = values.timeZone.replace(/_/g, " ");
  const percentDeposit = values.depositMode === "percent";
  const showPostponed = values.status === "postponed" || Boolean(values.postponedTo);

  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">The sale</legend>
        <div className="grid items-end gap-4 sm:grid-cols-2">
          <SelectField {...form.field("saleType")} label="Sale type" options={SALE_TYPE_OPTIONS} />
          <SelectField
            {...form.field("status")}
            label="Status"
            options={options(AUCTION_STATUSES)}
          />
        </div>
        <AssigneeField
          {...form.field("assigneeId")}
          members={props.members}
          current={props.assignee}
        />
        <LienHint saleType={values.saleType} />
        <div className="grid items-end gap-4 sm:grid-cols-3">
          <TextField {...form.field("saleAt")} label="Sale date" type="date" />
          <TextField {...form.field("saleTime")} label="Sale time" type="time" required={false} />
          <SelectField {...zoneField} label="Time zone" options={zoneOptions(values.timeZone)} />
        </div>
        <p className="text-xs text-muted">
          Dates and times as the clock reads where the sale is ({zoneName}). Leave the time empty
          while the county has not posted it: the sale shows as its day.
        </p>
        {showPostponed && (
          <div className="grid items-end gap-4 sm:grid-cols-3">
            <TextField
              {...form.field("postponedTo")}
              label="Postponed to (date)"
              type="date"
              required={values.status === "postponed"}
            />
            <TextField
              {...form.field("postponedTime")}
              label="Postponed to (time)"
              type="time"
              required={values.status === "postponed"}
            />
          </div>
        )}
        <div className="grid items-end gap-4 sm:grid-cols-2">
          <TextField
            {...form.field("venue")}
            label="Venue"
            required={false}
            placeholder="e.g. Courthouse steps, Room 101"
          />
          <TextField
            {...form.field("onlineUrl")}
            label="Online sale address"
            required={false}
            placeholder="https://…"
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">The property</legend>
        <TextField {...form.field("address")} label="Address" autoComplete="street-address" />
        <div className="grid items-end gap-4 sm:grid-cols-4">
          <TextField {...form.field("city")} label="City" required={false} />
          <TextField {...form.field("county")} label="County" required={false} />
          <TextField {...stateField} label="State" required={false} placeholder="e.g. PA" />
          <TextField {...form.field("zip")} label="ZIP" required={false} />
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-2">
          <TextField {...form.field("caseNumber")} label="Case number" required={false} />
          <TextField {...form.field("apn")} label="APN (parcel number)" required={false} />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">Money and deadlines</legend>
        <div className="grid items-end gap-4 sm:grid-cols-3">
          <TextField
            {...form.field("openingBid")}
            label="Opening bid ($)"
            type="number"
            required={false}
          />
          <TextField
            {...form.field("plannedBid")}
            label="Planned bid ($)"
            type="number"
            required={false}
          />
          <TextField
            {...form.field("buyerPremiumPct")}
            label="Buyer's premium (% of the bid)"
            type="number"
            required={false}
          />
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-3">
          <fieldset className="space-y-2 text-sm">
            <legend className="mb-2 font-medium">Deposit given as</legend>
            {(
              [
                ["amount", "An amount ($)"],
                ["percent", "A percent of the bid"],
              ] as const
            ).map(([mode, text]) => (
              <label key={mode} className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="auction-deposit-mode"
                  checked={values.depositMode === mode}
                  onChange={() => setValues((current) => ({ ...current, depositMode: mode }))}
                  className="size-4 accent-[var(--accent)]"
                />
                {text}
              </label>
            ))}
          </fieldset>
          {percentDeposit ? (
            <TextField
              {...form.field("depositPct")}
              label="Deposit (% of the bid)"
              type="number"
              required={false}
            />
          ) : (
            <TextField
              {...form.field("depositAmount")}
              label="Deposit ($)"
              type="number"
              required={false}
            />
          )}
          <TextField
            {...form.field("balanceDueDays")}
            label="Balance due (days after the sale)"
            type="number"
            required={false}
          />
        </div>
        <div className="grid items-end gap-4 sm:grid-cols-3">
          <TextField
            {...form.field("depositDueAt")}
            label="Deposit due (date)"
            type="date"
            required={false}
          />
          <TextField
            {...form.field("depositDueTime")}
            label="Deposit due (time)"
            type="time"
            required={false}
          />
          {WINNING_STATUSES.includes(values.status) && (
            <TextField
              {...form.field("winningBid")}
              label="Winning bid ($)"
              type="number"
              required={false}
            />
          )}
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 font-semibold">Linked records</legend>
        <div className="grid items-end gap-4 sm:grid-cols-3">
          <RecordPicker
            {...form.field("propertyId")}
            label="Property"
            kind="property"
            noneLabel="None"
          />
          <RecordPicker
            {...form.field("dealId")}
            label="Analysis behind the bid"
            kind="analysis"
            filters={{ propertyId: values.propertyId }}
            noneLabel="None"
          />
          <RecordPicker
            {...form.field("projectId")}
            label="Project"
            kind="project"
            noneLabel="None"
          />
          <RecordPicker
            {...form.field("attorneyContactId")}
            label="Attorney or trustee"
            kind="contact"
            noneLabel="None"
          />
          <RecordPicker
            {...form.field("auctioneerContactId")}
            label="Auctioneer"
            kind="contact"
            noneLabel="None"
          />
        </div>
      </fieldset>

      <TextAreaField {...form.field("notes")} label="Notes" rows={3} />
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel={props.existing ? "Save changes" : "Add auction"}
        onCancel={props.onCancel}
      />
    </form>
  );
}
