/**
 * Export Data / Import Data (palette): the whole workspace as one JSON file (or, with every stored
 * file, as a .zip: app/lib/transfer-zip.client.ts), and chats.
 */
import { toast } from "~/lib/toast";
import { createStore } from "zustand";
import { localTimeZone, todayIn } from "~/domain/today";
import { apiUrl } from "./api/client";
import { MESSAGES } from "./api/messages";
import { failureReason, ServiceError, transferApi } from "./api/workspace";
import type { ExportZip } from "./transfer-zip.client";

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

/**
 * Export Data with every stored file: the Worker writes the .zip as it sends it, and the browser
 * saves it to disk as it comes (a plain download: the session cookie signs it in), never holding it.
 */
export function downloadExportZip() {
  Object.assign(window.document.createElement("a"), {
    href: apiUrl("/export.zip"),
    download: "",
  }).click();
}

/** The export file chosen for Import Data (a .zip: its first document), waiting for the user to confirm. */
export interface ImportFile {
  name: string;
  document: unknown;
  zip?: ExportZip;
}

export const importChoice = createStore<{
  file: ImportFile | null;
  choose: (file: ImportFile | null) => void;
}>()((set) => ({ file: null, choose: (file) => set({ file }) }));

/** Opens the browser's file picker for an AI42 export; the import dialog previews the file. */
export function pickImportFile() {
  const input = Object.assign(window.document.createElement("input"), {
    type: "file",
    accept: "application/json,.json,application/zip,.zip",
  });
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void readImportFile(file);
  });
  input.click();
}

/** A ZIP file starts with a local file header's signature, `PK\x03\x04`. */
async function isZipFile(file: Blob) {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

export async function readImportFile(file: File) {
  if (await isZipFile(file)) {
    try {
      // The .zip reader (and zip.js) load only for a .zip.
      const zip = await (await import("./transfer-zip.client")).readExportZip(file);
      importChoice.getState().choose({ name: file.name, document: zip.document, zip });
    } catch (error) {
      toast.error(MESSAGES.importData, { description: `${file.name}: ${failureReason(error)}` });
    }
    return;
  }
  try {
    importChoice.getState().choose({ name: file.name, document: JSON.parse(await file.text()) });
  } catch {
    toast.error(MESSAGES.importData, { description: `${file.name} is not a JSON file` });
  }
}
