/** How a resource route's fetcher hears of a read or a change that never got its answer. */
import type { Refused } from "./record-action";

/**
 * A read or a change that did not reach the server (offline), or failed there, said where the
 * fetcher's answer is shown, as a refusal is: a fetcher's failure would otherwise be the page's
 * error. A route's `clientLoader` and `clientAction` catch with it.
 */
export const unreached = (error: unknown): Refused => ({
  message: error instanceof Error ? error.message : String(error),
  fieldErrors: {},
});
