/** The user's rehab line templates: list them, save a line as one, delete one. */
import { z } from "@hono/zod-openapi";
import { MAX_REHAB_TEMPLATES, RehabItemSchema } from "../../../app/domain/deals/inputs";
import {
  createRehabTemplate,
  deleteRehabTemplate,
  listRehabTemplates,
} from "../../services/rehab-templates";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  router,
  actingScope,
  signedIn,
  signedInStoring,
} from "../openapi";
import { RehabTemplateSchema } from "./rehab-templates.schemas";

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listRehabTemplates",
    summary: "The user's rehab line templates, newest first",
    ...signedIn,
    responses: {
      200: dataResponse("The templates", z.array(RehabTemplateSchema)),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await listRehabTemplates(...actingScope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createRehabTemplate",
    summary: "Save a rehab line as a template",
    description: `A line as \`rehabItems\` takes it (\`category\`, \`description\`, \`quantity\` above 0, \`unitCost\` from $0). A user keeps at most ${MAX_REHAB_TEMPLATES}: 409 LIMIT_REACHED beyond.`,
    ...signedInStoring,
    request: jsonBody(RehabItemSchema.openapi("RehabTemplateInput")),
    responses: {
      201: dataResponse("The template", RehabTemplateSchema),
      ...errorResponses(400, 401, 409),
    },
  }),
  async (c) =>
    c.json({ data: await createRehabTemplate(...actingScope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}",
    operationId: "deleteRehabTemplate",
    summary: "Delete one of the user's rehab line templates",
    description: "Another user's template answers 404, as one that does not exist.",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted template", RehabTemplateSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) =>
    c.json({ data: await deleteRehabTemplate(...actingScope(c), c.req.valid("param").id) }, 200),
);

export default app;
