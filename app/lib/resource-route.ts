/**
 * A resource route's loader and action in the browser: a read or a change that did not reach the
 * server (offline), or failed there, is data the screen says as it says a refusal, since a
 * fetcher's failure would otherwise be the page's error.
 */
import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from "@remix-run/react";
import type { Refused } from "./record-action";

const unreached = (error: unknown): Refused => ({
  message: error instanceof Error ? error.message : String(error),
  fieldErrors: {},
});

/** The server's answer, or why it could not be had. */
export const serverLoaderOrFailure = <Loader>({ serverLoader }: ClientLoaderFunctionArgs) =>
  serverLoader<Loader>().catch(unreached);

export const serverActionOrFailure = <Action>({ serverAction }: ClientActionFunctionArgs) =>
  serverAction<Action>().catch(unreached);
