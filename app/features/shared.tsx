/** Pieces shared by the data screens (Project Hub, Possible Investments). */
import {
  Link,
  useLocation,
  useNavigate,
  useNavigation,
  useNavigationType,
  useRevalidator,
  useSearchParams,
} from "@remix-run/react";
import { MESSAGES } from "~/lib/api/messages";
import { ArrowLeft, Download, UserRound } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { FormMessage, SubmitButton } from "~/components/form";
import { ASSIGNEE_ME } from "~/domain/assignees";
import { label } from "~/domain/workspace";
import { apiUrl } from "~/lib/api/client";
import { queryString, ServiceError } from "~/lib/api/workspace";
import { sendVersioned } from "~/lib/changed-elsewhere";
import { useTeamWorkspace } from "~/lib/module-data";

export const options = (values: readonly string[], allLabel?: string) => [
  ...(allLabel ? [{ value: "", label: allLabel }] : []),
  ...values.map((value) => ({ value, label: label(value) })),
];

/** "← All projects": back from a record to its list, by a link (`to`) or an action (`onBack`). */
export function BackLink(props: ({ to: string } | { onBack: () => void }) & { children: string }) {
  const className = "mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-fg";
  const content = (
    <>
      <ArrowLeft aria-hidden className="size-4" /> {props.children}
    </>
  );
  return "to" in props ? (
    <Link to={props.to} className={className}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={props.onBack} className={className}>
      {content}
    </button>
  );
}

/**
 * The query this screen last asked for and the URL it asked from (`location.key`), until that
 * navigation settles. Shared by every `useQueryParams` on the page: a filter chosen while another
 * one's read is still under way builds on it, instead of on the URL the browser still shows.
 */
let asked: { from: string; search: string } | null = null;

/**
 * The screen's query parameters (each module's are listed in `ModuleParams`) and a setter that
 * changes only those it names: a value sets one, null removes it. Changes made while an earlier
 * one is being read add to it, so a quick second filter never undoes the first.
 */
export function useQueryParams() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { state } = useNavigation();
  const current = useRef(location);
  current.current = location;
  useEffect(() => {
    if (state === "idle") asked = null;
  }, [state]);
  const update = useCallback(
    (changes: Record<string, string | null>, options?: { replace?: boolean }) => {
      const here = current.current;
      const next = new URLSearchParams(asked?.from === here.key ? asked.search : here.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      const search = next.toString() ? `?${next}` : "";
      asked = { from: here.key, search };
      navigate({ pathname: here.pathname, search }, options);
    },
    [navigate],
  );
  return [params, update] as const;
}

/**
 * A dialog that a link or the palette can open: open while `?<name>=1` is in the URL (e.g.
 * `?new=1`, `?import=1`). Opening and closing replace the URL, so Back leaves the screen.
 */
export function useDialogParam(name: string) {
  const [params, update] = useQueryParams();
  const open = params.get(name) === "1";
  const setOpen = (next: boolean) => {
    if (next !== open) update({ [name]: next ? "1" : null }, { replace: true });
  };
  return [open, setOpen] as const;
}

/**
 * A list page's reading state: `loading` while its URL (a filter, a page, a tab) is being read
 * again, so the rows about to change can say so; `retry` reads the page again.
 */
export function usePageReading() {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return {
    loading: navigation.state === "loading" && navigation.location.pathname === pathname,
    retry: revalidate,
  };
}

/** Filter setters that also go back to page 1: a changed filter starts at its first page. */
export const withFirstPage =
  (setPage: (page: number) => void) =>
  <T,>(set: (value: T) => void) =>
  (value: T) => {
    set(value);
    setPage(1);
  };

/** The value, settled for `delay` ms (for search boxes). */
function useDebounced<T>(value: T, delay = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A search box whose text is the URL's `name` parameter: written there once typing settles,
 * replacing the entry (so Back skips keystrokes) and going back to the first page; read back from
 * it when Back, Forward or a link changes it.
 */
export function useSearchParam(name = "q") {
  const [params, update] = useQueryParams();
  const navigationType = useNavigationType();
  const inUrl = params.get(name) ?? "";
  const [text, setText] = useState(inUrl);
  const [urlSeen, setUrlSeen] = useState(inUrl);
  if (inUrl !== urlSeen) {
    setUrlSeen(inUrl);
    // The box's own writes replace; any other change of the URL is shown in the box.
    if (navigationType !== "REPLACE") setText(inUrl);
  }
  const settled = useDebounced(text);
  useEffect(() => {
    if (settled === text && settled !== inUrl)
      update({ [name]: settled || null, page: null }, { replace: true });
  }, [settled, text, inUrl, name, update]);
  return [text, setText] as const;
}

/** Shows a failed call: the spec's message, with what the server said as the detail. */
export function toastFailure(error: unknown) {
  if (error instanceof ServiceError) {
    toast.error(error.message, { description: error.failure.message });
  } else {
    toast.error(error instanceof Error ? error.message : MESSAGES.unexpected);
  }
}

/**
 * Deletes, then offers Undo for the toast's lifetime (undo re-creates what was deleted). With the
 * `version` of the record shown, the delete is sent with If-Match: when the record was changed
 * elsewhere meanwhile, the user chooses to reload it (nothing is deleted) or to delete it anyway.
 */
export async function deleteWithUndo<R extends { updatedAt: string }>(options: {
  what: string;
  /** Resolves to false when nothing was deleted (the user reloaded a record changed elsewhere). */
  remove: (ifMatch?: string) => Promise<unknown>;
  restore: () => Promise<unknown>;
  version?: { kind: string; updatedAt: string | Date; reload: (current: R) => void };
}) {
  const { version } = options;
  try {
    const removed = version
      ? await sendVersioned({
          what: version.kind,
          version: version.updatedAt,
          send: (ifMatch) => options.remove(ifMatch).then(() => true),
          reload: version.reload,
        })
      : await options.remove().then((done) => done !== false);
    if (!removed) return false;
  } catch (error) {
    toastFailure(error);
    return false;
  }
  toast(`${options.what} deleted`, {
    duration: 8000,
    action: {
      label: "Undo",
      onClick: () => {
        options
          .restore()
          .then(() => toast.success(`${options.what} restored`))
          .catch(toastFailure);
      },
    },
  });
  return true;
}

export const textOf = (value: number | string | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** The search box's and the filters' columns, by how many filters sit beside the search. */
const FILTER_COLUMNS = {
  2: "sm:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]",
  3: "sm:grid-cols-2 lg:grid-cols-[minmax(0,1.25fr)_repeat(3,minmax(0,1fr))]",
  6: "sm:grid-cols-2 lg:grid-cols-4 2xl:grid-cols-[minmax(0,1.25fr)_repeat(6,minmax(0,1fr))]",
};

export function FilterBar(props: { children: React.ReactNode; filters?: 2 | 3 | 6 }) {
  return (
    <div className={`mb-4 grid gap-3 ${FILTER_COLUMNS[props.filters ?? 2]}`}>{props.children}</div>
  );
}

export function SearchBox(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="search"
      aria-label={props.label}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      className="input"
    />
  );
}

/**
 * "Export CSV": every row of a list (`GET /api/export/<list>.csv`) with the screen's filters and
 * sort as its query. A plain download link: the session cookie signs the request in.
 */
export function ExportCsvLink(props: {
  list: "properties" | "auctions" | "leads" | "contacts" | "projects" | "deals";
  query?: Record<string, string | number | undefined>;
  /** The link's words, where "Export CSV" would not say what it downloads. */
  children?: React.ReactNode;
}) {
  return (
    <a
      href={apiUrl(`/export/${props.list}.csv${queryString(props.query ?? {})}`)}
      download
      className="btn-secondary"
    >
      <Download aria-hidden className="size-4" /> {props.children ?? "Export CSV"}
    </a>
  );
}

/**
 * "Mine": the list narrowed to the records assigned to the person (`assignee=me`), its other
 * filters kept, back to the first page; followed again, the whole list. A link, so it works before
 * JavaScript; `aria-current` says it is on.
 */
export function MineFilter() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const team = useTeamWorkspace();
  const mine = params.get("assignee") === ASSIGNEE_ME;
  // In one's own workspace everything is one's own: "Mine" would only hide the unassigned.
  if (!team && !mine) return null;
  const next = new URLSearchParams(params);
  if (mine) next.delete("assignee");
  else next.set("assignee", ASSIGNEE_ME);
  next.delete("page");
  const search = next.toString();
  return (
    <Link
      to={{ pathname, search: search ? `?${search}` : "" }}
      aria-current={mine ? "true" : undefined}
      title={mine ? "Showing the records assigned to you: show everyone's" : undefined}
      className={`btn-secondary justify-center ${mine ? "border-accent bg-accent/15 text-accent" : ""}`}
    >
      <UserRound aria-hidden className="size-4" /> Mine
    </Link>
  );
}

/** A list filter: "All …" or one of the vocabulary's values. */
export function FilterSelect(props: {
  label: string;
  allLabel: string;
  values: readonly string[];
  /** Each value's words, where `label(value)` would not say it. */
  labels?: Record<string, string>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      className="input"
    >
      {options(props.values, props.allLabel).map((option) => (
        <option key={option.value} value={option.value}>
          {props.labels?.[option.value] ?? option.label}
        </option>
      ))}
    </select>
  );
}

/** The failure message and Cancel / submit row at the foot of a form (`secondary` on its left). */
export function FormActions(props: {
  saving: boolean;
  failure: string;
  submitLabel: string;
  /** Cancel: a button's handler, or a link back (which works without JavaScript). */
  onCancel: (() => void) | { to: string };
  secondary?: React.ReactNode;
  /** The form posts to a page's action, so it can be sent before the page is interactive. */
  posts?: boolean;
}) {
  return (
    <>
      <FormMessage kind="error">{props.failure}</FormMessage>
      <div className="flex justify-end gap-3">
        {props.secondary && <div className="mr-auto">{props.secondary}</div>}
        {typeof props.onCancel === "function" ? (
          <button type="button" onClick={props.onCancel} className="btn-secondary">
            Cancel
          </button>
        ) : (
          <Link to={props.onCancel.to} className="btn-secondary">
            Cancel
          </Link>
        )}
        <SubmitButton inline busy={props.saving} busyLabel="Saving..." posts={props.posts}>
          {props.submitLabel}
        </SubmitButton>
      </div>
    </>
  );
}
