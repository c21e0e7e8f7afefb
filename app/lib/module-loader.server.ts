/** What a module's server loader is given, and how it refuses a query string (app/modules.server.ts). */
import { data } from "@remix-run/cloudflare";
import type { PageServices } from "../../worker/page-services";

export interface ModuleLoaderArgs {
  url: URL;
  /** The API's services, scoped to the signed-in user. */
  services: PageServices;
  /** The user's today (YYYY-MM-DD), in their session's time zone. */
  today: string;
  /** The session's time zone (decision 21): the browser's when the user signed in. */
  timeZone: string;
  now: Date;
  /**
   * The browser says it is a phone's: a mobile client hint, or "Mobi" in its User-Agent (MDN's
   * advice). A first screen laid out differently on a phone renders so, and the browser corrects
   * it if its width says otherwise.
   */
  phone: boolean;
}

export const isPhoneRequest = (headers: Headers) =>
  headers.get("Sec-CH-UA-Mobile") === "?1" || /Mobi/i.test(headers.get("User-Agent") ?? "");

/** A query string the module cannot read: a 400 page saying why, never a 500. */
export const badQuery = (message: string) => data({ message }, { status: 400 });

/** The tab the URL opens (`tab`; the first of `tabs` without one); any other is a 400 page. */
export function tabOf<Tab extends string>(url: URL, tabs: readonly [Tab, ...Tab[]]): Tab {
  const tab = url.searchParams.get("tab") ?? tabs[0];
  if (!(tabs as readonly string[]).includes(tab))
    throw badQuery(`There is no tab “${tab}” here: the tabs are ${tabs.join(", ")}`);
  return tab as Tab;
}
