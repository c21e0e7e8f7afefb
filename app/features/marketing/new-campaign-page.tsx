/** The form that adds a campaign (/marketing/campaigns/new): posted to its route's action. */
import { modulePath } from "~/domain/modules";
import { NewRecordPage } from "../new-record-page";
import { CampaignFields } from "./campaign-form";

export function NewCampaignPage() {
  return (
    <NewRecordPage
      title="New campaign"
      submitLabel="Create campaign"
      list={{ to: modulePath("marketing", { tab: "campaigns" }), label: "All campaigns" }}
      adds="add campaigns"
      Fields={CampaignFields}
    />
  );
}
