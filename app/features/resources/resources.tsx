/**
 * Resources (/resources): the glossary of every figure AI42 computes (each entry linked
 * to the analyzer that shows it, and each analyzer metric back to its entry), the guides (Markdown
 * files in public/guides, read by the route's loader, searchable, each with its contents), and the
 * apps: the integrations with their status, and outside tools worth knowing.
 */
import { Link } from "@remix-run/react";
import { BookOpen, ExternalLink, Search } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { PageHeader } from "~/components/page-header";
import { Badge, EmptyState } from "~/components/ui";
import { analysisPath, modulePath, RESOURCES_TABS, type ResourcesTab } from "~/domain/modules";
import { searchGlossary, type GlossaryEntry } from "~/domain/resources/glossary";
import { GUIDES, guideMatches, tableOfContents } from "~/domain/resources/guides";
import { label } from "~/domain/workspace";
import { Markdown } from "~/components/markdown";
import { moduleOf } from "~/modules";
import { useQueryParams } from "../shared";
import type { ResourcesPageData } from "./resources.server";

const MODULE = moduleOf("resources");

const TITLES: Record<ResourcesTab, string> = {
  glossary: "Education",
  guides: "Guides",
  apps: "Apps",
};

/** The tab the loader read (resources.server.ts); `term` and `guide` are read from the URL. */
export function ResourcesPage({ loaded }: { loaded: ResourcesPageData }) {
  const [params, update] = useQueryParams();
  const active = loaded.tab;
  const select = (tab: ResourcesTab) => update({ tab, term: null, guide: null });
  return (
    <div>
      <PageHeader icon={MODULE.icon} title={MODULE.title} description={MODULE.description} />
      <div
        role="tablist"
        aria-label="Resources"
        className="mb-6 flex gap-1 border-b border-line"
        onKeyDown={(event) => {
          const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
          if (!step) return;
          const n = RESOURCES_TABS.length;
          const next = RESOURCES_TABS[(RESOURCES_TABS.indexOf(active) + step + n) % n]!;
          select(next);
          document.getElementById(`resources-tab-${next}`)?.focus();
        }}
      >
        {RESOURCES_TABS.map((tab) => (
          // Links, so a tab opens without JavaScript too.
          <Link
            key={tab}
            id={`resources-tab-${tab}`}
            to={modulePath("resources", { tab })}
            role="tab"
            aria-selected={tab === active}
            tabIndex={tab === active ? 0 : -1}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-medium transition ${tab === active ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg"}`}
          >
            {TITLES[tab]}
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`resources-tab-${active}`}>
        {active === "glossary" && <Glossary term={params.get("term")} />}
        {loaded.guides && <Guides texts={loaded.guides} open={params.get("guide")} />}
        {loaded.integrations && <Apps integrations={loaded.integrations} />}
      </div>
    </div>
  );
}

function Glossary(props: { term: string | null }) {
  const [query, setQuery] = useState("");
  const entries = searchGlossary(query);
  useEffect(() => {
    if (!props.term) return;
    const element = document.getElementById(`term-${props.term}`);
    element?.scrollIntoView({ block: "start" });
    element?.focus();
  }, [props.term]);
  return (
    <div className="space-y-4">
      <label className="block max-w-md">
        <span className="sr-only">Search the glossary</span>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search: cap rate, DSCR, BRRRR…"
          className="input"
        />
      </label>
      {entries.length === 0 && <p className="text-sm text-muted">No term matches “{query}”.</p>}
      <ul aria-label="Glossary" className="space-y-3">
        {entries.map((entry) => (
          <GlossaryItem key={entry.slug} entry={entry} selected={entry.slug === props.term} />
        ))}
      </ul>
    </div>
  );
}

function GlossaryItem(props: { entry: GlossaryEntry; selected: boolean }) {
  const { entry } = props;
  return (
    <li
      id={`term-${entry.slug}`}
      tabIndex={-1}
      aria-labelledby={`term-${entry.slug}-title`}
      aria-current={props.selected ? "true" : undefined}
      className={`scroll-mt-6 rounded-2xl border bg-surface p-5 outline-none ${props.selected ? "border-accent" : "border-line"}`}
    >
      <h2 id={`term-${entry.slug}-title`} className="font-semibold">
        {entry.term}
      </h2>
      <p className="mt-2 text-sm">{entry.definition}</p>
      <p className="mt-3 rounded-md border border-line bg-canvas px-3 py-2 font-mono text-xs break-words">
        {entry.formula}
      </p>
      <p className="mt-2 text-sm text-muted">Example: {entry.example}</p>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">Used in:</span>
        {entry.strategies.map((strategy) => (
          <Link
            key={strategy}
            to={analysisPath({ id: "new" }, { strategy, term: entry.slug })}
            className="text-accent underline"
          >
            the {label(strategy)} analyzer
          </Link>
        ))}
        {entry.alsoIn === "auction-max-bid" && (
          <Link to={modulePath("auction")} className="text-accent underline">
            an auction's max-bid calculator
          </Link>
        )}
      </p>
    </li>
  );
}

/** The guides, their Markdown as the route's loader read it (`texts`, by slug). */
function Guides(props: { texts: Record<string, string>; open: string | null }) {
  const { texts } = props;
  const [query, setQuery] = useState("");
  const shown = useMemo(
    () => GUIDES.filter((guide) => guideMatches(guide, texts[guide.slug] ?? "", query)),
    [texts, query],
  );
  const open = GUIDES.find((guide) => guide.slug === props.open);
  if (open) {
    const text = texts[open.slug] ?? "";
    const toc = tableOfContents(text);
    return (
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Contents" className="lg:sticky lg:top-6 lg:self-start">
          <Link
            to={modulePath("resources", { tab: "guides" })}
            className="mb-3 block text-sm text-muted hover:text-fg"
          >
            ← All guides
          </Link>
          <ol className="space-y-1 text-sm">
            {toc.map((entry) => (
              <li key={entry.id} className={entry.depth === 3 ? "pl-4" : ""}>
                <a href={`#${entry.id}`} className="text-muted hover:text-accent">
                  {entry.text}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article aria-label={open.title} className="min-w-0">
          <Markdown anchors>{text}</Markdown>
        </article>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <label className="block max-w-md">
        <span className="sr-only">Search the guides</span>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search the guides: redemption, seasoning, STOP…"
          className="input"
        />
      </label>
      {shown.length === 0 && (
        <EmptyState icon={Search} title="No guide matches">
          Nothing in the guides mentions “{query}”. Try another word, or look in the Education
          glossary.
        </EmptyState>
      )}
      <ul aria-label="Guides" className="grid gap-4 sm:grid-cols-2">
        {shown.map((guide) => (
          <li key={guide.slug}>
            {/* A link, so a guide opens without JavaScript too. */}
            <Link
              to={modulePath("resources", { tab: "guides", guide: guide.slug })}
              className="block h-full w-full rounded-2xl border border-line bg-surface p-5 text-left hover:border-accent/60"
            >
              <span className="flex items-center gap-2 font-medium">
                <BookOpen aria-hidden className="size-4 text-accent" /> {guide.title}
              </span>
              <span className="mt-1 block text-sm text-muted">{guide.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const TOOLS = [
  {
    name: "HUD Fair Market Rents",
    url: "https://www.huduser.gov/portal/datasets/fmr.html",
    what: "What Section 8 pays by ZIP code: a floor for rent estimates.",
  },
  {
    name: "FRED: 30-year mortgage rate",
    url: "https://fred.stlouisfed.org/series/MORTGAGE30US",
    what: "The weekly average rate, for the analyzer's loan terms.",
  },
  {
    name: "Census QuickFacts",
    url: "https://www.census.gov/quickfacts/",
    what: "Population, income and housing by city and county.",
  },
  {
    name: "FEMA Flood Map Service Center",
    url: "https://msc.fema.gov/portal/search",
    what: "Flood zones: insurance costs and lender requirements.",
  },
  {
    name: "National Do Not Call Registry",
    url: "https://www.donotcall.gov/",
    what: "Check before cold calling leads.",
  },
  {
    name: "Redfin",
    url: "https://www.redfin.com/",
    what: "Listings, sold comparables and rent estimates.",
  },
];

type Status = "on" | "off" | "unknown";

function AppRow(props: { name: string; status: Status; detail: string; to?: string }) {
  const tone = props.status === "on" ? "success" : props.status === "off" ? "danger" : "neutral";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
      <span className="min-w-0">
        <span className="block font-medium">{props.name}</span>
        <span className="block text-sm break-words text-muted">{props.detail}</span>
      </span>
      <span className="flex items-center gap-3">
        <Badge tone={tone}>
          {props.status === "on" ? "Ready" : props.status === "off" ? "Not set up" : "Unknown"}
        </Badge>
        {props.to && (
          <Link to={props.to} className="text-sm text-accent underline">
            Set up
          </Link>
        )}
      </span>
    </li>
  );
}

/** The integrations' status, as the route's loader read it (resources.server.ts). */
function Apps(props: { integrations: NonNullable<ResourcesPageData["integrations"]> }) {
  const { ai, google, maps } = props.integrations;
  const known = (value: boolean | undefined): Status =>
    value === undefined ? "unknown" : value ? "on" : "off";
  return (
    <div className="space-y-8">
      <section aria-labelledby="integrations-heading">
        <h2 id="integrations-heading" className="mb-3 font-medium">
          Integrations
        </h2>
        <ul
          aria-label="Integrations"
          className="divide-y divide-line rounded-2xl border border-line bg-surface"
        >
          <AppRow
            name="Google (Gmail, Drive, Calendar)"
            status={known(google.connected)}
            detail={
              google.connected
                ? `Connected as ${google.email ?? "your account"}`
                : google.configured === false
                  ? "Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then connect your account"
                  : "Connect your account on Connections"
            }
            to={google.connected ? undefined : modulePath("connections")}
          />
          <AppRow
            name="AI chat (OpenAI or compatible)"
            status={known(ai.openai.configured)}
            detail={
              ai.openai.configured
                ? `Model ${ai.openai.model}`
                : `Set ${ai.openai.key ?? "OPENAI_API_KEY"}`
            }
            to={ai.openai.configured ? undefined : modulePath("connections")}
          />
          <AppRow
            name="Perplexity (web research)"
            status={known(ai.perplexity.configured)}
            detail={
              ai.perplexity.configured
                ? `Model ${ai.perplexity.model}`
                : `Set ${ai.perplexity.key ?? "PERPLEXITY_API_KEY"}`
            }
          />
          <AppRow
            name="Geocoder (addresses on the map)"
            status={known(maps.geocoder)}
            detail={
              maps.geocoder ? "Addresses are looked up" : "Set GEOCODER_URL (Nominatim-compatible)"
            }
          />
          <AppRow name="Map tiles" status="on" detail={maps.attribution} />
          <AppRow
            name="Road distances (optional)"
            status={known(maps.roads)}
            detail={
              maps.roads
                ? "Routes use road distances and times"
                : "Set ROUTING_URL (OSRM-compatible); until then routes use an estimate"
            }
          />
        </ul>
      </section>
      <section aria-labelledby="tools-heading">
        <h2 id="tools-heading" className="mb-3 font-medium">
          Useful outside tools
        </h2>
        <ul aria-label="Outside tools" className="grid gap-3 sm:grid-cols-2">
          {TOOLS.map((tool) => (
            <li key={tool.url} className="rounded-2xl border border-line bg-surface p-4">
              <a
                href={tool.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 font-medium hover:text-accent"
              >
                {tool.name} <ExternalLink aria-hidden className="size-3.5" />
              </a>
              <p className="mt-1 text-sm text-muted">{tool.what}</p>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted">
          Your county's recorder and assessor sites hold deeds, liens and tax records: search for
          “[county] recorder of deeds” and “[county] property tax search”.
        </p>
      </section>
    </div>
  );
}
