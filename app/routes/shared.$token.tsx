/**
 * A shared analysis (`POST /api/deals/{id}/share`): the analysis as its printed report, for
 * whoever has the link, without an account. Rendered on the server with no scripts (`handle`),
 * kept out of search engines (and, as every page, out of caches). A link that opens nothing is a
 * 404 page that says so.
 */
import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { dealReport } from "~/domain/deals/report";
import { formatDate } from "~/domain/format";
import { DealReportArticle } from "~/features/deals/deal-report";
import type { DocumentHandle } from "~/root";

export const handle: DocumentHandle = { scripts: false };

const MAX_TOKEN_LENGTH = 100;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const { limited, deal } =
    token.length > MAX_TOKEN_LENGTH
      ? { limited: false, deal: null }
      : await context.sharedDeal(token);
  if (limited)
    return data({ deal: null, limited }, { status: 429, headers: { "Retry-After": "60" } });
  return data({ deal, limited }, { status: deal ? 200 : 404 });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "X-Robots-Tag": "noindex, nofollow",
  ...Object.fromEntries(loaderHeaders),
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.deal ? `${data.deal.name} · Deal analysis · AI42` : "Link not found · AI42" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function SharedDeal() {
  const { deal, limited } = useLoaderData<typeof loader>();
  if (!deal) {
    return (
      <main className="mx-auto max-w-xl px-6 py-16 text-center">
        <h1 className="text-2xl font-semibold">
          {limited ? "Too many links opened" : "This link opens nothing"}
        </h1>
        <p className="mt-3 text-muted">
          {limited
            ? "Links were opened from here too often in the last minute: try again in a minute."
            : "It may have expired, or its owner revoked it. Ask them for a new link."}
        </p>
      </main>
    );
  }
  const report = dealReport(deal.strategy, deal.inputs);
  return (
    <main className="min-h-dvh bg-white text-black">
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8">
        <h1 className="mb-4 text-sm text-gray-700 print:hidden">
          A deal analysis shared from AI42, read-only
          {deal.expiresAt ? ` · the link works until ${formatDate(deal.expiresAt)}` : ""}
        </h1>
        <DealReportArticle
          className="text-sm leading-snug"
          name={deal.name}
          address={deal.address}
          strategy={deal.strategy}
          explained={report.explained}
          checks={report.checks}
          years={report.years}
          itemized={deal.inputs}
          buyBox={deal.buyBox}
        />
      </div>
    </main>
  );
}
