/**
 * The marketing team area, under /marketing: leads (contacts of type lead) with their import,
 * campaigns and their figures, the funnel, lead bots with their playground, and outreach drafts.
 * Every row is the signed-in user's; another user's id answers 404.
 */
import { z } from "@hono/zod-openapi";
import {
  BotChatSchema,
  BotFinishSchema,
  CopyRequestSchema,
  LeadBotInputSchema,
} from "../../../app/domain/marketing/bots";
import { CampaignInputSchema } from "../../../app/domain/marketing/campaigns";
import { LeadInputSchema } from "../../../app/domain/marketing/leads";
import { MAX_IMPORT_ROWS } from "../../../app/domain/workspace";
import { database } from "../../db/client";
import {
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
} from "../../services/campaigns";
import {
  botTurn,
  createBot,
  deleteBot,
  draftCopy,
  getBot,
  leadFromBot,
  listBots,
  updateBot,
} from "../../services/lead-bots";
import {
  createLead,
  deleteLead,
  getLead,
  importLeads,
  leadSummary,
  listLeads,
  updateLead,
} from "../../services/leads";
import {
  IdParamSchema,
  actingScope,
  apiRoute,
  ASSIGNING,
  assigneeFilter,
  dataResponse,
  errorResponses,
  jsonBody,
  pageResponse,
  router,
  scope,
  signedIn,
  signedInAnyRole,
  signedInStoring,
} from "../openapi";
import {
  CampaignRecordSchema,
  CampaignSchema,
  CopyDraftSchema,
  LeadBotSchema,
  LeadImportResultSchema,
  LeadSchema,
  LeadSummarySchema,
} from "./marketing.schemas";
import { LeadListQuerySchema, LeadSummaryQuerySchema } from "../list-queries";
import { etag, ifMatch, versioned } from "../versions";

const LeadBody = LeadInputSchema.openapi("LeadInput");
const CampaignBody = CampaignInputSchema.openapi("CampaignInput");
const BotBody = LeadBotInputSchema.openapi("LeadBotInput");
const LeadImportBodySchema = z
  .object({
    rows: z
      .array(z.record(z.string(), z.unknown()))
      .min(1, { error: "Send at least one lead" })
      .max(MAX_IMPORT_ROWS, { error: `Send at most ${MAX_IMPORT_ROWS} leads per call` }),
    campaignId: z.string().min(1).max(64).nullish(),
  })
  .openapi("LeadImport");

const app = router();

// ---------------------------------------------------------------------------------------------
// Leads

app.openapi(
  apiRoute({
    method: "get",
    path: "/leads",
    operationId: "listLeads",
    summary:
      "List leads (filters: status, campaignId, followUpBy, assignee, q on name, e-mail, phone, company, tags, notes, source; sort: newest, follow_up, score, name; paged)",
    ...signedIn,
    request: { query: LeadListQuerySchema },
    responses: { 200: pageResponse("A page of leads", LeadSchema), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const { page, limit, assignee, ...filters } = c.req.valid("query");
    const { items, meta } = await listLeads(
      ...actingScope(c),
      { ...filters, assignee: await assigneeFilter(c, assignee) },
      { page, limit },
    );
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/leads",
    operationId: "createLead",
    summary: "Create a lead (a contact of type lead); 409 when its e-mail or phone is a lead's",
    description: ASSIGNING,
    ...signedIn,
    request: jsonBody(LeadBody),
    responses: {
      201: dataResponse("The new lead", LeadSchema),
      ...errorResponses(400, 401, 409),
    },
  }),
  async (c) => c.json({ data: await createLead(...actingScope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/leads/import",
    operationId: "importLeads",
    summary: "Import up to 1,000 leads, optionally into a campaign",
    description:
      "Every row is checked (a row's `assigneeId` must name a member); invalid rows are reported by index, rows whose e-mail or phone is already a lead's (or an earlier row's) are skipped, and the rest are written together in one batch. A request with no valid row answers 400 and writes nothing. Each member assigned leads, unless it is you, is notified once.",
    ...signedInStoring,
    request: jsonBody(LeadImportBodySchema),
    responses: {
      200: dataResponse("What was imported", LeadImportResultSchema),
      ...errorResponses(400, 401, 413),
    },
  }),
  async (c) => {
    const { rows, campaignId } = c.req.valid("json");
    return c.json({ data: await importLeads(...actingScope(c), rows, campaignId ?? null) }, 200);
  },
);

app.openapi(
  apiRoute(
    versioned(LeadSchema, {
      method: "get",
      path: "/leads/{id}",
      operationId: "getLead",
      summary: "One lead",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: { 200: dataResponse("The lead", LeadSchema), ...errorResponses(401, 404) },
    }),
  ),
  async (c) => {
    const data = await getLead(...actingScope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(LeadSchema, {
      method: "put",
      path: "/leads/{id}",
      operationId: "updateLead",
      summary:
        "Replace a lead's fields; the stage it reached and the time of its first contact follow its status",
      description: ASSIGNING,
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(LeadBody) },
      responses: {
        200: dataResponse("The updated lead", LeadSchema),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await updateLead(...actingScope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(LeadSchema, {
      method: "delete",
      path: "/leads/{id}",
      operationId: "deleteLead",
      summary: "Delete a lead and its contact",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: { 200: dataResponse("The deleted lead", LeadSchema), ...errorResponses(401, 404) },
    }),
  ),
  async (c) =>
    c.json({ data: await deleteLead(...actingScope(c), c.req.valid("param").id, ifMatch(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/summary",
    operationId: "leadSummary",
    summary:
      "The lead funnel (leads reaching each stage, stage-to-stage conversion) and the average speed to lead, overall or for one campaign",
    ...signedIn,
    request: { query: LeadSummaryQuerySchema },
    responses: {
      200: dataResponse("The funnel and speed to lead", LeadSummarySchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) =>
    c.json({ data: await leadSummary(...scope(c), c.req.valid("query").campaignId) }, 200),
);

// ---------------------------------------------------------------------------------------------
// Campaigns

app.openapi(
  apiRoute({
    method: "get",
    path: "/campaigns",
    operationId: "listCampaigns",
    summary: "The campaigns, newest first, each with its figures from the leads naming it",
    ...signedIn,
    responses: {
      200: dataResponse("The campaigns", z.array(CampaignSchema)),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await listCampaigns(...scope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/campaigns",
    operationId: "createCampaign",
    summary: "Create a campaign",
    ...signedIn,
    request: jsonBody(CampaignBody),
    responses: {
      201: dataResponse("The new campaign", CampaignSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json({ data: await createCampaign(...scope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute(
    versioned(CampaignRecordSchema, {
      method: "get",
      path: "/campaigns/{id}",
      operationId: "getCampaign",
      summary: "One campaign with its figures",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: { 200: dataResponse("The campaign", CampaignSchema), ...errorResponses(401, 404) },
    }),
  ),
  async (c) => {
    const data = await getCampaign(...scope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(CampaignRecordSchema, {
      method: "put",
      path: "/campaigns/{id}",
      operationId: "updateCampaign",
      summary: "Replace a campaign's fields",
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(CampaignBody) },
      responses: {
        200: dataResponse("The updated campaign", CampaignSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await updateCampaign(...scope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(CampaignRecordSchema, {
      method: "delete",
      path: "/campaigns/{id}",
      operationId: "deleteCampaign",
      summary: "Delete a campaign; its leads stay, no longer attributed to it",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The deleted campaign", CampaignRecordSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) =>
    c.json({ data: await deleteCampaign(...scope(c), c.req.valid("param").id, ifMatch(c)) }, 200),
);

// ---------------------------------------------------------------------------------------------
// Lead bots

app.openapi(
  apiRoute({
    method: "get",
    path: "/bots",
    operationId: "listLeadBots",
    summary: "The lead bots, newest first",
    ...signedIn,
    responses: {
      200: dataResponse("The lead bots", z.array(LeadBotSchema)),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await listBots(...scope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/bots",
    operationId: "createLeadBot",
    summary: "Create a lead bot: a persona, its qualifying questions and its hand-off rule",
    ...signedIn,
    request: jsonBody(BotBody),
    responses: {
      201: dataResponse("The new lead bot", LeadBotSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json({ data: await createBot(...scope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute(
    versioned(LeadBotSchema, {
      method: "get",
      path: "/bots/{id}",
      operationId: "getLeadBot",
      summary: "One lead bot",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: { 200: dataResponse("The lead bot", LeadBotSchema), ...errorResponses(401, 404) },
    }),
  ),
  async (c) => {
    const data = await getBot(...scope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(LeadBotSchema, {
      method: "put",
      path: "/bots/{id}",
      operationId: "updateLeadBot",
      summary: "Replace a lead bot's fields",
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(BotBody) },
      responses: {
        200: dataResponse("The updated lead bot", LeadBotSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await updateBot(...scope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(LeadBotSchema, {
      method: "delete",
      path: "/bots/{id}",
      operationId: "deleteLeadBot",
      summary: "Delete a lead bot (the leads it made stay)",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The deleted lead bot", LeadBotSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) =>
    c.json({ data: await deleteBot(...scope(c), c.req.valid("param").id, ifMatch(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/bots/{id}/chat",
    operationId: "chatLeadBot",
    summary:
      "A playground turn: the bot's reply asking question `next` (or handing over when all are answered), streamed through the AI relay. Nothing is saved.",
    ...signedInAnyRole,
    request: { params: IdParamSchema, ...jsonBody(BotChatSchema.openapi("LeadBotChat")) },
    responses: {
      200: {
        description: "`text/event-stream` of chat.completion.chunk events, ending `data: [DONE]`",
        content: { "text/event-stream": { schema: z.string() } },
      },
      ...errorResponses(400, 401, 404, 502, 503, 504),
    },
  }),
  async (c) => {
    const [db, userId] = scope(c);
    return botTurn(
      c.env,
      db,
      userId,
      c.req.valid("param").id,
      c.req.valid("json"),
      c.req.raw.signal,
    );
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/bots/{id}/leads",
    operationId: "leadFromBot",
    summary:
      "A finished playground conversation as a lead: the answers in question order fill the name, phone, e-mail and address the questions map to, and every answer is kept",
    ...signedIn,
    request: { params: IdParamSchema, ...jsonBody(BotFinishSchema.openapi("LeadBotFinish")) },
    responses: {
      201: dataResponse("The new lead", LeadSchema),
      ...errorResponses(400, 401, 404, 409),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await leadFromBot(...scope(c), c.req.valid("param").id, c.req.valid("json").answers),
      },
      201,
    ),
);

// ---------------------------------------------------------------------------------------------
// Outreach drafts

app.openapi(
  apiRoute({
    method: "post",
    path: "/copy",
    operationId: "draftOutreach",
    summary:
      "Draft an outreach e-mail, SMS or letter for a lead or a campaign. SMS drafts carry the compliance note; AI42 never sends them.",
    ...signedInAnyRole,
    request: jsonBody(CopyRequestSchema.openapi("OutreachRequest")),
    responses: {
      200: dataResponse("The draft", CopyDraftSchema),
      ...errorResponses(400, 401, 404, 502, 503, 504),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await draftCopy(c.env, database(c.env.DB), c.var.session, c.req.valid("json")),
      },
      200,
    ),
);

export default app;
