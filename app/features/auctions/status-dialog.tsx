/**
 * An auction's status changed: postponed (to a new date and time, read where the sale is), or
 * won, lost, sold, cancelled, redeemed (with the winning bid when it was won or sold). Every other
 * field is sent back as it is (PUT replaces).
 */
import { SelectField, TextField } from "~/components/form";
import { Modal } from "~/components/ui";
import type { AuctionInput } from "~/domain/auctions/auction";
import { AUCTION_STATUSES } from "~/domain/auctions/auction-terms";
import type { Auction } from "~/lib/api/auctions";
import { FormActions, options } from "../shared";
import { auctionFormValues, DEFAULT_SALE_TIME, WINNING_STATUSES } from "./auction-fields";
import { useAuctionForm } from "./auction-form";

/** Postponing (the new date asked afresh), or choosing any status. */
export type StatusChange = "postpone" | "status";

function StatusForm(props: {
  auction: Auction;
  change: StatusChange;
  onSave: (input: AuctionInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const postponing = props.change === "postpone";
  const form = useAuctionForm({
    initial: {
      ...auctionFormValues(props.auction),
      ...(postponing && { status: "postponed", postponedTo: "", postponedTime: DEFAULT_SALE_TIME }),
    },
    bidInputs: props.auction.bidInputs,
    idPrefix: "auction-status",
    onSave: props.onSave,
    onDone: props.onDone,
  });
  const { status } = form.values;
  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="space-y-4">
      {!postponing && (
        <SelectField {...form.field("status")} label="Status" options={options(AUCTION_STATUSES)} />
      )}
      {status === "postponed" && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...form.field("postponedTo")}
              label="New sale date"
              type="date"
              required={false}
            />
            <TextField {...form.field("postponedTime")} label="New sale time" type="time" />
          </div>
          <p className="text-sm text-muted">
            As the clock reads where the sale is ({props.auction.timeZone.replace(/_/g, " ")}). The
            sale's dates move on your calendars. Adjourned without a new date yet? Leave it empty.
          </p>
        </>
      )}
      {WINNING_STATUSES.includes(status) && (
        <TextField
          {...form.field("winningBid")}
          label="Winning bid ($)"
          type="number"
          required={false}
        />
      )}
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel={postponing ? "Postpone" : "Save status"}
        onCancel={props.onDone}
      />
    </form>
  );
}

/** The dialog, open while `change` is set. */
export function StatusDialog(props: {
  auction: Auction;
  change: StatusChange | null;
  onSave: (input: AuctionInput) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <Modal
      open={props.change !== null}
      title={props.change === "postpone" ? "Postpone the sale" : "Change the status"}
      onClose={props.onClose}
    >
      {props.change && (
        <StatusForm
          key={props.change}
          auction={props.auction}
          change={props.change}
          onSave={props.onSave}
          onDone={props.onClose}
        />
      )}
    </Modal>
  );
}
