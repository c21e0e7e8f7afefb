/** Export Data / Import Data (palette): the whole workspace as one JSON file, and chats. */
import { toast } from "~/lib/toast";
import { createStore } from "zustand";
import { localTimeZone, todayIn } from "~/domain/today";
import { MESSAGES } from "./api/messages";
import { ServiceError, transferApi } from "./api/workspace";

const failed = (error: unknown) =>
  toast.error(error instanceof Error ? error.message : String(error), {
    description: error instanceof ServiceError ? error.failure.message : undefined,
  });

/** Saves text as a file through the browser's download. */
export function downloadFile(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  Object.assign(window.document.createElement("a"), { href: url, download: name }).click();
  URL.revokeObjectURL(url);
}

/**
 * Export Data: the workspace as one file, or, when it is larger than one import takes, as
 * numbered parts that Import Data reads one after the other.
 */
export async function downloadExport() {
  try {
    const day = todayIn(localTimeZone());
    let document = await transferApi.exportAll();
    const count = document.part.of;
    for (let part = 1; ; part += 1) {
      const name = count > 1 ? `-part-${part}-of-${count}` : "";
      downloadFile(
        `ai42-export-${day}${name}.json`,
        "application/json",
        JSON.stringify(document, null, 2),
      );
      if (part >= count) break;
      document = await transferApi.exportAll(part + 1);
    }
    toast.success(count > 1 ? `Export downloaded in ${count} parts` : "Export downloaded", {
      description:
        count > 1 ? "Import Data takes them one after the other, from part 1." : undefined,
    });
  } catch (error) {
    failed(error);
  }
}

/** The export file chosen for Import Data, read and waiting for the user to confirm. */
export const importChoice = createStore<{
  file: { name: string; document: unknown } | null;
  choose: (file: { name: string; document: unknown } | null) => void;
}>()((set) => ({ file: null, choose: (file) => set({ file }) }));

/** Opens the browser's file picker for an AI42 export; the import dialog previews the file. */
export function pickImportFile() {
  const input = Object.assign(window.document.createElement("input"), {
    type: "file",
    accept: "application/json,.json",
  });
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void readImportFile(file);
  });
  input.click();
}

export async function readImportFile(file: File) {
  try {
    importChoice.getState().choose({ name: file.name, document: JSON.parse(await file.text()) });
  } catch {
    toast.error(MESSAGES.importData, { description: `${file.name} is not a JSON file` });
  }
}
