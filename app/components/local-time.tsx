/**
 * An instant in the viewer's time zone ("Jan 15, 2027, 3:04 PM"). The server does not know the
 * viewer's zone, so the HTML it sends says the time in UTC, and the browser puts it in its own
 * zone once it runs: the two renders never disagree while the page hydrates.
 */
import { formatDateTime } from "~/domain/format";
import { useHydrated } from "~/lib/use-hydrated";

const utc = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

export function LocalTime({ at }: { at: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={at}>{hydrated ? formatDateTime(at) : `${utc.format(new Date(at))} UTC`}</time>
  );
}
