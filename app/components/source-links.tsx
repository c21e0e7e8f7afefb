/**
 * The web sources of an AI answer or report, numbered, opening in a new tab. Only http(s)
 * addresses become links; anything else (a `javascript:` "source" kept from before) is shown as
 * text, keeping its number.
 */
import { Link2 } from "lucide-react";
import { isWebUrl } from "~/domain/ai/sources";

export function SourceLinks(props: { urls: string[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {props.urls.map((url, index) => (
        <li key={url} className="flex items-center gap-2">
          <Link2 aria-hidden className="size-3.5 shrink-0 text-muted" />
          {isWebUrl(url) ? (
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className="truncate text-accent hover:underline"
            >
              [{index + 1}] {url}
            </a>
          ) : (
            <span className="truncate text-muted">
              [{index + 1}] {url}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
