/** Export Data / Import Data (palette): the whole workspace as one JSON file. */
import { toast } from "sonner";
import { conversationToMarkdown } from "~/domain/ai";
import { ServiceError, transferApi } from "./api/workspace";
import { chatStore } from "./stores/chat";
import { entriesStore } from "./stores/entries";
import { projectsStore } from "./stores/projects";

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

/** Export Chat (EXPORT_CHAT): the open conversation as Markdown or JSON. */
export function downloadConversation(format: "markdown" | "json") {
  const { title, items, conversationId } = chatStore.getState();
  const messages = items
    .filter((item) => item.status !== "error" && item.status !== "pending")
    .map((item) => ({
      role: item.role,
      content: item.content,
      status: item.status,
      provider: item.provider ?? null,
      model: item.model ?? null,
      toolCalls: item.toolCalls ?? null,
      citations: item.citations ?? null,
    }));
  const base = `ai42-chat-${
    title
      .replace(/[^\w-]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "conversation"
  }`;
  if (format === "json") {
    downloadFile(
      `${base}.json`,
      "application/json",
      JSON.stringify({ id: conversationId, title, messages }, null, 2),
    );
  } else {
    downloadFile(`${base}.md`, "text/markdown", conversationToMarkdown(title, messages));
  }
  toast.success("Conversation exported");
}

export async function downloadExport() {
  try {
    const document = await transferApi.exportAll();
    downloadFile(
      `ai42-export-${new Date().toISOString().slice(0, 10)}.json`,
      "application/json",
      JSON.stringify(document, null, 2),
    );
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
