/**
 * Main Agent (/main-agent, /assistant): the chat over the investor's own workspace. Streamed
 * answers with Stop, Regenerate and Edit-and-resend; OpenAI or Perplexity; agent mode lets the
 * model search and change the workspace through tools. Saved conversations on the left, each at
 * its own URL (/main-agent/<id>), the week ahead on the right.
 */
import {
  useLocation,
  useNavigate,
  useNavigationType,
  useRevalidator,
  useRouteLoaderData,
  useSearchParams,
} from "@remix-run/react";
import { Bot, Download, History, Pencil, Send, Square, Wrench } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { ExportDialog } from "~/components/export-dialog";
import { ConfigNotice } from "~/components/ai-config-notice";
import { AI_PROVIDERS, PROVIDERS, type AiProvider } from "~/domain/ai/providers";
import { conversationPath } from "~/domain/modules";
import type { AiStatus, ConversationDetail } from "~/lib/api/ai";
import { useCanWrite } from "~/lib/module-data";
import { chatStore, fromMessage, useChat } from "~/lib/stores/chat";
import { useMediaQuery } from "~/lib/use-media-query";
import { moduleOf } from "~/modules";
import { ChatMessage } from "./chat-message";
import { ConversationList } from "./conversation-list";
import type { MainAgentData } from "./main-agent.server";
import { RenameForm } from "./rename-conversation";
import { TimeMatrix } from "./time-matrix";

const MODULE = moduleOf("main-agent");

/** app/routes/_app.main-agent.tsx, and app/routes/_app.assistant.tsx at the spec's other path. */
const MAIN_AGENT_ROUTE = "routes/_app.main-agent";
const ASSISTANT_ROUTE = "routes/_app.assistant";
/** app/routes/_app.main-agent.$conversationId.tsx: the saved conversation the URL names. */
const CONVERSATION_ROUTE = "routes/_app.main-agent.$conversationId";

/**
 * History state of a URL the chat moved to itself, once its conversation was saved. Landing there
 * is not a request to open that conversation: the router can render the move late (behind a
 * streamed answer), after New Chat has left that conversation.
 */
const MOVED_BY_CHAT = { movedByChat: true } as const;

/** From this width the week ahead gets a column of its own beside the chat. */
const WIDE_MIN_WIDTH = 1440;

/**
 * Runs a chat turn. One whose agent tools wrote has the page open by then read its records again
 * (the week ahead here, or the list the user went on to while the agent worked).
 */
function useTurn() {
  const { revalidate } = useRevalidator();
  return (turn: Promise<boolean>) =>
    void turn.then((wrote) => {
      if (wrote) revalidate();
    });
}

const SUGGESTIONS = [
  "How does my pipeline look this month?",
  "Find contacts who are lenders",
  "What should I check before making an offer on a duplex?",
];

function Composer(props: { disabled: boolean; status: AiStatus }) {
  const provider = useChat((s) => s.provider);
  const agentMode = useChat((s) => s.agentMode);
  const setProvider = useChat((s) => s.setProvider);
  const setAgentMode = useChat((s) => s.setAgentMode);
  const status = props.status;
  const busy = useChat((s) => s.busy);
  // Chat turns stream and can be stopped from the moment they are sent; agent turns cannot.
  const stoppable = busy && !agentMode;
  const send = useChat((s) => s.send);
  const stop = useChat((s) => s.stop);
  const turn = useTurn();
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);

  const submit = () => {
    if (!text.trim() || busy) return;
    turn(send(text));
    setText("");
  };

  useEffect(() => {
    if (!busy) input.current?.focus();
  }, [busy]);

  return (
    <form
      className="rounded-2xl border border-line bg-surface p-2 focus-within:border-accent/70"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor="chat-input" className="sr-only">
        Message the Main Agent
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id="chat-input"
          ref={input}
          rows={2}
          value={text}
          maxLength={32_000}
          placeholder="Ask about your deals, or anything real estate…"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          className="max-h-48 min-h-12 flex-1 resize-none bg-transparent px-2 py-1.5 placeholder:text-muted"
          // The composer's border shows focus (the global focus ring would sit inside it).
          style={{ outline: "none" }}
        />
        {stoppable ? (
          <button type="button" onClick={stop} className="btn-danger" aria-label="Stop">
            <Square aria-hidden className="size-4" /> Stop
          </button>
        ) : (
          <button
            type="submit"
            className="btn-primary gap-2"
            disabled={busy || props.disabled || !text.trim()}
            aria-label="Send"
          >
            <Send aria-hidden className="size-4" />
            <span className="hidden sm:inline">Send</span>
          </button>
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line px-1 pt-2">
        <label className="flex min-w-0 items-center gap-2 text-sm">
          <span className="sr-only sm:not-sr-only">Provider</span>
          <select
            className="input w-auto max-w-full min-w-0 py-1.5"
            value={provider}
            onChange={(event) => setProvider(event.target.value as AiProvider)}
            aria-label="Provider"
          >
            {AI_PROVIDERS.map((value) => (
              <option key={value} value={value}>
                {PROVIDERS[value].label}
                {status[value].configured ? "" : " (not configured)"}
              </option>
            ))}
          </select>
        </label>
        <label
          className="flex cursor-pointer items-center gap-2 text-sm"
          title="Let the agent search and change your projects, contacts, properties and documents (runs on OpenAI)"
        >
          <input
            type="checkbox"
            role="switch"
            checked={agentMode}
            onChange={(event) => setAgentMode(event.target.checked)}
            className="size-4 accent-[var(--accent)]"
          />
          <Wrench aria-hidden className="size-4 text-muted" />
          Agent mode
        </label>
        <span className="ml-auto hidden text-xs text-muted md:inline">
          Enter to send · Shift+Enter for a new line
        </span>
      </div>
    </form>
  );
}

/**
 * The chat as each of the Main Agent's routes renders it: the same component for all, so moving
 * between a new conversation and saved ones keeps the chat (an answer on its way, the composer).
 */
export function MainAgentScreen() {
  const atMainAgent = useRouteLoaderData(MAIN_AGENT_ROUTE) as MainAgentData | null | undefined;
  const atAssistant = useRouteLoaderData(ASSISTANT_ROUTE) as MainAgentData | null | undefined;
  const opened = useRouteLoaderData(CONVERSATION_ROUTE) as
    { conversation: ConversationDetail } | null | undefined;
  const loaded = atMainAgent ?? atAssistant;
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded ? <MainAgent loaded={loaded} opened={opened?.conversation ?? null} /> : null;
}

/**
 * The chat shows the chat store's conversation (the palette's New Chat, Clear Chat History and
 * Export act on it), which follows the URL: the saved conversation it names (`opened`, read by its
 * route's loader), or a new one.
 */
function MainAgent({
  loaded,
  opened,
}: {
  loaded: MainAgentData;
  opened: ConversationDetail | null;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const q = params.get("q") ?? undefined;
  const storeItems = useChat((s) => s.items);
  const busy = useChat((s) => s.busy);
  const storeTitle = useChat((s) => s.title);
  const storeId = useChat((s) => s.conversationId);
  const provider = useChat((s) => s.provider);
  const agentMode = useChat((s) => s.agentMode);
  const regenerate = useChat((s) => s.regenerate);
  const editAndResend = useChat((s) => s.editAndResend);
  const send = useChat((s) => s.send);
  const turn = useTurn();
  const status = loaded.ai;
  const location = useLocation();
  const movedByChat =
    useNavigationType() === "REPLACE" &&
    (location.state as Partial<typeof MOVED_BY_CHAT> | null)?.movedByChat === true;
  // Until the store opens the conversation the URL names (once the page is interactive, or its
  // read on a navigation is in), the chat shows it as its loader read it: the HTML holds it.
  const pending = opened && opened.id !== storeId && !movedByChat ? opened : null;
  const items = useMemo(
    () => (pending ? pending.messages.map(fromMessage) : storeItems),
    [pending, storeItems],
  );
  const title = pending ? pending.title : storeTitle;
  const conversationId = pending ? pending.id : storeId;
  const [showList, setShowList] = useState(false);
  const [exporting, setExporting] = useState(false);
  /** The saved conversation whose title is being edited in the header. */
  const [renaming, setRenaming] = useState<string | null>(null);
  // A viewer chats (the agent's writing tools refuse it) but renames no conversation.
  const canWrite = useCanWrite();
  const bottom = useRef<HTMLDivElement>(null);
  const wide = useMediaQuery(`(min-width: ${WIDE_MIN_WIDTH}px)`);

  useEffect(() => {
    void chatStore.persist.rehydrate();
  }, []);

  // The saved conversation the URL names is opened; one the chat already shows (an answer on its
  // way) is left as it is, and so is a URL the chat moved to itself.
  useEffect(() => {
    const chat = chatStore.getState();
    if (opened && !movedByChat && chat.conversationId !== opened.id) chat.open(opened);
  }, [opened, movedByChat]);

  // With no conversation in the URL, the chat's own goes there: the one still open when the Main
  // Agent is opened again (an analysis handed over, say), or a new one once its first answer
  // names it. New Chat empties the chat before it opens this URL.
  useEffect(() => {
    if (opened) return;
    const follow = (id: string | null) => {
      if (id) navigate(conversationPath(id, { q }), { replace: true, state: MOVED_BY_CHAT });
    };
    follow(chatStore.getState().conversationId);
    return chatStore.subscribe((state, previous) => {
      if (state.conversationId !== previous.conversationId) follow(state.conversationId);
    });
  }, [opened, q, navigate]);

  const last = items.at(-1);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [items.length, last?.content, last?.status]);

  const lastAnswer = items.map((item) => item.role).lastIndexOf("assistant");
  const usedProvider: AiProvider = agentMode ? "openai" : provider;
  const unconfigured = !status[usedProvider].configured;
  const Icon = MODULE.icon;

  return (
    <div className="-my-2 flex h-[calc(100dvh-7rem)] min-h-[32rem] gap-6 lg:h-[calc(100dvh-5rem)]">
      <aside
        className={`${showList ? "fixed inset-0 z-30 flex bg-canvas p-4" : "hidden"} w-full shrink-0 flex-col md:static md:flex md:w-60 md:bg-transparent md:p-0`}
      >
        <div className="mb-3 flex items-center justify-between md:hidden">
          <h2 className="font-semibold">Conversations</h2>
          <button type="button" className="btn-secondary" onClick={() => setShowList(false)}>
            Close
          </button>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-4">
          <div className="min-h-0 flex-1">
            <ConversationList
              conversations={loaded.conversations}
              openId={conversationId}
              onOpened={() => setShowList(false)}
            />
          </div>
          {/* On narrower screens the week ahead lives here; on wide ones it has its own column. */}
          {wide === false && <TimeMatrix week={loaded.week} className="shrink-0" />}
        </div>
      </aside>

      <section className="flex min-w-0 flex-1 flex-col" aria-label="Chat">
        <header className="mb-3 flex flex-wrap items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent/15 text-accent">
            <Icon aria-hidden className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            {conversationId && renaming === conversationId ? (
              <RenameForm id={conversationId} title={title} onDone={() => setRenaming(null)} />
            ) : (
              <div className="flex min-w-0 items-center gap-1">
                <h1
                  className="truncate text-lg font-semibold"
                  data-testid="chat-title"
                  title={items.length ? title : undefined}
                >
                  {items.length ? title : MODULE.title}
                </h1>
                {conversationId && canWrite && (
                  <button
                    type="button"
                    onClick={() => setRenaming(conversationId)}
                    aria-label="Rename conversation"
                    title="Rename conversation"
                    className="grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                  >
                    <Pencil aria-hidden className="size-4" />
                  </button>
                )}
              </div>
            )}
            <p className="truncate text-xs text-muted">
              {`${PROVIDERS[usedProvider].label} · ${status[usedProvider].model}`}
            </p>
          </div>
          <button
            type="button"
            className="btn-secondary md:hidden"
            onClick={() => setShowList(true)}
            aria-label="Show conversations"
          >
            <History aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className="btn-secondary"
            disabled={!items.length}
            onClick={() => setExporting(true)}
            aria-label="Export conversation"
          >
            <Download aria-hidden className="size-4" />
          </button>
        </header>

        <ConfigNotice provider={usedProvider} status={status} />

        <div className="min-h-0 flex-1 space-y-5 overflow-y-auto pr-1" aria-live="polite">
          {items.length === 0 ? (
            <div className="grid h-full place-items-center text-center">
              <div className="max-w-md">
                <Bot aria-hidden className="mx-auto size-10 text-accent" />
                <h2 className="mt-3 text-lg font-medium">Ask about your deals</h2>
                <p className="mt-1 text-sm text-muted">
                  Answers stream in as they are written. Turn on Agent mode to let the AI look up
                  and update your projects, contacts, properties and documents.
                </p>
                <div className="mt-5 flex flex-wrap justify-center gap-2">
                  {SUGGESTIONS.map((suggestion) => (
                    <button
                      key={suggestion}
                      type="button"
                      className="btn-secondary"
                      disabled={busy || unconfigured}
                      onClick={() => turn(send(suggestion))}
                    >
                      {suggestion}
                    </button>
                  ))}
                </div>
              </div>
            </div>
          ) : (
            items.map((item, index) => (
              <ChatMessage
                key={item.key}
                item={item}
                busy={busy}
                agentMode={agentMode}
                isLastAnswer={index === lastAnswer && index === items.length - 1}
                onRegenerate={() => turn(regenerate())}
                onEdit={(text) => turn(editAndResend(index, text))}
              />
            ))
          )}
          <div ref={bottom} />
        </div>

        <div className="mt-3">
          <Composer disabled={unconfigured} status={status} />
        </div>
      </section>

      {wide && (
        <aside className="w-72 shrink-0" aria-label="Week ahead">
          <TimeMatrix week={loaded.week} />
        </aside>
      )}

      <ExportDialog open={exporting} onClose={() => setExporting(false)} />
    </div>
  );
}
