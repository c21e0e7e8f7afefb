/**
 * The file import dialog (file-import.tsx), downloaded when it is first opened: its file reader,
 * preview and schemas stay off the lists' pages until someone imports (issue 28, item 7).
 */
import { lazy, Suspense, type ComponentProps } from "react";

const Dialog = lazy(() =>
  import("./file-import").then((module) => ({ default: module.FileImportDialog })),
);

export function FileImportDialog(props: ComponentProps<typeof Dialog>) {
  return props.open ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}
