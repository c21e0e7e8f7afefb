/**
 * Browser-only (`.client`): Remix leaves this module out of the Worker, which never renders
 * markdown (previews and answers render after user actions), saving ~250 KB of the server bundle.
 *
 * Markdown as React elements (react-markdown: raw HTML is never rendered, so user and AI text
 * cannot inject markup), with GitHub tables, task lists and strikethrough.
 */
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

export function Markdown(props: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        components={{
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
        {props.children}
      </ReactMarkdown>
    </div>
  );
}
