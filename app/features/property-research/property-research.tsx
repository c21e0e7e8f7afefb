/**
 * Property Research (/property-research): a structured, web-grounded report on a property or
 * market, grounded in the investor's own matching records; kept in a research history, each
 * report at a page of its own, where it is saved to the Project Hub (once). A viewer reads the
 * history; it runs, saves and deletes no research.
 */
import { useNavigate } from "@remix-run/react";
import { Search } from "lucide-react";
import { MESSAGES } from "~/lib/api/messages";
import { useState } from "react";
import { toast } from "~/lib/toast";
import { PageHeader } from "~/components/page-header";
import { ConfirmDialog, EmptyState } from "~/components/ui";
import { MAX_QUERY_CHARS, RESEARCH_EXAMPLES } from "~/domain/ai/research";
import { researchPath } from "~/domain/modules";
import { aiApi, type AiStatus, type Research } from "~/lib/api/ai";
import { ServiceError } from "~/lib/api/workspace";
import { ViewerNotice } from "~/components/viewer-notice";
import { useCanWrite } from "~/lib/module-data";
import { useVersionedAction } from "~/lib/use-action-call";
import { moduleOf } from "~/modules";
import { toastFailure, useQueryParams } from "../shared";
import { ProviderNotice } from "./provider-notice";
import type { PropertyResearchPageData } from "./property-research.server";
import type { ResearchActionAnswer } from "./research.server";
import { deletionNote, ResearchHistory } from "./research-history";

const MODULE = moduleOf("property-research");

/**
 * The history's page is the URL's (`page`), read by the route's loader
 * (property-research.server.ts). A research just run opens at its report's page.
 */
export function PropertyResearchPage({ loaded }: { loaded: PropertyResearchPageData }) {
  const [, update] = useQueryParams();
  const [deleting, setDeleting] = useState<Research | null>(null);
  const send = useVersionedAction<ResearchActionAnswer>("report", MESSAGES.deleteResearch);
  const status = loaded.ai;
  const canWrite = useCanWrite();

  /** Deletes through the report's action; the history is then read again. */
  const remove = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      if (await send({ intent: "delete" }, researchPath(target.id)))
        toast.success("Research deleted");
    } catch (failure) {
      toastFailure(failure);
    }
  };

  return (
    <div>
      <PageHeader icon={MODULE.icon} title={MODULE.title} description={MODULE.description} />
      <ProviderNotice status={status} />
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0 space-y-6">
          {canWrite ? <NewResearch status={status} /> : <ViewerNotice what="run research" />}
        </div>

        <ResearchHistory
          items={loaded.history.items}
          meta={loaded.history.meta}
          onDelete={canWrite ? setDeleting : undefined}
          onPage={(page) => update({ page: page > 1 ? String(page) : null })}
        />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this research?"
        message={deleting && deletionNote(deleting)}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

/** The form that runs a research, and what shows while it runs or when it failed. */
function NewResearch({ status }: { status: AiStatus }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);

  const research = async (text = query) => {
    if (text.trim().length < 3 || running) return;
    setRunning(true);
    setError(null);
    try {
      const result = await aiApi.research(text.trim());
      // Still running until its page replaces this one.
      navigate(researchPath(result.id));
    } catch (failure) {
      setError({
        title: failure instanceof Error ? failure.message : MESSAGES.propertyResearch,
        message: failure instanceof ServiceError ? failure.failure.message : "",
      });
      setRunning(false);
    }
  };

  const unconfigured = !status.openai.configured && !status.perplexity.configured;

  return (
    <>
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
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm">
          <p className="font-medium">{error.title}</p>
          {error.message && <p className="mt-1">{error.message}</p>}
        </div>
      )}

      {running ? (
        <div className="space-y-3 rounded-2xl border border-line bg-surface p-6" role="status">
          <p className="text-muted">Researching... web-grounded reports can take up to a minute.</p>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton h-5 rounded" style={{ width: `${90 - i * 12}%` }} />
          ))}
        </div>
      ) : (
        !error && (
          <EmptyState icon={Search} title="Research a property or a market" level={2}>
            Name an address you own or are weighing, and the report uses your own numbers from
            Possible Investments and the Project Hub beside market data.
          </EmptyState>
        )
      )}
    </>
  );
}
