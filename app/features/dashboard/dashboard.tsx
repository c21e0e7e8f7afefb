import { Link } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { useAuth } from "~/lib/auth";
import { SIDEBAR_MODULES, type ModuleViewProps } from "~/modules";

export default function Dashboard({ module }: ModuleViewProps) {
  const { user } = useAuth();
  const greeting = user?.first_name ? `Welcome, ${user.first_name}` : "Welcome";
  return (
    <div>
      <PageHeader icon={module.icon} title={greeting} description={module.description} />
      <section aria-labelledby="modules-heading">
        <h2
          id="modules-heading"
          className="mb-4 text-sm font-medium tracking-wide text-muted uppercase"
        >
          Your workspace
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {SIDEBAR_MODULES.filter((m) => m.id !== module.id).map((m) => (
            <li key={m.id}>
              <Link
                to={`/${m.id}`}
                className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-5 transition hover:border-accent/60 hover:bg-raised"
              >
                <span className="flex items-center gap-3">
                  <m.icon aria-hidden className="size-5 text-accent" />
                  <span className="font-medium">{m.title}</span>
                  <ArrowRight
                    aria-hidden
                    className="ml-auto size-4 text-muted transition group-hover:translate-x-0.5"
                  />
                </span>
                <span className="mt-2 text-sm text-muted">{m.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
