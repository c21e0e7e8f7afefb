import type { ActivityEntry } from "~/domain/activity";

/** The query parameter a record page's History reads how many entries to show from. */
export const HISTORY_PARAM = "history";

/** A record's latest entries, newest first; `more`: how many the next "older" link asks for. */
export interface RecordHistory {
  entries: ActivityEntry[];
  more: number | null;
}
