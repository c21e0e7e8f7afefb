/**
 * How a record page's action reads a form and answers a refusal: the API's checks and words (in
 * the services), said as action data the page shows beside its fields or as the changed-elsewhere
 * question.
 */
import { data, redirect } from "@remix-run/cloudflare";
import type { Actor } from "~/domain/activity";
import { firstPerField, type FieldProblem } from "~/domain/problems";
import type { Refusal } from "../../worker/page-services";
import { notFound } from "./module-loader.server";
import type { Refused } from "./record-action";

/** What a form posts besides its record's fields. */
const CONTROL_FIELDS = new Set(["intent", "version", "back"]);

/**
 * A form's record fields: the text of each, an empty one left out (the API reads a missing
 * field as "not given", and an empty date or amount is not a value).
 */
export function formInput(form: Iterable<[string, unknown]>): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && value.trim() && !CONTROL_FIELDS.has(name)) input[name] = value;
  }
  return input;
}

/**
 * The body a page with JavaScript sent as JSON (a form that builds its input, as the API's
 * clients do): an object, empty when it was not one; null for a form's body.
 */
export async function jsonBody(request: Request): Promise<Record<string, unknown> | null> {
  if (!request.headers.get("Content-Type")?.startsWith("application/json")) return null;
  const body: unknown = await request.json().catch(() => null);
  return body && typeof body === "object" && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/**
 * What a page posted to an action: `form`, its JSON body's fields (a form that builds its input,
 * sent with JavaScript) or its form's; `json`, that JSON body, null for a form.
 */
export async function postedBody(request: Request) {
  const json = await jsonBody(request);
  const form: Record<string, unknown> = json ?? Object.fromEntries(await postedForm(request));
  return { json, form };
}

/**
 * A page's posted form's fields; none when the body is not a form (plain text, say), so that the
 * action refuses it as a form that names no change rather than failing.
 */
export const postedForm = (request: Request) => request.formData().catch(() => new FormData());

/**
 * The list a record's page goes back to after a delete: the one the form names (`back`, with its
 * filters) when it is that list, else the whole list at `list`; never another address.
 */
export function listToGoBackTo(list: string, back: unknown) {
  return typeof back === "string" && (back === list || back.startsWith(`${list}?`)) ? back : list;
}

/** A 400 of the action (or `status`): `message`, with no field to show it beside. */
export const refusedForm = (message: string, status = 400) =>
  data<Refused>({ message, fieldErrors: {} }, { status });

/** A posted field's text (a form's field or a JSON body's); null when it holds none. */
export function textIn(form: FormData | Record<string, unknown>, name: string) {
  const value = form instanceof FormData ? form.get(name) : form[name];
  return typeof value === "string" && value ? value : null;
}

/** The version the form's change was made against; a 400 when the form sent none. */
export function versionIn(form: FormData | Record<string, unknown>, what: string) {
  const version = textIn(form, "version");
  if (version) return { version, refused: null };
  return {
    version: null,
    refused: refusedForm(`Send the version of the ${what} this change was made against`),
  };
}

/**
 * A refused change as the page shows it: beside its fields, or as the changed-elsewhere question.
 * `typed`: the form's fields as sent, for a page rendered again without JavaScript to show them.
 */
export function refusedAnswer(refused: Refusal, typed?: Record<string, string>) {
  if (refused.status === 404) throw notFound();
  if (refused.status === 412) {
    const { current, changedBy } = refused.details as {
      current: { updatedAt: string };
      changedBy?: Actor | null;
    };
    return data<Refused>(
      {
        conflict: { updatedAt: current.updatedAt, changedBy: changedBy ?? null },
        message: refused.message,
      },
      { status: 412 },
    );
  }
  const fields = Array.isArray(refused.details) ? (refused.details as FieldProblem[]) : [];
  return data<Refused>(
    { message: refused.message, fieldErrors: firstPerField(fields), ...(typed && { typed }) },
    { status: refused.status },
  );
}

/**
 * A refused change of a part of a page (an event on the calendar, a link or a template on an
 * analysis): a part gone meanwhile (404) is said beside it, the page staying, instead of the page
 * not found a record's page shows.
 */
export const refusedPartAnswer = (refused: Refusal) =>
  refused.status === 404 ? refusedForm(refused.message, 404) : refusedAnswer(refused);

/**
 * What a record's delete answers: refused as any change is; else, posted without JavaScript or
 * naming the list to go back to (`back`, with its filters), a redirect to that list (`list` when
 * it names another); else (a list's fetcher) that it was deleted.
 */
export function deletedAnswer(
  refused: Refusal | null,
  list: string,
  sent: { document: boolean; back: unknown },
) {
  if (refused) return refusedAnswer(refused);
  if (sent.document || sent.back) throw redirect(listToGoBackTo(list, sent.back), 303);
  return { deleted: true } as const;
}
