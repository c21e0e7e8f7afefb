import type { ReactNode } from "react";
import { modulePath } from "~/domain/modules";
import { useHydrated } from "~/lib/use-hydrated";
import { Brand } from "./brand";

/** The centred card of the account screens (sign-in, forgot and reset password). */
export function AuthCard(props: { title?: string; children: ReactNode; footer?: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div
      data-hydrated={hydrated || undefined}
      className="flex min-h-dvh items-center justify-center bg-[radial-gradient(ellipse_at_top,rgba(124,140,255,0.18),transparent_60%)] px-4 py-10"
    >
      <main className="w-full max-w-md">
        <a href={modulePath("home")} className="mb-8 flex justify-center">
          <Brand size="lg" />
        </a>
        <div className="rounded-2xl border border-line bg-surface p-8 shadow-2xl shadow-black/30">
          {props.title && <h1 className="text-center text-2xl font-semibold">{props.title}</h1>}
          {props.children}
        </div>
        {props.footer && <div className="mt-6 text-center">{props.footer}</div>}
      </main>
    </div>
  );
}
