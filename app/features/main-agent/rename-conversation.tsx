/** Renaming a saved conversation: one form and its action, from the list and the chat's header. */
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { MAX_TITLE_CHARS } from "~/domain/ai/chat-terms";
import { conversationPath } from "~/domain/modules";
import { MESSAGES } from "~/lib/api/messages";
import { chatStore } from "~/lib/stores/chat";
import { useVersionedAction } from "~/lib/use-action-call";
import { toastFailure } from "../shared";
import type { ConversationActionAnswer } from "./conversation.server";

/**
 * Renames through the conversation's action (which reads the list again), then in the open
 * chat's header when it is that one.
 */
function useRenameConversation() {
  const send = useVersionedAction<ConversationActionAnswer>(
    "conversation",
    MESSAGES.renameConversation,
  );
  return async (id: string, title: string) => {
    try {
      const answer = await send({ intent: "rename", title }, conversationPath(id));
      if (!answer || !("renamed" in answer)) return false;
      const chat = chatStore.getState();
      if (answer.renamed.id === chat.conversationId) chat.setTitle(answer.renamed.title);
      return true;
    } catch (error) {
      toastFailure(error);
      return false;
    }
  };
}

/** The title in an input: Enter or Save renames, Escape or Cancel leaves it as it was. */
export function RenameForm(props: {
  id: string;
  title: string;
  onDone: () => void;
  className?: string;
}) {
  const [title, setTitle] = useState(props.title);
  const inputId = useId();
  const rename = useRenameConversation();
  return (
    <form
      className={`flex min-w-0 items-center gap-1 ${props.className ?? ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!title.trim()) return;
        void rename(props.id, title).then((renamed) => renamed && props.onDone());
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Conversation title
      </label>
      <input
        id={inputId}
        className="input min-w-0 py-1.5 text-sm"
        value={title}
        maxLength={MAX_TITLE_CHARS}
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => event.key === "Escape" && props.onDone()}
      />
      <button type="submit" aria-label="Save title" className="p-1.5 text-muted hover:text-fg">
        <Check aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        aria-label="Cancel rename"
        className="p-1.5 text-muted hover:text-fg"
        onClick={props.onDone}
      >
        <X aria-hidden className="size-4" />
      </button>
    </form>
  );
}
