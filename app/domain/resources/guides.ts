/**
 * The guides: Markdown files in the repository (public/guides), read by the Resources
 * page's loader and rendered with the page, each with a table of contents from its headings. Pure:
 * no I/O.
 */
export interface Guide {
  slug: string;
  title: string;
  summary: string;
}

export const GUIDES: readonly Guide[] = [
  {
    slug: "auction-sale-types",
    title: "The five auction sale types and their due diligence",
    summary: "Judicial, upset, sheriff, tax and trustee sales: liens, payment, redemption, checks.",
  },
  {
    slug: "brrrr-step-by-step",
    title: "BRRRR step by step",
    summary: "Buy, rehab, rent, refinance, repeat, with the figures that decide each step.",
  },
  {
    slug: "tax-deed-vs-tax-lien",
    title: "Tax deed vs tax lien",
    summary: "What you buy in each kind of tax sale, how you profit, and what to check.",
  },
  {
    slug: "running-a-route-day",
    title: "Running a route day",
    summary: "Plan, optimise and drive a day of drive-bys, showings and auctions.",
  },
  {
    slug: "working-leads",
    title: "Working leads",
    summary: "Speed to lead, qualifying, the funnel, follow-ups, consent and campaigns.",
  },
];

/** Where a guide's Markdown is, under public/ (also served as a static file). */
export const guidePath = (slug: string) => `/guides/${slug}.md`;

/** "Tax deed vs tax lien" → "tax-deed-vs-tax-lien": a heading's anchor. */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-");

export interface TocEntry {
  depth: 2 | 3;
  text: string;
  id: string;
}

/** The guide's sections: its `##` and `###` headings, outside code blocks, with their anchors. */
export function tableOfContents(markdown: string): TocEntry[] {
  const toc: TocEntry[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^(#{2,3})\s+(.+?)\s*#*$/.exec(line);
    if (heading) {
      const text = heading[2]!.replace(/[*_`]/g, "");
      toc.push({ depth: heading[1]!.length as 2 | 3, text, id: slugify(text) });
    }
  }
  return toc;
}

/** Whether the guide's title or text holds every word of the query. */
export function guideMatches(guide: Guide, text: string, query: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${guide.title} ${guide.summary} ${text}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}
