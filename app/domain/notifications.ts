/**
 * What AI42 tells an investor while they are away: the kinds of notification, each
 * one's channels by default, the preferences' shape, quiet hours, and when each kind is due in
 * whose time zone. Shared by the Worker's scheduled work and the preferences screen. Pure: no I/O.
 */
import { localTimeToIso, wallClockIn } from "./auctions/time-zones";
import { addIsoDays } from "./calendar/event-terms";
import { DEFAULT_TIME_ZONE, todayIn } from "./today";

/** Every kind a user can turn on or off, per channel, in the order the preferences list them. */
export const NOTIFICATION_KINDS = [
  "daily_brief",
  "deposit_due",
  "sale_tomorrow",
  "sale_today",
  "follow_ups_due",
  "project_close",
  "event_reminder",
  "sequence",
  "import_finished",
  "assigned",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ["inApp", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelChoice = Record<NotificationChannel, boolean>;
/** The preferences form's box for a kind's channel, as the page's action reads it. */
export const channelField = (kind: NotificationKind, channel: NotificationChannel) =>
  `channels.${kind}.${channel}`;

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  daily_brief: "Daily brief",
  deposit_due: "Auction deposit due (72 and 24 hours before)",
  sale_tomorrow: "Auction sale tomorrow",
  sale_today: "Auction sale today (7:00 where the sale is)",
  follow_ups_due: "Follow-ups due today",
  project_close: "Project closing in 7 days",
  event_reminder: "Calendar event reminders",
  sequence: "Follow-up sequences (steps to do by hand, a sequence stopped)",
  import_finished: "An import finished",
  assigned: "A lead, property, project, auction or task assigned to you",
};

/** Every kind is in the app; e-mail is on for what costs money when missed. */
export const DEFAULT_CHANNELS: Record<NotificationKind, ChannelChoice> = {
  daily_brief: { inApp: true, email: true },
  deposit_due: { inApp: true, email: true },
  sale_tomorrow: { inApp: true, email: true },
  sale_today: { inApp: true, email: true },
  follow_ups_due: { inApp: true, email: false },
  project_close: { inApp: true, email: true },
  event_reminder: { inApp: true, email: true },
  sequence: { inApp: true, email: false },
  import_finished: { inApp: true, email: false },
  assigned: { inApp: true, email: true },
};

/** Quiet hours as wall-clock times in the user's zone ("22:00" to "07:00" spans midnight). */
export interface QuietHours {
  start: string;
  end: string;
}

export interface NotificationSettings {
  /** The user's IANA zone: the brief's hour, "today", quiet hours and the morning notices. */
  timeZone: string;
  /** The hour (0–23) the daily brief comes, in `timeZone`; null: no brief. */
  briefHour: number | null;
  quietHours: QuietHours | null;
  channels: Record<NotificationKind, ChannelChoice>;
}

export const DEFAULT_BRIEF_HOUR = 7;
/** Sales today and tomorrow, follow-ups and closings are told at 7:00 (the sale's zone, or the user's). */
export const MORNING_HOUR = 7;
/** A notice is sent up to this late (the cron was down, the record was made just after): not later. */
export const LATE_LIMIT_MS = 6 * 60 * 60 * 1000;
/** The deposit reminders: this many hours before the deposit is due. */
export const DEPOSIT_REMINDER_HOURS = [72, 24] as const;
export const PROJECT_CLOSE_DAYS = 7;

export const defaultSettings = (timeZone = DEFAULT_TIME_ZONE): NotificationSettings => ({
  timeZone,
  briefHour: DEFAULT_BRIEF_HOUR,
  quietHours: null,
  channels: DEFAULT_CHANNELS,
});

/** Stored choices over the defaults: a kind added later starts with its default. */
export const channelsWithDefaults = (
  stored: Partial<Record<NotificationKind, Partial<ChannelChoice>>> | null | undefined,
): Record<NotificationKind, ChannelChoice> =>
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_CHANNELS[kind], ...stored?.[kind] }]),
  ) as Record<NotificationKind, ChannelChoice>;

export const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (time: string) => {
  const [, hours, minutes] = HH_MM.exec(time)!;
  return Number(hours) * 60 + Number(minutes);
};

/** The instant the wall clock of `zone` reads `minute` (from midnight) on `day`, as ms. */
export function wallInstant(day: string, minute: number, zone: string) {
  const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
  return Date.parse(localTimeToIso(`${day} ${time}`, zone) ?? `${day}T${time}:00Z`);
}

/**
 * When quiet hours that hold at `now` end, as ms; null when `now` is not in them (or there are
 * none). Start equal to end means no quiet hours.
 */
export function quietUntil(now: number, zone: string, quiet: QuietHours | null) {
  if (!quiet || quiet.start === quiet.end) return null;
  const wall = wallClockIn(now, zone);
  const minute = wall.hour * 60 + wall.minute;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const today = todayIn(zone, now);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  // Spanning midnight and before it: the quiet ends tomorrow morning.
  const endDay = start > end && minute >= start ? addIsoDays(today, 1) : today;
  return wallInstant(endDay, end, zone);
}

/** The next time after `now` the wall clock of `zone` reads `hour`:00 (across DST changes). */
export function nextHourAt(now: number, zone: string, hour: number) {
  const today = todayIn(zone, now);
  const at = wallInstant(today, hour * 60, zone);
  return at > now ? at : wallInstant(addIsoDays(today, 1), hour * 60, zone);
}

/** Whether a notice due at `dueAt` (ms) is to be sent at `now`: due, and not too late. */
export const isDue = (dueAt: number, now: number) => dueAt <= now && now - dueAt < LATE_LIMIT_MS;

/**
 * When a notice with its mark at `mark` is due for a record written at `writtenAt` (made, or its
 * date set): at the mark or, when the mark had passed before the record was written, at once.
 */
export const dueAfterWrite = (mark: number, writtenAt: number) => Math.max(mark, writtenAt);

/**
 * Which of a record's notices is to be sent at `now`, of its `marks` (instants, earliest first):
 * the index of the last mark passed when its notice is due (`dueAfterWrite`, and `isDue`), else
 * -1. Only the last mark passed is told: a record written after two marks had passed gets one
 * notice, not two at once.
 */
export function dueMark(marks: readonly number[], writtenAt: number, now: number) {
  const last = marks.findLastIndex((mark) => mark <= now);
  return last >= 0 && isDue(dueAfterWrite(marks[last]!, writtenAt), now) ? last : -1;
}

/** How long until `at` from `now`, in the words a notice uses: "30 hours", "1 hour", "45 minutes". */
export function timeUntil(at: number, now: number) {
  const minutes = Math.max(0, Math.round((at - now) / 60_000));
  const [count, unit] = minutes < 60 ? [minutes, "minute"] : [Math.round(minutes / 60), "hour"];
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

/** How many days `day` is after `today` (both ISO days), as a notice says it. */
export function daysAway(day: string, today: string) {
  const days = Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);
  return days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`;
}

/** 7:00 on `day` in `zone`, as ms: when the morning notices of that day are due. */
export const morningOf = (day: string, zone: string) => wallInstant(day, MORNING_HOUR * 60, zone);
