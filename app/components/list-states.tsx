/**
 * The states every list screen goes through, in one place: the first load (a skeleton), empty (a
 * teaching state; "no match" when filters are set), and the list, dimmed while its next page
 * loads, with its pages. A list that fails to load is its route's error page.
 */
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { PageMeta } from "~/lib/api/client";
import { Skeleton, type SkeletonVariant } from "./skeleton";
import { EmptyState, Pagination } from "./ui";

export function ListStates(props: {
  /** What the list holds: "project" / "projects". */
  noun: { one: string; many: string };
  icon: LucideIcon;
  skeleton: SkeletonVariant;
  count: number;
  loading: boolean;
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
      {props.loading && props.count === 0 ? (
        <Skeleton variant={props.skeleton} />
      ) : props.count === 0 ? (
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
