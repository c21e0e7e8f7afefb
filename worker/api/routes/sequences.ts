/**
 * Follow-up sequences for leads, under /marketing/sequences: the sequences, their
 * settings (on or off, the daily cap, whether Gmail may send), a lead's sequences with their log,
 * starting one on a lead and stopping it. The steps themselves run in the background
 * (worker/scheduled.ts finds them, worker/queue.ts runs them).
 */
import { z } from "@hono/zod-openapi";
import {
  SequenceInputSchema,
  SequenceSettingsSchema,
} from "../../../app/domain/marketing/sequences";
import {
  createSequence,
  deleteSequence,
  enrollLead,
  getSequence,
  leadSequences,
  listSequences,
  sequenceSettingsOf,
  stopLeadSequence,
  updateSequence,
  updateSequenceSettings,
} from "../../services/sequences";
import {
  actingScope,
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  router,
  scope,
  signedIn,
} from "../openapi";
import {
  EnrollmentInputSchema,
  EnrollmentSchema,
  LeadSequencesSchema,
  SequenceSchema,
  SequenceSettingsResultSchema,
} from "./sequences.schemas";

const SequenceBody = SequenceInputSchema.openapi("SequenceInput");
const SettingsBody = SequenceSettingsSchema.openapi("SequenceSettingsInput");

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listSequences",
    summary: "The user's follow-up sequences, each with how many leads it is running on",
    ...signedIn,
    responses: {
      200: dataResponse("The sequences", z.array(SequenceSchema)),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await listSequences(...scope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createSequence",
    summary: "Create a sequence: steps in order of their day (e-mail, call, letter or task)",
    description:
      "An e-mail step's subject and body may hold {{first_name}}, {{last_name}}, {{full_name}}, {{address}}, {{mailing_address}} and {{sender_name}}.",
    ...signedIn,
    request: jsonBody(SequenceBody),
    responses: {
      201: dataResponse("The new sequence", SequenceSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json({ data: await createSequence(...scope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/settings",
    operationId: "getSequenceSettings",
    summary: "Whether sequences are on, the daily cap of e-mails, and whether Gmail may send",
    ...signedIn,
    responses: {
      200: dataResponse("The settings", SequenceSettingsResultSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await sequenceSettingsOf(...actingScope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/settings",
    operationId: "updateSequenceSettings",
    summary: "Turn sequences on or off (off stops every running one) and set the daily cap",
    ...signedIn,
    request: jsonBody(SettingsBody),
    responses: {
      200: dataResponse("The settings", SequenceSettingsResultSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) =>
    c.json(
      { data: await updateSequenceSettings(...actingScope(c), c.req.valid("json"), Date.now()) },
      200,
    ),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/leads/{id}",
    operationId: "getLeadSequences",
    summary: "A lead's sequences (the running one first) and the log of every step done",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The lead's sequences and log", LeadSequencesSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => c.json({ data: await leadSequences(...scope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/leads/{id}",
    operationId: "startLeadSequence",
    summary: "Start a sequence on a lead: its first step is due its day from now",
    description:
      "409 SEQUENCES_OFF while sequences are off; 409 DO_NOT_CONTACT, LITIGATOR or DECEASED when the lead is flagged so (no sequence starts on them); 409 DO_NOT_MAIL when the sequence has letter steps and the lead is flagged do not mail; 409 NO_EMAIL_ADDRESS or NO_EMAIL_CONSENT when the sequence has e-mail steps and the lead has no e-mail address or has not agreed to e-mail (`details`: `reason`, `emailSteps`; a sequence without e-mail steps starts); 409 ALREADY_IN_SEQUENCE when the lead is in one.",
    ...signedIn,
    request: { params: IdParamSchema, ...jsonBody(EnrollmentInputSchema) },
    responses: {
      201: dataResponse("The lead's new sequence", EnrollmentSchema),
      ...errorResponses(400, 401, 404, 409),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { sequenceId } = c.req.valid("json");
    return c.json({ data: await enrollLead(...actingScope(c), id, sequenceId, Date.now()) }, 201);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/enrollments/{id}/stop",
    operationId: "stopLeadSequence",
    summary: "Stop a lead's running sequence (a stopped or finished one is answered as it is)",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The lead's sequence", EnrollmentSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) =>
    c.json({ data: await stopLeadSequence(...scope(c), c.req.valid("param").id, Date.now()) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}",
    operationId: "getSequence",
    summary: "One sequence",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: { 200: dataResponse("The sequence", SequenceSchema), ...errorResponses(401, 404) },
  }),
  async (c) => c.json({ data: await getSequence(...scope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/{id}",
    operationId: "updateSequence",
    summary: "Replace a sequence's name and steps; leads in it go on from the step they are at",
    ...signedIn,
    request: { params: IdParamSchema, ...jsonBody(SequenceBody) },
    responses: {
      200: dataResponse("The sequence", SequenceSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await updateSequence(...scope(c), c.req.valid("param").id, c.req.valid("json")),
      },
      200,
    ),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}",
    operationId: "deleteSequence",
    summary: "Delete a sequence; the leads it runs on are stopped, their logs kept",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted sequence", SequenceSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) =>
    c.json({ data: await deleteSequence(...scope(c), c.req.valid("param").id, Date.now()) }, 200),
);

export default app;
