/**
 * A route's meta tags: its parent's (the root's description), with the page's own title. Remix
 * takes the deepest route's tags whole, so each route that names its page passes the rest on.
 */
import type { MetaDescriptor } from "@remix-run/cloudflare";

export function titled(
  matches: readonly { meta?: MetaDescriptor[] }[],
  title: string | null,
): MetaDescriptor[] {
  // The last match is the route asking; the one before it, its parent.
  const inherited = matches.at(-2)?.meta ?? [];
  if (title === null) return inherited;
  return [...inherited.filter((tag) => !("title" in tag)), { title: `${title} · AI42` }];
}
