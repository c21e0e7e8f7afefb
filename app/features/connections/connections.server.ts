/**
 * Connections on the server. Its page: the Google account as AI42 last knew it, the AI providers'
 * settings, the usage, the notification preferences with the e-mails that could not be sent, and
 * the AI clients' access (tokens, connected apps, the first page of their log). Nothing here asks
 * Google: the Inbox and Drive panels read their lists from the browser once the page is up. Its
 * changes, each checked with the API's own schema (in the services): a token made or revoked, an
 * app disconnected, the notification preferences saved, Google disconnected, a Drive file linked
 * to a project.
 */
import { redirect } from "@remix-run/cloudflare";
import { GOOGLE_OUTCOMES } from "~/domain/google";
import { modulePath } from "~/domain/modules";
import {
  channelField,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "~/domain/notifications";
import type { MadeAccessToken } from "~/lib/api/access";
import type { NotificationPreferences } from "~/lib/api/notifications";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import {
  postedBody,
  refusedAnswer,
  refusedForm,
  refusedPartAnswer,
  textIn,
} from "~/lib/record-action.server";

/** How many of the e-mails that could not be sent the preferences list. */
export const FAILED_EMAILS_LISTED = 20;
/** How many of the AI clients' calls a page of their log lists. */
export const MCP_CALLS_PER_PAGE = 20;

/** Connections as its route's loader reads it. */
export type ConnectionsData = Awaited<ReturnType<typeof loadConnections>>;

export async function loadConnections({ url, services, now }: ModuleLoaderArgs) {
  // How the Google connect flow ended, as the OAuth callback names it.
  const outcome = url.searchParams.get("google");
  if (outcome !== null && !Object.hasOwn(GOOGLE_OUTCOMES, outcome))
    throw badQuery(
      `The Google connect flow has no outcome “${outcome}”: it is one of ${Object.keys(GOOGLE_OUTCOMES).join(", ")}`,
    );
  const [google, usage, settings, failed, tokens, apps, calls] = await Promise.all([
    services.googleStatus(),
    services.usage(now),
    services.notificationSettings(),
    services.failedNotifications(FAILED_EMAILS_LISTED),
    services.accessTokens(),
    services.connectedApps(),
    services.mcpCalls(1, MCP_CALLS_PER_PAGE),
  ]);
  return {
    google,
    ai: services.aiStatus(),
    usage,
    notifications: { settings, failed },
    aiClients: { mcpUrl: services.mcpUrl(), tokens, apps, calls },
    readAt: now.getTime(),
  };
}

/** What Connections' action answers a page with JavaScript. */
export type ConnectionsActionAnswer =
  | { made: MadeAccessToken }
  | { revoked: string }
  | { disconnected: string }
  | { saved: NotificationPreferences }
  | { googleDisconnected: boolean }
  | { linked: { projectId: string; driveFileId: string } };

/**
 * The preferences form as the API's change: every kind's channels (a box left unticked is off),
 * and the zone only once chosen, so until then it follows the browser's at each sign-in.
 */
function preferencesChange(form: Record<string, unknown>, current: NotificationPreferences) {
  const text = (name: string) => (typeof form[name] === "string" ? form[name] : "");
  const timeZone = text("timeZone");
  const briefHour = text("briefHour");
  const choice = (kind: NotificationKind) =>
    Object.fromEntries(
      NOTIFICATION_CHANNELS.map((channel) => [channel, channelField(kind, channel) in form]),
    );
  return {
    ...(current.zoneChosen || timeZone !== current.timeZone ? { timeZone } : {}),
    briefHour: briefHour === "" ? null : Number(briefHour),
    quietHours: "quiet" in form ? { start: text("quietStart"), end: text("quietEnd") } : null,
    channels: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, choice(kind)])),
  };
}

/**
 * A change made from Connections, by `intent`: "create-token" (JSON `input`, as the API reads it:
 * the answer holds the secret, shown this once), "revoke-token" and "disconnect-app" (`id`),
 * "save-preferences" (the preferences form's fields), "disconnect-google" and "link-drive-file"
 * (JSON: `projectId` and the file as the API reads it, `input`; a project gone meanwhile is its
 * 404 as data, the page staying). A page's own POST (no JavaScript) is answered with a redirect
 * back to the section it was made in.
 */
export async function actOnConnections(
  { services }: ModuleLoaderArgs,
  request: Request,
  sent: { document: boolean },
) {
  const { json, form } = await postedBody(request);
  const back = (section?: "notifications" | "ai-clients") =>
    redirect(modulePath("connections", { section }), 303);
  const id = typeof form.id === "string" ? form.id : "";
  switch (form.intent) {
    case "create-token": {
      if (!json) return refusedForm("Making a token needs JavaScript: its secret is shown once");
      const { done, refused } = await services.createAccessToken(form.input);
      if (refused) return refusedAnswer(refused);
      return { made: done } satisfies ConnectionsActionAnswer;
    }
    case "revoke-token": {
      const { refused } = await services.revokeAccessToken(id);
      if (refused) return refusedAnswer(refused);
      if (sent.document) throw back("ai-clients");
      return { revoked: id } satisfies ConnectionsActionAnswer;
    }
    case "disconnect-app": {
      const { refused } = await services.disconnectApp(id);
      if (refused) return refusedAnswer(refused);
      if (sent.document) throw back("ai-clients");
      return { disconnected: id } satisfies ConnectionsActionAnswer;
    }
    case "save-preferences": {
      const change = preferencesChange(form, await services.notificationSettings());
      const { done, refused } = await services.saveNotificationSettings(change);
      if (refused) return refusedAnswer(refused);
      if (sent.document) throw back("notifications");
      return { saved: done } satisfies ConnectionsActionAnswer;
    }
    case "disconnect-google": {
      const { done, refused } = await services.disconnectGoogle();
      if (refused) return refusedAnswer(refused);
      if (sent.document) throw back();
      return { googleDisconnected: done.disconnected } satisfies ConnectionsActionAnswer;
    }
    case "link-drive-file": {
      // The Drive panel, where a file is chosen, is read in the browser: there is no form to post.
      if (!json) return refusedForm("Linking a Drive file needs JavaScript");
      const projectId = textIn(form, "projectId");
      if (!projectId) return refusedForm("Choose the project to link the file to");
      const { done, refused } = await services.linkFile(projectId, form.input);
      if (refused) return refusedPartAnswer(refused);
      return {
        linked: { projectId: done.projectId, driveFileId: done.driveFileId },
      } satisfies ConnectionsActionAnswer;
    }
    default:
      return refusedForm(`There is no change “${String(form.intent)}” in Connections`);
  }
}
