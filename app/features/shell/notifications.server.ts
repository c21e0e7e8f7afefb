/**
 * The bell's list and its changes on the server, for the shell's route (/shell/notifications):
 * the newest notifications as the API's list reads them, and, by `intent`, some marked read
 * (`read`, JSON `ids`), all of them (`read-all`) or a failed e-mail sent again (`retry`, `id`),
 * each checked with the API's own schema (in the services). A refusal is action data the bell
 * shows in a toast (a notification gone meanwhile too: the page stays).
 */
import type { AppNotification, NotificationCounts } from "~/lib/api/notifications";
import type { ModuleLoaderArgs } from "~/lib/module-loader.server";
import { postedBody, refusedForm, refusedPartAnswer } from "~/lib/record-action.server";

/** How many of the newest the panel lists: the API's page when no limit is asked. */
export const PANEL_LIMIT = 20;

export async function loadNotifications({ services }: ModuleLoaderArgs) {
  return { items: await services.notifications(PANEL_LIMIT) };
}

/** What the bell's action answers: the counts after the change, and a retried notification. */
export type NotificationsAnswer =
  { counts: NotificationCounts } | { counts: NotificationCounts; retried: AppNotification };

export async function actOnNotifications({ services }: ModuleLoaderArgs, request: Request) {
  const { form } = await postedBody(request);
  switch (form.intent) {
    case "read":
    case "read-all": {
      const which = form.intent === "read" ? { ids: form.ids } : { all: true };
      const { done, refused } = await services.markNotificationsRead(which);
      if (refused) return refusedPartAnswer(refused);
      return { counts: done } satisfies NotificationsAnswer;
    }
    case "retry": {
      const { done, refused } = await services.retryNotificationEmail(form.id);
      if (refused) return refusedPartAnswer(refused);
      return done satisfies NotificationsAnswer;
    }
    default:
      return refusedForm(`There is no change “${String(form.intent)}” to notifications`);
  }
}
