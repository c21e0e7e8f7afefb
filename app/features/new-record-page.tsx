/**
 * A page that adds a record with plain fields (/project-hub/projects/new,
 * /marketing/campaigns/new): its form posted to the route's action, which works without
 * JavaScript; refused, the page comes back with what was typed and each field's problem. A viewer
 * is told whom to ask instead of given the form.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { ComponentType } from "react";
import { ViewerNotice } from "~/components/viewer-notice";
import { useCanWrite } from "~/lib/module-data";
import { fieldErrorsOf, refusalOf, typedIn, type Refused } from "~/lib/record-action";
import { BackLink, FormActions } from "./shared";

export interface RecordFieldsProps {
  errors: Record<string, string>;
  typed: Record<string, string> | undefined;
}

export function NewRecordPage(props: {
  title: string;
  submitLabel: string;
  /** The list the page goes back to, and its link's text. */
  list: { to: string; label: string };
  Fields: ComponentType<RecordFieldsProps>;
  /** What the page does, as a viewer is told a member could: "add projects". */
  adds: string;
}) {
  const answer = useActionData<Refused>();
  const { state } = useNavigation();
  const canWrite = useCanWrite();
  const { Fields, list } = props;
  return (
    <div className="max-w-3xl">
      <BackLink to={list.to}>{list.label}</BackLink>
      <h2 className="mb-4 text-xl font-semibold">{props.title}</h2>
      {canWrite ? (
        <Form method="post" noValidate className="space-y-4">
          <Fields errors={fieldErrorsOf(answer)} typed={typedIn(answer)} />
          <FormActions
            posts
            saving={state === "submitting"}
            failure={refusalOf(answer)}
            submitLabel={props.submitLabel}
            onCancel={{ to: list.to }}
          />
        </Form>
      ) : (
        <ViewerNotice what={props.adds} />
      )}
    </div>
  );
}
