/**
 * Lead bots: a persona, qualifying questions in order (each may fill the lead's name, phone,
 * e-mail or address) and a hand-off rule; and a playground that chats with the bot through the AI,
 * streamed, keeping which question is being answered. A finished conversation becomes a lead.
 */
import { Link, useRevalidator } from "@remix-run/react";
import { ArrowDown, ArrowUp, Bot, Plus, RotateCcw, Send, Square, Trash2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { toast } from "~/lib/toast";
import { ConfigNotice } from "~/components/ai-config-notice";
import { FormMessage, TextAreaField, TextField } from "~/components/form";
import { ConfirmDialog, EmptyState } from "~/components/ui";
import {
  MAX_BOT_QUESTIONS,
  QUESTION_FIELDS,
  type QuestionField,
} from "~/domain/marketing/bot-terms";
import { leadPath } from "~/domain/modules";
import { contactName } from "~/domain/workspace-terms";
import { aiApi, type AiStatus } from "~/lib/api/ai";
import { botsApi, type Lead, type LeadBot } from "~/lib/api/marketing";
import { failureText } from "~/lib/api/workspace";
import { sendVersioned } from "~/lib/changed-elsewhere";
import { NOT_LOADED } from "~/lib/use-form";
import { toastFailure, useQueryParams } from "../shared";

const FIELD_LABELS: Record<QuestionField, string> = {
  none: "Keep the answer only",
  name: "Fills the name",
  phone: "Fills the phone",
  email: "Fills the e-mail",
  address: "Fills the property address",
};

/**
 * The bots render from the route's loader (marketing.server.ts), the one open in the editor named
 * by `bot`; a save or delete reads them again. The playground talks to the AI from here.
 */
export function BotsTab({ bots }: { bots: LeadBot[] }) {
  const [params, update] = useQueryParams();
  const { revalidate: retry } = useRevalidator();
  // The bot last saved: a new one opens in the editor before the list is read again.
  const [saved, setSaved] = useState<LeadBot | null>(null);
  const openId = params.get("bot");
  const open =
    openId === "new"
      ? null
      : (bots.find((bot) => bot.id === openId) ?? (saved?.id === openId ? saved : null));
  const show = (id: string | null) => update({ bot: id });

  if (openId && (openId === "new" || open)) {
    return (
      <BotEditor
        key={openId}
        bot={open}
        onSaved={(bot) => {
          setSaved(bot);
          // Opening another bot reads the list again; saving the open one asks for it again.
          if (bot.id === openId) retry();
          else show(bot.id);
        }}
        onDeleted={() => {
          setSaved(null);
          show(null);
        }}
        onBack={() => show(null)}
      />
    );
  }
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button type="button" onClick={() => show("new")} className="btn-primary">
          <Plus aria-hidden className="mr-1.5 size-4" /> New lead bot
        </button>
      </div>
      {bots.length === 0 && (
        <EmptyState
          icon={Bot}
          title="No lead bots yet"
          action={
            <button type="button" onClick={() => show("new")} className="btn-primary">
              Create a lead bot
            </button>
          }
        >
          A lead bot greets a seller who answered your ad, asks your qualifying questions one at a
          time (name, property, timeline, condition, price…), and hands the seller over to you by
          your rule. Rehearse it in the playground; each finished conversation becomes a lead.
        </EmptyState>
      )}
      {bots.length > 0 && (
        <ul aria-label="Lead bots" className="grid gap-4 sm:grid-cols-2">
          {bots.map((bot) => (
            <li key={bot.id}>
              <button
                type="button"
                onClick={() => show(bot.id)}
                className="block h-full w-full rounded-2xl border border-line bg-surface p-5 text-left hover:border-accent/60"
              >
                <span className="flex items-center gap-2 font-medium">
                  <Bot aria-hidden className="size-4 text-accent" /> {bot.name}
                </span>
                <span className="mt-1 block text-sm text-muted">
                  {bot.questions.length} questions · {bot.persona}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface QuestionDraft {
  text: string;
  field: QuestionField;
}

function BotEditor(props: {
  bot: LeadBot | null;
  onSaved: (bot: LeadBot) => void;
  onDeleted: () => void;
  onBack: () => void;
}) {
  const [name, setName] = useState(props.bot?.name ?? "");
  const [persona, setPersona] = useState(
    props.bot?.persona ?? "Friendly and brief, local to the area, never pushy.",
  );
  const [greeting, setGreeting] = useState(props.bot?.greeting ?? "");
  const [handOff, setHandOff] = useState(
    props.bot?.handOff ??
      "When every question is answered, thank them and say the investor will call within the hour.",
  );
  const [questions, setQuestions] = useState<QuestionDraft[]>(
    props.bot?.questions ?? [
      { text: "Who am I speaking with?", field: "name" },
      { text: "What's the address of the property?", field: "address" },
      { text: "How soon would you like to sell?", field: "none" },
      { text: "What's the best number to reach you?", field: "phone" },
    ],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The version the fields were loaded from: a save or delete is made against it (If-Match).
  const [version, setVersion] = useState(props.bot?.updatedAt);
  /** Reload after a 412: the bot as it now is replaces the edit. */
  const reload = (bot: LeadBot) => {
    setName(bot.name);
    setPersona(bot.persona);
    setGreeting(bot.greeting ?? "");
    setHandOff(bot.handOff);
    setQuestions(bot.questions);
    setVersion(bot.updatedAt);
  };

  const setQuestion = (i: number, change: Partial<QuestionDraft>) =>
    setQuestions((list) => list.map((q, j) => (i === j ? { ...q, ...change } : q)));
  const move = (i: number, by: number) =>
    setQuestions((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item!);
      return next;
    });

  async function save(event: FormEvent) {
    event.preventDefault();
    // The schema and zod's plain-words messages load on saving, not with the page.
    let parsed;
    try {
      const [{ LeadBotInputSchema }] = await Promise.all([
        import("~/domain/marketing/bots"),
        import("~/domain/validation"),
      ]);
      parsed = LeadBotInputSchema.safeParse({ name, persona, greeting, questions, handOff });
    } catch {
      setFailure(NOT_LOADED);
      return;
    }
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]).reverse()),
      );
      return;
    }
    setErrors({});
    setFailure("");
    setSaving(true);
    try {
      const bot = props.bot;
      const saved = bot
        ? await sendVersioned({
            what: "lead bot",
            version,
            send: (ifMatch) => botsApi.update(bot.id, parsed.data, ifMatch),
            reload,
          })
        : await botsApi.create(parsed.data);
      if (!saved) return;
      setVersion(saved.updatedAt);
      toast.success(`Lead bot “${saved.name}” saved`);
      props.onSaved(saved);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSaving(false);
    }
  }

  const remove = async () => {
    setDeleting(false);
    if (!props.bot) return;
    const bot = props.bot;
    try {
      const removed = await sendVersioned({
        what: "lead bot",
        version,
        send: (ifMatch) => botsApi.remove(bot.id, ifMatch).then(() => true),
        reload,
      });
      if (removed) props.onDeleted();
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form onSubmit={save} noValidate className="space-y-4" aria-label="Lead bot">
        <button type="button" onClick={props.onBack} className="text-sm text-muted hover:text-fg">
          ← All lead bots
        </button>
        <TextField id="bot-name" label="Name" value={name} onChange={setName} error={errors.name} />
        <TextAreaField
          id="bot-persona"
          label="Persona: who the bot is and how it talks"
          value={persona}
          onChange={setPersona}
          error={errors.persona}
          rows={2}
        />
        <TextField
          id="bot-greeting"
          label="First line"
          required={false}
          value={greeting}
          onChange={setGreeting}
          placeholder="Hi, this is … Thanks for reaching out about your property."
        />
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium">Qualifying questions, in order</legend>
          {errors.questions && <p className="text-sm text-danger">{errors.questions}</p>}
          {questions.map((question, i) => (
            <div
              key={i}
              className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto]"
            >
              <TextField
                id={`bot-question-${i}`}
                label={`Question ${i + 1}`}
                value={question.text}
                onChange={(text) => setQuestion(i, { text })}
                error={errors[`questions.${i}.text`]}
              />
              <label className="text-sm">
                <span className="mb-1.5 block font-medium">Answer</span>
                <select
                  value={question.field}
                  onChange={(event) =>
                    setQuestion(i, { field: event.target.value as QuestionField })
                  }
                  className="input"
                  aria-label={`What the answer to question ${i + 1} fills`}
                >
                  {QUESTION_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {FIELD_LABELS[field]}
                    </option>
                  ))}
                </select>
              </label>
              <span className="flex items-end gap-1">
                <button
                  type="button"
                  aria-label={`Move question ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  className="grid size-9 place-items-center rounded-lg text-muted hover:bg-raised disabled:opacity-30"
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={`Move question ${i + 1} down`}
                  disabled={i === questions.length - 1}
                  onClick={() => move(i, 1)}
                  className="grid size-9 place-items-center rounded-lg text-muted hover:bg-raised disabled:opacity-30"
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={`Remove question ${i + 1}`}
                  disabled={questions.length === 1}
                  onClick={() => setQuestions((list) => list.filter((_, j) => j !== i))}
                  className="grid size-9 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger disabled:opacity-30"
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </span>
            </div>
          ))}
          {questions.length < MAX_BOT_QUESTIONS && (
            <button
              type="button"
              onClick={() => setQuestions((list) => [...list, { text: "", field: "none" }])}
              className="btn-secondary"
            >
              <Plus aria-hidden className="mr-1.5 size-4" /> Add a question
            </button>
          )}
        </fieldset>
        <TextAreaField
          id="bot-handoff"
          label="Hand-off rule: when and how the bot hands the seller over to you"
          value={handOff}
          onChange={setHandOff}
          error={errors.handOff}
          rows={2}
        />
        <FormMessage kind="error">{failure}</FormMessage>
        <div className="flex justify-end gap-3">
          {props.bot && (
            <button
              type="button"
              onClick={() => setDeleting(true)}
              className="btn-secondary mr-auto"
            >
              Delete
            </button>
          )}
          <button type="submit" disabled={saving} className="btn-primary">
            {saving ? "Saving..." : "Save lead bot"}
          </button>
        </div>
        <ConfirmDialog
          open={deleting}
          title="Delete this lead bot?"
          message={<>“{props.bot?.name}” will be deleted. The leads it made stay.</>}
          confirmLabel="Delete lead bot"
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(false)}
        />
      </form>
      {props.bot ? (
        <Playground key={props.bot.updatedAt} bot={props.bot} />
      ) : (
        <p className="text-sm text-muted">Save the bot to try it in the playground.</p>
      )}
    </div>
  );
}

interface Turn {
  role: "user" | "assistant";
  content: string;
}

/** Chats with the bot through the AI, one question at a time, then makes the lead. */
function Playground(props: { bot: LeadBot }) {
  const { bot } = props;
  const [status, setStatus] = useState<AiStatus | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  /** The question the bot asked last (its index), or -1 before the first. */
  const [asked, setAsked] = useState(-1);
  const [answers, setAnswers] = useState<string[]>([]);
  const [streaming, setStreaming] = useState("");
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState("");
  const [failure, setFailure] = useState("");
  const [lead, setLead] = useState<Lead | null>(null);
  const stop = useRef<AbortController | null>(null);
  /** Counts restarts: a reply still streaming from before one is dropped, not shown. */
  const run = useRef(0);
  const done = asked >= bot.questions.length;

  useEffect(() => {
    aiApi.status().then(setStatus, () => setStatus(null));
  }, []);
  // The conversation scrolls inside its box, kept at its end as replies stream in, so the reply
  // box and Stop stay put instead of moving down the page with every word.
  const conversationList = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = conversationList.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [turns, streaming]);
  // A playground closed mid-reply stops that reply.
  useEffect(
    () => () => {
      run.current += 1;
      stop.current?.abort();
    },
    [],
  );

  async function botTurn(conversation: Turn[], next: number) {
    const mine = run.current;
    setBusy(true);
    setFailure("");
    const controller = new AbortController();
    stop.current = controller;
    try {
      // Stopped, the reply keeps what had arrived and the question counts as asked.
      const { text } = await botsApi.chat(
        bot.id,
        { messages: conversation, next },
        (reply) => mine === run.current && setStreaming(reply),
        controller.signal,
      );
      if (mine !== run.current) return;
      setTurns([...conversation, { role: "assistant", content: text }]);
      setAsked(next);
    } catch (error) {
      if (mine === run.current) setFailure(failureText(error));
    } finally {
      if (mine === run.current) {
        setStreaming("");
        setBusy(false);
        stop.current = null;
      }
    }
  }

  const start = () => void botTurn([], 0);
  const restart = () => {
    run.current += 1;
    stop.current?.abort();
    stop.current = null;
    setStreaming("");
    setBusy(false);
    setDraft("");
    setTurns([]);
    setAnswers([]);
    setAsked(-1);
    setLead(null);
    setFailure("");
  };

  function send(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text || busy || asked < 0 || done) return;
    setDraft("");
    setAnswers((list) => {
      const next = [...list];
      next[asked] = text;
      return next;
    });
    const conversation: Turn[] = [...turns, { role: "user", content: text }];
    setTurns(conversation);
    void botTurn(conversation, asked + 1);
  }

  async function createLead() {
    setBusy(true);
    setFailure("");
    try {
      setLead(await botsApi.finish(bot.id, answers));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  const progress =
    asked < 0
      ? "Not started"
      : done
        ? "Every question answered"
        : `Question ${asked + 1} of ${bot.questions.length}`;
  return (
    <section
      aria-label="Playground"
      className="flex min-h-96 flex-col rounded-2xl border border-line bg-surface"
    >
      <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h3 className="font-medium">Playground</h3>
        <span className="text-sm text-muted" data-testid="bot-progress">
          {progress}
        </span>
        <button type="button" onClick={restart} className="btn-secondary">
          <RotateCcw aria-hidden className="mr-1.5 size-4" /> Restart
        </button>
      </header>
      {status && (
        <div className="px-4 pt-3">
          <ConfigNotice provider="openai" status={status} />
        </div>
      )}
      <ol
        ref={conversationList}
        // Scrollable, so reachable by keyboard (axe: scrollable-region-focusable).
        tabIndex={0}
        aria-label="Conversation"
        aria-live="polite"
        className="max-h-[60vh] flex-1 space-y-3 overflow-y-auto p-4 text-sm"
      >
        <li className="max-w-[85%] rounded-2xl bg-raised px-3 py-2">{bot.opening}</li>
        {turns.map((turn, i) => (
          <li
            key={i}
            className={`max-w-[85%] rounded-2xl px-3 py-2 whitespace-pre-wrap ${turn.role === "user" ? "ml-auto bg-accent/15" : "bg-raised"}`}
          >
            {turn.content}
          </li>
        ))}
        {streaming && (
          <li className="max-w-[85%] rounded-2xl bg-raised px-3 py-2 whitespace-pre-wrap">
            {streaming}
          </li>
        )}
      </ol>
      {failure && (
        <p role="alert" className="px-4 text-sm text-danger">
          {failure}
        </p>
      )}
      <div className="border-t border-line p-3">
        {asked < 0 ? (
          <button
            type="button"
            onClick={start}
            disabled={busy || status?.openai.configured === false}
            className="btn-primary w-full"
          >
            Start the conversation
          </button>
        ) : lead ? (
          <p role="status" className="text-sm">
            Lead created: <strong>{contactName(lead)}</strong>.{" "}
            <Link to={leadPath(lead.id)} className="text-accent underline">
              See it in Leads
            </Link>
          </p>
        ) : done ? (
          <button
            type="button"
            onClick={() => void createLead()}
            disabled={busy}
            className="btn-primary w-full"
          >
            Create lead from this conversation
          </button>
        ) : (
          <form onSubmit={send} className="flex gap-2">
            <input
              aria-label="Your reply, as the seller"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Reply as the seller…"
              className="input flex-1"
            />
            {busy ? (
              <button
                type="button"
                aria-label="Stop"
                onClick={() => stop.current?.abort()}
                className="btn-secondary"
              >
                <Square aria-hidden className="size-4" />
              </button>
            ) : (
              <button type="submit" aria-label="Send" className="btn-primary">
                <Send aria-hidden className="size-4" />
              </button>
            )}
          </form>
        )}
      </div>
    </section>
  );
}
