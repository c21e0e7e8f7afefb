/** The guide to the five sale types: it reads nothing. */
import type { MetaFunction } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { SaleTypesGuide } from "~/features/auctions/sale-types-guide";
import { titled } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => titled(matches, "The five sale types");

export default SaleTypesGuide;

export const ErrorBoundary = WorkspaceErrorBoundary;
