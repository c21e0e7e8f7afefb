/**
 * How a resource route (a route with no page: the bell's list, the record picker's matches)
 * answers on the server. Its fetchers are on pages the user is reading, so what it refuses is
 * data they show, never a redirect or a thrown answer that would replace the page.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { SIGN_IN_TO_CONTINUE } from "~/domain/problems";
import { refusedForm } from "./record-action.server";

/** Signed out (the session ended in another tab): the API's 401, as data. */
export const signedOut = () => refusedForm(SIGN_IN_TO_CONTINUE, 401);

/**
 * An answer with a status (a refusal) to a request made directly (a script, the address bar)
 * rather than by a fetcher (single fetch's `.data`): Remix would send such a request the data as
 * JSON with a 200, so it is sent as a response with its own status.
 */
export function withStatus<T>(answer: T, context: AppLoadContext): T {
  if (context.documentRequest && answer instanceof Object && "init" in answer && "data" in answer)
    throw Response.json(answer.data, (answer.init as ResponseInit | null) ?? undefined);
  return answer;
}
