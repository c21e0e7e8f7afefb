/**
 * The form that adds an auction (/auction/new), filled from the property the URL names: sent to
 * its route's action, then the auction's page.
 */
import { useNavigate } from "@remix-run/react";
import { auctionPath, modulePath } from "~/domain/modules";
import { MESSAGES } from "~/lib/api/messages";
import { useVersionedAction } from "~/lib/use-action-call";
import { BackLink } from "../shared";
import type { AuctionFormValues } from "./auction-fields";
import { AuctionForm } from "./auction-form";
import type { Member } from "../../../worker/services/assignees";
import type { NewAuctionAnswer } from "./auction.server";
import { announceSaved } from "./notices";

export function NewAuctionPage(props: { initial: AuctionFormValues; members: Member[] }) {
  const navigate = useNavigate();
  const create = useVersionedAction<NewAuctionAnswer>("auction", MESSAGES.createAuction);
  const list = modulePath("auction");
  return (
    <div>
      <BackLink to={list}>All auctions</BackLink>
      <h2 className="mb-4 text-2xl font-semibold">Add an auction</h2>
      <div className="max-w-4xl rounded-2xl border border-line bg-surface p-5">
        <AuctionForm
          initial={props.initial}
          bidInputs={null}
          existing={false}
          members={props.members}
          onSave={async (input) => {
            const answer = await create({ input });
            if (!answer) return;
            announceSaved(answer.calendar, "Auction added");
            navigate(auctionPath(answer.created.id), { replace: true });
          }}
          onCancel={{ to: list }}
        />
      </div>
    </div>
  );
}
