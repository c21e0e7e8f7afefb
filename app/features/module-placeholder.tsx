import { Construction } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import type { ModuleSummary } from "./module-view";

/** An honest empty state for a module that is not built yet: no sample data. */
export function ModulePlaceholder({ module }: { module: ModuleSummary }) {
  return (
    <div>
      <PageHeader icon={module.icon} title={module.title} description={module.description} />
      <section className="grid place-items-center rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-16 text-center">
        <Construction aria-hidden className="size-10 text-muted" />
        <h2 className="mt-4 text-lg font-medium">{module.title} is not available yet</h2>
        {module.upcoming && <p className="mt-2 max-w-md text-muted">{module.upcoming}</p>}
        <p className="mt-4 text-sm text-muted">
          It arrives in a later release. Nothing here is sample data.
        </p>
      </section>
    </div>
  );
}
