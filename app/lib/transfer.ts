/**
 * Export Data (palette): the whole workspace as one JSON file (or, with every stored file, as a
 * .zip: app/lib/transfer-zip.client.ts), and chats. Import Data's picking and reading is
 * import-file.ts.
 */
import { toast } from "~/lib/toast";
import { localTimeZone, todayIn } from "~/domain/today";
import { apiUrl } from "./api/client";
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
