/** A record page's form sent through its action with JavaScript, and what it answers. */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useRef, type FormEvent } from "react";
import { askChangedElsewhere } from "./changed-elsewhere";
import { fieldErrorsOf, refusalOf, type Refused } from "./record-action";
import { useActionCall } from "./use-action-call";

/**
 * A record's form sent to its page's action with JavaScript, against the version it was shown
 * at: `onSaved` with the action's answer once it is made; a change made elsewhere meanwhile asked
 * about in the shell's changed-elsewhere dialog (Overwrite sends it again against the version the
 * record is at now, Reload reads the page again and calls `onReload`). Without JavaScript the same
 * form posts the page itself.
 */
export function useRecordAction<T extends object>(
  what: string,
  handlers: { onSaved?: (answer: T) => void; onReload?: () => void } = {},
) {
  const { call, busy, answer } = useActionCall<T | Refused>();
  const { revalidate } = useRevalidator();
  const latest = useRef(handlers);
  latest.current = handlers;

  const send = useCallback(
    async function send(form: FormData) {
      const answer = await call(form);
      if (!answer) return;
      if ("conflict" in answer) {
        const choice = await askChangedElsewhere(what, answer.conflict.changedBy);
        if (choice === "overwrite") {
          form.set("version", answer.conflict.updatedAt);
          await send(form);
        } else if (choice === "reload") {
          revalidate();
          latest.current.onReload?.();
        }
      } else if (!("message" in answer)) latest.current.onSaved?.(answer as T);
    },
    [call, what, revalidate],
  );

  return {
    /** For the form element: sends it through the action instead of posting the page. */
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void send(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter));
    },
    busy,
    fieldErrors: fieldErrorsOf(answer),
    /** Why the last change was refused, when no field shows it (not a 412: that is asked). */
    refusal: answer && "conflict" in answer ? "" : refusalOf(answer),
  };
}
