/**
 * An instant in the viewer's time zone ("Jan 15, 2027, 3:04 PM", or with `date` only its day). The
 * server does not know the viewer's zone, so the HTML it sends says the time in UTC, and the
 * browser puts it in its own zone once it runs: the two renders never disagree while the page
 * hydrates.
 */
import { formatDate, formatDateTime } from "~/domain/format";
import { useHydrated } from "~/lib/use-hydrated";

const utc = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const utcDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function LocalTime({ at, date }: { at: string; date?: boolean }) {
  const hydrated = useHydrated();
  const shown = hydrated
    ? (date ? formatDate : formatDateTime)(at)
    : `${(date ? utcDay : utc).format(new Date(at))} UTC`;
  return <time dateTime={at}>{shown}</time>;
}
