/** The agent's tools over the Project Hub's documents and the files stored on records. */
import { z } from "zod";
import { EntryInputSchema } from "../../app/domain/workspace";
import { createEntry, listEntries } from "./entries";
import { listFiles, readFilePages, type FoundFile } from "./files";
import { creates, found, searchQuery, tool, TOOL_SEARCH_LIMIT, toolOwner } from "./tool";

/** The model reads the start of each document; enough to answer what it is about. */
const EXCERPT_CHARS = 2000;
/** The text around a file's words the model is given to quote. */
const QUOTE_CHARS = 400;
/** How much of a file's text one read_file call gives the model. */
const READ_CHARS = 12_000;

/** Where the user opens the file: in the browser's viewer (at the page, for a PDF) or saved. */
const fileLink = (file: { id: string; kind: string }, page?: number) => {
  const shown = file.kind === "pdf" || file.kind === "image";
  const at = file.kind === "pdf" && page ? `#page=${page}` : "";
  return `/api/files/${encodeURIComponent(file.id)}/content${shown ? "?disposition=inline" : ""}${at}`;
};

const fileHit = (file: FoundFile) => ({
  id: file.id,
  name: file.name,
  kind: file.kind,
  record: { type: file.ownerType, id: file.ownerId },
  ...(file.match
    ? { [file.match.unit]: file.match.page, quote: file.match.snippet }
    : { text: file.text.status === "ready" ? "the words are in its name" : "no text read" }),
  link: fileLink(file, file.match?.page),
});

export const entryTools = {
  search_documents: tool({
    description:
      "Search the investor's Project Hub documents (title, text or tag) and the files stored on their records (name and text of PDFs, Word, Excel, PowerPoint and text files). A file hit gives the page (slide, sheet) where the words are, a quote, and a link to open the file: cite it as “name, page N: quote” with the link.",
    parameters: z.object({
      query: searchQuery,
    }),
    run: async (db, userId, { query }, context) => {
      const [documents, stored] = await Promise.all([
        listEntries(db, toolOwner(userId, context), { q: query }, TOOL_SEARCH_LIMIT),
        listFiles(db, userId, { q: query, limit: TOOL_SEARCH_LIMIT, offset: 0 }, QUOTE_CHARS),
      ]);
      return {
        result: {
          documents: documents.map((entry) => ({
            ...entry,
            content: entry.content.slice(0, EXCERPT_CHARS),
          })),
          files: stored.files.map(fileHit),
        },
        summary: found(
          [
            ...documents.map((entry) => entry.title),
            ...stored.files.map((file) =>
              file.match ? `${file.name} (${file.match.unit} ${file.match.page})` : file.name,
            ),
          ],
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
    records: creates("document"),
    run: async (db, userId, input, context) => {
      const entry = await createEntry(db, toolOwner(userId, context), input);
      return { result: entry, summary: `Created document ${entry.title}` };
    },
  }),
  read_file: tool({
    description:
      "Read the text of one of the investor's stored files (by the id search_documents gave), from a page (slide, sheet) on, about 12,000 characters at a time; `next` says where to go on (null at the end).",
    parameters: z.object({
      fileId: z.string().min(1).max(64),
      fromPage: z.number().int().min(1).max(10_000).default(1),
      fromChar: z
        .number()
        .int()
        .min(0)
        .max(1_000_000)
        .default(0)
        .describe("Where in the first page to start, for a page longer than one read"),
    }),
    run: async (db, userId, { fileId, fromPage, fromChar }) => {
      const { file, pages } = await readFilePages(db, userId, fileId, fromPage, 50);
      const kept: { page: number; text: string }[] = [];
      let left = READ_CHARS;
      let next: { fromPage: number; fromChar: number } | null = null;
      for (const [i, page] of pages.entries()) {
        const start = i === 0 && page.page === fromPage ? fromChar : 0;
        const text = page.text.slice(start, start + left);
        kept.push({ page: page.page, text });
        left -= text.length;
        if (start + text.length < page.text.length) {
          next = { fromPage: page.page, fromChar: start + text.length };
          break;
        }
        if (left <= 0) {
          next = pages[i + 1] ? { fromPage: pages[i + 1]!.page, fromChar: 0 } : null;
          break;
        }
      }
      // Fifty pages read without filling a read: more may follow them.
      const last = pages.at(-1);
      if (!next && left > 0 && pages.length === 50 && last && last.page < file.text.pages) {
        next = { fromPage: last.page + 1, fromChar: 0 };
      }
      const unit = file.text.unit ?? "page";
      const first = kept[0]?.page;
      const through = kept.at(-1)?.page;
      return {
        result: {
          name: file.name,
          unit,
          pagesInAll: file.text.pages,
          textStatus: file.text.status,
          pages: kept,
          next,
          link: fileLink(file, first),
        },
        summary:
          first === undefined
            ? `No text read from ${file.name}`
            : `Read ${file.name}, ${unit} ${first}${through !== first ? `–${through}` : ""}`,
      };
    },
  }),
};
