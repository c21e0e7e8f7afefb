/**
 * Which Google calendar the auctions' dates are also written to (or none: AI42's calendar only).
 * Choosing one writes every auction's dates there; without Google connected, it says where to
 * connect it.
 */
import { Link } from "@remix-run/react";
import { CalendarSync } from "lucide-react";
import { useEffect, useState } from "react";
import { modulePath } from "~/domain/modules";
import { auctionsApi, syncAuctionCalendar, type AuctionCalendar } from "~/lib/api/auctions";
import { calendarApi, googleApi, type CalendarInfo } from "~/lib/api/google";
import { failureText } from "~/lib/api/workspace";
import { ALL_WRITTEN, syncOutcome, syncProgress } from "./notices";

type Setting =
  | { state: "loading" }
  /** No Google client configured for this AI42: nothing to offer. */
  | { state: "unavailable" }
  | { state: "disconnected" }
  | { state: "ready"; calendars: CalendarInfo[]; chosen: AuctionCalendar };

const NONE = "";

export function GoogleCalendarSetting() {
  const [setting, setSetting] = useState<Setting>({ state: "loading" });
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    const load = async () => {
      const status = await googleApi.status();
      if (!status.configured) return { state: "unavailable" } as const;
      if (!status.connected) return { state: "disconnected" } as const;
      const [calendars, chosen] = await Promise.all([
        calendarApi.calendars(),
        auctionsApi.calendar(),
      ]);
      const writable = calendars.filter((c) => c.source === "google" && !c.readOnly);
      return { state: "ready", calendars: writable, chosen } as const;
    };
    load().then(
      (next) => current && setSetting(next),
      (error: unknown) => {
        if (!current) return;
        setSetting({ state: "unavailable" });
        setNote(failureText(error));
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const choose = async (calendarId: string) => {
    if (setting.state !== "ready") return;
    setBusy(true);
    setNote("");
    try {
      const chosen = await auctionsApi.chooseCalendar(calendarId || null);
      setSetting({ ...setting, chosen });
      if (!chosen.googleCalendarId) setNote("Auction dates stay on AI42's calendar only.");
      else if (chosen.pending === 0) setNote(ALL_WRITTEN);
      else {
        const result = await syncAuctionCalendar((left) => setNote(syncProgress(left)));
        setSetting({ ...setting, chosen: { ...chosen, pending: result.pending } });
        setNote(syncOutcome(result));
      }
    } catch (error) {
      setNote(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  if (setting.state === "loading" || (setting.state === "unavailable" && !note)) return null;
  return (
    <section
      aria-labelledby="auction-google-calendar"
      className="mt-8 rounded-2xl border border-line bg-surface p-4 text-sm"
    >
      <h2 id="auction-google-calendar" className="mb-1 flex items-center gap-2 font-medium">
        <CalendarSync aria-hidden className="size-4 text-accent" /> Google Calendar
      </h2>
      <p className="mb-3 text-muted">
        Sale times and deposit deadlines are always on AI42's calendar. They can go to one of your
        Google calendars too, and move there when a sale is postponed.
      </p>
      {setting.state === "disconnected" && (
        <p>
          <Link to={modulePath("connections")} className="text-accent underline">
            Connect Google in Connections
          </Link>{" "}
          to choose a calendar.
        </p>
      )}
      {setting.state === "ready" && (
        <label htmlFor="auction-google-calendar-choice" className="block max-w-md">
          <span className="mb-1.5 block font-medium">Also write auction dates to</span>
          <select
            id="auction-google-calendar-choice"
            value={setting.chosen.googleCalendarId ?? NONE}
            disabled={busy}
            onChange={(event) => void choose(event.target.value)}
            className="input"
          >
            <option value={NONE}>None — AI42's calendar only</option>
            {setting.calendars.map((calendar) => (
              <option key={calendar.id} value={calendar.id}>
                {calendar.summary}
              </option>
            ))}
          </select>
        </label>
      )}
      {note && (
        <p role="status" className="mt-2 text-muted">
          {note}
        </p>
      )}
    </section>
  );
}
