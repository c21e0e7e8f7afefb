/** The form that creates a project (/project-hub/projects/new): posted to its route's action. */
import { modulePath } from "~/domain/modules";
import { NewRecordPage } from "../new-record-page";
import { ProjectFields } from "./project-form";

export function NewProjectPage() {
  return (
    <NewRecordPage
      title="New project"
      submitLabel="Create project"
      list={{ to: modulePath("project-hub"), label: "All projects" }}
      adds="add projects"
      Fields={ProjectFields}
    />
  );
}
