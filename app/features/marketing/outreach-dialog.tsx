/**
 * Draft an outreach e-mail, SMS or letter for a lead or a campaign through the AI. SMS drafts come
 * with the compliance rules; AI42 never sends anything.
 */
import { Link } from "@remix-run/react";
import { Copy, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { toast } from "~/lib/toast";
import { FormMessage, TextAreaField } from "~/components/form";
import { Modal } from "~/components/ui";
import { COPY_KINDS, type CopyKind } from "~/domain/marketing/bot-terms";
import { modulePath } from "~/domain/modules";
import { draftOutreach, type OutreachDraft } from "~/lib/api/marketing";
import { failureText, ServiceError } from "~/lib/api/workspace";

const KIND_LABELS: Record<CopyKind, string> = { email: "E-mail", sms: "SMS", letter: "Letter" };

export function OutreachDialog(props: {
  open: boolean;
  onClose: () => void;
  target: { leadId?: string; campaignId?: string; name: string } | null;
}) {
  const [kind, setKind] = useState<CopyKind>("email");
  const [instructions, setInstructions] = useState("");
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<OutreachDraft | null>(null);
  const [failure, setFailure] = useState("");
  const [notConfigured, setNotConfigured] = useState("");

  const close = () => {
    setDraft(null);
    setFailure("");
    setInstructions("");
    props.onClose();
  };

  async function write() {
    if (!props.target) return;
    setBusy(true);
    setFailure("");
    setDraft(null);
    try {
      setDraft(
        await draftOutreach({
          kind,
          leadId: props.target.leadId,
          campaignId: props.target.campaignId,
          instructions: instructions.trim() || undefined,
        }),
      );
    } catch (error) {
      if (error instanceof ServiceError && error.failure.statusCode === 503) {
        setNotConfigured(error.failure.message);
      } else setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={props.open}
      title={props.target ? `Draft a message: ${props.target.name}` : "Draft a message"}
      onClose={close}
      wide
    >
      <div className="space-y-4">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Kind</legend>
          <div className="flex gap-2">
            {COPY_KINDS.map((k) => (
              <label
                key={k}
                className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm ${k === kind ? "border-accent bg-accent/15" : "border-line"}`}
              >
                <input
                  type="radio"
                  name="outreach-kind"
                  value={k}
                  checked={k === kind}
                  onChange={() => setKind(k)}
                  className="sr-only"
                />
                {KIND_LABELS[k]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          id="outreach-instructions"
          label="Anything to say or stress"
          value={instructions}
          onChange={setInstructions}
          rows={2}
        />
        <p className="text-xs text-muted">AI42 writes a draft for you to send; it never sends.</p>
        {notConfigured && (
          <p role="alert" className="rounded-xl border border-line bg-raised p-3 text-sm">
            {notConfigured}{" "}
            <Link to={modulePath("connections")} className="text-accent underline">
              Connections
            </Link>
          </p>
        )}
        <FormMessage kind="error">{failure}</FormMessage>
        {draft && (
          <section aria-label="The draft" className="space-y-3">
            {draft.complianceNote && (
              <p
                role="note"
                className="flex gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm"
              >
                <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
                <span>{draft.complianceNote}</span>
              </p>
            )}
            {draft.warnings.map((warning) => (
              <p key={warning} className="text-sm text-danger">
                {warning}
              </p>
            ))}
            <pre className="max-h-72 overflow-auto rounded-xl border border-line bg-raised p-3 text-sm whitespace-pre-wrap">
              {draft.text}
            </pre>
            <button
              type="button"
              className="btn-secondary"
              onClick={() =>
                void navigator.clipboard
                  .writeText(draft.text)
                  .then(() => toast.success("Draft copied"))
              }
            >
              <Copy aria-hidden className="mr-1.5 size-4" /> Copy draft
            </button>
          </section>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={close} className="btn-secondary">
            Close
          </button>
          <button
            type="button"
            onClick={() => void write()}
            disabled={busy}
            className="btn-primary"
          >
            {busy ? "Drafting..." : draft ? "Draft again" : "Draft"}
          </button>
        </div>
      </div>
    </Modal>
  );
}
