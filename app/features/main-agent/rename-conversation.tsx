/** Renaming a saved conversation: one form and one call, from the list and from the chat's header. */
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { MAX_TITLE_CHARS } from "~/domain/ai/chat-terms";
import { conversationsApi } from "~/lib/api/ai";
import { chatStore } from "~/lib/stores/chat";
import { toastFailure } from "../shared";

/** Renames on the server, then in the open chat's header (when it is that one) and the list. */
async function renameConversation(id: string, title: string) {
  try {
    const renamed = await conversationsApi.rename(id, title);
    const chat = chatStore.getState();
    if (renamed.id === chat.conversationId) chat.setTitle(renamed.title);
    chat.changed();
    return true;
  } catch (error) {
    toastFailure(error);
    return false;
  }
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
  return (
    <form
      className={`flex min-w-0 items-center gap-1 ${props.className ?? ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!title.trim()) return;
        void renameConversation(props.id, title).then((renamed) => renamed && props.onDone());
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
