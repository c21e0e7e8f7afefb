/**
 * Changes of a property sent to its page's action (app/routes/_app.possible-investments.$propertyId.tsx)
 * from the page or the list, with JavaScript: each against the version the screen holds, one at
 * a time (facts changed while one is on its way go together next, against the version it made),
 * a refusal shown beside its field, and a change made elsewhere meanwhile asked about in the
 * shell's changed-elsewhere dialog.
 */
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { propertyPath } from "~/domain/modules";
import { askChangedElsewhere } from "~/lib/changed-elsewhere";
import type { RecordActionData } from "~/lib/record-action";
import { toast } from "~/lib/toast";

/** What the property's action answers a page with JavaScript. */
export type PropertyActionData =
  | RecordActionData
  | { deleted: true }
  /** The analysis named is now the property's primary. */
  | { primary: { name: string } };

/** The later of two versions (ISO instants compare as text). */
const later = (a: string, b: string) => (a > b ? a : b);

export function usePropertyChanges(property: { id: string; updatedAt: string }) {
  const fetcher = useFetcher<PropertyActionData>();
  const { revalidate } = useRevalidator();
  /** Facts changed since the last were sent; sent when that one is answered. */
  const pending = useRef<Record<string, string>>({});
  /** The facts of the change on its way (sent again as they were when the user overwrites). */
  const sent = useRef<Record<string, string>>({});
  const inFlight = useRef(false);
  const version = useRef(property.updatedAt);
  version.current = later(version.current, property.updatedAt);

  const submit = useCallback(
    (fields: Record<string, string>) => {
      inFlight.current = true;
      sent.current = fields;
      fetcher.submit(
        { ...fields, intent: "facts", version: version.current },
        { method: "post", action: propertyPath(property.id) },
      );
    },
    [fetcher, property.id],
  );

  const sendPending = useCallback(() => {
    const fields = pending.current;
    if (!Object.keys(fields).length) return;
    pending.current = {};
    submit(fields);
  }, [submit]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !inFlight.current) return;
    inFlight.current = false;
    const answer = fetcher.data;
    if (answer && "saved" in answer) {
      version.current = later(version.current, answer.saved.updatedAt);
      if (!Object.keys(pending.current).length) toast.success("Saved");
    } else if (answer && "conflict" in answer) {
      const unsent = { ...sent.current, ...pending.current };
      pending.current = {};
      void askChangedElsewhere("property", answer.conflict.changedBy).then((choice) => {
        if (choice === "overwrite") {
          version.current = answer.conflict.updatedAt;
          pending.current = unsent;
          sendPending();
        } else if (choice === "reload") revalidate();
      });
      return;
    }
    sendPending();
  }, [fetcher.state, fetcher.data, sendPending, revalidate]);

  /** Sends these facts (their text as typed, or a choice's value) with the next change. */
  const change = useCallback(
    (fields: Record<string, string>) => {
      pending.current = { ...pending.current, ...fields };
      if (!inFlight.current) sendPending();
    },
    [sendPending],
  );

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return {
    change,
    /** What the last change was refused for, by field (none while another is on its way). */
    fieldErrors: answer && "fieldErrors" in answer ? answer.fieldErrors : {},
    /** Why the last change was refused, when it was not for a field. */
    refusal:
      answer && "fieldErrors" in answer && !Object.keys(answer.fieldErrors).length
        ? answer.message
        : null,
    /** The facts on their way, as sent (to show before the page is read again). */
    sending: fetcher.formData,
  };
}
