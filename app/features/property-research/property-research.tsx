/**
 * Property Research (/property-research): a structured, web-grounded report on a property or
 * market, grounded in the investor's own matching records; saved to the Project Hub as a document
 * (once) and kept in a research history.
 */
import { Search } from "lucide-react";
import { MESSAGES } from "~/lib/api/messages";
import { useState } from "react";
import { toast } from "~/lib/toast";
import { PageHeader } from "~/components/page-header";
import { ConfirmDialog, EmptyState, ErrorNotice } from "~/components/ui";
import { MAX_QUERY_CHARS, RESEARCH_EXAMPLES } from "~/domain/ai/research";
import { aiApi, type Research } from "~/lib/api/ai";
import { ServiceError } from "~/lib/api/workspace";
import { useModuleData } from "~/lib/module-data";
import type { ModuleViewProps } from "../module-view";
import { toastFailure, useQueryParams } from "../shared";
import { ProviderNotice } from "./provider-notice";
import { ResearchHistory } from "./research-history";
import { ResearchReport } from "./research-report";

/**
 * The history's page and the open report are the URL's (`page`, `report`), read by the `$` route's
 * loader (property-research.server.ts); a report just run or saved shows at once, before the page
 * is read again.
 */
export default function PropertyResearch({ module }: ModuleViewProps) {
  const { data, retry } = useModuleData("property-research");
  const [params, update] = useQueryParams();
  const reportId = params.get("report");
  const [query, setQuery] = useState("");
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  /** The report just run or saved, shown while the URL names it. */
  const [fresh, setFresh] = useState<Research | null>(null);
  const status = data?.ai ?? null;
  const [deleting, setDeleting] = useState<Research | null>(null);
  const opened = data?.report?.id === reportId ? data.report : null;
  const current = fresh?.id === reportId ? fresh : (opened?.research ?? null);
  const show = (id: string | null) => update({ report: id });

  const research = async (text = query) => {
    if (text.trim().length < 3 || running) return;
    setRunning(true);
    setError(null);
    try {
      const result = await aiApi.research(text.trim());
      setFresh(result);
      update({ report: result.id, page: null });
    } catch (failure) {
      setError({
        title: failure instanceof Error ? failure.message : MESSAGES.propertyResearch,
        message: failure instanceof ServiceError ? failure.failure.message : "",
      });
    } finally {
      setRunning(false);
    }
  };

  const showSaved = (saved: Research) => {
    setFresh(saved);
    retry();
  };

  const remove = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await aiApi.deleteResearch(target.id);
      if (current?.id === target.id) show(null);
      else retry();
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
            <ResearchReport research={current} onSaved={showSaved} />
          ) : opened ? (
            <ErrorNotice message="Research report not found: it is not in your history" />
          ) : (
            !error && (
              <EmptyState icon={Search} title="Research a property or a market" level={2}>
                Name an address you own or are weighing, and the report uses your own numbers from
                Possible Investments and the Project Hub beside market data.
              </EmptyState>
            )
          )}
        </div>

        <ResearchHistory
          items={data?.history.items ?? []}
          meta={data?.history.meta ?? null}
          failure={data ? "" : MESSAGES.fetchResearch}
          currentId={current?.id}
          onRetry={retry}
          onOpen={(research) => show(research.id)}
          onDelete={setDeleting}
          onPage={(page) => update({ page: page > 1 ? String(page) : null })}
        />
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
