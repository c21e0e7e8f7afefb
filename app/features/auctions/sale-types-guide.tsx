/**
 * The guide to the five sale types (/auction/sale-types): what each sale is, the liens, what to
 * watch.
 */
import { Scale } from "lucide-react";
import { SALE_TYPES } from "~/domain/auctions/auction-terms";
import { CHECK_YOUR_STATE, SALE_TYPE_GUIDE } from "~/domain/auctions/sale-types";
import { modulePath } from "~/domain/modules";
import { BackLink } from "../shared";

export function SaleTypesGuide() {
  return (
    <article aria-labelledby="sale-types-title">
      <BackLink to={modulePath("auction")}>All auctions</BackLink>
      <h2 id="sale-types-title" className="text-2xl font-semibold">
        The five sale types
      </h2>
      <p
        role="note"
        className="mt-3 mb-6 flex max-w-3xl items-start gap-2 rounded-xl border border-line bg-raised/60 p-3 text-sm"
      >
        <Scale aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        {CHECK_YOUR_STATE}
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        {SALE_TYPES.map((type) => {
          const guide = SALE_TYPE_GUIDE[type];
          return (
            <section
              key={type}
              id={`sale-type-${type}`}
              aria-labelledby={`sale-type-${type}-title`}
              className="rounded-2xl border border-line bg-surface p-5"
            >
              <h3 id={`sale-type-${type}-title`} className="text-lg font-semibold">
                {guide.title}
              </h3>
              <p className="mt-2 text-sm">{guide.what}</p>
              <h4 className="mt-4 text-sm font-medium">Which liens survive</h4>
              <p className="mt-1 text-sm text-muted">{guide.liens}</p>
              <h4 className="mt-4 text-sm font-medium">Before you bid</h4>
              <p className="mt-1 text-sm text-muted">{guide.watch}</p>
            </section>
          );
        })}
      </div>
    </article>
  );
}
