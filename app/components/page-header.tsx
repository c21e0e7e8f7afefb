import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export function PageHeader(props: {
  icon: LucideIcon;
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent/15 text-accent">
          <Icon aria-hidden className="size-6" />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{props.title}</h1>
          <p className="mt-1 text-muted">{props.description}</p>
        </div>
      </div>
      {props.actions}
    </header>
  );
}
