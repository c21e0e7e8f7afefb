/** Property research (spec §7 /ai/property-research) and the research history. */
import { ResearchRequestSchema } from "../../../app/domain/ai/research";
import {
  deleteResearch,
  listResearch,
  researchProperty,
  saveResearchToHub,
} from "../../services/research";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  pageResponse,
  router,
  signedIn,
  scope,
} from "../openapi";
import { aiLimitsNote } from "../../services/usage";
import { ResearchListQuerySchema } from "../list-queries";
import { ResearchSchema, SavedResearchSchema } from "./research.schemas";

const app = router();

app.openapi(
  apiRoute({
    method: "post",
    path: "/property-research",
    operationId: "researchProperty",
    summary:
      "A structured research report on a property or market (summary, market, comparables, risks, next steps, sources), grounded in the user's matching projects and properties; Perplexity when configured, else OpenAI. Saved to the research history.",
    description: aiLimitsNote(true).trim(),
    ...signedIn,
    request: jsonBody(ResearchRequestSchema.openapi("ResearchRequest")),
    responses: {
      201: dataResponse("The saved report", ResearchSchema),
      ...errorResponses(400, 401, 413, 429, 502, 503, 504),
    },
  }),
  async (c) => {
    const research = await researchProperty(c.env, ...scope(c), c.req.valid("json").query);
    return c.json({ data: research }, 201);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/research",
    operationId: "listResearch",
    summary: "The user's past property research, newest first (page, limit, q)",
    ...signedIn,
    request: { query: ResearchListQuerySchema },
    responses: {
      200: pageResponse("Research reports", ResearchSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, q } = c.req.valid("query");
    const { items, meta } = await listResearch(...scope(c), q, {
      page,
      limit,
    });
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/research/{id}/save",
    operationId: "saveResearch",
    summary:
      "Save a report to the Project Hub as a Markdown document (linked to the project it names). Idempotent: a report already saved answers 200 with that same document.",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("Already saved: the document it was saved as", SavedResearchSchema),
      201: dataResponse("Saved: the new document", SavedResearchSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const { created, ...saved } = await saveResearchToHub(...scope(c), c.req.valid("param").id);
    return created ? c.json({ data: saved }, 201) : c.json({ data: saved }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/research/{id}",
    operationId: "deleteResearch",
    summary: "Delete a research report from the history (a copy saved to the Project Hub stays)",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted report", ResearchSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => c.json({ data: await deleteResearch(...scope(c), c.req.valid("param").id) }, 200),
);

export default app;
