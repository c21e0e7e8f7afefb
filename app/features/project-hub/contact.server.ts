/**
 * A contact's page on the server: the contact, its projects, the properties it owns, its files;
 * and the changes made to a contact from its page or the contacts list.
 */
import { modulePath } from "~/domain/modules";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { loadHistory } from "~/lib/record-history.server";
import {
  deletedAnswer,
  postedBody,
  refusedAnswer,
  refusedForm,
  versionIn,
} from "~/lib/record-action.server";
import type { RecordActionData } from "~/lib/record-action";
import { actOnFile } from "../files/files.server";

/** The properties of the contact's page: the first ones by address. */
const OWNED_SHOWN = 20;

/** The id a new contact is posted to (the contacts list's New contact): none has it. */
const NEW_CONTACT = "new";

/** The contacts list, where a deleted contact's page goes back to. */
const CONTACTS = modulePath("project-hub", { tab: "contacts" });

export async function loadContact(args: ModuleLoaderArgs, id: string) {
  const { services } = args;
  const [contact, owned, files, history] = await Promise.all([
    services.contactDetail(id),
    services.listProperties({
      ownerContactId: id,
      limit: String(OWNED_SHOWN),
      sort: "address",
      dir: "asc",
    }),
    services.recordFiles("contact", id),
    loadHistory(args, "contact", id),
  ]);
  if (!contact) throw notFound();
  return { contact, owned: owned.page?.items ?? [], files, history };
}

/** What a contact's action answers a page with JavaScript. */
export type ContactActionAnswer =
  RecordActionData | { created: { id: string } } | { deleted: true };

/**
 * A change of contact `id` (`new`: one to make): as JSON with JavaScript, `intent` "create" or
 * "update" (`input`, the contact as the API reads it; an update against `version`: its phones
 * and e-mails are lists the form builds in the browser); as a form (with or without JavaScript)
 * or JSON, "delete" against `version`, then to the contacts list (`back`, with its filters), or,
 * from the list with JavaScript (no `back`), what happened; or "delete-file" (`fileId`, one of
 * its files).
 */
export async function actOnContact(
  { services }: ModuleLoaderArgs,
  id: string,
  request: Request,
  sent: { document: boolean },
) {
  const { json, form } = await postedBody(request);
  const intent = form.intent;
  if (intent === "delete-file")
    return actOnFile(services, { ownerType: "contact", ownerId: id }, form);
  if (intent === "create" || intent === "update") {
    if (!json)
      return refusedForm("Saving a contact needs JavaScript: its phones and e-mails are lists");
    if (intent === "create") {
      const { done, refused } = await services.createContact(form.input);
      if (refused) return refusedAnswer(refused);
      return { created: { id: done.id } } satisfies ContactActionAnswer;
    }
  }
  if (id === NEW_CONTACT) return refusedForm("Only a new contact can be made here");
  const { version, refused: unversioned } = versionIn(form, "contact");
  if (unversioned) return unversioned;
  if (intent === "delete") {
    const { refused } = await services.deleteContact(id, version);
    return deletedAnswer(refused, CONTACTS, { ...sent, back: form.back });
  }
  if (intent !== "update")
    return refusedForm(`There is no change “${String(intent)}” of a contact`);
  const { done, refused } = await services.updateContact(id, form.input, version);
  if (refused) return refusedAnswer(refused);
  return { saved: { updatedAt: done.updatedAt } } satisfies ContactActionAnswer;
}
