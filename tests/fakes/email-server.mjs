/**
 * A local stand-in for the e-mail HTTP API, in Resend's wire format: `POST /emails` with a bearer
 * key and `{ from, to, subject, text, html?, headers? }`, answered `{ id }`; an `Idempotency-Key`
 * header seen before answers the first send's id and sends nothing again (Resend keeps keys for
 * 24 hours); a body without `to` or `subject` is 422 `{ name, message, statusCode }`.
 *
 * What it "sent": `GET /outbox` (JSON) and `GET /` (a page to read them, newest first, so a
 * newcomer sees the daily brief offline); every request it was sent, repeats included:
 * `GET /requests` (recipients and Idempotency-Key), so a test can tell a second POST that the key
 * saved from none. For tests: any recipient containing "+fail" is refused
 * with 500, as a provider outage would be; one containing "+slow" is answered after 4 seconds;
 * `POST /__fake/reset` empties the outbox.
 *
 * Offline: `node tests/fakes/email-server.mjs 8796`, then in .dev.vars
 * `EMAIL_API_KEY=fake` and `EMAIL_API_URL=http://127.0.0.1:8796/emails`.
 */
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function outboxPage(outbox) {
  const items = [...outbox]
    .reverse()
    .map(
      (email) => `<article>
  <h2>${escape(email.subject)}</h2>
  <p class="meta">To ${escape(email.to.join(", "))} · from ${escape(email.from)} · ${escape(email.sentAt)}</p>
  ${Object.entries(email.headers ?? {})
    .map(([name, value]) => `<p class="meta">${escape(name)}: ${escape(value)}</p>`)
    .join("")}
  <pre>${escape(email.text ?? "").replace(/(https?:\/\/[^\s<>&]+)/g, '<a href="$1">$1</a>')}</pre>
</article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake e-mail outbox</title>
<style>body{font:15px system-ui;margin:2rem auto;max-width:50rem;padding:0 1rem;background:#111;color:#eee}
article{border:1px solid #333;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#aaa;margin:.2rem 0;font-size:13px}
pre{white-space:pre-wrap;font:14px/1.5 system-ui}a{color:#8ab4f8}</style></head>
<body><h1>Fake e-mail outbox (${outbox.length})</h1>
<p class="meta">What AI42 "sent" through this stand-in for Resend. Reload to see new ones.</p>
${items || "<p>Nothing sent yet.</p>"}</body></html>`;
}

/** How long a send to a recipient containing "+slow" takes, as a provider under load would. */
const SLOW_MS = 4000;

export function startEmailServer(port = 0) {
  const outbox = [];
  const requests = [];
  /** Idempotency-Key → the id its first send answered. */
  const sentKeys = new Map();
  const server = createServer((request, response) => {
    const reply = (status, body) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const path = new URL(request.url ?? "/", "http://fake").pathname;
    if (request.method === "GET" && path === "/outbox") return reply(200, outbox);
    if (request.method === "GET" && path === "/requests") return reply(200, requests);
    if (request.method === "GET" && path === "/") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return response.end(outboxPage(outbox));
    }
    if (request.method === "POST" && path === "/__fake/reset") {
      outbox.length = 0;
      requests.length = 0;
      sentKeys.clear();
      return reply(200, { ok: true });
    }
    if (request.method !== "POST" || path !== "/emails")
      return reply(404, { name: "not_found", message: "Not found", statusCode: 404 });
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      let email;
      try {
        email = JSON.parse(body);
      } catch {
        return reply(400, { name: "validation_error", message: "Invalid JSON", statusCode: 400 });
      }
      requests.push({ to: email.to ?? [], idempotencyKey: request.headers["idempotency-key"] });
      if (!email.to?.length || !email.subject)
        return reply(422, {
          name: "missing_required_field",
          message: "Missing `to` or `subject` field.",
          statusCode: 422,
        });
      if (email.to.some((to) => to.includes("+fail")))
        return reply(500, {
          name: "application_error",
          message: "Something went wrong while sending",
          statusCode: 500,
        });
      const send = () => {
        const key = request.headers["idempotency-key"];
        if (key && sentKeys.has(key)) return reply(200, { id: sentKeys.get(key) });
        const id = `email_${outbox.length + 1}`;
        if (key) sentKeys.set(key, id);
        outbox.push({
          ...email,
          id,
          idempotencyKey: key,
          authorization: request.headers.authorization,
          sentAt: new Date().toISOString(),
        });
        reply(200, { id });
      };
      if (email.to.some((to) => to.includes("+slow"))) setTimeout(send, SLOW_MS);
      else send();
    });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}` });
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startEmailServer(Number(process.argv[2] ?? 8796));
  console.log(
    `Fake e-mail provider (Resend's API) on ${url}; what it "sent": ${url}/\nIn .dev.vars:\n\nEMAIL_API_KEY=fake\nEMAIL_API_URL=${url}/emails`,
  );
}
