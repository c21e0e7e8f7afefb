/**
 * What a page's loader or action is given for the signed-in user, and how it refuses a query
 * string or a record that is not there.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { PageServices } from "../../worker/page-services";
import { todayIn } from "~/domain/today";
import { getSession } from "./auth.server";

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

/**
 * One set of services per request: the layout's loader and the page's run side by side on one
 * context, and a read both ask for (the entries) is then made once.
 */
const servicesOf = new WeakMap<AppLoadContext, Promise<PageServices>>();

/**
 * The signed-in user's services and clock for a page's request; null when signed out (the page
 * then shows the login screen, and reads nothing).
 */
export async function pageArgs(
  request: Request,
  context: AppLoadContext,
): Promise<ModuleLoaderArgs | null> {
  const session = await getSession(request, context);
  if (!session) return null;
  const url = new URL(request.url);
  const { timeZone } = session;
  const now = new Date();
  let services = servicesOf.get(context);
  if (!services) {
    services = context.services(session, { origin: url.origin, timeZone });
    servicesOf.set(context, services);
  }
  return {
    url,
    services: await services,
    today: todayIn(timeZone, now),
    timeZone,
    now,
    phone: isPhoneRequest(request.headers),
  };
}

/**
 * The signed-in user's services and clock for a page's action. Signed out meanwhile, the browser
 * is sent back to the page, which then shows the login screen: nothing is written.
 */
export async function requirePageArgs(request: Request, context: AppLoadContext) {
  const args = await pageArgs(request, context);
  if (!args) throw redirect(new URL(request.url).pathname, 303);
  return args;
}

/** The 404 page (its text the spec's "Page not found") for a record the user has no such of. */
export const notFound = () => data(null, { status: 404 });

/** A query string the module cannot read: a 400 page saying why, never a 500. */
export const badQuery = (message: string) => data({ message }, { status: 400 });

/** The tab the URL opens (`tab`; the first of `tabs` without one); any other is a 400 page. */
export function tabOf<Tab extends string>(url: URL, tabs: readonly [Tab, ...Tab[]]): Tab {
  const tab = url.searchParams.get("tab") ?? tabs[0];
  if (!(tabs as readonly string[]).includes(tab))
    throw badQuery(`There is no tab “${tab}” here: the tabs are ${tabs.join(", ")}`);
  return tab as Tab;
}
