/**
 * The saved conversations: search, open, rename, delete. The first page arrives with the page
 * (main-agent.server.ts), found by the URL's `q`; it is read again through Remix whenever the
 * conversations change (the chat store's `revision`). "Show more" reads the next pages.
 */
import { MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { ConfirmDialog, ErrorNotice } from "~/components/ui";
import { conversationsApi, type Conversation } from "~/lib/api/ai";
import { MESSAGES } from "~/lib/api/messages";
import { useModuleData } from "~/lib/module-data";
import { useChat } from "~/lib/stores/chat";
import { SearchBox, toastFailure, useQueryParams, useSearchParam } from "../shared";
import { RenameForm } from "./rename-conversation";

const PAGE_SIZE = 50;

export function ConversationList(props: { onOpened?: () => void }) {
  const openId = useChat((s) => s.conversationId);
  const revision = useChat((s) => s.revision);
  const open = useChat((s) => s.open);
  const newChat = useChat((s) => s.newChat);
  const changed = useChat((s) => s.changed);
  const { data, retry } = useModuleData("main-agent");
  const [query, setQuery] = useSearchParam();
  const [params] = useQueryParams();
  const q = params.get("q") ?? "";
  const first = data?.conversations;
  /** The pages after the first that "Show more" read, for the list they followed. */
  const [more, setMore] = useState<{ after: typeof first; items: Conversation[] }>({
    after: first,
    items: [],
  });
  const extra = more.after === first ? more.items : [];
  const items = first ? [...first.items, ...extra] : [];
  const total = first?.meta.total ?? 0;
  const [loadingMore, setLoadingMore] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);

  // A change of the conversations (an answer saved, a rename, Clear Chat History) reads them again.
  const seenRevision = useRef(revision);
  useEffect(() => {
    if (revision === seenRevision.current) return;
    seenRevision.current = revision;
    retry();
  }, [revision, retry]);

  const loadMore = async () => {
    if (!first) return;
    setLoadingMore(true);
    try {
      const page = await conversationsApi.list({
        q,
        limit: PAGE_SIZE,
        page: Math.floor(items.length / PAGE_SIZE) + 1,
      });
      const known = new Set(items.map((item) => item.id));
      setMore({
        after: first,
        items: [...extra, ...page.items.filter((item) => !known.has(item.id))],
      });
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
        {!data ? (
          <ErrorNotice message={MESSAGES.fetchConversations} onRetry={retry} />
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
        {items.length < total && (
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
