/** Read-only links to a saved analysis: make one, list the live ones, revoke. */
import { z } from "@hono/zod-openapi";
import { createDealShare, listDealShares, revokeDealShares } from "../../services/deal-shares";
import {
  apiRoute,
  appOrigin,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  router,
  scope,
  signedIn,
} from "../openapi";
import { DealShareInputSchema, DealShareSchema, RevokedSchema } from "./deal-shares.schemas";

const ShareParamSchema = IdParamSchema.extend({
  shareId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "shareId", in: "path" } }),
});

const app = router();

app.openapi(
  apiRoute({
    method: "post",
    path: "/{id}/share",
    operationId: "shareDeal",
    summary: "Make a read-only link to a saved analysis",
    description:
      "Whoever opens `url` sees the analysis as its printed report (figures, formulas, the property's address; nothing else of the user's), without an account, until `expiresAt` or until revoked. An analysis may have several links. Another user's analysis answers 404.",
    ...signedIn,
    request: { params: IdParamSchema, ...jsonBody(DealShareInputSchema) },
    responses: {
      201: dataResponse("The new link", DealShareSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const share = await createDealShare(
      ...scope(c),
      c.req.valid("param").id,
      c.req.valid("json"),
      appOrigin(c),
    );
    return c.json({ data: share }, 201);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}/shares",
    operationId: "listDealShares",
    summary: "The analysis's links that still open, newest first",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The live links", z.array(DealShareSchema)),
      ...errorResponses(401, 404),
    },
  }),
  async (c) =>
    c.json({ data: await listDealShares(...scope(c), c.req.valid("param").id, appOrigin(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}/share",
    operationId: "revokeDealShares",
    summary: "Revoke every link to the analysis",
    description: "Its links open nothing from then on (404). 404 when it had none.",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The ids of the revoked links", RevokedSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) =>
    c.json(
      { data: { revoked: await revokeDealShares(...scope(c), c.req.valid("param").id) } },
      200,
    ),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}/share/{shareId}",
    operationId: "revokeDealShare",
    summary: "Revoke one link to the analysis",
    description: "The link opens nothing from then on (404).",
    ...signedIn,
    request: { params: ShareParamSchema },
    responses: {
      200: dataResponse("The id of the revoked link", RevokedSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const { id, shareId } = c.req.valid("param");
    return c.json({ data: { revoked: await revokeDealShares(...scope(c), id, shareId) } }, 200);
  },
);

export default app;
