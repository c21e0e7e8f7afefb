/** Properties the investor is weighing: import (with a preview), list, edit, delete. */
import { z } from "@hono/zod-openapi";
import { MAX_IMPORT_ROWS, PropertyInputSchema } from "../../../app/domain/workspace";
import { checkPropertyRows } from "../../../app/domain/property-import";
import {
  deleteProperty,
  listProperties,
  planPropertyWrites,
  propertyDetail,
  updateProperty,
  writeProperties,
} from "../../services/properties";
import { AppError } from "../../errors";
import {
  actingScope,
  apiRoute,
  ASSIGNING,
  assigneeFilter,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  pageResponse,
  router,
  signedIn,
  signedInStoring,
  importQuery,
} from "../openapi";
import {
  PropertyDetailSchema,
  PropertyImportResultSchema,
  PropertySchema,
  PropertyWithAnalysisSchema,
} from "./properties.schemas";
import { PropertyListQuerySchema } from "../list-queries";
import { etag, ifMatch, versioned } from "../versions";

const ImportQuerySchema = importQuery("update");

const ImportBodySchema = z
  .union([
    z
      .array(z.record(z.string(), z.unknown()))
      .min(1, { error: "Send at least one property" })
      .max(MAX_IMPORT_ROWS, { error: `Send at most ${MAX_IMPORT_ROWS} properties per call` }),
    z.record(z.string(), z.unknown()),
  ])
  .openapi({
    description:
      "One PropertyInput, or an array of up to 1,000. Numbers may be written as people write them (`$125,000`, `7.5%`).",
  });

const app = router();

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "importProperties",
    summary: "Import one property or up to 1,000 (matched on external id, else address)",
    description: `Every row is checked; invalid rows are reported by index and the valid ones are written together in one batch. A request whose rows are all invalid answers 400 and writes nothing. With \`dryRun=true\` nothing is written: the answer says what an import would do. \`ids\` holds the id of each valid row, in the order sent (the property written, or matched and skipped), so a client that sends one object can open the property it made. ${ASSIGNING} A property matched and updated keeps its assignee unless the row names one; a row naming someone who is not a member refuses the whole request.`,
    ...signedInStoring,
    request: { query: ImportQuerySchema, ...jsonBody(ImportBodySchema) },
    responses: {
      200: dataResponse("What was (or would be) imported", PropertyImportResultSchema),
      ...errorResponses(400, 401, 413),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const { dryRun, existing } = c.req.valid("query");
    const rows = Array.isArray(body) ? body : [body];
    const { valid, failed } = checkPropertyRows(rows);
    if (valid.length === 0) {
      throw new AppError(400, "VALIDATION_FAILED", "No valid property in the request", failed);
    }
    const [db, acting] = actingScope(c);
    const plan = await planPropertyWrites(db, acting, valid, existing);
    const ids = dryRun === "false" ? await writeProperties(db, plan) : [];
    const { created, updated, skipped } = plan;
    const result = { received: rows.length, created, updated, skipped, failed, ids };
    return c.json({ data: { ...result, dryRun: dryRun === "true" } }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listProperties",
    summary: "List properties (filters: status, propertyType, assignee, q; sort, dir; paged)",
    description:
      "Each property carries the key figures of its primary analysis (`primaryAnalysis`: the deal flagged primary, else its most recently changed one; null without one). Sorting by `cashFlowMonthly`, `capRate` or `cashOnCash` sorts by those figures; properties without them come last either way.",
    ...signedIn,
    request: { query: PropertyListQuerySchema },
    responses: {
      200: pageResponse("A page of properties", PropertyWithAnalysisSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, sort, dir, assignee, ...filters } = c.req.valid("query");
    const { items, meta } = await listProperties(
      ...actingScope(c),
      { ...filters, assignee: await assigneeFilter(c, assignee) },
      { sort, dir },
      { page, limit },
    );
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute(
    versioned(PropertySchema, {
      method: "get",
      path: "/{id}",
      operationId: "getProperty",
      summary:
        "One property with its primary analysis, its saved analyses, the projects on it, their contacts and the research grounded in it",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The property", PropertyDetailSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) => {
    const data = await propertyDetail(...actingScope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(PropertySchema, {
      method: "put",
      path: "/{id}",
      operationId: "updateProperty",
      summary: "Replace a property's fields",
      description: ASSIGNING,
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(PropertyInputSchema.openapi("PropertyInput")) },
      responses: {
        200: dataResponse("The updated property", PropertySchema),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await updateProperty(...actingScope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(PropertySchema, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteProperty",
      summary: "Delete a property (projects that point at it are unlinked)",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The deleted property", PropertySchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) =>
    c.json(
      { data: await deleteProperty(...actingScope(c), c.req.valid("param").id, ifMatch(c)) },
      200,
    ),
);

export default app;
