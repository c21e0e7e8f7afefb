/**
 * Markdown as the user reads it: its text as written until the renderer (markdown.client.tsx, about
 * 57 KB gzip with its parsers) has downloaded, which happens in the browser the first time a page
 * shows Markdown, so a page without any never downloads it. The server's HTML holds the text.
 */
import { lazy, Suspense, type ComponentProps } from "react";
import { useHydrated } from "~/lib/use-hydrated";

const Rendered = lazy(() =>
  import("./markdown.client").then((module) => ({ default: module.Markdown })),
);

export function Markdown(props: ComponentProps<typeof Rendered>) {
  const hydrated = useHydrated();
  const asWritten = <div className="whitespace-pre-wrap break-words">{props.children}</div>;
  return hydrated ? (
    <Suspense fallback={asWritten}>
      <Rendered {...props} />
    </Suspense>
  ) : (
    asWritten
  );
}
