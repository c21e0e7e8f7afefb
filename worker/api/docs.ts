/**
 * A readable, self-contained page for the OpenAPI document: no scripts, nothing from another
 * origin, so it works offline and under the strict CSP.
 */
interface Operation {
  summary?: string;
  description?: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
  security?: unknown[];
}

const escape = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!,
  );

export function renderDocsPage(document: {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, object>;
}) {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => {
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      const responses = Object.entries(operation.responses ?? {})
        .map(
          ([status, response]) => `<li><b>${status}</b> ${escape(response.description ?? "")}</li>`,
        )
        .join("");
      return `<section>
  <h2><span class="m ${method}">${method.toUpperCase()}</span> <code>/api${escape(path)}</code>${operation.security?.length ? ' <span class="lock">bearer token</span>' : ""}</h2>
  <p>${escape(operation.summary ?? "")}</p>${operation.description ? `<p class="d">${escape(operation.description)}</p>` : ""}
  ${schema ? `<details><summary>Request body</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>` : ""}
  <ul>${responses}</ul>
</section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(document.info.title)} — API</title>
<style>
body{margin:0;background:#0b0f17;color:#e5e7eb;font:15px/1.5 system-ui,sans-serif}main{max-width:960px;margin:0 auto;padding:32px 20px}
a{color:#818cf8}section{border:1px solid #1f2937;border-radius:12px;padding:4px 20px 12px;margin:16px 0;background:#111827}
h2{font-size:16px;display:flex;gap:10px;align-items:center;flex-wrap:wrap}code{font-size:15px}.m{font-size:12px;padding:2px 8px;border-radius:6px;background:#374151}
.get{background:#065f46}.post{background:#1e3a8a}.put{background:#78350f}.delete{background:#7f1d1d}.lock{font-size:12px;color:#9ca3af;font-weight:400}
pre{background:#0b0f17;padding:12px;border-radius:8px;overflow:auto;font-size:12px}.d{color:#9ca3af}ul{padding-left:20px;color:#d1d5db}
</style></head><body><main>
<h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1>
<p>${escape(document.info.description ?? "")}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${operations.join("\n")}
</main></body></html>`;
}
