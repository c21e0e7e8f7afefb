/**
 * A local stand-in for the e-mail HTTP API (Resend's wire format: `POST /emails` with a bearer
 * key and `{from, to, subject, text}`). It keeps what it receives; `GET /outbox` lists it.
 */
import { createServer, type Server } from "node:http";

export interface ReceivedEmail {
  authorization: string | undefined;
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export function startEmailServer(port = 0): Promise<{ server: Server; url: string }> {
  const outbox: ReceivedEmail[] = [];
  const server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method === "GET" && request.url === "/outbox") return reply(200, outbox);
    if (request.method !== "POST" || request.url !== "/emails")
      return reply(404, { message: "Not found" });
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      const email = JSON.parse(body) as Omit<ReceivedEmail, "authorization">;
      if (!email.to?.length || !email.subject)
        return reply(422, { message: "Missing to or subject" });
      outbox.push({ ...email, authorization: request.headers.authorization });
      reply(200, { id: `email_${outbox.length}` });
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
