/**
 * The form that adds an auction (/auction/new), filled from the property the URL names: sent to
 * its route's action, then the auction's page. A viewer is told whom to ask instead.
 */
import { useNavigate } from "@remix-run/react";
import { auctionPath, modulePath } from "~/domain/modules";
import { ViewerNotice } from "~/components/viewer-notice";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { useVersionedAction } from "~/lib/use-action-call";
import { BackLink } from "../shared";
import type { AuctionFormValues } from "./auction-fields";
import { AuctionForm } from "./auction-form";
import type { AssignableMember as Member } from "~/domain/assignees";
import type { NewAuctionAnswer } from "./auction.server";
import { announceSaved } from "./notices";

export function NewAuctionPage(props: { initial: AuctionFormValues; members: Member[] }) {
  const navigate = useNavigate();
  const create = useVersionedAction<NewAuctionAnswer>("auction", MESSAGES.createAuction);
  const list = modulePath("auction");
  const canWrite = useCanWrite();
  return (
    <div>
      <BackLink to={list}>All auctions</BackLink>
      <h2 className="mb-4 text-2xl font-semibold">Add an auction</h2>
      {canWrite ? (
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
      ) : (
        <ViewerNotice what="add auctions" />
      )}
    </div>
  );
}
