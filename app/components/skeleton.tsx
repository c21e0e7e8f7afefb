export type SkeletonVariant = "default" | "card" | "list" | "table";

const Bar = ({ className = "" }: { className?: string }) => (
  <div className={`skeleton rounded-md ${className}`} />
);

/**
 * Placeholder shown while a module view loads; `compact`, while one card of a page loads: no
 * heading bars and three items, about the size of what replaces it.
 */
export function Skeleton({
  variant = "default",
  compact = false,
}: {
  variant?: SkeletonVariant;
  compact?: boolean;
}) {
  const items = compact ? 3 : 6;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Loading"
      data-skeleton={variant}
      className="space-y-6"
    >
      {!compact && (
        <div className="space-y-3">
          <Bar className="h-8 w-56" />
          <Bar className="h-4 w-80 max-w-full" />
        </div>
      )}
      {variant === "card" && (
        <div
          className={
            compact ? "grid grid-cols-3 gap-3" : "grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          }
        >
          {Array.from({ length: items }, (_, i) => (
            <Bar key={i} className={compact ? "h-20" : "h-32"} />
          ))}
        </div>
      )}
      {variant === "list" && (
        <div className="space-y-3">
          {Array.from({ length: items }, (_, i) => (
            <div key={i} className="flex items-center gap-3">
              <Bar className="size-10 shrink-0 rounded-full" />
              <div className="flex-1 space-y-2">
                <Bar className="h-4 w-1/3" />
                <Bar className="h-3 w-2/3" />
              </div>
            </div>
          ))}
        </div>
      )}
      {variant === "table" && (
        <div className="overflow-hidden rounded-xl border border-line">
          {Array.from({ length: 7 }, (_, i) => (
            <div key={i} className="grid grid-cols-4 gap-4 border-b border-line p-4 last:border-0">
              {Array.from({ length: 4 }, (_, j) => (
                <Bar key={j} className="h-4" />
              ))}
            </div>
          ))}
        </div>
      )}
      {variant === "default" && (
        <div className="space-y-3">
          <Bar className="h-4 w-full" />
          <Bar className="h-4 w-5/6" />
          <Bar className="h-4 w-4/6" />
          <Bar className="h-40 w-full" />
        </div>
      )}
    </div>
  );
}
