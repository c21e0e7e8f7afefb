/**
 * What the Main Agent shows beside the chat, read on the server: the first page of the saved
 * conversations, found by the URL's `q`, and the week ahead (AI42's own events in the page; with
 * Google Calendar connected, the week's list with Google's events merged in streams after it). A
 * saved conversation is read by its own route (conversation.server.ts); answers stream in the
 * browser.
 */
import { midnightIn } from "~/domain/auctions/time-zones";
import { addIsoDays } from "~/domain/calendar/events";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Conversations per page of the list ("Show more" reads the next). */
export const CONVERSATIONS_PAGE_SIZE = 50;
/** The days the week ahead shows, today first. */
const WEEK_DAYS = 7;

/** The conversations and the week ahead, as the Main Agent's routes read them. */
export type MainAgentData = Awaited<ReturnType<typeof loadMainAgent>>;

export async function loadMainAgent({ url, services, today, timeZone }: ModuleLoaderArgs) {
  const q = url.searchParams.get("q");
  const days = Array.from({ length: WEEK_DAYS }, (_, i) => addIsoDays(today, i));
  const [result, events] = await Promise.all([
    services.listConversations({ ...(q ? { q } : {}), limit: String(CONVERSATIONS_PAGE_SIZE) }),
    services.eventsInOrder(
      midnightIn(today, timeZone),
      midnightIn(addIsoDays(today, WEEK_DAYS), timeZone),
    ),
  ]);
  if (result.problem !== null) throw badQuery(result.problem);
  // Which AI providers are set up: the composer says what to configure without one.
  return {
    conversations: result.page,
    ai: services.aiStatus(),
    week: { days, timeZone, ...events },
  };
}
