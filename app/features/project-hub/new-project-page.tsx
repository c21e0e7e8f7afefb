/** The form that creates a project (/project-hub/projects/new): posted to its route's action. */
import { useMemo } from "react";
import { modulePath } from "~/domain/modules";
import type { AssignableMember as Member } from "~/domain/assignees";
import { NewRecordPage, type RecordFieldsProps } from "../new-record-page";
import { ProjectFields } from "./project-form";

export function NewProjectPage(props: { members: Member[] }) {
  const { members } = props;
  // One component for as long as the members are the same: a new one would lose what was typed.
  const Fields = useMemo(
    () =>
      function NewProjectFields(fields: RecordFieldsProps) {
        return <ProjectFields {...fields} members={members} />;
      },
    [members],
  );
  return (
    <NewRecordPage
      title="New project"
      submitLabel="Create project"
      list={{ to: modulePath("project-hub"), label: "All projects" }}
      adds="add projects"
      Fields={Fields}
    />
  );
}
