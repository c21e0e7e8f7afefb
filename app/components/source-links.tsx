/** The web sources of an AI answer or report, numbered, opening in a new tab. */
import { Link2 } from "lucide-react";

export function SourceLinks(props: { urls: string[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {props.urls.map((url, index) => (
        <li key={url} className="flex items-center gap-2">
          <Link2 aria-hidden className="size-3.5 shrink-0 text-muted" />
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="truncate text-accent hover:underline"
          >
            [{index + 1}] {url}
          </a>
        </li>
      ))}
    </ol>
  );
}
