/**
 * Connections' first screen, read on the server: the Google account as AI42 last knew it, the AI
 * providers' settings, the usage, the notification preferences with the e-mails that could not
 * be sent, and the AI clients' access (tokens, connected apps, the first page of their log).
 * Nothing here asks Google: the Inbox and Drive panels read their lists from the browser once the
 * page is up.
 */
import { GOOGLE_OUTCOMES } from "~/domain/google";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** How many of the e-mails that could not be sent the preferences list. */
export const FAILED_EMAILS_LISTED = 20;
/** How many of the AI clients' calls a page of their log lists. */
export const MCP_CALLS_PER_PAGE = 20;

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
