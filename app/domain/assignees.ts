/**
 * Assignment: a lead, property, project, auction or calendar event (a task among them) may be
 * assigned to a member of its workspace. The values a list is filtered by and a member as a list
 * shows them, without the input's schema (assignee-input.ts): a list that shows them downloads no
 * zod. Shared by the API, the agent's tools and the screens. Pure: no I/O.
 */

/** What is said of an assignee who is not a member of the record's workspace. */
export const NOT_A_MEMBER = "Not a member of this workspace";

/** A list's `assignee` filter: the person asking, nobody, or a member (their id). */
export const ASSIGNEE_ME = "me";
export const ASSIGNEE_NONE = "none";

/** A member of a workspace, as the assignee choice lists them. */
export interface AssignableMember {
  userId: string;
  firstName: string;
  lastName: string;
}

/** A member as a record shows whom it is assigned to: their initials for a badge, their name. */
export interface Assignee {
  id: string;
  initials: string;
  name: string;
}

/** The first letter of each name, "?" for someone without one. */
const initialsOf = (firstName: string, lastName: string) =>
  [firstName, lastName]
    .map((name) => Array.from(name.trim())[0] ?? "")
    .join("")
    .toUpperCase() || "?";

export const assigneeOf = (person: {
  id: string;
  firstName: string;
  lastName: string;
}): Assignee => ({
  id: person.id,
  initials: initialsOf(person.firstName, person.lastName),
  name: [person.firstName, person.lastName].join(" ").trim() || "A member",
});
