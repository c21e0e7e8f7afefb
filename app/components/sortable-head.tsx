/**
 * The head of a sortable table (Possible Investments, Auctions): each column a button that sorts
 * by it, the sorted one marked with an arrow and `aria-sort`, and an unlabelled actions column.
 */
import { ArrowDown, ArrowUp } from "lucide-react";

export interface SortableColumn<K extends string> {
  key: K;
  title: string;
  /** Right-aligned, as figures are. */
  numeric?: boolean;
  /** Responsive classes that hide the column where the table would not fit ("sm:max-xl:hidden"). */
  className?: string;
}

export interface TableSort<K extends string> {
  key: K;
  dir: "asc" | "desc";
}

export function SortableHead<K extends string>(props: {
  columns: readonly SortableColumn<K>[];
  sort: TableSort<K>;
  onSort: (key: K) => void;
  /** The padding of each head cell from the small breakpoint up ("sm:px-4 sm:py-3"). */
  cellClassName: string;
}) {
  const { sort } = props;
  return (
    <thead className="border-b border-line text-xs text-muted uppercase">
      <tr>
        {props.columns.map((column) => (
          <th
            key={column.key}
            scope="col"
            aria-sort={
              sort.key === column.key ? (sort.dir === "asc" ? "ascending" : "descending") : "none"
            }
            className={`font-medium ${props.cellClassName} ${column.numeric ? "sm:text-right" : ""} ${column.className ?? ""}`}
          >
            <button
              type="button"
              onClick={() => props.onSort(column.key)}
              className="inline-flex min-h-6 items-center gap-1 uppercase hover:text-fg"
            >
              {column.title}
              {sort.key === column.key &&
                (sort.dir === "asc" ? (
                  <ArrowUp aria-hidden className="size-3" />
                ) : (
                  <ArrowDown aria-hidden className="size-3" />
                ))}
            </button>
          </th>
        ))}
        <th scope="col" className={props.cellClassName}>
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}
