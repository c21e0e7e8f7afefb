/** The agent's tools over the Project Hub's documents. */
import { z } from "zod";
import { EntryInputSchema } from "../../app/domain/workspace";
import { createEntry, listEntries } from "./entries";
import { found, searchQuery, tool, TOOL_SEARCH_LIMIT } from "./tool";

/** The model reads the start of each document; enough to answer what it is about. */
const EXCERPT_CHARS = 2000;

export const entryTools = {
  search_documents: tool({
    description: "Search the investor's Project Hub documents by title, text or tag.",
    parameters: z.object({
      query: searchQuery,
    }),
    run: async (db, userId, { query }) => {
      const documents = await listEntries(db, userId, { q: query }, TOOL_SEARCH_LIMIT);
      return {
        result: documents.map((entry) => ({
          ...entry,
          content: entry.content.slice(0, EXCERPT_CHARS),
        })),
        summary: found(
          documents.map((entry) => entry.title),
          "document",
        ),
      };
    },
  }),
  create_document: tool({
    description:
      "Write a Markdown document to the investor's Project Hub, optionally linked to one of their projects by id.",
    parameters: EntryInputSchema,
    wrote: true,
    run: async (db, userId, input) => {
      const entry = await createEntry(db, userId, input);
      return { result: entry, summary: `Created document ${entry.title}` };
    },
  }),
};
