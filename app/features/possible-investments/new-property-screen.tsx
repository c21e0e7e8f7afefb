/**
 * The form that adds a property by hand (/possible-investments/new), posted to its route's
 * action: the property's page opens once it is added.
 */
import { Form, Link, useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { toast } from "~/lib/toast";
import { modulePath, propertyPath } from "~/domain/modules";
import { fieldErrorsOf, refusalOf, typedIn } from "~/lib/record-action";
import { BackLink, FormActions } from "../shared";
import { PropertyFields } from "./property-form";
import type { NewPropertyAnswer } from "./property.server";
import type { Refused } from "~/lib/record-action";

export function NewPropertyScreen() {
  // Refused: the page again, with what was typed and each field's problem.
  const answer = useActionData<Refused | NewPropertyAnswer>();
  const { state } = useNavigation();
  const list = modulePath("possible-investments");
  const existing = answer && "existing" in answer ? answer.existing : null;
  const navigate = useNavigate();
  // With JavaScript, the property already at that address opens, as if just added; without it,
  // the form says so with a link to it.
  useEffect(() => {
    if (!existing) return;
    toast(`${existing.address} is already in your list: here it is`);
    navigate(propertyPath(existing.id), { replace: true });
  }, [existing, navigate]);
  return (
    <div className="max-w-3xl">
      <BackLink to={list}>All properties</BackLink>
      <h2 className="mb-4 text-2xl font-semibold">Add a property</h2>
      {existing && (
        <p role="status" className="mb-4 rounded-xl border border-line bg-surface p-3 text-sm">
          A property at this address is already in your list, so nothing was added.{" "}
          <Link to={propertyPath(existing.id)} className="font-medium underline">
            Open it
          </Link>
        </p>
      )}
      <Form method="post" noValidate className="space-y-4">
        <PropertyFields errors={fieldErrorsOf(answer)} typed={typedIn(answer)} />
        <FormActions
          posts
          saving={state === "submitting"}
          failure={refusalOf(answer)}
          submitLabel="Add property"
          onCancel={{ to: list }}
        />
      </Form>
    </div>
  );
}
