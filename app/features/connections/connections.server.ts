/**
 * Connections' first screen, read on the server: the Google account as AI42 last knew it, the AI
 * providers' settings, the usage, and the notification preferences with the e-mails that could
 * not be sent. Nothing here asks Google: the Inbox and Drive panels read
 * their lists from the browser once the page is up.
 */
import { GOOGLE_OUTCOMES } from "~/domain/google";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** How many of the e-mails that could not be sent the preferences list. */
export const FAILED_EMAILS_LISTED = 20;

export async function loadConnections({ url, services, now }: ModuleLoaderArgs) {
  // How the Google connect flow ended, as the OAuth callback names it.
  const outcome = url.searchParams.get("google");
  if (outcome !== null && !Object.hasOwn(GOOGLE_OUTCOMES, outcome))
    throw badQuery(
      `The Google connect flow has no outcome “${outcome}”: it is one of ${Object.keys(GOOGLE_OUTCOMES).join(", ")}`,
    );
  const [google, usage, settings, failed] = await Promise.all([
    services.googleStatus(),
    services.usage(now),
    services.notificationSettings(),
    services.failedNotifications(FAILED_EMAILS_LISTED),
  ]);
  return {
    google,
    ai: services.aiStatus(),
    usage,
    notifications: { settings, failed },
    readAt: now.getTime(),
  };
}
