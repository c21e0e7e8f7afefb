/**
 * A property's page on the server: what it shows (the property and its analyses), and the
 * changes made from it or from the list (its facts and status, its deletion), each checked with
 * the API's own schema (in the services) and made against the version the page showed.
 */
import { redirect } from "@remix-run/cloudflare";
import { changedFacts } from "~/domain/property-facts";
import { modulePath, propertyPath } from "~/domain/modules";
import { propertyInputOf } from "~/domain/workspace";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { loadHistory } from "~/lib/record-history.server";
import {
  formInput,
  jsonBody,
  deletedAnswer,
  postedBody,
  refusedAnswer,
  refusedForm,
  versionIn,
} from "~/lib/record-action.server";
import type { Deal } from "~/lib/api/deals";
import { actOnFile } from "../files/files.server";
import type { PropertyActionData } from "./property-action";

export async function loadProperty(args: ModuleLoaderArgs, id: string) {
  const { services } = args;
  const [property, analyses, files, members, history] = await Promise.all([
    services.propertyDetail(id),
    services.propertyAnalyses(id),
    services.recordFiles("property", id),
    services.assignees(),
    loadHistory(args, "property", id),
  ]);
  if (!property) throw notFound();
  // As the API answers them: its schema reads an optional input left out (null) as absent.
  return { property, analyses: analyses as Deal[], files, members, history };
}

/** The form that adds a property by hand: whom it may be assigned to. */
export const loadNewProperty = async ({ services }: ModuleLoaderArgs) => ({
  members: await services.assignees(),
});

/** What adding a property answers: the property made, or the one at that address already. */
export type NewPropertyAnswer =
  { created: { id: string } } | { existing: { id: string; address: string } };

/**
 * A property added from the form at /possible-investments/new (its page once added; a property
 * already at that address is named, and nothing is written), or, as JSON with JavaScript, one put
 * back (`input`, all its fields: a list's Undo of a delete).
 */
export async function createProperty({ services }: ModuleLoaderArgs, request: Request) {
  const json = await jsonBody(request);
  const input = json
    ? ((json.input ?? {}) as Record<string, unknown>)
    : formInput(await request.formData());
  const { done, refused } = await services.addProperty(input);
  if (refused) return refusedAnswer(refused, json ? undefined : (input as Record<string, string>));
  if (done.skipped)
    return {
      existing: { id: done.id, address: String(input.address).trim() },
    } satisfies NewPropertyAnswer;
  if (json) return { created: { id: done.id } } satisfies NewPropertyAnswer;
  throw redirect(propertyPath(done.id), 303);
}

/**
 * A change of property `id` sent from a page: `intent` "facts" (the facts the form sent that
 * differ from the property's) or "delete", against `version`; "primary", making one of its
 * analyses (`analysis`) the primary one; or "delete-file" (`fileId`, one of its files). A browser
 * without JavaScript posts the page itself (`sent.document`) and is sent on: POST, then a
 * redirect, to the page it was sent from, or after a delete to the list (`back`, a list's URL
 * with its filters, when sent). A page with JavaScript gets what happened as data, but for a
 * delete that names where to go `back`.
 */
export async function actOnProperty(
  { services }: ModuleLoaderArgs,
  id: string,
  request: Request,
  sent: { document: boolean; from: string },
) {
  // A form's fields, or JSON from the list (its delete and Undo send JSON, as every list does).
  const { form } = await postedBody(request);
  const intent = form.intent;
  if (intent === "primary") return makePrimary(services, id, form.analysis, sent);
  if (intent === "delete-file")
    return actOnFile(services, { ownerType: "property", ownerId: id }, form);
  const { version, refused: unversioned } = versionIn(form, "property");
  if (unversioned) return unversioned;
  if (intent === "delete") {
    const { refused } = await services.deleteProperty(id, version);
    return deletedAnswer(refused, modulePath("possible-investments"), {
      ...sent,
      back: form.back,
    });
  }
  if (intent !== "facts")
    return refusedForm(`There is no change “${String(intent)}” of a property`);
  const property = await services.propertyDetail(id);
  if (!property) throw notFound();
  const { done, refused } = await services.updateProperty(
    id,
    { ...propertyInputOf(property), ...changedFacts(property, form) },
    version,
  );
  if (refused) return refusedAnswer(refused);
  if (sent.document) throw redirect(sent.from, 303);
  return { saved: { updatedAt: done.updatedAt } } satisfies PropertyActionData;
}

/** Makes the property's analysis `analysisId` its primary: a 400 for another property's. */
async function makePrimary(
  services: ModuleLoaderArgs["services"],
  propertyId: string,
  analysisId: unknown,
  sent: { document: boolean; from: string },
) {
  const deal = typeof analysisId === "string" ? await services.dealDetail(analysisId) : null;
  if (!deal || deal.propertyId !== propertyId)
    return refusedForm("Choose one of this property's analyses to make primary");
  const { done, refused } = await services.makeDealPrimary(deal.id);
  if (refused) return refusedAnswer(refused);
  if (sent.document) throw redirect(sent.from, 303);
  return { primary: { name: done.name } } satisfies PropertyActionData;
}
