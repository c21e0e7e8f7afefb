/** Project-hub entries (business documents), with the spec's `?id=` addressing. */
import { z } from "@hono/zod-openapi";
import { EntryInputSchema } from "../../../app/domain/workspace";
import {
  createEntry,
  deleteEntry,
  getEntry,
  listEntries,
  updateEntry,
} from "../../services/entries";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  router,
  signedIn,
  signedInStoring,
  actingScope,
} from "../openapi";
import { EntrySchema } from "./entries.schemas";
import { etag, ifMatch, versioned } from "../versions";

const EntryBody = EntryInputSchema.openapi("EntryInput");
const IdQuerySchema = z.object({
  id: z
    .string({ error: "Pass the entry's id as ?id=" })
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "query" } }),
});
const ListQuerySchema = z.object({
  projectId: z.string().max(64).optional(),
  q: z.string().trim().max(200).optional(),
});

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listEntries",
    summary: "All of the user's entries, newest change first (optional projectId, q)",
    ...signedIn,
    request: { query: ListQuerySchema },
    responses: {
      200: dataResponse("The entries", z.array(EntrySchema)),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const data = await listEntries(...actingScope(c), c.req.valid("query"));
    return c.json({ data }, 200);
  },
);

app.openapi(
  apiRoute(
    versioned(EntrySchema, {
      method: "get",
      path: "/{id}",
      operationId: "getEntry",
      summary: "One entry, with its version as ETag",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: { 200: dataResponse("The entry", EntrySchema), ...errorResponses(401, 404) },
    }),
  ),
  async (c) => {
    const data = await getEntry(...actingScope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createEntry",
    summary: "Create an entry",
    ...signedInStoring,
    request: jsonBody(EntryBody),
    responses: { 201: dataResponse("The created entry", EntrySchema), ...errorResponses(400, 401) },
  }),
  async (c) => c.json({ data: await createEntry(...actingScope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute(
    versioned(EntrySchema, {
      method: "put",
      path: "/",
      operationId: "updateEntry",
      summary: "Replace an entry's fields (?id=)",
      ...signedInStoring,
      request: { query: IdQuerySchema, ...jsonBody(EntryBody) },
      responses: {
        200: dataResponse("The updated entry", EntrySchema),
        ...errorResponses(400, 401, 404),
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("query");
    const data = await updateEntry(...actingScope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(EntrySchema, {
      method: "delete",
      path: "/",
      operationId: "deleteEntry",
      summary: "Delete an entry (?id=)",
      ...signedIn,
      request: { query: IdQuerySchema },
      responses: {
        200: dataResponse("The deleted entry", EntrySchema),
        ...errorResponses(400, 401, 404),
      },
    }),
  ),
  async (c) =>
    c.json(
      { data: await deleteEntry(...actingScope(c), c.req.valid("query").id, ifMatch(c)) },
      200,
    ),
);

export default app;
