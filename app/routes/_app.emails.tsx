/**
 * Emails: a module of the spec's that is not built yet, so its page says so (no sample data). The
 * spec has it disabled, and a disabled module's path is the 404 page, as any path with nothing at it.
 */
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { ModulePlaceholder } from "~/features/module-placeholder";
import { notFound } from "~/lib/module-loader.server";
import { moduleOf } from "~/modules";

const EMAILS = moduleOf("emails");

export function loader() {
  if (!EMAILS.isEnabled) throw notFound();
  return null;
}

export default function EmailsRoute() {
  return <ModulePlaceholder module={EMAILS} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
