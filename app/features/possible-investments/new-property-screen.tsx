/**
 * The form that adds a property by hand (/possible-investments/new), posted to its route's
 * action: checked in the browser first with the API's schema (loaded when the form is first
 * filled in), then sent through a fetcher; the property's page opens once it is added. Without
 * JavaScript the same fields post to the action, which answers with the page or the form again.
 * A viewer is told whom to ask instead.
 */
import { Form, Link, useActionData, useNavigate } from "@remix-run/react";
import { modulePath, propertyPath } from "~/domain/modules";
import type { PropertyInput } from "~/domain/workspace";
import { ViewerNotice } from "~/components/viewer-notice";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { fieldErrorsOf, refusalOf, typedIn, type Refused } from "~/lib/record-action";
import { toast } from "~/lib/toast";
import { useVersionedAction } from "~/lib/use-action-call";
import { useForm } from "~/lib/use-form";
import { BackLink, FormActions } from "../shared";
import { EMPTY_PROPERTY, PropertyFields, type PropertyField } from "./property-form";
import type { AssignableMember as Member } from "~/domain/assignees";
import type { NewPropertyAnswer } from "./property.server";

export function NewPropertyScreen(props: { members: Member[] }) {
  const canWrite = useCanWrite();
  return canWrite ? (
    <NewPropertyForm members={props.members} />
  ) : (
    <div className="max-w-3xl">
      <BackLink to={modulePath("possible-investments")}>All properties</BackLink>
      <h2 className="mb-4 text-2xl font-semibold">Add a property</h2>
      <ViewerNotice what="add properties" />
    </div>
  );
}

function NewPropertyForm(props: { members: Member[] }) {
  // Posted without JavaScript: the page again, with what was typed and each field's problem.
  const posted = useActionData<Refused | NewPropertyAnswer>();
  const existing = posted && "existing" in posted ? posted.existing : null;
  const navigate = useNavigate();
  const send = useVersionedAction<NewPropertyAnswer>("property", MESSAGES.createProperty);
  const list = modulePath("possible-investments");
  const form = useForm({
    schema: () => import("~/domain/workspace").then((m) => m.PropertyInputSchema),
    initial: { ...EMPTY_PROPERTY, ...typedIn(posted) },
    idPrefix: "property",
    onSubmit: async (input: PropertyInput) => {
      const answer = await send({ input });
      if (!answer) return;
      // The property already at that address opens, as if just added.
      if ("existing" in answer)
        toast(`${answer.existing.address} is already in your list: here it is`);
      navigate(propertyPath("existing" in answer ? answer.existing.id : answer.created.id));
    },
  });
  const refused = fieldErrorsOf(posted);
  const field = (name: PropertyField) => {
    const shown = form.field(name);
    return { ...shown, name, error: shown.error ?? refused[name] };
  };
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
      <Form
        method="post"
        onSubmit={form.submit}
        onFocus={form.onFocus}
        noValidate
        className="space-y-4"
      >
        <PropertyFields field={field} members={props.members} />
        <FormActions
          posts
          saving={form.saving}
          failure={form.failure || refusalOf(posted)}
          submitLabel="Add property"
          onCancel={{ to: list }}
        />
      </Form>
    </div>
  );
}
