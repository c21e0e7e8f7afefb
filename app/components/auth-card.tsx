import { Sparkles } from "lucide-react";
import type { ReactNode } from "react";

/** The centred card of the account pages (forgot and reset password). */
export function AuthCard(props: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh items-center justify-center px-4 py-10">
      <main className="w-full max-w-md">
        <a
          href="/home"
          className="mb-8 flex items-center justify-center gap-2 text-xl font-semibold"
        >
          <span className="grid size-9 place-items-center rounded-xl bg-accent text-accent-fg">
            <Sparkles aria-hidden className="size-5" />
          </span>
          AI42
        </a>
        <div className="rounded-2xl border border-line bg-surface p-8">
          <h1 className="text-center text-2xl font-semibold">{props.title}</h1>
          {props.children}
        </div>
      </main>
    </div>
  );
}
