import { splitTags } from "~/domain/workspace-terms";
import { Link } from "@remix-run/react";
import { Contact as ContactIcon, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  ContactFlagBadges,
  ContactFlagsFields,
  MethodsField,
  personFields,
  personInput,
} from "~/components/contact-methods";
import { MailingAddressFields, SelectField, TextAreaField, TextField } from "~/components/form";
import { Badge, ConfirmDialog, Modal } from "~/components/ui";
import { ListStates } from "~/components/list-states";
import { contactPath } from "~/domain/modules";
import { CONTACT_TYPES, contactName, label, type ContactInput } from "~/domain/workspace";
import type { Contact, Page } from "~/lib/api/workspace";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { useVersionedAction } from "~/lib/use-action-call";
import type { ContactActionAnswer } from "./contact.server";
import { useForm } from "~/lib/use-form";
import {
  deleteWithUndo,
  ExportCsvLink,
  FilterBar,
  options,
  textOf,
  FilterSelect,
  SearchBox,
  FormActions,
  useDialogParam,
  usePageReading,
  useQueryParams,
  useSearchParam,
} from "../shared";

/**
 * The contacts list as Project Hub's loader read it (project-hub.server.ts): its search, type and
 * page are in the URL, so the HTML arrives with the page the URL names. A contact is made,
 * changed and deleted through its page's action, and Remix reads the list again after each; a
 * viewer reads the list and opens contacts, and is offered none of these changes.
 */
export function ContactsTab(props: { contacts: Page<Contact> }) {
  const { loading } = usePageReading();
  const list = props.contacts;
  const items = list.items;
  const [params, update] = useQueryParams();
  const [search, setSearch] = useSearchParam();
  const q = params.get("q") ?? "";
  const type = params.get("type") ?? "";
  const canWrite = useCanWrite();
  const [newParam, setCreating] = useDialogParam("new");
  const creating = newParam && canWrite;
  const [editing, setEditing] = useState<Contact | null>(null);
  const closeForm = () => {
    setCreating(false);
    setEditing(null);
  };
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const create = useVersionedAction<ContactActionAnswer>("contact", MESSAGES.createContact);
  const change = useVersionedAction<ContactActionAnswer>("contact", MESSAGES.updateContact);
  const erase = useVersionedAction<ContactActionAnswer>("contact", MESSAGES.deleteContact);
  // A new contact is made by the action of the path it will not have: the list's own form.
  const created = (input: unknown) => create({ intent: "create", input }, contactPath("new"));
  const remove = async (contact: Contact) => {
    setDeleting(null);
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = contact;
    await deleteWithUndo({
      what: `Contact “${contactName(contact)}”`,
      remove: async () =>
        (await erase({ intent: "delete", version: contact.updatedAt }, contactPath(contact.id))) !==
        undefined,
      restore: () => created(input),
    });
  };

  return (
    <div>
      <div className="mb-4 flex justify-end gap-2">
        <ExportCsvLink list="contacts" query={{ q, type }} />
        {canWrite && (
          <button type="button" onClick={() => setCreating(true)} className="btn-primary">
            <Plus aria-hidden className="mr-1.5 size-4" /> New contact
          </button>
        )}
      </div>
      <FilterBar>
        <SearchBox
          label="Search contacts"
          placeholder="Search name, company, e-mail, tag…"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          label="Filter by contact type"
          allLabel="All types"
          values={CONTACT_TYPES}
          value={type}
          onChange={(value) => update({ type: value || null, page: null })}
        />
      </FilterBar>
      <ListStates
        noun={{ one: "contact", many: "contacts" }}
        icon={ContactIcon}
        skeleton="list"
        count={items.length}
        loading={loading}
        filtered={Boolean(q || type)}
        empty={{
          title: "No contacts yet",
          text: "Keep the agents, lenders, contractors and sellers you work with, then link them to the projects they are on.",
          action: canWrite && (
            <button type="button" onClick={() => setCreating(true)} className="btn-primary">
              Add your first contact
            </button>
          ),
        }}
        meta={list.meta}
        onPage={(page) => update({ page: page > 1 ? String(page) : null })}
      >
        <ul
          aria-label="Contacts"
          className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
        >
          {items.map((contact) => (
            // A phone shows a card: the name across the top, the badges and buttons below it.
            <li
              key={contact.id}
              className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 px-4 py-3 sm:flex sm:px-5"
            >
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent/15 text-sm font-semibold text-accent">
                {contactName(contact).charAt(0).toUpperCase()}
              </span>
              <Link to={contactPath(contact.id)} className="col-span-2 min-w-0 sm:flex-1">
                <span className="block truncate font-medium hover:text-accent">
                  {contactName(contact)}
                </span>
                <span className="block truncate text-sm text-muted">
                  {[contact.company, contact.email, contact.phone].filter(Boolean).join(" · ") ||
                    "No details yet"}
                </span>
              </Link>
              <span className="col-start-2 flex min-w-0 flex-wrap gap-1.5">
                <Badge>{label(contact.type)}</Badge>
                <ContactFlagBadges person={contact} />
                {contact.tags.map((tag) => (
                  <Badge key={tag} tone="accent">
                    {tag}
                  </Badge>
                ))}
              </span>
              {canWrite && (
                <span className="flex gap-1">
                  <button
                    type="button"
                    aria-label={`Edit ${contactName(contact)}`}
                    onClick={() => setEditing(contact)}
                    className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                  >
                    <Pencil aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${contactName(contact)}`}
                    onClick={() => setDeleting(contact)}
                    className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </ListStates>
      <Modal
        open={creating || editing !== null}
        title={editing ? "Edit contact" : "New contact"}
        onClose={closeForm}
        wide
      >
        {(creating || editing) && (
          <ContactForm
            contact={editing ?? undefined}
            onSave={(input) =>
              editing
                ? change(
                    { intent: "update", input, version: editing.updatedAt },
                    contactPath(editing.id),
                  )
                : created(input)
            }
            onDone={closeForm}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this contact?"
        message={
          deleting && <>“{contactName(deleting)}” will be deleted and unlinked from its projects.</>
        }
        confirmLabel="Delete contact"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

const fieldsOf = (contact?: Contact) => ({
  firstName: textOf(contact?.firstName),
  lastName: textOf(contact?.lastName),
  company: textOf(contact?.company),
  type: contact?.type ?? "agent",
  ...personFields(contact),
  address: textOf(contact?.address),
  mailingAddress: textOf(contact?.mailingAddress),
  mailingCity: textOf(contact?.mailingCity),
  mailingState: textOf(contact?.mailingState),
  mailingZip: textOf(contact?.mailingZip),
  tags: contact?.tags.join(", ") ?? "",
  notes: textOf(contact?.notes),
});

/** Create or edit a contact, checked with the API's own rules. */
function ContactForm(props: {
  contact?: Contact;
  onSave: (input: ContactInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm({
    schema: () => import("~/domain/workspace").then((m) => m.ContactInputSchema),
    initial: fieldsOf(props.contact),
    idPrefix: "contact",
    shownUnder: { phone: "phones", email: "emails" },
    toInput: (values) => ({
      ...values,
      tags: splitTags(values.tags),
      ...personInput(values),
    }),
    onSubmit: props.onSave,
    onDone: props.onDone,
  });

  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          {...form.field("firstName")}
          label="First name"
          required={false}
          autoComplete="off"
        />
        <TextField
          {...form.field("lastName")}
          label="Last name"
          required={false}
          autoComplete="off"
        />
        <TextField {...form.field("company")} label="Company" required={false} />
        <SelectField {...form.field("type")} label="Type" options={options(CONTACT_TYPES)} />
      </div>
      <MethodsField kind="email" {...form.field("emails")} />
      <MethodsField kind="phone" {...form.field("phones")} />
      <TextField
        {...form.field("address")}
        label="Address"
        required={false}
        autoComplete="off"
        placeholder="Where you meet them: a Route Planner stop"
      />
      <MailingAddressFields field={form.field} />
      <ContactFlagsFields field={form.field} />
      <TextField
        {...form.field("tags")}
        label="Tags (comma-separated)"
        required={false}
        placeholder="e.g. downtown, hard money"
      />
      <TextAreaField {...form.field("notes")} label="Notes" />
      <FormActions
        saving={form.saving}
        failure={form.failure}
        submitLabel={props.contact ? "Save changes" : "Create contact"}
        onCancel={props.onDone}
      />
    </form>
  );
}
