import { z } from "@hono/zod-openapi";
import { FILE_KINDS, FILE_OWNERS, FILE_TEXT_STATUSES } from "../../../app/domain/files";

export const OwnerTypeSchema = z.enum(FILE_OWNERS).openapi({ description: "The kind of record" });

export const FileSchema = z
  .object({
    id: z.string(),
    ownerType: OwnerTypeSchema,
    ownerId: z.string(),
    name: z.string().openapi({ description: "The file's name as uploaded" }),
    kind: z.enum(FILE_KINDS),
    mimeType: z.string().openapi({ description: "Told from the file's bytes, not its name" }),
    size: z.number().int().openapi({ description: "Bytes" }),
    sha256: z.string().openapi({ description: "Hex SHA-256 of the bytes" }),
    text: z
      .object({
        status: z.enum(FILE_TEXT_STATUSES).openapi({
          description:
            "Whether the file's text has been read for search: `none` for a kind without text (images, .doc/.xls/.ppt), `pending` just after the upload, `ready`, `failed` (see `error`), or `skipped` when reading it would take more than the extractor allows (time, unpacked size; `error` says which)",
        }),
        unit: z.enum(["page", "slide", "sheet"]).nullable().openapi({
          description:
            "What the text is cut into: a PDF's or Word document's pages, a presentation's slides, a workbook's sheets",
        }),
        pages: z.number().int().openapi({ description: "How many pages (slides, sheets) of text" }),
        error: z.string().nullable().openapi({ description: "Why the text could not be read" }),
      })
      .openapi("FileText"),
    thumbnail: z.boolean().openapi({
      description:
        "Whether a small picture of the photo was sent with it (GET /files/{id}/thumbnail)",
    }),
    createdAt: z.string(),
  })
  .openapi("StoredFile");

export const FoundFileSchema = FileSchema.extend({
  ownerName: z.string().openapi({
    description:
      "The name of the record the file is on (a property's or an auction's address, a contact's name)",
  }),
  match: z
    .object({
      page: z
        .number()
        .int()
        .openapi({ description: "The first page (slide, sheet) holding every word, from 1" }),
      unit: z.enum(["page", "slide", "sheet"]),
      snippet: z.string().openapi({ description: "The text around the first word" }),
    })
    .optional()
    .openapi({
      description:
        "With `q`: where in the file's text the words are (absent when only the name matched)",
    }),
}).openapi("FoundFile");
