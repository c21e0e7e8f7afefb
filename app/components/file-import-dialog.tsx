/**
 * The file import dialog (file-import.tsx), downloaded when it is first opened: its file reader,
 * preview and schemas stay off the lists' pages until someone imports. It only ever opens in the
 * browser (a page rendered on the server with it asked for opens it once hydrated), so the
 * server's build leaves it out (the Worker carries its own import code).
 */
import { lazy, Suspense, type ComponentProps } from "react";
import { useHydrated } from "~/lib/use-hydrated";

const Dialog = lazy(() =>
  import.meta.env.SSR
    ? Promise.reject(new Error("The import dialog opens in the browser only"))
    : import("./file-import").then((module) => ({ default: module.FileImportDialog })),
);

export function FileImportDialog(props: ComponentProps<typeof Dialog>) {
  const hydrated = useHydrated();
  return props.open && hydrated ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}
