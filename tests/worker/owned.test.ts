/**
 * `owned(table)`: the services that reach their table through it (contacts, documents, rehab
 * templates) hold a workspace's rows apart from every other's and refuse a viewer's writes
 * themselves, whoever calls them (the API, a page, the agent), before anything is written.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkspaceRole } from "../../app/domain/teams";
import { ContactInputSchema, EntryInputSchema } from "../../app/domain/workspace";
import { database } from "../../worker/db/client";
import { owned } from "../../worker/db/owned";
import { contacts } from "../../worker/db/schema";
import { AppError } from "../../worker/errors";
import {
  contactDetail,
  createContact,
  deleteContact,
  listContacts,
  updateContact,
} from "../../worker/services/contacts";
import {
  createEntry,
  deleteEntry,
  getEntry,
  listEntries,
  updateEntry,
} from "../../worker/services/entries";
import {
  createRehabTemplate,
  deleteRehabTemplate,
  listRehabTemplates,
} from "../../worker/services/rehab-templates";
import { joinAs, register } from "./helpers";

const db = database(env.DB);
const contact = ContactInputSchema.parse({ firstName: "Rita", lastName: "Moss", type: "agent" });
const document = (title: string) => EntryInputSchema.parse({ title });

/** Someone acting in workspace `id` as `role`. */
const acting = (id: string, personId: string, role: WorkspaceRole) => ({
  id,
  personId,
  role,
  assignedOnly: false,
});

/** What a call threw: its status and code, or "ok". */
async function outcome(call: () => Promise<unknown>) {
  try {
    await call();
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
}

describe("owned(table)", () => {
  it("refuses a viewer's every write in the service itself, and writes nothing", async () => {
    const owner = await register();
    const viewer = await register();
    const workspace = owner.user.id;
    await joinAs(workspace, viewer.user.id, "viewer");
    const asOwner = acting(workspace, owner.user.id, "owner");
    const asViewer = acting(workspace, viewer.user.id, "viewer");
    const made = await createContact(db, asOwner, contact);
    const entry = await createEntry(db, asOwner, document("Scope"));
    const template = await createRehabTemplate(db, asOwner, {
      category: "Roof",
      unitCost: 9000,
    });

    const writes = [
      () => createContact(db, asViewer, contact),
      () => updateContact(db, asViewer, made.id, { ...contact, lastName: "Stone" }),
      () => deleteContact(db, asViewer, made.id),
      () => createEntry(db, asViewer, document("Mine")),
      () => updateEntry(db, asViewer, entry.id, document("Theirs")),
      () => deleteEntry(db, asViewer, entry.id),
      () => createRehabTemplate(db, asViewer, { category: "Paint", unitCost: 100 }),
      () => deleteRehabTemplate(db, asViewer, template.id),
    ];
    for (const write of writes) expect(await outcome(write)).toBe("403 FORBIDDEN_ROLE");

    // Reads are the viewer's to make, and nothing changed.
    const listed = await listContacts(db, asViewer, {}, { page: 1, limit: 25 });
    expect(listed.items).toEqual([made]);
    expect(await contactDetail(db, asViewer, made.id)).toMatchObject({ lastName: "Moss" });
    expect(await listEntries(db, asViewer, {})).toEqual([entry]);
    expect(await listRehabTemplates(db, asViewer)).toEqual([template]);
    // A member writes.
    const member = acting(workspace, viewer.user.id, "member");
    expect(await outcome(() => deleteRehabTemplate(db, member, template.id))).toBe("ok");
  });

  it("reaches only its workspace's rows: another's are 404 and out of its lists", async () => {
    const [ana, ben] = await Promise.all([register(), register()]);
    const asAna = acting(ana.user.id, ana.user.id, "owner");
    const asBen = acting(ben.user.id, ben.user.id, "owner");
    const anas = await createContact(db, asAna, contact);
    const anasEntry = await createEntry(db, asAna, document("Ana's"));

    expect(await outcome(() => contactDetail(db, asBen, anas.id))).toBe("404 NOT_FOUND");
    expect(await outcome(() => updateContact(db, asBen, anas.id, contact))).toBe("404 NOT_FOUND");
    expect(await outcome(() => deleteContact(db, asBen, anas.id))).toBe("404 NOT_FOUND");
    expect(await outcome(() => getEntry(db, asBen, anasEntry.id))).toBe("404 NOT_FOUND");
    expect((await listContacts(db, asBen, {}, { page: 1, limit: 25 })).items).toEqual([]);
    // A row made through another workspace's handle is that workspace's, whatever it is sent.
    const made = await owned(db, contacts, asBen, "Contact").create({
      ...contact,
      userId: ana.user.id,
    } as never);
    expect(made.userId).toBe(ben.user.id);
    // An update at an old version is a 412 with the record as it is.
    const current = await updateContact(db, asAna, anas.id, { ...contact, lastName: "Stone" });
    expect(await outcome(() => updateContact(db, asAna, anas.id, contact, [anas.updatedAt]))).toBe(
      "412 VERSION_MISMATCH",
    );
    expect((await contactDetail(db, asAna, anas.id)).updatedAt).toBe(current.updatedAt);
  });
});
