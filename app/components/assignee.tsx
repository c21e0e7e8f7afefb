/**
 * Assignment on the screens: whom a record is assigned to, as a list shows it (their initials in a
 * small round badge, their name for screen readers and on hover), and the form's choice of a
 * member of the workspace, "Unassigned" first.
 */
import { assigneeOf, type Assignee } from "~/domain/assignees";
import type { AssignableMember as Member } from "~/domain/assignees";
import { SelectField } from "./form";

export function AssigneeBadge(props: { assignee: Assignee | null }) {
  if (!props.assignee) return null;
  const named = `Assigned to ${props.assignee.name}`;
  return (
    <span
      role="img"
      aria-label={named}
      title={named}
      className="inline-grid size-7 shrink-0 place-items-center rounded-full bg-accent/15 text-xs font-semibold text-accent"
    >
      {props.assignee.initials}
    </span>
  );
}

/**
 * Whom a record may be assigned to: "Unassigned", then the workspace's `members`, and the one it
 * is assigned to (`current`) when they have left the workspace, so a save never unassigns it
 * unasked. Null when there is nothing to choose (a workspace of one, the record unassigned): the
 * form then shows no field, and a save leaves the assignee as it is.
 */
export function assigneeChoices(members: Member[], current: Assignee | null | undefined) {
  const choices = members.map((member) => ({
    value: member.userId,
    label: assigneeOf({ id: member.userId, ...member }).name,
  }));
  if (current && !choices.some((choice) => choice.value === current.id))
    choices.push({ value: current.id, label: current.name });
  if (choices.length < 2 && !current) return null;
  return [{ value: "", label: "Unassigned" }, ...choices];
}

/** A form's choice of the record's assignee (see `assigneeChoices`). */
export function AssigneeField(props: {
  id: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  members: Member[];
  current: Assignee | null | undefined;
}) {
  const { members, current, ...field } = props;
  const choices = assigneeChoices(members, current);
  return choices && <SelectField {...field} label="Assignee" options={choices} />;
}
