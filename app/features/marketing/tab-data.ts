/** The open Marketing tab's first screen, as the `$` route's loader read it (marketing.server.ts). */
import type { MarketingTab } from "~/domain/modules";
import { useModuleData } from "~/lib/module-data";
import type { ModuleData } from "~/modules.server";

type TabData<Tab extends MarketingTab> = Extract<ModuleData<"marketing">, { tab: Tab }>;

/**
 * `data` is the tab's own first screen; undefined while the screen still holds another tab's (the
 * tab is being read), null when reading it failed (show the failure with `retry`). `loading` is
 * true while the page's URL is being read again (a filter, a page, another tab).
 */
export function useTabData<Tab extends MarketingTab>(tab: Tab) {
  const { data, retry, loading } = useModuleData("marketing");
  return {
    data: data === null ? null : data.tab === tab ? (data as TabData<Tab>) : undefined,
    retry,
    loading,
  };
}
