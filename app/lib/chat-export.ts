/** Export Chat (EXPORT_CHAT): the open conversation as a file, apart from the workspace's export. */
import { toast } from "~/lib/toast";
import { readableMessage } from "~/domain/ai/handover";
import { conversationToMarkdown } from "~/domain/ai/markdown";
import { chatStore } from "./stores/chat";
import { downloadFile } from "./transfer";

/** The open conversation as Markdown or JSON. */
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
    const readable = messages.map((message) => ({
      ...message,
      content: readableMessage(message.content),
    }));
    downloadFile(`${base}.md`, "text/markdown", conversationToMarkdown(title, readable));
  }
  toast.success("Conversation exported");
}
