/**
 * The form that adds a lead (/marketing/leads/new): the input it builds is sent to its route's
 * action, then the lead's page opens. A viewer is told whom to ask instead.
 */
import { useNavigate } from "@remix-run/react";
import { leadPath, modulePath } from "~/domain/modules";
import type { CampaignChoice } from "~/lib/api/marketing";
import { ViewerNotice } from "~/components/viewer-notice";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { toast } from "~/lib/toast";
import { useVersionedAction } from "~/lib/use-action-call";
import { BackLink } from "../shared";
import type { AssignableMember as Member } from "~/domain/assignees";
import type { NewLeadAnswer } from "./lead.server";
import { LeadForm } from "./lead-form";

export function NewLeadPage(props: { campaigns: CampaignChoice[]; members: Member[] }) {
  const navigate = useNavigate();
  const create = useVersionedAction<NewLeadAnswer>("lead", MESSAGES.createLead);
  const list = modulePath("marketing");
  const canWrite = useCanWrite();
  return (
    <div className="max-w-4xl">
      <BackLink to={list}>All leads</BackLink>
      <h2 className="mb-4 text-xl font-semibold">New lead</h2>
      {canWrite ? (
        <div className="rounded-2xl border border-line bg-surface p-5">
          <LeadForm
            campaigns={props.campaigns}
            members={props.members}
            onSave={async (input) => {
              const answer = await create({ input });
              if (!answer) return;
              toast.success("Lead created");
              navigate(leadPath(answer.created.id), { replace: true });
            }}
            onCancel={{ to: list }}
          />
        </div>
      ) : (
        <ViewerNotice what="add leads" />
      )}
    </div>
  );
}
