/**
 * Notifications: the bell's list and counts, marking read, trying a failed e-mail
 * again, the preferences, and the one-click unsubscribe an e-mail links to (no sign-in).
 */
import { z } from "@hono/zod-openapi";
import type { NotificationKind } from "../../../app/domain/notifications";
import { database } from "../../db/client";
import {
  describeUnsubscribe,
  listNotifications,
  markRead,
  notificationCounts,
  NOTIFICATION_FILTERS,
  retryEmail,
  settingsOf,
  unsubscribe,
  updateSettings,
} from "../../services/notifications";
import {
  IdParamSchema,
  MetaSchema,
  apiRoute,
  dataResponse,
  errorResponses,
  jsonBody,
  personScope,
  router,
  signedIn,
  signedInAnyRole,
} from "../openapi";
import {
  CountsSchema,
  NotificationSchema,
  NotificationReadSchema,
  NotificationSettingsSchema,
  SettingsChangeSchema,
  UnsubscribedSchema,
} from "./notifications.schemas";

const ListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  filter: z.enum(NOTIFICATION_FILTERS).default("all").openapi({
    description:
      "`unread`: not read yet; `failed`: e-mails that could not be sent (the dead letters)",
  }),
});

const TokenQuerySchema = z.object({
  token: z
    .string({ error: "This unsubscribe link is not valid: it may have been cut short" })
    .min(1)
    .max(2000),
});
const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listNotifications",
    summary: "The user's notifications, newest first",
    description:
      "What the bell lists (the kinds whose in-app channel is on), or with `filter=failed` every e-mail that could not be sent after its last attempt. `meta.unread` counts the unread ones.",
    ...signedIn,
    request: { query: ListQuerySchema },
    responses: {
      200: {
        description: "A page of notifications",
        content: {
          "application/json": {
            schema: z.object({
              data: z.array(NotificationSchema),
              meta: MetaSchema.extend({ unread: z.number().int() }),
            }),
          },
        },
      },
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { items, meta } = await listNotifications(...personScope(c), c.req.valid("query"));
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/unread",
    operationId: "countNotifications",
    summary: "How many notifications are unread, and how many e-mails could not be sent",
    ...signedIn,
    responses: { 200: dataResponse("The counts", CountsSchema), ...errorResponses(401) },
  }),
  async (c) => c.json({ data: await notificationCounts(...personScope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/read",
    operationId: "markNotificationsRead",
    summary: "Marks notifications read: some (`ids`) or `all`",
    ...signedInAnyRole,
    request: jsonBody(NotificationReadSchema),
    responses: { 200: dataResponse("The counts after", CountsSchema), ...errorResponses(400, 401) },
  }),
  async (c) =>
    c.json({ data: await markRead(...personScope(c), c.req.valid("json"), Date.now()) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/{id}/retry",
    operationId: "retryNotificationEmail",
    summary: "Tries a failed e-mail again",
    description:
      "Only an e-mail that failed (`email.status` `failed`) can be retried: 409 otherwise.",
    ...signedInAnyRole,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The notification, its e-mail queued", NotificationSchema),
      ...errorResponses(401, 404, 409),
    },
  }),
  async (c) => {
    const [db, userId] = personScope(c);
    const notice = await retryEmail(db, c.env, userId, c.req.valid("param").id, Date.now());
    return c.json({ data: notice }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/settings",
    operationId: "getNotificationSettings",
    summary: "The user's notification preferences",
    ...signedIn,
    responses: {
      200: dataResponse("The preferences", NotificationSettingsSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await settingsOf(...personScope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/settings",
    operationId: "updateNotificationSettings",
    summary: "Changes the notification preferences",
    description:
      "Any of the fields; `channels` may name some kinds and one channel of each. Choosing `timeZone` stops it following the browser's zone at sign-in.",
    ...signedInAnyRole,
    request: jsonBody(SettingsChangeSchema),
    responses: {
      200: dataResponse("The preferences after", NotificationSettingsSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const change = c.req.valid("json");
    const channels = change.channels as
      Partial<Record<NotificationKind, { inApp?: boolean; email?: boolean }>> | undefined;
    const settings = await updateSettings(...personScope(c), { ...change, channels }, Date.now());
    return c.json({ data: settings }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/unsubscribe",
    operationId: "describeUnsubscribe",
    summary: "What an e-mail's unsubscribe link stops (no sign-in)",
    request: { query: TokenQuerySchema },
    responses: {
      200: dataResponse("The kind of e-mail the link stops", UnsubscribedSchema),
      ...errorResponses(400),
    },
  }),
  async (c) => {
    const { kind, label } = await describeUnsubscribe(c.env, c.req.valid("query").token);
    return c.json({ data: { kind, label } }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/unsubscribe",
    operationId: "unsubscribe",
    summary: "Stops the e-mails of one kind (RFC 8058 one-click; no sign-in)",
    description:
      "The address in every e-mail's `List-Unsubscribe` header (with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`): a mail client's own Unsubscribe button posts here. Turns off e-mail of that kind only; the in-app notices and every other setting stay.",
    request: { query: TokenQuerySchema },
    responses: {
      200: dataResponse("E-mails of this kind are off", UnsubscribedSchema),
      ...errorResponses(400),
    },
  }),
  async (c) => {
    const db = database(c.env.DB);
    const done = await unsubscribe(db, c.env, c.req.valid("query").token, Date.now());
    return c.json({ data: done }, 200);
  },
);

export default app;
