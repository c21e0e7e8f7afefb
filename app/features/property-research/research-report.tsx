/**
 * One research report: its sections, sources, Copy, and Save to Project Hub (once), a form posted
 * to the report page's action that works without JavaScript too (not offered to a viewer).
 */
import { Link, useActionData } from "@remix-run/react";
import { MESSAGES } from "~/lib/api/messages";
import { Clipboard, FileCheck2 } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "~/lib/toast";
import { SourceLinks } from "~/components/source-links";
import { Badge, ErrorNotice } from "~/components/ui";
import { researchToMarkdown } from "~/domain/ai/markdown";
import { PROVIDERS } from "~/domain/ai/providers";
import { LocalTime } from "~/components/local-time";
import { documentPath } from "~/domain/modules";
import { label } from "~/domain/workspace";
import type { Research } from "~/lib/api/ai";
import { useCanWrite } from "~/lib/module-data";
import { refusalOf, type Refused } from "~/lib/record-action";
import { entriesStore } from "~/lib/stores/entries";
import { useRecordAction } from "~/lib/use-record-action";
import type { ResearchActionAnswer } from "./research.server";

function Section(props: { title: string; children: ReactNode }) {
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

/** The report as its page's loader read it; once saved, it names its document. */
export function ResearchReport(props: { research: Research }) {
  const { research } = props;
  const { report } = research;
  const project = research.grounding.find((g) => g.kind === "project");
  // Without JavaScript the page itself was posted: what was refused comes back with it.
  const posted = useActionData<Refused>();
  const canWrite = useCanWrite();
  const save = useRecordAction<Extract<ResearchActionAnswer, { saved: unknown }>>("report", {
    onSaved: (answer) => {
      // The entries store (kept under project-hub-storage) holds the new document too.
      entriesStore.getState().receiveEntry(answer.saved);
      toast.success("Saved to Project Hub", {
        description: project ? `Linked to ${project.name}` : "Find it under Documents",
      });
    },
  });
  const refused = save.refusal || refusalOf(posted);

  return (
    <article
      className="space-y-5 rounded-2xl border border-line bg-surface p-6"
      data-testid="research-report"
    >
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold break-words">{research.query}</h2>
          <p className="mt-1 text-sm text-muted">
            {PROVIDERS[research.provider].label} · {research.model} ·{" "}
            <LocalTime at={research.createdAt} />
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
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              void navigator.clipboard.writeText(researchToMarkdown(research.query, report)).then(
                () => toast.success("Report copied as Markdown"),
                () => toast.error(MESSAGES.clipboardRefused),
              )
            }
          >
            <Clipboard aria-hidden className="size-4" /> Copy
          </button>
          {research.savedEntryId ? (
            <Link to={documentPath(research.savedEntryId)} className="btn-secondary">
              <FileCheck2 aria-hidden className="size-4" /> Saved: open in Project Hub
            </Link>
          ) : (
            canWrite && (
              <form method="post" onSubmit={save.onSubmit}>
                <input type="hidden" name="intent" value="save" />
                <button type="submit" className="btn-primary gap-2" disabled={save.busy}>
                  <FileCheck2 aria-hidden className="size-4" />
                  {save.busy ? "Saving..." : "Save to Project Hub"}
                </button>
              </form>
            )
          )}
        </div>
      </header>
      {refused && <ErrorNotice message={`${MESSAGES.saveResearch}: ${refused}`} />}
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
            No web sources: this report was written without web search. Set{" "}
            {PROVIDERS.perplexity.keyName} for web-grounded reports with sources.
          </p>
        )}
      </Section>
    </article>
  );
}
