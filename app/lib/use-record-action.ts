/** A record page's form sent through its action with JavaScript, and what it answers. */
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { askChangedElsewhere } from "./changed-elsewhere";
import { fieldErrorsOf, refusalOf } from "./record-action";

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
  const fetcher = useFetcher<T>();
  const { submit } = fetcher;
  const { revalidate } = useRevalidator();
  /** The form on its way, and whether the fetcher has left idle for it (its answer is then in). */
  const sent = useRef<{ form: FormData; left: boolean } | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  const send = useCallback(
    (form: FormData) => {
      sent.current = { form, left: false };
      submit(form, { method: "post" });
    },
    [submit],
  );

  useEffect(() => {
    const on = sent.current;
    if (!on) return;
    if (fetcher.state !== "idle") {
      on.left = true;
      return;
    }
    // Still idle from before this form was sent: its answer is not in yet.
    if (!on.left) return;
    sent.current = null;
    const answer = fetcher.data;
    if (answer && "conflict" in answer) {
      const { conflict } = answer as { conflict: { updatedAt: string } };
      void askChangedElsewhere(what).then((choice) => {
        if (choice === "overwrite") {
          on.form.set("version", conflict.updatedAt);
          send(on.form);
        } else if (choice === "reload") {
          revalidate();
          latest.current.onReload?.();
        }
      });
    } else if (answer && !("message" in answer)) latest.current.onSaved?.(answer as T);
  }, [fetcher.state, fetcher.data, what, send, revalidate]);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return {
    /** For the form element: sends it through the action instead of posting the page. */
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      send(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter));
    },
    send,
    busy: fetcher.state !== "idle",
    fieldErrors: fieldErrorsOf(answer),
    /** Why the last change was refused, when no field shows it (not a 412: that is asked). */
    refusal: answer && "conflict" in answer ? "" : refusalOf(answer),
  };
}
