/** The form that creates a project (/project-hub/projects/new): posted to its route's action. */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { modulePath } from "~/domain/modules";
import { fieldErrorsOf, refusalOf, typedIn, type Refused } from "~/lib/record-action";
import { BackLink, FormActions } from "../shared";
import { ProjectFields } from "./project-form";

export function NewProjectPage() {
  // Refused: the page again, with what was typed and each field's problem.
  const answer = useActionData<Refused>();
  const { state } = useNavigation();
  const list = modulePath("project-hub");
  return (
    <div className="max-w-3xl">
      <BackLink to={list}>All projects</BackLink>
      <h2 className="mb-4 text-xl font-semibold">New project</h2>
      <Form method="post" noValidate className="space-y-4">
        <ProjectFields errors={fieldErrorsOf(answer)} typed={typedIn(answer)} />
        <FormActions
          posts
          saving={state === "submitting"}
          failure={refusalOf(answer)}
          submitLabel="Create project"
          onCancel={{ to: list }}
        />
      </Form>
    </div>
  );
}
