/**
 * A saved analysis's read-only links: make one with an optional expiry, copy it, see the live ones,
 * revoke one. Whoever opens a link sees the printed report.
 */
import { Check, Copy, Link2 } from "lucide-react";
import { useState } from "react";
import { formatDate } from "~/domain/format";
import type { DealShare } from "~/lib/api/deals";
import { MESSAGES } from "~/lib/api/messages";
import { toast } from "~/lib/toast";
import { toastFailure } from "../shared";
import { useAnalysisChange } from "./analysis-change";

/** How long a new link works, in days; 0: until revoked. */
const EXPIRIES = [
  { days: 0, label: "Until I revoke it" },
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The live links as the page's loader read them; a link made or revoked reads them again. */
export function ShareLinks(props: { shares: DealShare[] }) {
  const { shares } = props;
  const share = useAnalysisChange(MESSAGES.shareDeal);
  const revocation = useAnalysisChange(MESSAGES.revokeDealShare);
  const [days, setDays] = useState(0);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);

  const copy = async (share: DealShare) => {
    try {
      await navigator.clipboard.writeText(share.url);
      setCopied(share.id);
      toast("Link copied");
    } catch {
      toast.error("Could not copy: select the link and copy it");
    }
  };

  const create = async () => {
    setBusy(true);
    try {
      const expiresAt = days ? new Date(Date.now() + days * DAY_MS).toISOString() : null;
      const answer = await share({ intent: "share", expiresAt });
      if (answer && "share" in answer) await copy(answer.share);
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (share: DealShare) => {
    setRevoking(null);
    try {
      await revocation({ intent: "revoke-share", shareId: share.id });
      toast("Link revoked: it opens nothing now");
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Anyone with a link sees this analysis as its printed report (the figures, their formulas and
        the property&apos;s address), without an account. Nothing else of yours.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="share-expiry" className="mb-1 block text-sm font-medium">
            The link works
          </label>
          <select
            id="share-expiry"
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="input"
          >
            {EXPIRIES.map((expiry) => (
              <option key={expiry.days} value={expiry.days}>
                {expiry.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => void create()} disabled={busy} className="btn-primary">
          <Link2 aria-hidden className="mr-1.5 size-4" /> {busy ? "Making…" : "Make a link"}
        </button>
      </div>

      {shares.length === 0 && (
        <p className="text-sm text-muted">No live links: this analysis is not shared.</p>
      )}
      {shares.length > 0 && (
        <ul aria-label="Live links" className="divide-y divide-line rounded-xl border border-line">
          {shares.map((share) => (
            <li key={share.id} className="space-y-2 p-3">
              <input
                readOnly
                value={share.url}
                aria-label="Link"
                onFocus={(event) => event.currentTarget.select()}
                className="input w-full font-mono text-xs"
              />
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="text-muted">
                  Made {formatDate(share.createdAt)} ·{" "}
                  {share.expiresAt ? `works until ${formatDate(share.expiresAt)}` : "no expiry"}
                </span>
                <span className="flex gap-2">
                  <button type="button" onClick={() => void copy(share)} className="btn-secondary">
                    {copied === share.id ? (
                      <Check aria-hidden className="size-4" />
                    ) : (
                      <Copy aria-hidden className="size-4" />
                    )}{" "}
                    Copy
                  </button>
                  {revoking === share.id ? (
                    <>
                      <button
                        type="button"
                        onClick={() => void revoke(share)}
                        className="btn-danger"
                      >
                        Revoke this link
                      </button>
                      <button
                        type="button"
                        onClick={() => setRevoking(null)}
                        className="btn-secondary"
                      >
                        Keep it
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setRevoking(share.id)}
                      className="btn-secondary"
                    >
                      Revoke
                    </button>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
