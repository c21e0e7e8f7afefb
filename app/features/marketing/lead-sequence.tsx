/**
 * A lead's follow-up sequence: the one running (its next step and when) with Stop, or
 * Start sequence (choose one), and the log of every step done: e-mailed, a task made, stopped. A
 * sequence with e-mail steps chosen for a lead who cannot be e-mailed (no address, no consent) is
 * not started: the dialog says why, and offers to record the lead's consent or to cancel.
 */
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { FormMessage } from "~/components/form";
import { Badge, Modal } from "~/components/ui";
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
import { leadsApi, type Lead } from "~/lib/api/marketing";
import { sequencesApi, type LeadSequences, type Sequence } from "~/lib/api/sequences";
import { failureText } from "~/lib/api/workspace";
import { sendVersioned } from "~/lib/changed-elsewhere";

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

export function LeadSequenceDialog(props: {
  lead: { id: string; name: string } | null;
  sequences: Sequence[];
  onClose: () => void;
}) {
  const leadId = props.lead?.id;
  const [state, setState] = useState<LeadSequences | null>(null);
  // The lead as it now is: whether its e-mail steps can be sent.
  const [lead, setLead] = useState<Lead | null>(null);
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");

  const load = useCallback(async () => {
    if (!leadId) return;
    try {
      const [sequences, current] = await Promise.all([
        sequencesApi.ofLead(leadId),
        leadsApi.get(leadId),
      ]);
      setState(sequences);
      setLead(current);
    } catch (error) {
      setFailure(failureText(error));
    }
  }, [leadId]);
  useEffect(() => {
    setState(null);
    setLead(null);
    setFailure("");
    void load();
  }, [load]);

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure("");
    try {
      await action();
      await load();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const running = state?.enrollments.find((enrollment) => enrollment.status === "active");
  const latest = state?.enrollments[0];
  const chosen = choice || props.sequences[0]?.id || "";
  const chosenSequence = props.sequences.find((sequence) => sequence.id === chosen);
  const blocked = lead && chosenSequence ? sequenceBlock(lead, chosenSequence.steps) : null;
  const recordConsent = (current: Lead) =>
    act(() =>
      sendVersioned<Lead, Lead>({
        what: "lead",
        version: current.updatedAt,
        send: (ifMatch) => leadsApi.change(current, { consentEmail: true }, ifMatch),
        reload: setLead,
      }),
    );

  return (
    <Modal
      open={props.lead !== null}
      title={props.lead ? `Follow-up sequence: ${props.lead.name}` : "Follow-up sequence"}
      onClose={props.onClose}
      wide
    >
      <div className="space-y-4">
        {!state && !failure && <p className="text-sm text-muted">Loading…</p>}
        {latest && (
          <p
            data-testid="lead-sequence-status"
            className="flex flex-wrap items-center gap-2 text-sm"
          >
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
        )}
        {state && running && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => sequencesApi.stop(running.id))}
            className="btn-secondary"
          >
            Stop
          </button>
        )}
        {state && !running && props.sequences.length === 0 && (
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
        {state && !running && props.sequences.length > 0 && (
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              Sequence
              <select
                value={chosen}
                onChange={(event) => setChoice(event.target.value)}
                className="input"
              >
                {props.sequences.map((sequence) => (
                  <option key={sequence.id} value={sequence.id}>
                    {sequence.name}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              disabled={busy || !chosen || blocked !== null}
              onClick={() => void act(() => sequencesApi.start(leadId!, chosen))}
              className="btn-primary"
            >
              Start sequence
            </button>
          </div>
        )}
        {state && !running && lead && blocked && (
          <div
            role="alert"
            data-testid="sequence-email-warning"
            className="space-y-3 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
          >
            <p className="font-medium">
              {sequenceBlockedText(contactName(lead), blocked, chosenSequence!.steps)}.
            </p>
            <p className="text-muted">{BLOCK_ADVICE[blocked]}</p>
            <div className="flex flex-wrap gap-2">
              {blocked === "no_consent" && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void recordConsent(lead)}
                  className="btn-primary"
                >
                  Record e-mail consent
                </button>
              )}
              <button type="button" onClick={props.onClose} className="btn-secondary">
                Cancel
              </button>
            </div>
          </div>
        )}
        <FormMessage kind="error">{failure}</FormMessage>
        {state && (
          <section aria-label="Sequence log">
            <h3 className="mb-2 text-sm font-medium">Log</h3>
            {state.log.length === 0 ? (
              <p className="text-sm text-muted">Nothing done yet.</p>
            ) : (
              <ul className="divide-y divide-line rounded-xl border border-line text-sm">
                {state.log.map((entry) => (
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
        )}
      </div>
    </Modal>
  );
}
