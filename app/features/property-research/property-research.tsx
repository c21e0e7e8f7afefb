/**
 * Property Research (/property-research): a structured, web-grounded report on a property or
 * market, grounded in the investor's own matching records; saved to the Project Hub as a document
 * and kept in a research history.
 */
import { Link } from "@remix-run/react";
import { Clipboard, FileCheck2, History, Search, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { PageHeader } from "~/components/page-header";
import { SourceLinks } from "~/components/source-links";
import { Badge, ConfirmDialog, EmptyState, ErrorNotice, Pagination } from "~/components/ui";
import {
  MAX_QUERY_CHARS,
  PROVIDER_LABELS,
  RESEARCH_EXAMPLES,
  researchToMarkdown,
} from "~/domain/ai";
import { modulePath } from "~/domain/modules";
import { label } from "~/domain/workspace";
import { aiApi, type AiStatus, type Research } from "~/lib/api/ai";
import { ServiceError } from "~/lib/api/workspace";
import { entriesStore } from "~/lib/stores/entries";
import type { ModuleViewProps } from "../module-view";
import { toastFailure, usePagedList } from "../shared";

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="mb-1.5 text-sm font-semibold tracking-wide text-muted uppercase">
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}

function List(props: { items: string[] }) {
  return props.items.length ? (
    <ul className="list-disc space-y-1 pl-5">
      {props.items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  ) : (
    <p className="text-muted">None noted.</p>
  );
}

function Report(props: { research: Research; onSaved: () => void; saved: boolean }) {
  const { research } = props;
  const { report } = research;
  const [saving, setSaving] = useState(false);
  const project = research.grounding.find((g) => g.kind === "project");

  const save = async () => {
    setSaving(true);
    const entry = await entriesStore.getState().addEntry({
      title: `Research: ${research.query}`.slice(0, 200),
      kind: "report",
      content: researchToMarkdown(research.query, report),
      tags: ["research"],
      projectId: project?.id ?? null,
    });
    setSaving(false);
    if (entry) {
      props.onSaved();
      toast.success("Saved to Project Hub", {
        description: project ? `Linked to ${project.name}` : "Find it under Documents",
      });
    } else {
      toast.error("Could not save the report", {
        description: entriesStore.getState().error ?? undefined,
      });
    }
  };

  return (
    <article
      className="space-y-5 rounded-2xl border border-line bg-surface p-6"
      data-testid="research-report"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold">{research.query}</h2>
          <p className="mt-1 text-sm text-muted">
            {PROVIDER_LABELS[research.provider]} · {research.model} · {when(research.createdAt)}
          </p>
          {research.grounding.length > 0 && (
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted">Using your records:</span>
              {research.grounding.map((g) => (
                <Badge key={g.id} tone="accent">
                  {g.name} ({label(g.kind)})
                </Badge>
              ))}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              void navigator.clipboard.writeText(researchToMarkdown(research.query, report)).then(
                () => toast.success("Report copied as Markdown"),
                () => toast.error("Could not copy: the browser refused clipboard access"),
              )
            }
          >
            <Clipboard aria-hidden className="size-4" /> Copy
          </button>
          {props.saved ? (
            <Link to={modulePath("project-hub", { tab: "documents" })} className="btn-secondary">
              <FileCheck2 aria-hidden className="size-4" /> Saved: open in Project Hub
            </Link>
          ) : (
            <button
              type="button"
              className="btn-primary gap-2"
              disabled={saving}
              onClick={() => void save()}
            >
              <FileCheck2 aria-hidden className="size-4" />
              {saving ? "Saving..." : "Save to Project Hub"}
            </button>
          )}
        </div>
      </header>
      <Section title="Summary">
        <p className="whitespace-pre-wrap">{report.summary}</p>
      </Section>
      {report.market && (
        <Section title="Market">
          <p className="whitespace-pre-wrap">{report.market}</p>
        </Section>
      )}
      {report.comparables && (
        <Section title="Comparable considerations">
          <p className="whitespace-pre-wrap">{report.comparables}</p>
        </Section>
      )}
      <div className="grid gap-5 md:grid-cols-2">
        <Section title="Risks">
          <List items={report.risks} />
        </Section>
        <Section title="Next steps">
          <List items={report.nextSteps} />
        </Section>
      </div>
      <Section title="Sources">
        {report.sources.length ? (
          <SourceLinks urls={report.sources} />
        ) : (
          <p className="text-sm text-muted">
            No web sources: this report was written without web search. Set PERPLEXITY_API_KEY for
            web-grounded reports with sources.
          </p>
        )}
      </Section>
    </article>
  );
}

function ProviderNotice(props: { status: AiStatus }) {
  const { openai, perplexity } = props.status;
  if (perplexity.configured) return null;
  if (!openai.configured) {
    return (
      <div
        role="alert"
        data-testid="not-configured"
        className="mb-6 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
      >
        <p className="font-medium">Property research is not configured.</p>
        <p className="mt-1">
          Set <code className="font-mono">PERPLEXITY_API_KEY</code> for web-grounded reports with
          sources, or <code className="font-mono">OPENAI_API_KEY</code>.{" "}
          <Link to={modulePath("connections")} className="text-accent underline">
            How to configure AI providers
          </Link>
        </p>
      </div>
    );
  }
  return (
    <p className="mb-6 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted">
      Reports are written by OpenAI without web search. Set{" "}
      <code className="font-mono">PERPLEXITY_API_KEY</code> for web-grounded reports with sources.
    </p>
  );
}

export default function PropertyResearch({ module }: ModuleViewProps) {
  const [query, setQuery] = useState("");
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [current, setCurrent] = useState<Research | null>(null);
  const [savedIds, setSavedIds] = useState<string[]>([]);
  const [status, setStatus] = useState<AiStatus | null>(null);
  const [deleting, setDeleting] = useState<Research | null>(null);
  const [page, setPage] = useState(1);
  const history = usePagedList(useCallback(() => aiApi.researchHistory(page), [page]));

  useEffect(() => {
    aiApi.status().then(setStatus, () => setStatus(null));
  }, []);

  const research = async (text = query) => {
    if (text.trim().length < 3 || running) return;
    setRunning(true);
    setError(null);
    try {
      const result = await aiApi.research(text.trim());
      setCurrent(result);
      void history.load();
    } catch (failure) {
      setError({
        title: failure instanceof Error ? failure.message : "Failed to research property",
        message: failure instanceof ServiceError ? failure.failure.message : "",
      });
    } finally {
      setRunning(false);
    }
  };

  const remove = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await aiApi.deleteResearch(target.id);
      if (current?.id === target.id) setCurrent(null);
      void history.load();
      toast.success("Research deleted");
    } catch (failure) {
      toastFailure(failure);
    }
  };

  const unconfigured = status ? !status.openai.configured && !status.perplexity.configured : false;

  return (
    <div>
      <PageHeader icon={module.icon} title={module.title} description={module.description} />
      {status && <ProviderNotice status={status} />}
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-6">
          <form
            className="rounded-2xl border border-line bg-surface p-4"
            onSubmit={(event) => {
              event.preventDefault();
              void research();
            }}
          >
            <label htmlFor="research-query" className="mb-2 block font-medium">
              What should we research?
            </label>
            <textarea
              id="research-query"
              className="input min-h-24"
              value={query}
              maxLength={MAX_QUERY_CHARS}
              placeholder="An address, a neighbourhood or a question, e.g. 12 Oak St, Springfield: flip or rent?"
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void research();
              }}
            />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap gap-2" aria-label="Examples">
                {RESEARCH_EXAMPLES.map((example) => (
                  <button
                    key={example}
                    type="button"
                    className="rounded-full border border-line px-3 py-1 text-xs text-muted hover:bg-raised hover:text-fg"
                    onClick={() => setQuery(example)}
                  >
                    {example}
                  </button>
                ))}
              </div>
              <button
                type="submit"
                className="btn-primary gap-2"
                disabled={running || unconfigured || query.trim().length < 3}
              >
                <Search aria-hidden className="size-4" />
                {running ? "Researching..." : "Research"}
              </button>
            </div>
          </form>

          {error && (
            <div
              role="alert"
              className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm"
            >
              <p className="font-medium">{error.title}</p>
              {error.message && <p className="mt-1">{error.message}</p>}
            </div>
          )}

          {running ? (
            <div className="space-y-3 rounded-2xl border border-line bg-surface p-6" role="status">
              <p className="text-muted">
                Researching... web-grounded reports can take up to a minute.
              </p>
              {[0, 1, 2, 3].map((i) => (
                <div
                  key={i}
                  className="skeleton h-5 rounded"
                  style={{ width: `${90 - i * 12}%` }}
                />
              ))}
            </div>
          ) : current ? (
            <Report
              research={current}
              saved={savedIds.includes(current.id)}
              onSaved={() => setSavedIds((ids) => [...ids, current.id])}
            />
          ) : (
            !error && (
              <EmptyState icon={Search} title="Research a property or a market">
                Name an address you own or are weighing, and the report uses your own numbers from
                Possible Investments and the Project Hub beside market data.
              </EmptyState>
            )
          )}
        </div>

        <aside aria-label="Research history">
          <h2 className="mb-3 flex items-center gap-2 font-semibold">
            <History aria-hidden className="size-4 text-muted" /> History
          </h2>
          {history.failure ? (
            <ErrorNotice message={history.failure} onRetry={() => void history.load()} />
          ) : !history.meta ? (
            <div className="space-y-2">
              {[0, 1, 2].map((i) => (
                <div key={i} className="skeleton h-12 rounded-lg" />
              ))}
            </div>
          ) : history.items.length === 0 ? (
            <p className="text-sm text-muted">Your reports are kept here.</p>
          ) : (
            <>
              <ul className="space-y-1">
                {history.items.map((item) => (
                  <li
                    key={item.id}
                    className={`group flex items-start rounded-lg ${current?.id === item.id ? "bg-accent/15" : "hover:bg-raised"}`}
                  >
                    <button
                      type="button"
                      className="min-w-0 flex-1 px-3 py-2 text-left"
                      onClick={() => setCurrent(item)}
                    >
                      <span className="line-clamp-2 text-sm">{item.query}</span>
                      <span className="text-xs text-muted">{when(item.createdAt)}</span>
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete research ${item.query}`}
                      className="row-actions p-2 text-muted hover:text-danger"
                      onClick={() => setDeleting(item)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
              {history.meta.total > history.meta.limit && (
                <Pagination meta={history.meta} onPage={setPage} noun="reports" />
              )}
            </>
          )}
        </aside>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this research?"
        message={`"${deleting?.query ?? ""}" will be removed from your history. Copies saved to the Project Hub stay.`}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
