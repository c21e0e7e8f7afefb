/**
 * Browser-only (`.client`): Remix leaves this module out of the Worker, which never renders
 * markdown (previews and answers render after user actions), saving ~250 KB of the server bundle.
 *
 * Markdown as React elements (react-markdown: raw HTML is never rendered, so user and AI text
 * cannot inject markup), with GitHub tables, task lists and strikethrough. Within bounds
 * (app/domain/markdown-bounds.ts): past them, the rest of a text is shown as plain text, so no text
 * can freeze the page.
 */
import type { ReactNode } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { boundMarkdown, PLAIN_TEXT_NOTES } from "~/domain/markdown-bounds";
import { slugify } from "~/domain/resources/guides";

/** A node's text, for a heading's anchor. */
const textOf = (node: ReactNode): string =>
  typeof node === "string" || typeof node === "number"
    ? String(node)
    : Array.isArray(node)
      ? node.map(textOf).join("")
      : node && typeof node === "object" && "props" in node
        ? textOf((node.props as { children?: ReactNode }).children)
        : "";

export function Markdown(props: {
  children: string;
  /** Headings get ids (a guide's contents). */ anchors?: boolean;
}) {
  const { markdown, plain, limit } = boundMarkdown(props.children);
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        components={{
          ...(props.anchors && {
            h2: ({ node: _node, children, ...heading }) => (
              <h2 {...heading} id={slugify(textOf(children))}>
                {children}
              </h2>
            ),
            h3: ({ node: _node, children, ...heading }) => (
              <h3 {...heading} id={slugify(textOf(children))}>
                {children}
              </h3>
            ),
          }),
          // react-markdown's urlTransform empties an unsafe href (javascript:, data:, vbscript:):
          // such a link is shown as its text, not as an anchor that would open this page again.
          a: ({ node: _node, href, children, ...link }) =>
            href ? (
              <a {...link} href={href} target="_blank" rel="noopener noreferrer">
                {children}
              </a>
            ) : (
              <>{children}</>
            ),
        }}
      >
        {markdown}
      </ReactMarkdown>
      {limit && (
        <>
          <p className="text-xs text-muted" role="note">
            {PLAIN_TEXT_NOTES[limit]}
          </p>
          <div className="whitespace-pre-wrap break-words">{plain}</div>
        </>
      )}
    </div>
  );
}
