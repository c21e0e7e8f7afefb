/**
 * Import Data's first step (palette): the file picker, and the chosen AI42 export read (JSON, or
 * a .zip of it with its files) into the choice its dialog previews. Apart from Export Data's
 * downloads (transfer.ts), so every page's shell carries only this.
 */
import { toast } from "~/lib/toast";
import { MESSAGES } from "./api/messages";
import { failureReason } from "./api/workspace";
import { importChoice } from "./import-choice";

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

/** Reads an AI42 export the user picked (JSON, or a .zip of it with files) for Import Data. */
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
