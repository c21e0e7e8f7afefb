/**
 * Records' versions over HTTP: a GET of a record answers its ETag; a PUT or DELETE with If-Match
 * is made only if the record is still at that version, else 412 with the record as it now is.
 * Without If-Match (old clients, the agent's tools) a change is made unconditionally, as before.
 */
import { z, type RouteConfig } from "@hono/zod-openapi";
import type { Context } from "hono";
import { etagOf, versionsOf } from "../../app/domain/versions";
import type { IfVersion } from "../db/queries";
import { ActorSchema } from "./routes/activity.schemas";

const EXAMPLE_ETAG = '"2026-05-04T09:30:00.000Z"';

const ETAG_HEADER = {
  ETag: {
    description:
      "The record's version: its `updatedAt` in quotes. Send it as If-Match with a change so that the change is made only if nobody else has changed the record since",
    schema: { type: "string" as const, example: EXAMPLE_ETAG },
  },
};

const IfMatchSchema = z.object({
  "if-match": z.string().optional().openapi({
    description:
      "The ETag (or a comma-separated list of ETags) of the version this change was made against: when the record is at another version nothing changes and the answer is 412 VERSION_MISMATCH. Left out, or `*`: the change is made whatever the version",
    example: EXAMPLE_ETAG,
  }),
});

/** The 412 answer: the one error envelope, its `details.current` the record as it now is. */
const mismatchResponse = (record: z.ZodType) => ({
  description:
    "The record was changed elsewhere since the version named in If-Match (code VERSION_MISMATCH): nothing was changed. `error.details.current` is the record as it now is and ETag its version: show it, or send the change again with that ETag to overwrite. `error.details.changedBy` names who changed it last",
  headers: ETAG_HEADER,
  content: {
    "application/json": {
      schema: z.object({
        error: z.object({
          message: z.string(),
          code: z.literal("VERSION_MISMATCH"),
          details: z.object({
            current: record,
            changedBy: ActorSchema.nullable().openapi({
              description:
                "Who made the record's latest change in the activity log; null when nobody is known to have",
            }),
          }),
        }),
      }),
    },
  },
});

/**
 * A route of one record, versioned in the contract: a GET answers ETag; a PUT or DELETE takes
 * If-Match and may answer 412 with the record (`record`, the schema of what a PUT answers); a PUT
 * answers the new ETag.
 */
export function versioned<R extends RouteConfig>(record: z.ZodType, config: R): R {
  const ok = config.responses[200]!;
  const tagged = { ...ok, headers: ETAG_HEADER };
  if (config.method === "get")
    return { ...config, responses: { ...config.responses, 200: tagged } };
  return {
    ...config,
    request: { ...config.request, headers: IfMatchSchema },
    responses: {
      ...config.responses,
      200: config.method === "put" ? tagged : ok,
      412: mismatchResponse(record),
    },
  };
}

/** The versions the request's If-Match accepts (undefined: any, the change is unconditional). */
export const ifMatch = (c: Context): IfVersion => versionsOf(c.req.header("If-Match"));

/** The headers of an answer that carries a record: its ETag. */
export const etag = (record: { updatedAt: string }) => ({ ETag: etagOf(record.updatedAt) });
