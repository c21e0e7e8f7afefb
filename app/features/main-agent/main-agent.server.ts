/**
 * Main Agent's first screen, read on the server: the first page of the saved conversations, found
 * by the URL's `q`. The open conversation is the chat store's (the palette's New Chat and Clear
 * Chat History act on it), and answers stream in the browser.
 */
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Conversations per page of the list ("Show more" reads the next). */
export const CONVERSATIONS_PAGE_SIZE = 50;

export async function loadMainAgent({ url, services }: ModuleLoaderArgs) {
  const q = url.searchParams.get("q");
  const result = await services.listConversations({
    ...(q ? { q } : {}),
    limit: String(CONVERSATIONS_PAGE_SIZE),
  });
  if (result.problem !== null) throw badQuery(result.problem);
  // Which AI providers are set up: the composer says what to configure without one.
  return { conversations: result.page, ai: services.aiStatus() };
}
