/**
 * A resource route's loader (a route with no page: what a fetcher reads in place, such as the
 * bell's list or the stop picker's matches) on the server: the signed-in user's read, signed out
 * the API's 401, either as data the screen shows rather than a page's error.
 */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SIGN_IN_TO_CONTINUE } from "~/domain/problems";
import { pageArgs, type ModuleLoaderArgs } from "./module-loader.server";
import { refusedForm } from "./record-action.server";

/**
 * Signed out (the session ended in another tab): the API's 401, as data. A fetcher's redirect or
 * thrown answer would replace the page the user is on.
 */
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

/** The loader of a resource route: `read` for the signed-in user, with its path's params. */
export const resourceLoader =
  <T>(read: (args: ModuleLoaderArgs, params: LoaderFunctionArgs["params"]) => Promise<T>) =>
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const args = await pageArgs(request, context);
    return withStatus(args ? await read(args, params) : signedOut(), context);
  };
