/** The form that adds a campaign (/marketing/campaigns/new): posted to its route's action. */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { modulePath } from "~/domain/modules";
import { fieldErrorsOf, refusalOf, typedIn, type Refused } from "~/lib/record-action";
import { BackLink, FormActions } from "../shared";
import { CampaignFields } from "./campaign-form";

export function NewCampaignPage() {
  // Refused: the page again, with what was typed and each field's problem.
  const answer = useActionData<Refused>();
  const { state } = useNavigation();
  const list = modulePath("marketing", { tab: "campaigns" });
  return (
    <div className="max-w-3xl">
      <BackLink to={list}>All campaigns</BackLink>
      <h2 className="mb-4 text-xl font-semibold">New campaign</h2>
      <Form method="post" noValidate className="space-y-4">
        <CampaignFields errors={fieldErrorsOf(answer)} typed={typedIn(answer)} />
        <FormActions
          posts
          saving={state === "submitting"}
          failure={refusalOf(answer)}
          submitLabel="Create campaign"
          onCancel={{ to: list }}
        />
      </Form>
    </div>
  );
}
