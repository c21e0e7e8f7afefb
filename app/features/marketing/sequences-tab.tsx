/**
 * Follow-up sequences: turning them on (with the daily cap of e-mails and, when Google
 * may not send yet, "Allow sending from Gmail"), and the sequences: their steps by day and action,
 * new, edit, delete with a confirmation. A lead's own sequence is on its row (lead-sequence.tsx).
 * A viewer reads the settings and the sequences, and changes none.
 */
import { ListOrdered, Mail, Pencil, Plus, Trash2, X } from "lucide-react";
import { useState } from "react";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/form";
import { Badge, ConfirmDialog, EmptyState, Modal } from "~/components/ui";
import {
  DEFAULT_DAILY_CAP,
  STEP_ACTION_LABELS,
  STEP_ACTIONS,
  TEMPLATE_FIELDS,
  type StepAction,
} from "~/domain/marketing/sequence-terms";
import { googleApi } from "~/lib/api/google";
import { MESSAGES } from "~/lib/api/messages";
import type { Sequence, SequenceBody, SequenceSettingsState } from "~/lib/api/sequences";
import { failureText } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import { useVersionedAction } from "~/lib/use-action-call";
import { FormActions, toastFailure, useDialogParam } from "../shared";
import type { MarketingActionAnswer } from "./marketing.server";

/** A change of the sequences sent to the route's action; Remix reads the tab again after it. */
const useSequenceChange = (failure: string) =>
  useVersionedAction<MarketingActionAnswer>("sequence", failure);

const SENDING_WORDS: Record<SequenceSettingsState["gmailSending"], string> = {
  allowed: "E-mail steps are sent from your Gmail.",
  not_allowed: "Google is connected, but AI42 may not send from your Gmail yet.",
  not_connected: "Google is not connected.",
  reconnect: "Google no longer accepts AI42's access: reconnect it.",
};

/** The sequences and their settings, as the route's loader read them; a change reads them again. */
export function SequencesTab({
  sequences,
  settings,
}: {
  sequences: Sequence[];
  settings: SequenceSettingsState;
}) {
  const save = useSequenceChange(MESSAGES.saveSequence);
  const removal = useSequenceChange(MESSAGES.deleteSequence);
  const canWrite = useCanWrite();
  const [newParam, setCreating] = useDialogParam("new");
  const creating = newParam && canWrite;
  const [editing, setEditing] = useState<Sequence | null>(null);
  const [deleting, setDeleting] = useState<Sequence | null>(null);

  const remove = async (sequence: Sequence) => {
    setDeleting(null);
    try {
      await removal({ intent: "delete-sequence", id: sequence.id });
    } catch (error) {
      toastFailure(error);
    }
  };
  const closeForm = () => {
    setCreating(false);
    setEditing(null);
  };

  return (
    <div className="space-y-6">
      <SettingsCard settings={settings} />
      {canWrite && (
        <div className="flex justify-end">
          <button type="button" onClick={() => setCreating(true)} className="btn-primary">
            <Plus aria-hidden className="mr-1.5 size-4" /> New sequence
          </button>
        </div>
      )}
      {sequences.length === 0 && (
        <EmptyState
          icon={ListOrdered}
          title="No sequences yet"
          action={
            canWrite && (
              <button type="button" onClick={() => setCreating(true)} className="btn-primary">
                Create a sequence
              </button>
            )
          }
        >
          A sequence follows a lead up for you: say, an e-mail on day 0, a call on day 2, another
          e-mail on day 5 and a letter on day 10. It stops when the lead&apos;s status changes or
          they reply. Its e-mails go only to leads who agreed to receive e-mail.
        </EmptyState>
      )}
      {sequences.length > 0 && (
        <ul aria-label="Sequences" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {sequences.map((sequence) => (
            <li
              key={sequence.id}
              data-testid="sequence-card"
              className="rounded-2xl border border-line bg-surface p-5"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 className="truncate font-medium">{sequence.name}</h3>
                  <p className="text-sm text-muted">
                    {sequence.steps.length} {sequence.steps.length === 1 ? "step" : "steps"} ·
                    running on {sequence.running} {sequence.running === 1 ? "lead" : "leads"}
                  </p>
                </div>
                {canWrite && (
                  <div className="flex gap-1">
                    <button
                      type="button"
                      aria-label={`Edit ${sequence.name}`}
                      onClick={() => setEditing(sequence)}
                      className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                    >
                      <Pencil aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${sequence.name}`}
                      onClick={() => setDeleting(sequence)}
                      className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </button>
                  </div>
                )}
              </div>
              <ol className="mt-3 space-y-1 text-sm">
                {sequence.steps.map((step, index) => (
                  <li key={index} className="flex gap-2">
                    <Badge>Day {step.day}</Badge>
                    <span className="truncate">
                      {STEP_ACTION_LABELS[step.action]}
                      {step.subject ? `: ${step.subject}` : ""}
                    </span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={creating || editing !== null}
        title={editing ? "Edit sequence" : "New sequence"}
        onClose={closeForm}
        wide
      >
        {(creating || editing) && (
          <SequenceForm
            sequence={editing ?? undefined}
            onSave={(input) => save({ intent: "save-sequence", id: editing?.id, input })}
            onDone={closeForm}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this sequence?"
        message={
          deleting && (
            <>
              “{deleting.name}” will be deleted
              {deleting.running > 0 &&
                `, and stopped on the ${deleting.running} ${deleting.running === 1 ? "lead" : "leads"} it is running on`}
              . What it did stays in each lead&apos;s log.
            </>
          )
        }
        confirmLabel="Delete sequence"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

/** On or off, the daily cap, and whether e-mail steps can go from Gmail. */
function SettingsCard(props: { settings: SequenceSettingsState }) {
  const { settings } = props;
  const [cap, setCap] = useState(String(settings.dailyCap));
  const [busy, setBusy] = useState(false);
  const send = useSequenceChange(MESSAGES.saveSequenceSettings);
  const canWrite = useCanWrite();
  const save = async (enabled: boolean) => {
    setBusy(true);
    try {
      await send({
        intent: "sequence-settings",
        input: { enabled, dailyCap: Number(cap) || DEFAULT_DAILY_CAP },
      });
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const allowSending = async () => {
    try {
      window.location.assign(await googleApi.connectUrl("gmail.send"));
    } catch (error) {
      toastFailure(error);
    }
  };
  return (
    <section
      aria-label="Sequence settings"
      className="space-y-4 rounded-2xl border border-line bg-surface p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-medium">Follow-up sequences are {settings.enabled ? "on" : "off"}</h3>
          <p className="text-sm text-muted">
            Steps run in the background: never in your quiet hours, and at most the daily cap of
            e-mails in any 24 hours.
          </p>
        </div>
        {canWrite && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void save(!settings.enabled)}
            className={settings.enabled ? "btn-secondary" : "btn-primary"}
          >
            {settings.enabled ? "Turn sequences off" : "Turn sequences on"}
          </button>
        )}
      </div>
      {canWrite ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-48">
            <TextField
              id="sequence-cap"
              label="E-mails a day at most"
              type="number"
              value={cap}
              onChange={setCap}
            />
          </div>
          <button
            type="button"
            disabled={busy || cap === String(settings.dailyCap)}
            onClick={() => void save(settings.enabled)}
            className="btn-secondary"
          >
            Save cap
          </button>
        </div>
      ) : (
        <p className="text-sm">E-mails a day at most: {settings.dailyCap}</p>
      )}
      <div
        data-testid="gmail-sending"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-raised p-3 text-sm"
      >
        <p className="flex items-center gap-2">
          <Mail aria-hidden className="size-4 shrink-0 text-muted" />
          <span>
            {SENDING_WORDS[settings.gmailSending]}
            {settings.gmailSending !== "allowed" &&
              " Without it, each e-mail step becomes a task in your calendar for you to send."}
          </span>
        </p>
        {canWrite && settings.enabled && settings.gmailSending !== "allowed" && (
          <button type="button" onClick={() => void allowSending()} className="btn-primary">
            Allow sending from Gmail
          </button>
        )}
      </div>
    </section>
  );
}

interface StepDraft {
  day: string;
  action: StepAction;
  subject: string;
  body: string;
}

const NEW_STEP: StepDraft = { day: "0", action: "email", subject: "", body: "" };

const draftOf = (sequence?: Sequence): StepDraft[] =>
  sequence?.steps.map((step) => ({
    day: String(step.day),
    action: step.action,
    subject: step.subject ?? "",
    body: step.body,
  })) ?? [NEW_STEP];

/** A sequence's name and steps, checked with the API's own rules before it is sent. */
function SequenceForm(props: {
  sequence?: Sequence;
  onSave: (input: SequenceBody) => Promise<unknown>;
  onDone: () => void;
}) {
  const [name, setName] = useState(props.sequence?.name ?? "");
  const [personalize, setPersonalize] = useState(String(props.sequence?.personalize ?? false));
  const [steps, setSteps] = useState(() => draftOf(props.sequence));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState("");
  const change = (index: number, patch: Partial<StepDraft>) =>
    setSteps((all) => all.map((step, i) => (i === index ? { ...step, ...patch } : step)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input: SequenceBody = {
      name,
      personalize: personalize === "true",
      steps: steps.map((step) => ({
        day: Number(step.day),
        action: step.action,
        ...(step.action === "email" && { subject: step.subject }),
        body: step.body,
      })),
    };
    const { SequenceInputSchema } = await import("~/domain/marketing/sequences");
    const checked = SequenceInputSchema.safeParse(input);
    if (!checked.success) {
      setFailure(
        checked.error.issues
          .map((issue) => {
            const [, index, field] = issue.path;
            return typeof index === "number"
              ? `Step ${index + 1}${field ? ` (${String(field)})` : ""}: ${issue.message}`
              : issue.message;
          })
          .join("; "),
      );
      return;
    }
    setSaving(true);
    setFailure("");
    try {
      await props.onSave(input);
      props.onDone();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <TextField id="sequence-name" label="Name" value={name} onChange={setName} />
      <CheckboxField
        id="sequence-personalize"
        label="Let the AI personalise e-mails (when an AI provider is configured)"
        value={personalize}
        onChange={setPersonalize}
      />
      <p className="text-xs text-muted">
        Placeholders:{" "}
        {Object.entries(TEMPLATE_FIELDS)
          .map(([field, meaning]) => `{{${field}}} ${meaning.toLowerCase()}`)
          .join(", ")}
        .
      </p>
      <ol aria-label="Steps" className="space-y-3">
        {steps.map((step, index) => (
          <li key={index} className="space-y-3 rounded-xl border border-line p-3">
            <div className="flex items-end gap-3">
              <div className="w-24">
                <TextField
                  id={`step-${index}-day`}
                  label="Day"
                  type="number"
                  value={step.day}
                  onChange={(day) => change(index, { day })}
                />
              </div>
              <div className="flex-1">
                <SelectField
                  id={`step-${index}-action`}
                  label="Action"
                  value={step.action}
                  onChange={(action) => change(index, { action: action as StepAction })}
                  options={STEP_ACTIONS.map((action) => ({
                    value: action,
                    label: STEP_ACTION_LABELS[action],
                  }))}
                />
              </div>
              {steps.length > 1 && (
                <button
                  type="button"
                  aria-label={`Remove step ${index + 1}`}
                  onClick={() => setSteps((all) => all.filter((_, i) => i !== index))}
                  className="mb-1 grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                >
                  <X aria-hidden className="size-4" />
                </button>
              )}
            </div>
            {step.action === "email" && (
              <TextField
                id={`step-${index}-subject`}
                label="Subject"
                value={step.subject}
                onChange={(subject) => change(index, { subject })}
              />
            )}
            <TextAreaField
              id={`step-${index}-body`}
              label={step.action === "email" ? "E-mail text" : "What to do or say"}
              required
              value={step.body}
              onChange={(body) => change(index, { body })}
              rows={3}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn-secondary"
        onClick={() =>
          setSteps((all) => [
            ...all,
            { ...NEW_STEP, action: "call", day: String(Number(all.at(-1)?.day ?? 0) + 2) },
          ])
        }
      >
        <Plus aria-hidden className="mr-1.5 size-4" /> Add a step
      </button>
      <FormActions
        saving={saving}
        failure={failure}
        submitLabel={props.sequence ? "Save changes" : "Create sequence"}
        onCancel={props.onDone}
      />
    </form>
  );
}
