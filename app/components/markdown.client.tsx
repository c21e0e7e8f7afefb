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
          a: ({ node: _node, ...link }) => (
            <a {...link} target="_blank" rel="noopener noreferrer" />
          ),
        }}
      >
        {props.children}
      </ReactMarkdown>
    </div>
  );
}
