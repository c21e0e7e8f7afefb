/** Export Data / Import Data (palette): the whole workspace as one JSON file. */
import { toast } from "sonner";
import { ServiceError, transferApi } from "./api/workspace";
import { entriesStore } from "./stores/entries";
import { projectsStore } from "./stores/projects";

const failed = (error: unknown) =>
  toast.error(error instanceof Error ? error.message : String(error), {
    description: error instanceof ServiceError ? error.failure.message : undefined,
  });

export async function downloadExport() {
  try {
    const document = await transferApi.exportAll();
    const blob = new Blob([JSON.stringify(document, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = Object.assign(window.document.createElement("a"), {
      href: url,
      download: `ai42-export-${new Date().toISOString().slice(0, 10)}.json`,
    });
    link.click();
    URL.revokeObjectURL(url);
    toast.success("Export downloaded");
  } catch (error) {
    failed(error);
  }
}

export async function importExportFile(file: File) {
  let document: unknown;
  try {
    document = JSON.parse(await file.text());
  } catch {
    toast.error("Failed to import data", { description: `${file.name} is not a JSON file` });
    return;
  }
  try {
    const summary = await transferApi.importAll(document);
    toast.success("Import finished", {
      description: `${summary.projects} projects, ${summary.contacts} contacts, ${summary.entries} documents, ${summary.properties.created + summary.properties.updated} properties`,
    });
    await Promise.all([
      entriesStore.getState().fetchEntries(),
      projectsStore.getState().fetchProjects(),
    ]);
  } catch (error) {
    failed(error);
  }
}

/** Opens the browser's file picker for an AI42 export and imports the chosen file. */
export function pickImportFile() {
  const input = Object.assign(window.document.createElement("input"), {
    type: "file",
    accept: "application/json,.json",
  });
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) void importExportFile(file);
  });
  input.click();
}
