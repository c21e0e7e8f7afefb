/**
 * Every workspace path no route answers (`/nope`, `/home/nope`): the spec's "Page not found"
 * (404), inside the shell when signed in.
 */
import { NotFound } from "~/components/not-found";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { notFound } from "~/lib/module-loader.server";

// Thrown, so the workspace's title says "Page not found" too.
export const loader = () => {
  throw notFound();
};

export default function UnknownPath() {
  return <NotFound signedIn />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
