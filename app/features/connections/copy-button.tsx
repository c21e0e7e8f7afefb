/** Copies a value (the MCP server's address, a new token) and says so on the button for a moment. */
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { MESSAGES } from "~/lib/api/messages";
import { toast } from "~/lib/toast";

const COPIED_FOR_MS = 2000;

/** `what` completes the button's name for a screen reader: "Copy the MCP server's address". */
export function CopyButton(props: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied(true);
    } catch {
      toast.error(MESSAGES.clipboardRefused);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void copy()} className="btn-secondary shrink-0">
        {copied ? (
          <Check aria-hidden className="size-4" />
        ) : (
          <Copy aria-hidden className="size-4" />
        )}
        {copied ? "Copied" : "Copy"}
        <span className="sr-only"> {props.what}</span>
      </button>
      <span role="status" className="sr-only">
        {copied ? `Copied ${props.what}` : ""}
      </span>
    </>
  );
}
