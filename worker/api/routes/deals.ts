/** Deal analyses: run the math on inputs, and saved analyses (CRUD) with their metrics. */
import { CRITERIA, DealCriteriaInputSchema } from "../../../app/domain/deals/criteria";
import { analyzeRequestSchema, dealInputSchema } from "../../../app/domain/deals/inputs";
import {
  MAX_SENSITIVITY_VALUES,
  SensitivityRequestSchema,
} from "../../../app/domain/deals/sensitivity";
import {
  analyzeForUser,
  createDeal,
  dealDetail,
  deleteDeal,
  findCriteria,
  listDeals,
  judgeLater,
  saveCriteria,
  sensitivity,
  updateDeal,
} from "../../services/deals";
import {
  IdParamSchema,
  apiRoute,
  dataResponse,
  errorResponses,
  jsonBody,
  pageResponse,
  router,
  scope,
  signedIn,
  signedInAnyRole,
} from "../openapi";
import {
  DealAnalysisSchema,
  DealCriteriaSchema,
  DealInputSchemas,
  DealSchema,
  DealSensitivitySchema,
} from "./deals.schemas";
import { etag, ifMatch, versioned } from "../versions";
import { DealListQuerySchema } from "../list-queries";

const AnalyzeBody = analyzeRequestSchema(DealInputSchemas).openapi("DealAnalysisRequest");
const DealBody = dealInputSchema(DealInputSchemas).openapi("DealInput");

const INPUT_RULES =
  "Money in dollars, every `…Pct` a percent number (7.5 = 7.5 %). Bad input answers 400 naming each field (`inputs.financing.termYears`): money below 0, a purchase price of 0 or less, a percent outside 0–100 (growth and appreciation: −99 to 100), `termYears`/`holdYears` not a whole number 1–50, `holdingMonths` not a whole number 1–120, or a string where a number belongs. Unknown input names are dropped; an optional input sent as null counts as left out. Itemized inputs: `units` (rental, BRRRR; 1–500) stand for `grossMonthlyRent`, which must then be absent; `rehabItems` (1–500, with `rehabContingencyPct` 0–100) stand for `rehabCost`, which must then be absent; `comps` (1–50) need `subjectSquareFeet` and give the ARV when `afterRepairValue` is absent (a wholesale deal needs one of the two). Each answers 400 naming the field otherwise, as does a comp whose adjustments leave it at $0 or less.";

const CRITERIA_NOTE = Object.entries(CRITERIA)
  .map(([name, { figure, strategies }]) => `\`${name}\` (${figure}; ${strategies.join(", ")})`)
  .join(", ");
const VERDICT_NOTE =
  "Every analysis answer carries `criteria` (the user's buy box criteria that apply to the strategy, each `{ name, target, value, pass }`; a null figure fails) and `meetsCriteria` (all pass; null when none applies).";

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/criteria",
    operationId: "getDealCriteria",
    summary: "The user's buy box (purchase criteria)",
    description: `Every criterion, null where none is set. Each reads one figure and applies to some strategies: ${CRITERIA_NOTE}. \`allInPctOfArv\` is (purchase price + rehab) / ARV × 100.`,
    ...signedIn,
    responses: {
      200: dataResponse("The criteria", DealCriteriaSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await findCriteria(...scope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/criteria",
    operationId: "saveDealCriteria",
    summary: "Replace the user's buy box",
    description:
      "Each criterion optional; one left out or null is cleared. Percents as percent numbers (8 = 8 %): `minCapRate`, `minCashOnCash` and `minIrr` −100 to 1,000, `maxAllInPctOfArv` above 0 up to 1,000; `minDscr` 0–100; `maxPurchasePrice` and `maxPricePerUnit` above $0; 400 names a field out of range. Properties are judged again by the new buy box (`meetsCriteria` in the list): up to 2,000 analysed properties before the answer, more in the background within seconds.",
    ...signedIn,
    request: jsonBody(DealCriteriaInputSchema.openapi("DealCriteriaInput")),
    responses: {
      200: dataResponse("The criteria as saved", DealCriteriaSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const [db, userId] = scope(c);
    const later = judgeLater(c.env, db, userId, (work) => c.executionCtx.waitUntil(work));
    return c.json({ data: await saveCriteria(db, userId, c.req.valid("json"), later) }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/analyze",
    operationId: "analyzeDeal",
    summary: "Analyze a rental, flip, BRRRR or wholesale deal (nothing is stored)",
    description: `Answers every metric of the strategy, unrounded (null where undefined); rental and BRRRR answers carry the yearly projection \`years\`. ${VERDICT_NOTE} ${INPUT_RULES}`,
    ...signedInAnyRole,
    request: jsonBody(AnalyzeBody),
    responses: {
      200: dataResponse("The analysis", DealAnalysisSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json({ data: await analyzeForUser(...scope(c), c.req.valid("json")) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/sensitivity",
    operationId: "dealSensitivity",
    summary: "A what-if grid: one metric as one or two inputs vary (nothing is stored)",
    description: `\`rows\` (and optionally \`columns\`) name an input by its path (\`purchasePrice\`, \`financing.interestRatePct\`, \`refinance.ltvPct\`, \`units.0.monthlyRent\`: any number among the strategy's inputs) and give it 1–${MAX_SENSITIVITY_VALUES} values; \`metric\` is any metric of the strategy. Every cell is the analysis of the inputs with that row's and column's values put in, checked as \`POST /deals/analyze\` checks them, so it equals what analyze answers for them. 400 names an unknown input path (\`rows.input\`, \`columns.input\`) or metric (\`metric\`), and a value that makes the inputs invalid (\`rows.values.3\`, with the input's problem) or the inputs' own fields.`,
    ...signedInAnyRole,
    request: jsonBody(SensitivityRequestSchema.openapi("DealSensitivityRequest")),
    responses: {
      200: dataResponse("The grid", DealSensitivitySchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json({ data: sensitivity(c.req.valid("json")) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listDeals",
    summary: "List saved analyses (filters: propertyId, projectId, strategy, q; paged)",
    description:
      "Most recently changed first. Each deal's metrics are worked out from its inputs as it is listed; the yearly projection is left out (GET one deal for it).",
    ...signedIn,
    request: { query: DealListQuerySchema },
    responses: {
      200: pageResponse("A page of saved analyses", DealSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, ...filters } = c.req.valid("query");
    const { items, meta } = await listDeals(...scope(c), filters, { page, limit });
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createDeal",
    summary: "Save an analysis",
    description: `\`propertyId\` and \`projectId\` must be the user's own (400 otherwise). A property's first analysis is its primary; with \`primary: true\` another becomes it, and the property's other analyses lose the flag. A primary stays one until another is made primary. ${INPUT_RULES}`,
    ...signedIn,
    request: jsonBody(DealBody),
    responses: { 201: dataResponse("The saved analysis", DealSchema), ...errorResponses(400, 401) },
  }),
  async (c) => c.json({ data: await createDeal(...scope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute(
    versioned(DealSchema, {
      method: "get",
      path: "/{id}",
      operationId: "getDeal",
      summary: "One saved analysis with its metrics and projection",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The analysis", DealSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) => {
    const data = await dealDetail(...scope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(DealSchema, {
      method: "put",
      path: "/{id}",
      operationId: "updateDeal",
      summary: "Replace a saved analysis (name, strategy, inputs, links, primary)",
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(DealBody) },
      responses: {
        200: dataResponse("The updated analysis", DealSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await updateDeal(...scope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(DealSchema, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteDeal",
      summary: "Delete a saved analysis",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The deleted analysis", DealSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) =>
    c.json({ data: await deleteDeal(...scope(c), c.req.valid("param").id, ifMatch(c)) }, 200),
);

export default app;
