/**
 * A read a screen makes in place, after its page came (a picker's matches, a dialog's choices,
 * figures worked out elsewhere): a resource route's loader read by a fetcher, so reading stays
 * Remix's one way. The newest URL wins: a fetcher's `load` drops the one under way. `delay` waits
 * that long after the URL changes before reading, so a search asks once typing pauses. Until a
 * newer read answers, the last answer stays, with `loading` saying another is coming; each
 * screen chooses what it shows meanwhile.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";

export function useResourceRead<Loader>(url: string | null, delay = 0) {
  const fetcher = useFetcher<Loader>();
  const { load } = fetcher;
  // The URL last read; forgotten when nothing is asked, so asking again (a dialog opened again)
  // reads again.
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (url === null) return setAsked(null);
    if (url === asked) return;
    const timer = setTimeout(() => {
      setAsked(url);
      void load(url);
    }, delay);
    return () => clearTimeout(timer);
  }, [url, asked, delay, load]);
  return {
    answer: fetcher.data,
    // Said from the render that names a new URL, before its read starts.
    loading: url !== null && (url !== asked || fetcher.state !== "idle"),
    /** Reads the same URL again: after a failure, "Try again". */
    retry: () => {
      if (url !== null) void load(url);
    },
  };
}
