/**
 * Which Google calendar the auctions' dates are also written to (or none: AI42's calendar only).
 * Choosing one writes every auction's dates there; without Google connected, it says where to
 * connect it. The setting arrives with the list (auctions.server.ts); the Google calendars to
 * choose from stream in after it.
 */
import { Link } from "@remix-run/react";
import { CalendarSync } from "lucide-react";
import { useState } from "react";
import { modulePath } from "~/domain/modules";
import { auctionsApi, syncAuctionCalendar, type AuctionCalendar } from "~/lib/api/auctions";
import { MESSAGES } from "~/lib/api/messages";
import { failureText } from "~/lib/api/workspace";
import { useStreamed } from "~/lib/module-data";
import type { AuctionsPageData } from "./auctions.server";
import { ALL_WRITTEN, syncOutcome, syncProgress } from "./notices";

type Setting = AuctionsPageData["google"];

const NONE = "";

export function GoogleCalendarSetting({ setting }: { setting: Setting }) {
  const ready = setting.state === "ready" ? setting : null;
  const listed = useStreamed(ready?.calendars, "calendars");
  /** What a choice made here changed, for the setting it was made on (a newer read says it too). */
  const [made, setMade] = useState<{ on: Setting; chosen: AuctionCalendar } | null>(null);
  const chosen = made?.on === setting ? made.chosen : (ready?.chosen ?? null);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const writable = (listed?.calendars ?? []).filter((c) => c.source === "google" && !c.readOnly);
  /** Google's calendars are still being read. */
  const reading = Boolean(ready?.calendars) && listed === undefined;
  const unreadable = listed?.problem ? `${MESSAGES.fetchCalendars}: ${listed.problem}` : "";

  const choose = async (calendarId: string) => {
    setBusy(true);
    setNote("");
    try {
      const now = await auctionsApi.chooseCalendar(calendarId || null);
      setMade({ on: setting, chosen: now });
      if (!now.googleCalendarId) setNote("Auction dates stay on AI42's calendar only.");
      else if (now.pending === 0) setNote(ALL_WRITTEN);
      else {
        const result = await syncAuctionCalendar((left) => setNote(syncProgress(left)));
        setMade({ on: setting, chosen: { ...now, pending: result.pending } });
        setNote(syncOutcome(result));
      }
    } catch (error) {
      setNote(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  if (setting.state === "unavailable") return null;
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
      {chosen && !unreadable && (
        <label htmlFor="auction-google-calendar-choice" className="block max-w-md">
          <span className="mb-1.5 block font-medium">Also write auction dates to</span>
          <select
            id="auction-google-calendar-choice"
            value={chosen.googleCalendarId ?? NONE}
            disabled={busy || reading}
            onChange={(event) => void choose(event.target.value)}
            className="input"
          >
            <option value={NONE}>None — AI42's calendar only</option>
            {reading && chosen.googleCalendarId && (
              <option value={chosen.googleCalendarId}>Reading your Google calendars…</option>
            )}
            {writable.map((calendar) => (
              <option key={calendar.id} value={calendar.id}>
                {calendar.summary}
              </option>
            ))}
          </select>
        </label>
      )}
      {(note || unreadable) && (
        <p role="status" className="mt-2 text-muted">
          {note || unreadable}
        </p>
      )}
    </section>
  );
}
