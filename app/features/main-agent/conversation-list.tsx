/** The saved conversations: search, open, rename, delete. */
import { MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/ui";
import { conversationsApi, type Conversation } from "~/lib/api/ai";
import { useChat } from "~/lib/stores/chat";
import { SearchBox, toastFailure, useDebounced } from "../shared";
import { RenameForm } from "./rename-conversation";

const PAGE_SIZE = 50;

export function ConversationList(props: { onOpened?: () => void }) {
  const openId = useChat((s) => s.conversationId);
  const revision = useChat((s) => s.revision);
  const open = useChat((s) => s.open);
  const newChat = useChat((s) => s.newChat);
  const changed = useChat((s) => s.changed);
  const [query, setQuery] = useState("");
  const q = useDebounced(query);
  const [items, setItems] = useState<Conversation[] | null>(null);
  const [total, setTotal] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
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
                {renaming === conversation.id ? (
                  <RenameForm
                    id={conversation.id}
                    title={conversation.title}
                    onDone={() => setRenaming(null)}
                  />
                ) : (
                  <div
                    className={`group relative flex items-start rounded-lg ${conversation.id === openId ? "bg-accent/15 text-accent" : "hover:bg-raised"}`}
                  >
                    <button
                      type="button"
                      onClick={() => void choose(conversation.id)}
                      aria-current={conversation.id === openId ? "true" : undefined}
                      title={conversation.title}
                      className="min-w-0 flex-1 px-2 py-2 text-left text-sm"
                    >
                      <span className="line-clamp-2 break-words" data-testid="conversation-title">
                        {conversation.title}
                      </span>
                    </button>
                    {/* The title has the row's whole width: where a pointer can hover, the
                        buttons show over its end; on a touch screen they sit beside it. */}
                    <span className="row-actions flex shrink-0 pt-0.5 can-hover:absolute can-hover:top-1 can-hover:right-1 can-hover:rounded-md can-hover:bg-raised can-hover:pt-0 can-hover:shadow">
                      <button
                        type="button"
                        aria-label={`Rename ${conversation.title}`}
                        className="p-1.5 text-muted hover:text-fg"
                        onClick={() => setRenaming(conversation.id)}
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
