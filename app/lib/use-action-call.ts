/**
 * A change sent to a route's action with JavaScript, answered as a promise: a form's fields, or
 * JSON for the forms that build their input in the browser (an auction's times in the sale's zone,
 * its bid's inputs) and wait for the answer to show each problem beside its field. Remix reads
 * the page again after it, as after any action.
 */
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { MESSAGES } from "./api/messages";
import { ServiceError } from "./api/workspace";
import { askChangedElsewhere } from "./changed-elsewhere";
import type { Refused } from "./record-action";

type Body = Record<string, unknown>;

/**
 * `call(body, action)`: sends `body` (a form's fields, or JSON) to the action at `action` (else
 * the route's own) and resolves with its answer. `busy` while one is on its way; `answer`, the
 * last one, once it is in.
 */
export function useActionCall<T>() {
  const fetcher = useFetcher<T>();
  const { submit } = fetcher;
  /** The call waiting, and whether the fetcher has left idle for it (its answer is then in). */
  const waiting = useRef<{ resolve: (answer: T | undefined) => void; left: boolean } | null>(null);

  useEffect(() => {
    const on = waiting.current;
    if (!on) return;
    if (fetcher.state !== "idle") {
      on.left = true;
      return;
    }
    // Still idle from before the call was sent: its answer is not in yet.
    if (!on.left) return;
    waiting.current = null;
    on.resolve(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const call = useCallback(
    (body: Body | FormData, action?: string) =>
      new Promise<T | undefined>((resolve) => {
        // A call sent again before the last was answered: the last's answer is never read.
        waiting.current?.resolve(undefined);
        waiting.current = { resolve, left: false };
        if (body instanceof FormData) submit(body, { method: "post", action });
        // Remix sends a JSON body as it is; its type asks for JSON values, which `body` holds.
        else
          submit(body as Parameters<typeof submit>[0], {
            method: "post",
            encType: "application/json",
            action,
          });
      }),
    [submit],
  );
  return {
    call,
    busy: fetcher.state !== "idle",
    answer: fetcher.state === "idle" ? fetcher.data : undefined,
  };
}

/**
 * A change of a record sent to its action against the version the page shows (`body.version`;
 * none for a new record): its answer once made; a change made elsewhere meanwhile asked about in
 * the shell's changed-elsewhere dialog (Overwrite sends it again against the version the record is
 * at now, Reload reads the page again: undefined); a refusal thrown as the form shows it, each
 * problem beside its field (`failure`: "Failed to update auction"). `action`: as `useActionCall`'s.
 */
export function useVersionedAction<T extends object>(what: string, failure: string) {
  const { call } = useActionCall<T | Refused>();
  const { revalidate } = useRevalidator();
  return useCallback(
    async function send(
      body: Body & { version?: string },
      action?: string,
    ): Promise<T | undefined> {
      const answer = await call(body, action);
      if (!answer) return undefined;
      if ("conflict" in answer) {
        const choice = await askChangedElsewhere(what, answer.conflict.changedBy);
        if (choice === "overwrite")
          return send({ ...body, version: answer.conflict.updatedAt }, action);
        if (choice === "reload") {
          revalidate();
          return undefined;
        }
        throw new ServiceError(MESSAGES.changedElsewhere(what), {
          message: MESSAGES.changedElsewhereNothingDone,
          statusCode: 412,
        });
      }
      if ("fieldErrors" in answer) throw refusal(answer, failure);
      return answer as T;
    },
    [call, what, failure, revalidate],
  );
}

/** A refused change as the forms read the API's own 400: each field's problem in `details`. */
const refusal = (
  answer: { message: string; fieldErrors: Record<string, string> },
  failure: string,
) =>
  new ServiceError(failure, {
    message: answer.message,
    statusCode: 400,
    details: Object.entries(answer.fieldErrors).map(([field, message]) => ({ field, message })),
  });
