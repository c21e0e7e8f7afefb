/**
 * The field a lead's, property's, project's, auction's or calendar event's input takes for its
 * assignee (assignees.ts has the words). Pure: no I/O.
 */
import { z } from "zod";

/**
 * The member a record is assigned to (their id), null for nobody; a form's "Unassigned" sends "".
 * Left out, a new record has nobody and a change (a PUT, which replaces every other field) keeps
 * whoever it had: a client from before assignment never unassigns a record by saving it.
 */
export const assigneeIdField = z
  .string()
  .trim()
  .max(64)
  .nullable()
  .transform((value) => value || null)
  .optional()
  .describe(
    "The id of the workspace's member it is assigned to, null for nobody; left out, nobody on a new record and unchanged on a change",
  );
