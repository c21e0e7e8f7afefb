/** Small building blocks of the data screens: dialogs, badges, paging, empty states. */
import { ChevronLeft, ChevronRight, X, type LucideIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import type { PageMeta } from "~/lib/api/client";

/** A modal on the native <dialog>: focus is trapped, Escape closes, the page behind is inert. */
export function Modal(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      aria-label={props.title}
      // Escape closes the dialog itself and queues "close" for later: the state follows at once
      // (on "cancel"), so a key pressed right after, such as ? reopening the shortcuts, is not
      // undone by that late "close". A "close" that arrives once the dialog is open again is stale.
      onCancel={props.onClose}
      onClose={(event) => {
        if (!event.currentTarget.open) props.onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) props.onClose();
      }}
      className={`m-auto w-[calc(100vw-2rem)] rounded-2xl border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/60 ${props.wide ? "max-w-3xl" : "max-w-lg"}`}
    >
      {props.open && (
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 className="text-lg font-semibold">{props.title}</h2>
            <button
              type="button"
              onClick={props.onClose}
              aria-label="Close dialog"
              className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
          {props.children}
        </div>
      )}
    </dialog>
  );
}

export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={props.open} title={props.title} onClose={props.onCancel}>
      <div className="text-muted">{props.message}</div>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={props.onCancel} className="btn-secondary">
          Cancel
        </button>
        <button type="button" onClick={props.onConfirm} className="btn-danger">
          {props.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

const BADGE_TONES = {
  neutral: "bg-raised text-muted",
  accent: "bg-accent/15 text-accent",
  success: "bg-success/15 text-success",
  danger: "bg-danger/15 text-danger",
} as const;

export function Badge(props: { children: ReactNode; tone?: keyof typeof BADGE_TONES }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${BADGE_TONES[props.tone ?? "neutral"]}`}
    >
      {props.children}
    </span>
  );
}

export function Pagination(props: {
  meta: PageMeta;
  onPage: (page: number) => void;
  noun: string;
}) {
  const { page, limit, total } = props.meta;
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <nav
      aria-label={`${props.noun} pages`}
      className="mt-4 flex items-center justify-between gap-4 text-sm text-muted"
    >
      <span>
        {first}–{last} of {total} {props.noun}
      </span>
      <span className="flex items-center gap-2">
        <button
          type="button"
          disabled={page <= 1}
          onClick={() => props.onPage(page - 1)}
          aria-label="Previous page"
          className="grid size-9 place-items-center rounded-lg border border-line hover:bg-raised disabled:opacity-40"
        >
          <ChevronLeft aria-hidden className="size-4" />
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button
          type="button"
          disabled={page >= pages}
          onClick={() => props.onPage(page + 1)}
          aria-label="Next page"
          className="grid size-9 place-items-center rounded-lg border border-line hover:bg-raised disabled:opacity-40"
        >
          <ChevronRight aria-hidden className="size-4" />
        </button>
      </span>
    </nav>
  );
}

export function EmptyState(props: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /** 2 where the state stands right under the page's title (no section heading above it). */
  level?: 2 | 3;
}) {
  const Icon = props.icon;
  const Heading = `h${props.level ?? 3}` as const;
  return (
    <section className="grid place-items-center rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-14 text-center">
      <Icon aria-hidden className="size-10 text-muted" />
      <Heading className="mt-4 text-lg font-medium">{props.title}</Heading>
      <div className="mt-2 max-w-md text-muted">{props.children}</div>
      {props.action && <div className="mt-6">{props.action}</div>}
    </section>
  );
}

export function ErrorNotice(props: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-center justify-between gap-4 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
    >
      <span>{props.message}</span>
      {props.onRetry && (
        <button type="button" onClick={props.onRetry} className="btn-secondary">
          Try again
        </button>
      )}
    </div>
  );
}

/** A labelled figure: "BUDGET" over "$45,000"; `large` for the dashboard's headline figures. */
export function Figure(props: { term: string; value: ReactNode; large?: boolean }) {
  return (
    <>
      <span className="block text-xs tracking-wide text-muted uppercase">{props.term}</span>
      <span
        className={`block tabular-nums ${props.large ? "mt-2 text-2xl font-semibold" : "mt-1 font-medium"}`}
      >
        {props.value}
      </span>
    </>
  );
}
