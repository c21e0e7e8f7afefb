/**
 * A record page's History as its loader reads it: the record's latest entries of the activity log,
 * HISTORY_SHOWN of them, or as many more as the page's "Show older changes" link asks for.
 */
import { HISTORY_MOST, HISTORY_SHOWN, type RecordType } from "~/domain/activity";
import type { ModuleLoaderArgs } from "./module-loader.server";
import { HISTORY_PARAM, type RecordHistory } from "./record-history";

/** How many entries the URL asks for: a whole number of HISTORY_SHOWN, at most HISTORY_MOST. */
function historyShown(url: URL) {
  const asked = Number(url.searchParams.get(HISTORY_PARAM));
  if (!Number.isInteger(asked) || asked <= HISTORY_SHOWN) return HISTORY_SHOWN;
  return Math.min(Math.ceil(asked / HISTORY_SHOWN) * HISTORY_SHOWN, HISTORY_MOST);
}

export async function loadHistory(
  { url, services }: ModuleLoaderArgs,
  type: RecordType,
  id: string,
): Promise<RecordHistory> {
  const shown = historyShown(url);
  const { items, hasMore } = await services.history(type, id, shown);
  return { entries: items, more: hasMore && shown < HISTORY_MOST ? shown + HISTORY_SHOWN : null };
}
