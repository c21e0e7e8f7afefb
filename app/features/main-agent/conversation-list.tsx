/**
 * The saved conversations: search, open (each at its own URL), rename, delete. The first page
 * arrives with the page (main-agent.server.ts), found by the URL's `q`; it is read again through
 * Remix after a rename or a delete (their actions) and whenever the chat saves (the chat store's
 * `revision`). "Show more" reads the next pages. A viewer chats and opens conversations, and
 * renames and deletes none.
 */
import { Link, useNavigate } from "@remix-run/react";
import { MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { ConfirmDialog } from "~/components/ui";
import { conversationPath, modulePath } from "~/domain/modules";
import { conversationsApi, type Conversation } from "~/lib/api/ai";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import type { Page } from "~/lib/api/workspace";
import { useChat } from "~/lib/stores/chat";
import { useVersionedAction } from "~/lib/use-action-call";
import { SearchBox, toastFailure, usePageReading, useQueryParams, useSearchParam } from "../shared";
import type { ConversationActionAnswer } from "./conversation.server";
import { RenameForm } from "./rename-conversation";

const PAGE_SIZE = 50;

export function ConversationList(props: {
  /** The first page, as the route's loader read it. */
  conversations: Page<Conversation>;
  /** The conversation the chat shows. */
  openId: string | null;
  onOpened?: () => void;
}) {
  const { openId } = props;
  const navigate = useNavigate();
  const revision = useChat((s) => s.revision);
  const newChat = useChat((s) => s.newChat);
  const { retry } = usePageReading();
  const canWrite = useCanWrite();
  const send = useVersionedAction<ConversationActionAnswer>(
    "conversation",
    MESSAGES.deleteConversation,
  );
  const [query, setQuery] = useSearchParam();
  const [params] = useQueryParams();
  const q = params.get("q") || undefined;
  const first = props.conversations;
  /** The pages after the first that "Show more" read, for the list they followed. */
  const [more, setMore] = useState<{ after: typeof first; items: Conversation[] }>({
    after: first,
    items: [],
  });
  const extra = more.after === first ? more.items : [];
  const items = [...first.items, ...extra];
  const total = first.meta.total;
  const [loadingMore, setLoadingMore] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);

  // An answer saved, or Clear Chat History, reads the conversations again.
  const seenRevision = useRef(revision);
  useEffect(() => {
    if (revision === seenRevision.current) return;
    seenRevision.current = revision;
    retry();
  }, [revision, retry]);

  const loadMore = async () => {
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

  /**
   * Deletes through the conversation's action. The one the chat shows gives way to a new chat
   * first, and the action then sends the page back to the list (with its search).
   */
  const remove = async () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    const shown = target.id === openId;
    if (shown) newChat();
    try {
      await send(
        { intent: "delete", ...(shown && { back: modulePath("main-agent", { q }) }) },
        conversationPath(target.id),
      );
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
          // From a saved conversation's page to the Main Agent's own.
          if (openId) navigate(modulePath("main-agent", { q }));
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
        {items.length === 0 ? (
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
                    <Link
                      to={conversationPath(conversation.id, { q })}
                      onClick={props.onOpened}
                      aria-current={conversation.id === openId ? "page" : undefined}
                      title={conversation.title}
                      className="min-w-0 flex-1 px-2 py-2 text-sm"
                    >
                      <span className="line-clamp-2 break-words" data-testid="conversation-title">
                        {conversation.title}
                      </span>
                    </Link>
                    {/* The title has the row's whole width: where a pointer can hover, the
                        buttons show over its end; on a touch screen they sit beside it. */}
                    {canWrite && (
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
                    )}
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
