import { File, FileImage, FileSpreadsheet, FileText, Presentation } from "lucide-react";
import type { FileKind } from "~/domain/files";

const ICONS = {
  pdf: FileText,
  image: FileImage,
  document: FileText,
  spreadsheet: FileSpreadsheet,
  presentation: Presentation,
  text: File,
} as const;

export const KIND_LABELS: Record<FileKind, string> = {
  pdf: "PDF",
  image: "Image",
  document: "Document",
  spreadsheet: "Spreadsheet",
  presentation: "Presentation",
  text: "Text",
};

export function FileKindIcon(props: { kind: FileKind }) {
  const Icon = ICONS[props.kind];
  return <Icon aria-hidden className="size-5 shrink-0 text-accent" />;
}
