/**
 * A lead's follow-up sequence, on its page as its loader read it: the one running (its next step
 * and when) with Stop, or Start sequence (choose one), and the log of every step done: e-mailed,
 * a task made, stopped. Starting and stopping are forms posted to the page's action. A sequence
 * with e-mail steps chosen for a lead who cannot be e-mailed (no address, no consent) is not
 * started: the page says why, and offers to record the lead's consent. Read only (a viewer), the
 * sequence and its log are shown, with nothing to start or stop.
 */
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { Badge } from "~/components/ui";
import { formatDateTime } from "~/domain/format";
import {
  sequenceBlock,
  sequenceBlockedText,
  type SequenceBlock,
  STEP_ACTION_LABELS,
  STOP_REASONS,
  type EnrollmentStatus,
} from "~/domain/marketing/sequence-terms";
import { modulePath } from "~/domain/modules";
import { contactName } from "~/domain/workspace-terms";
import type { Lead } from "~/lib/api/marketing";
import type { LeadSequences, Sequence } from "~/lib/api/sequences";

/** What the user can do about a sequence that can't reach the lead. */
const BLOCK_ADVICE: Record<SequenceBlock, string> = {
  no_consent:
    "Record their consent only if they agreed to receive e-mail from you; or choose a sequence without e-mail steps.",
  no_email: "Add their e-mail address to the lead, or choose a sequence without e-mail steps.",
  do_not_mail: "Choose a sequence without letter steps, or clear the flag if it no longer holds.",
  do_not_contact: "Clear the flag on the lead only if they may be contacted again.",
  litigator: "Reaching a known litigator invites a lawsuit: keep them off your sequences.",
  deceased: "Reach the estate's representative instead, as a contact of their own.",
};

const STATUS_TONES: Record<EnrollmentStatus, "success" | "neutral" | "danger"> = {
  active: "success",
  finished: "neutral",
  stopped: "danger",
};
const OUTCOME_WORDS = {
  sending: "Sending",
  emailed: "E-mailed",
  task: "Task",
  stopped: "Stopped",
} as const;

export function LeadSequence(props: {
  lead: Lead;
  sequences: Sequence[];
  followUp: LeadSequences;
  /** Records the lead's consent to e-mail (a change of its fields, against its version). */
  onRecordConsent: () => void;
  busy: boolean;
  readOnly: boolean;
}) {
  const { lead, sequences, followUp, readOnly } = props;
  const [choice, setChoice] = useState("");
  const running = followUp.enrollments.find((enrollment) => enrollment.status === "active");
  const latest = followUp.enrollments[0];
  const chosen = choice || sequences[0]?.id || "";
  const chosenSequence = sequences.find((sequence) => sequence.id === chosen);
  const blocked = chosenSequence ? sequenceBlock(lead, chosenSequence.steps) : null;

  return (
    <section
      aria-labelledby="lead-sequence"
      className="space-y-4 rounded-2xl border border-line bg-surface p-5"
    >
      <h3 id="lead-sequence" className="font-medium">
        Follow-up sequence
      </h3>
      {latest ? (
        <p data-testid="lead-sequence-status" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{latest.sequenceName}</span>
          <Badge tone={STATUS_TONES[latest.status]}>{latest.status}</Badge>
          {latest.status === "active" && latest.stepCount !== null && (
            <span className="text-muted">
              Step {latest.nextStep + 1} of {latest.stepCount}
              {latest.nextAt && `, due ${formatDateTime(latest.nextAt)}`}
            </span>
          )}
          {latest.stopReason && (
            <span className="text-muted">{STOP_REASONS[latest.stopReason]}</span>
          )}
        </p>
      ) : (
        <p className="text-sm text-muted">Not in a sequence yet.</p>
      )}
      {running && !readOnly && (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="stop-sequence" />
          <input type="hidden" name="enrollmentId" value={running.id} />
          <button type="submit" disabled={props.busy} className="btn-secondary">
            Stop
          </button>
        </Form>
      )}
      {!running && !readOnly && sequences.length === 0 && (
        <p className="text-sm text-muted">
          No sequences yet:{" "}
          <Link
            to={modulePath("marketing", { tab: "sequences" })}
            className="text-accent underline"
          >
            create one
          </Link>
          .
        </p>
      )}
      {!running && !readOnly && sequences.length > 0 && (
        <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="start-sequence" />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Sequence
            <select
              name="sequenceId"
              value={chosen}
              onChange={(event) => setChoice(event.target.value)}
              className="input"
            >
              {sequences.map((sequence) => (
                <option key={sequence.id} value={sequence.id}>
                  {sequence.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            disabled={props.busy || !chosen || blocked !== null}
            className="btn-primary"
          >
            Start sequence
          </button>
        </Form>
      )}
      {!running && !readOnly && blocked && (
        <div
          role="alert"
          data-testid="sequence-email-warning"
          className="space-y-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
        >
          <p className="font-medium">
            {sequenceBlockedText(contactName(lead), blocked, chosenSequence!.steps)}.
          </p>
          <p className="text-muted">{BLOCK_ADVICE[blocked]}</p>
          {blocked === "no_consent" && (
            <button
              type="button"
              disabled={props.busy}
              onClick={props.onRecordConsent}
              className="btn-primary"
            >
              Record e-mail consent
            </button>
          )}
        </div>
      )}
      <section aria-label="Sequence log">
        <h4 className="mb-2 text-sm font-medium">Log</h4>
        {followUp.log.length === 0 ? (
          <p className="text-sm text-muted">Nothing done yet.</p>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line text-sm">
            {followUp.log.map((entry) => (
              <li key={entry.id} data-testid="sequence-log-entry" className="px-3 py-2">
                <span className="mr-2 text-muted">{formatDateTime(entry.at)}</span>
                <Badge>{OUTCOME_WORDS[entry.outcome]}</Badge>{" "}
                <span className="text-muted">
                  Step {entry.step + 1} ({STEP_ACTION_LABELS[entry.action]}):
                </span>{" "}
                {entry.detail}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
