/** The agent's tools over contacts. */
import { z } from "zod";
import { CONTACT_TYPES, ContactInputSchema, contactName } from "../../app/domain/workspace";
import { createContact, listContacts } from "./contacts";
import { creates, found, searchQuery, tool, TOOL_SEARCH_LIMIT, toolOwner } from "./tool";

export const contactTools = {
  search_contacts: tool({
    description:
      "Search the investor's contacts by name, company, e-mail, phone, tag or notes, optionally by type.",
    parameters: z.object({
      query: searchQuery,
      type: z.enum(CONTACT_TYPES).optional(),
    }),
    run: async (db, userId, { query, type }, context) => {
      const { items } = await listContacts(
        db,
        toolOwner(userId, context),
        { q: query, type },
        {
          page: 1,
          limit: TOOL_SEARCH_LIMIT,
        },
      );
      return {
        result: items.map(({ createdAt: _created, ...contact }) => contact),
        summary: found(items.map(contactName), "contact"),
      };
    },
  }),
  create_contact: tool({
    description: "Add a contact to the investor's Project Hub. Only when the investor asks for it.",
    parameters: ContactInputSchema,
    wrote: true,
    records: creates("contact"),
    run: async (db, userId, input, context) => {
      const contact = await createContact(db, toolOwner(userId, context), input);
      return { result: contact, summary: `Created contact ${contactName(contact)}` };
    },
  }),
};
