/** Projects (deals): list, figures, CRUD and contact links. */
import { z } from "@hono/zod-openapi";
import { ProjectFileInputSchema, ProjectInputSchema } from "../../../app/domain/workspace";
import { pipelineStats } from "../../services/pipeline";
import {
  createProject,
  deleteProject,
  linkContact,
  linkFile,
  listProjects,
  projectDetail,
  unlinkContact,
  unlinkFile,
  updateProject,
} from "../../services/projects";
import {
  apiRoute,
  ASSIGNING,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  actingScope,
  assigneeFilter,
  pageResponse,
  router,
  signedIn,
  scope,
} from "../openapi";
import { ProjectSchema } from "../shared-schemas";
import {
  ContactLinkSchema,
  ListedProjectSchema,
  ProjectDetailSchema,
  ProjectFileSchema,
  ProjectStatsSchema,
} from "./projects.schemas";
import { ProjectListQuerySchema } from "../list-queries";
import { etag, ifMatch, versioned } from "../versions";

const ProjectBody = ProjectInputSchema.openapi("ProjectInput");

const ContactLinkParams = IdParamSchema.extend({
  contactId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "contactId", in: "path" } }),
});

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listProjects",
    summary: "List projects (filters: type, status, q, closeFrom/closeTo, assignee; paged)",
    ...signedIn,
    request: { query: ProjectListQuerySchema },
    responses: {
      200: pageResponse("A page of projects, newest change first", ListedProjectSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, assignee, ...filters } = c.req.valid("query");
    const { items, meta } = await listProjects(
      ...actingScope(c),
      { ...filters, assignee: await assigneeFilter(c, assignee) },
      { page, limit },
    );
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/stats/overview",
    operationId: "getProjectStats",
    summary: "Pipeline figures: counts by status and type, money totals, record counts",
    ...signedIn,
    responses: {
      200: dataResponse("Figures for the dashboard", ProjectStatsSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await pipelineStats(...scope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createProject",
    summary: "Create a project",
    description: ASSIGNING,
    ...signedIn,
    request: jsonBody(ProjectBody),
    responses: { 201: dataResponse("The new project", ProjectSchema), ...errorResponses(400, 401) },
  }),
  async (c) => c.json({ data: await createProject(...actingScope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute(
    versioned(ProjectSchema, {
      method: "get",
      path: "/{id}",
      operationId: "getProject",
      summary: "One project with its contacts, documents and property",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The project", ProjectDetailSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) => {
    const data = await projectDetail(...actingScope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(ProjectSchema, {
      method: "put",
      path: "/{id}",
      operationId: "updateProject",
      summary: "Replace a project's fields",
      description: ASSIGNING,
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(ProjectBody) },
      responses: {
        200: dataResponse("The updated project", ProjectSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await updateProject(...actingScope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(ProjectSchema, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteProject",
      summary: "Delete a project (its documents stay, unlinked; contacts are unlinked)",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The deleted project", ProjectSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) =>
    c.json(
      { data: await deleteProject(...actingScope(c), c.req.valid("param").id, ifMatch(c)) },
      200,
    ),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/{id}/contacts",
    operationId: "linkProjectContact",
    summary: "Link a contact to the project",
    ...signedIn,
    request: {
      params: IdParamSchema,
      ...jsonBody(z.object({ contactId: z.string().min(1).max(64) })),
    },
    responses: {
      201: dataResponse("Linked", ContactLinkSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await linkContact(
          ...actingScope(c),
          c.req.valid("param").id,
          c.req.valid("json").contactId,
        ),
      },
      201,
    ),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}/contacts/{contactId}",
    operationId: "unlinkProjectContact",
    summary: "Unlink a contact from the project",
    ...signedIn,
    request: { params: ContactLinkParams },
    responses: {
      200: dataResponse("Unlinked", ContactLinkSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const { id, contactId } = c.req.valid("param");
    const link = await unlinkContact(...actingScope(c), id, contactId);
    return c.json({ data: link }, 200);
  },
);

const FileLinkParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" } }),
  fileId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "fileId", in: "path" } }),
});

app.openapi(
  apiRoute({
    method: "post",
    path: "/{id}/files",
    operationId: "linkProjectFile",
    summary: "Link a Google Drive file to the project (Drive panel: Link to project)",
    ...signedIn,
    request: {
      params: IdParamSchema,
      ...jsonBody(ProjectFileInputSchema.openapi("ProjectFileInput")),
    },
    responses: {
      201: dataResponse("The linked file", ProjectFileSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) =>
    c.json(
      { data: await linkFile(...actingScope(c), c.req.valid("param").id, c.req.valid("json")) },
      201,
    ),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}/files/{fileId}",
    operationId: "unlinkProjectFile",
    summary: "Unlink a Drive file from the project (the file stays in Drive)",
    ...signedIn,
    request: { params: FileLinkParams },
    responses: {
      200: dataResponse("Unlinked", ProjectFileSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const { id, fileId } = c.req.valid("param");
    return c.json({ data: await unlinkFile(...actingScope(c), id, fileId) }, 200);
  },
);

export default app;
