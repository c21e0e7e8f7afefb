/** The saved conversations: search, open, rename, delete. */
import { Check, MessageSquare, MessageSquarePlus, Pencil, Trash2, X } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/ui";
import { conversationsApi, type Conversation } from "~/lib/api/ai";
import { useChat } from "~/lib/stores/chat";
import { SearchBox, toastFailure, useDebounced } from "../shared";

const PAGE_SIZE = 50;

export function ConversationList(props: { onOpened?: () => void }) {
  const openId = useChat((s) => s.conversationId);
  const revision = useChat((s) => s.revision);
  const open = useChat((s) => s.open);
  const newChat = useChat((s) => s.newChat);
  const changed = useChat((s) => s.changed);
  const setTitle = useChat((s) => s.setTitle);
  const [query, setQuery] = useState("");
  const q = useDebounced(query);
  const [items, setItems] = useState<Conversation[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);

  useEffect(() => {
    let live = true;
    conversationsApi
      .list({ q, limit: PAGE_SIZE })
      .then((page) => {
        if (!live) return;
        setItems(page.items);
        setTotal(page.meta.total);
        setFailed(null);
      })
      .catch((error: Error) => live && setFailed(error.message));
    return () => {
      live = false;
    };
  }, [q, revision]);

  const loadMore = async () => {
    if (!items) return;
    setLoadingMore(true);
    try {
      const page = await conversationsApi.list({
        q,
        limit: PAGE_SIZE,
        page: Math.floor(items.length / PAGE_SIZE) + 1,
      });
      const known = new Set(items.map((item) => item.id));
      setItems([...items, ...page.items.filter((item) => !known.has(item.id))]);
      setTotal(page.meta.total);
    } catch (error) {
      toastFailure(error);
    } finally {
      setLoadingMore(false);
    }
  };

  const choose = async (id: string) => {
    try {
      open(await conversationsApi.get(id));
      props.onOpened?.();
    } catch (error) {
      toastFailure(error);
    }
  };

  const rename = async () => {
    if (!renaming?.title.trim()) return;
    try {
      const renamed = await conversationsApi.rename(renaming.id, renaming.title);
      if (renamed.id === openId) setTitle(renamed.title);
      setRenaming(null);
      changed();
    } catch (error) {
      toastFailure(error);
    }
  };

  const remove = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      await conversationsApi.remove(target.id);
      if (target.id === openId) newChat();
      changed();
      toast.success("Conversation deleted");
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <nav aria-label="Conversations" className="flex h-full min-h-0 flex-col gap-3">
      <button
        type="button"
        className="btn-primary gap-2"
        onClick={() => {
          newChat();
          props.onOpened?.();
        }}
      >
        <MessageSquarePlus aria-hidden className="size-4" /> New chat
      </button>
      <SearchBox
        value={query}
        onChange={setQuery}
        label="Search conversations"
        placeholder="Search conversations"
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {failed ? (
          <p role="alert" className="p-2 text-sm text-danger">
            {failed}
          </p>
        ) : items === null ? (
          <div className="space-y-2" aria-label="Loading conversations">
            {[0, 1, 2].map((i) => (
              <div key={i} className="skeleton h-9 rounded-lg" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="p-2 text-sm text-muted">
            {q ? `No conversations match "${q}".` : "No saved conversations yet."}
          </p>
        ) : (
          <ul className="space-y-1">
            {items.map((conversation) => (
              <li key={conversation.id}>
                {renaming?.id === conversation.id ? (
                  <form
                    className="flex items-center gap-1"
                    onSubmit={(event) => {
                      event.preventDefault();
                      void rename();
                    }}
                  >
                    <label htmlFor="rename-conversation" className="sr-only">
                      Conversation title
                    </label>
                    <input
                      id="rename-conversation"
                      className="input py-1.5 text-sm"
                      value={renaming.title}
                      maxLength={120}
                      autoFocus
                      onChange={(event) => setRenaming({ ...renaming, title: event.target.value })}
                      onKeyDown={(event) => event.key === "Escape" && setRenaming(null)}
                    />
                    <button
                      type="submit"
                      aria-label="Save title"
                      className="p-1.5 text-muted hover:text-fg"
                    >
                      <Check aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      aria-label="Cancel rename"
                      className="p-1.5 text-muted hover:text-fg"
                      onClick={() => setRenaming(null)}
                    >
                      <X aria-hidden className="size-4" />
                    </button>
                  </form>
                ) : (
                  <div
                    className={`group flex items-center rounded-lg ${conversation.id === openId ? "bg-accent/15 text-accent" : "hover:bg-raised"}`}
                  >
                    <button
                      type="button"
                      onClick={() => void choose(conversation.id)}
                      aria-current={conversation.id === openId ? "true" : undefined}
                      className="flex min-w-0 flex-1 items-center gap-2 px-2 py-2 text-left text-sm"
                    >
                      <MessageSquare aria-hidden className="size-4 shrink-0" />
                      <span className="truncate">{conversation.title}</span>
                    </button>
                    <span className="flex shrink-0 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100">
                      <button
                        type="button"
                        aria-label={`Rename ${conversation.title}`}
                        className="p-1.5 text-muted hover:text-fg"
                        onClick={() =>
                          setRenaming({ id: conversation.id, title: conversation.title })
                        }
                      >
                        <Pencil aria-hidden className="size-3.5" />
                      </button>
                      <button
                        type="button"
                        aria-label={`Delete ${conversation.title}`}
                        className="p-1.5 text-muted hover:text-danger"
                        onClick={() => setDeleting(conversation)}
                      >
                        <Trash2 aria-hidden className="size-3.5" />
                      </button>
                    </span>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {items && items.length < total && (
          <button
            type="button"
            className="btn-secondary mt-2 w-full justify-center"
            disabled={loadingMore}
            onClick={() => void loadMore()}
          >
            {loadingMore ? "Loading..." : `Show more (${total - items.length})`}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete conversation?"
        message={`"${deleting?.title ?? ""}" and all its messages will be deleted.`}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </nav>
  );
}
