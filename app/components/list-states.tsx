/**
 * The states every list screen goes through, in one place: a failure with Try again, the first
 * load (a skeleton), empty (a teaching state; "no match" when filters are set), and the list,
 * dimmed while its next page loads, with its pages.
 */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { PageMeta } from "~/lib/api/client";
import { Skeleton, type SkeletonVariant } from "./skeleton";
import { EmptyState, ErrorNotice, Pagination } from "./ui";

export function ListStates(props: {
  /** What the list holds: "project" / "projects". */
  noun: { one: string; many: string };
  icon: LucideIcon;
  skeleton: SkeletonVariant;
  count: number;
  loading: boolean;
  failure: string | null;
  onRetry: () => void;
  /** Filters or a search are set: an empty list means "no match", not "nothing yet". */
  filtered: boolean;
  /** What to say, and offer, when there is nothing yet. */
  empty: { title: string; text: ReactNode; action?: ReactNode };
  meta?: PageMeta | null;
  onPage?: (page: number) => void;
  children: ReactNode;
}) {
  const { noun } = props;
  return (
    <>
      {props.failure && <ErrorNotice message={props.failure} onRetry={props.onRetry} />}
      {props.loading && props.count === 0 ? (
        <Skeleton variant={props.skeleton} />
      ) : props.count === 0 && !props.failure ? (
        props.filtered ? (
          <EmptyState icon={props.icon} title={`No ${noun.one} matches`}>
            Try another search, or clear the filters.
          </EmptyState>
        ) : (
          <EmptyState icon={props.icon} title={props.empty.title} action={props.empty.action}>
            {props.empty.text}
          </EmptyState>
        )
      ) : (
        <>
          <div className={props.loading ? "opacity-60" : undefined}>{props.children}</div>
          {props.meta && props.onPage && (
            <Pagination meta={props.meta} onPage={props.onPage} noun={noun.many} />
          )}
        </>
      )}
    </>
  );
}
