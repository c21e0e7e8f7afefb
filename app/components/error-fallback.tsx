import { isRouteErrorResponse } from "@remix-run/react";
import { Component, type ReactNode } from "react";

/** The spec's render-error page: texts, expandable details and a Reload button. */
export function ErrorFallback({ error }: { error: unknown }) {
  const details = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? `${error.message}\n\n${error.stack ?? ""}`
      : String(error ?? "");
  return (
    <div
      role="alert"
      className="mx-auto my-12 max-w-xl rounded-2xl border border-line bg-surface p-8 text-center"
    >
      <h2 className="text-2xl font-semibold">Oops! Something went wrong</h2>
      <p className="mt-2 text-muted">Please try refreshing the page</p>
      <details className="mt-6 text-left">
        <summary className="cursor-pointer text-sm text-muted">Error details</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-canvas p-3 text-xs whitespace-pre-wrap">
          {details}
        </pre>
      </details>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg bg-accent px-5 py-2 font-medium text-accent-fg hover:opacity-90"
      >
        Reload
      </button>
    </div>
  );
}

interface Props {
  /** A new key (the path) clears a caught error. */
  resetKey: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error("Render error", error);
  }

  render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
