/**
 * Lead bots: a persona, qualifying questions in order (each may fill the lead's name, phone,
 * e-mail or address) and a hand-off rule; and a playground that chats with the bot through the AI,
 * streamed, keeping which question is being answered. A finished conversation becomes a lead. A
 * viewer reads the bots and rehearses them in the playground; it makes, changes and deletes no bot
 * and no lead.
 */
import { Link } from "@remix-run/react";
import { ArrowDown, ArrowUp, Bot, Plus, RotateCcw, Send, Square, Trash2 } from "lucide-react";
import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
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
import { MESSAGES } from "~/lib/api/messages";
import { failureText, ServiceError } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import { useVersionedAction } from "~/lib/use-action-call";
import { toastFailure, useQueryParams } from "../shared";
import { botDraft, botDraftReducer, type BotFields } from "./bot-draft";
import type { MarketingActionAnswer } from "./marketing.server";

const FIELD_LABELS: Record<QuestionField, string> = {
  none: "Keep the answer only",
  name: "Fills the name",
  phone: "Fills the phone",
  email: "Fills the e-mail",
  address: "Fills the property address",
};

/** A change of a lead bot sent to the route's action; Remix reads the tab again after it. */
const useBotChange = (failure: string) =>
  useVersionedAction<MarketingActionAnswer>("lead bot", failure);

/**
 * The bots render from the route's loader (marketing.server.ts), the one open in the editor named
 * by `bot`; a save or delete goes to the route's action, which reads them again. The playground
 * talks to the AI from here.
 */
export function BotsTab({ bots }: { bots: LeadBot[] }) {
  const [params, update] = useQueryParams();
  const canWrite = useCanWrite();
  const openId = params.get("bot");
  const open = openId === "new" ? null : (bots.find((bot) => bot.id === openId) ?? null);
  const show = (id: string | null) => update({ bot: id });

  if (openId && ((openId === "new" && canWrite) || open)) {
    return (
      <BotEditor
        key={openId}
        bot={open}
        readOnly={!canWrite}
        // A new bot opens in the editor: the list read again after the save holds it.
        onSaved={(id) => id !== openId && show(id)}
        onDeleted={() => show(null)}
        onBack={() => show(null)}
      />
    );
  }
  return (
    <div>
      {canWrite && (
        <div className="mb-4 flex justify-end">
          <button type="button" onClick={() => show("new")} className="btn-primary">
            <Plus aria-hidden className="mr-1.5 size-4" /> New lead bot
          </button>
        </div>
      )}
      {bots.length === 0 && (
        <EmptyState
          icon={Bot}
          title="No lead bots yet"
          action={
            canWrite && (
              <button type="button" onClick={() => show("new")} className="btn-primary">
                Create a lead bot
              </button>
            )
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

/**
 * The editor's draft is one state (`botDraftReducer`); its save and delete go to the route's
 * action. Read only (a viewer), its fields are shown disabled, with nothing to save or delete.
 */
function BotEditor(props: {
  bot: LeadBot | null;
  readOnly: boolean;
  onSaved: (id: string) => void;
  onDeleted: () => void;
  onBack: () => void;
}) {
  const [draft, dispatch] = useReducer(botDraftReducer, props.bot, botDraft);
  const { fields, errors, version, reloading } = draft;
  const { questions } = fields;
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const saveBot = useBotChange(MESSAGES.saveLeadBot);
  const deleteBot = useBotChange(MESSAGES.deleteLeadBot);
  // After Reload (the bot changed elsewhere), the bot as the loader reads it now replaces the edit.
  useEffect(() => {
    if (reloading && props.bot) dispatch({ type: "read", bot: props.bot });
  }, [reloading, props.bot]);
  const set = (change: Partial<Omit<BotFields, "questions">>) =>
    dispatch({ type: "set", fields: change });
  /** The saved bot's id and version, for a change made against it. */
  const saved = () => (props.bot && version ? { id: props.bot.id, version } : {});

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure("");
    setSaving(true);
    try {
      const answer = await saveBot({ intent: "save-bot", ...saved(), input: fields });
      if (!answer) dispatch({ type: "reload" });
      else if ("bot" in answer) {
        dispatch({ type: "saved", version: answer.bot.updatedAt });
        toast.success(`Lead bot “${answer.bot.name}” saved`);
        props.onSaved(answer.bot.id);
      }
    } catch (error) {
      // The API's check of each field is shown beside it; any other failure below the form.
      const fieldErrors = error instanceof ServiceError ? error.fieldErrors : {};
      dispatch({ type: "refused", errors: fieldErrors });
      if (Object.keys(fieldErrors).length === 0) setFailure(failureText(error));
    } finally {
      setSaving(false);
    }
  }

  const remove = async () => {
    setDeleting(false);
    if (!props.bot) return;
    try {
      const answer = await deleteBot({ intent: "delete-bot", ...saved() });
      if (!answer) dispatch({ type: "reload" });
      else props.onDeleted();
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <form
        onSubmit={(event) => void save(event)}
        noValidate
        className="space-y-4"
        aria-label="Lead bot"
      >
        <button type="button" onClick={props.onBack} className="text-sm text-muted hover:text-fg">
          ← All lead bots
        </button>
        <fieldset disabled={props.readOnly} className="min-w-0 space-y-4">
          <TextField
            id="bot-name"
            label="Name"
            value={fields.name}
            onChange={(name) => set({ name })}
            error={errors.name}
          />
          <TextAreaField
            id="bot-persona"
            label="Persona: who the bot is and how it talks"
            value={fields.persona}
            onChange={(persona) => set({ persona })}
            error={errors.persona}
            rows={2}
          />
          <TextField
            id="bot-greeting"
            label="First line"
            required={false}
            value={fields.greeting}
            onChange={(greeting) => set({ greeting })}
            error={errors.greeting}
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
                  onChange={(text) =>
                    dispatch({ type: "edit-question", index: i, change: { text } })
                  }
                  error={errors[`questions.${i}.text`]}
                />
                <label className="text-sm">
                  <span className="mb-1.5 block font-medium">Answer</span>
                  <select
                    value={question.field}
                    onChange={(event) =>
                      dispatch({
                        type: "edit-question",
                        index: i,
                        change: { field: event.target.value as QuestionField },
                      })
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
                    onClick={() => dispatch({ type: "move-question", index: i, by: -1 })}
                    className="grid size-9 place-items-center rounded-lg text-muted hover:bg-raised disabled:opacity-30"
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Move question ${i + 1} down`}
                    disabled={i === questions.length - 1}
                    onClick={() => dispatch({ type: "move-question", index: i, by: 1 })}
                    className="grid size-9 place-items-center rounded-lg text-muted hover:bg-raised disabled:opacity-30"
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove question ${i + 1}`}
                    disabled={questions.length === 1}
                    onClick={() => dispatch({ type: "remove-question", index: i })}
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
                onClick={() => dispatch({ type: "add-question" })}
                className="btn-secondary"
              >
                <Plus aria-hidden className="mr-1.5 size-4" /> Add a question
              </button>
            )}
          </fieldset>
          <TextAreaField
            id="bot-handoff"
            label="Hand-off rule: when and how the bot hands the seller over to you"
            value={fields.handOff}
            onChange={(handOff) => set({ handOff })}
            error={errors.handOff}
            rows={2}
          />
        </fieldset>
        {!props.readOnly && (
          <>
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
          </>
        )}
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
        <Playground key={props.bot.updatedAt} bot={props.bot} makesLeads={!props.readOnly} />
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

/**
 * Chats with the bot through the AI, one question at a time, then makes the lead (`makesLeads`:
 * not for a viewer, who rehearses only).
 */
function Playground(props: { bot: LeadBot; makesLeads: boolean }) {
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
        ) : done && !props.makesLeads ? (
          <p className="text-sm text-muted">Every question answered.</p>
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
