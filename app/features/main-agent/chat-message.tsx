/** One message of the Main Agent chat, with its actions (copy, read aloud, regenerate, edit). */
import { Link } from "@remix-run/react";
import { MESSAGES } from "~/lib/api/messages";
import {
  AlertTriangle,
  Calculator,
  Check,
  Copy,
  Pencil,
  RefreshCw,
  Square,
  Volume2,
  Wrench,
} from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "~/lib/toast";
import { Markdown } from "~/components/markdown";
import { SourceLinks } from "~/components/source-links";
import { Badge } from "~/components/ui";
import { MAX_TTS_CHARS } from "~/domain/ai/chat-terms";
import { readHandover, withQuestion, type HandedOver } from "~/domain/ai/handover";
import { PROVIDERS } from "~/domain/ai/providers";
import { modulePath } from "~/domain/modules";
import { aiApi } from "~/lib/api/ai";
import type { ChatItem } from "~/lib/stores/chat";
import { toastFailure } from "../shared";

function IconButton(props: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      disabled={props.disabled}
      aria-label={props.label}
      title={props.label}
      className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg disabled:opacity-40"
    >
      {props.children}
    </button>
  );
}

/** Plays an answer as speech; a second press stops it. */
function useSpeech() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "playing">("idle");
  const stop = () => {
    audio.current?.pause();
    if (audio.current?.src) URL.revokeObjectURL(audio.current.src);
    audio.current = null;
    setState("idle");
  };
  useEffect(() => stop, []);
  const play = async (text: string) => {
    setState("loading");
    try {
      const blob = await aiApi.speech(text.slice(0, MAX_TTS_CHARS));
      const element = new Audio(URL.createObjectURL(blob));
      element.addEventListener("ended", stop);
      audio.current = element;
      await element.play();
      setState("playing");
    } catch (error) {
      stop();
      toastFailure(error);
    }
  };
  return { state, play, stop };
}

function ToolCalls(props: { calls: NonNullable<ChatItem["toolCalls"]> }) {
  return (
    <ul className="mb-3 space-y-2" aria-label="Tool calls">
      {props.calls.map((call, index) => (
        <li
          key={index}
          data-testid="tool-call"
          className={`flex items-start gap-3 rounded-xl border px-3 py-2 text-sm ${call.ok ? "border-line bg-raised/50" : "border-danger/40 bg-danger/10"}`}
        >
          <Wrench aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-xs">{call.name}</code>
              {call.wrote && <Badge tone="accent">changed your data</Badge>}
              {!call.ok && <Badge tone="danger">failed</Badge>}
            </div>
            <p className="mt-0.5 text-muted">{call.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** An analysis handed over from the deal analyzer: what the agent was given, read as figures. */
function HandoverCard(props: { handover: HandedOver }) {
  const { title, facts } = props.handover;
  return (
    <section
      aria-label="Analysis handed over"
      data-testid="handover-card"
      className="w-full max-w-md rounded-2xl border border-line bg-surface px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <Calculator aria-hidden className="size-4 shrink-0 text-accent" />
        Analysis handed over
      </p>
      <p className="mt-0.5 text-muted">{title}</p>
      {facts.length > 0 && (
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {facts.map((fact, index) => (
            <div key={index} className="contents">
              <dt className="text-muted">{fact.label}</dt>
              <dd className="text-right font-medium tabular-nums">{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function Sources(props: { urls: string[] }) {
  return (
    <div className="mt-3 border-t border-line pt-2">
      <p className="mb-1 text-xs font-medium text-muted">Sources</p>
      <SourceLinks urls={props.urls} />
    </div>
  );
}

function FailedTurn(props: { item: ChatItem; onRetry: () => void; busy: boolean }) {
  const error = props.item.error!;
  return (
    <div
      role="alert"
      className="rounded-2xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
      data-testid="chat-error"
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle aria-hidden className="size-4 text-danger" />
        {error.title}
      </p>
      <p className="mt-1">{error.message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {error.configKey ? (
          <Link to={modulePath("connections")} className="btn-secondary">
            How to set {error.configKey}
          </Link>
        ) : (
          <button
            type="button"
            onClick={props.onRetry}
            disabled={props.busy}
            className="btn-secondary"
          >
            <RefreshCw aria-hidden className="size-4" /> Try again
          </button>
        )}
      </div>
    </div>
  );
}

export function ChatMessage(props: {
  item: ChatItem;
  isLastAnswer: boolean;
  busy: boolean;
  agentMode: boolean;
  onRegenerate: () => void;
  onEdit: (text: string) => void;
}) {
  const { item } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const speech = useSpeech();

  if (item.status === "error") {
    return <FailedTurn item={item} onRetry={props.onRegenerate} busy={props.busy} />;
  }

  if (item.role === "user") {
    // A handed-over analysis shows as a card; the bubble and its edit hold only the question.
    const handover = readHandover(item.content);
    const card = handover && <HandoverCard handover={handover} />;
    return (
      <div className="group flex flex-col items-end gap-2" data-testid="user-message">
        {editing !== null ? (
          <form
            className="flex w-full max-w-2xl flex-col items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              props.onEdit(handover ? withQuestion(item.content, editing) : editing);
              setEditing(null);
            }}
          >
            {card}
            <label className="sr-only" htmlFor={`edit-${item.key}`}>
              Edit your message
            </label>
            <textarea
              id={`edit-${item.key}`}
              className="input min-h-24"
              value={editing}
              autoFocus
              onChange={(event) => setEditing(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Escape") setEditing(null);
              }}
            />
            <div className="flex gap-2">
              <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>
                Cancel
              </button>
              <button
                type="submit"
                className="btn-primary"
                disabled={!editing.trim() || props.busy}
              >
                Save and send
              </button>
            </div>
          </form>
        ) : (
          <>
            {card}
            <div className="flex max-w-[85%] items-start gap-1">
              <div className="invisible pt-1 group-focus-within:visible group-hover:visible">
                <IconButton
                  label="Edit and resend"
                  disabled={props.busy}
                  onClick={() => setEditing(handover ? handover.question : item.content)}
                >
                  <Pencil aria-hidden className="size-4" />
                </IconButton>
              </div>
              <p className="rounded-2xl rounded-tr-sm bg-accent px-4 py-2.5 whitespace-pre-wrap text-accent-fg">
                {handover ? handover.question : item.content}
              </p>
            </div>
          </>
        )}
      </div>
    );
  }

  const waiting = item.status === "pending";
  return (
    <article
      className="max-w-3xl"
      data-testid="assistant-message"
      data-status={item.status}
      aria-busy={waiting || item.status === "streaming"}
    >
      {item.toolCalls && item.toolCalls.length > 0 && <ToolCalls calls={item.toolCalls} />}
      <div className="rounded-2xl rounded-tl-sm border border-line bg-surface px-4 py-3">
        {waiting ? (
          <p className="flex items-center gap-2 text-muted" role="status">
            <span className="size-2 animate-pulse rounded-full bg-accent" />
            {props.agentMode ? "Working with your data..." : "Thinking..."}
          </p>
        ) : item.content ? (
          <Markdown>{item.content}</Markdown>
        ) : (
          <p className="text-muted italic">No answer text.</p>
        )}
        {item.citations && item.citations.length > 0 && <Sources urls={item.citations} />}
      </div>
      {!waiting && item.status !== "streaming" && (
        <div className="mt-1 flex items-center gap-1">
          {item.status === "stopped" && <Badge>Stopped</Badge>}
          {item.provider && (
            <span className="px-1 text-xs text-muted">
              {PROVIDERS[item.provider].label}
              {item.model ? ` · ${item.model}` : ""}
            </span>
          )}
          <IconButton
            label={copied ? "Copied" : "Copy answer"}
            onClick={() => {
              void navigator.clipboard.writeText(item.content).then(
                () => {
                  setCopied(true);
                  toast.success("Answer copied");
                  window.setTimeout(() => setCopied(false), 2000);
                },
                () => toast.error(MESSAGES.clipboardRefused),
              );
            }}
          >
            {copied ? (
              <Check aria-hidden className="size-4" />
            ) : (
              <Copy aria-hidden className="size-4" />
            )}
          </IconButton>
          <IconButton
            label={speech.state === "idle" ? "Read aloud" : "Stop reading"}
            disabled={!item.content || speech.state === "loading"}
            onClick={() =>
              speech.state === "idle" ? void speech.play(item.content) : speech.stop()
            }
          >
            {speech.state === "idle" ? (
              <Volume2 aria-hidden className="size-4" />
            ) : (
              <Square aria-hidden className="size-4" />
            )}
          </IconButton>
          {props.isLastAnswer && (
            <IconButton label="Regenerate" disabled={props.busy} onClick={props.onRegenerate}>
              <RefreshCw aria-hidden className="size-4" />
            </IconButton>
          )}
        </div>
      )}
    </article>
  );
}
