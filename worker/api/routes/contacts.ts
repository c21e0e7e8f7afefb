/** Contacts: list, CRUD, and each contact's projects. */
import { ContactInputSchema } from "../../../app/domain/workspace";
import {
  contactDetail,
  createContact,
  deleteContact,
  listContacts,
  updateContact,
} from "../../services/contacts";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  pageResponse,
  router,
  signedIn,
  actingScope,
} from "../openapi";
import { ContactDetailSchema, ContactSchema } from "./contacts.schemas";
import { ContactListQuerySchema } from "../list-queries";
import { etag, ifMatch, versioned } from "../versions";

const ContactBody = ContactInputSchema.openapi("ContactInput");

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listContacts",
    summary:
      "List contacts by name (filters: type, q on name, company, e-mail, phone, tags, notes; paged)",
    ...signedIn,
    request: { query: ContactListQuerySchema },
    responses: {
      200: pageResponse("A page of contacts", ContactSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, ...filters } = c.req.valid("query");
    const { items, meta } = await listContacts(...actingScope(c), filters, {
      page,
      limit,
    });
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createContact",
    summary: "Create a contact",
    ...signedIn,
    request: jsonBody(ContactBody),
    responses: { 201: dataResponse("The new contact", ContactSchema), ...errorResponses(400, 401) },
  }),
  async (c) => c.json({ data: await createContact(...actingScope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute(
    versioned(ContactSchema, {
      method: "get",
      path: "/{id}",
      operationId: "getContact",
      summary: "One contact with the projects it is linked to",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The contact", ContactDetailSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) => {
    const data = await contactDetail(...actingScope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(ContactSchema, {
      method: "put",
      path: "/{id}",
      operationId: "updateContact",
      summary: "Replace a contact's fields",
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(ContactBody) },
      responses: {
        200: dataResponse("The updated contact", ContactSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await updateContact(...actingScope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(ContactSchema, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteContact",
      summary: "Delete a contact (and its links to projects)",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The deleted contact", ContactSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) =>
    c.json(
      { data: await deleteContact(...actingScope(c), c.req.valid("param").id, ifMatch(c)) },
      200,
    ),
);

export default app;
