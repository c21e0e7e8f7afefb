import { createServer, type IncomingMessage, type Server } from "node:http";
import { configureApi } from "~/lib/api/client";

export interface Answer {
  status: number;
  body?: unknown;
  contentType?: string;
}
export type Handler = (request: IncomingMessage & { body: string }) => Answer;

/**
 * A small local HTTP server that answers the browser client the way a deployment can, and points
 * the client at it. `handle` is replaced per test.
 */
export async function startLocalApi() {
  const state: { handle: Handler; requests: { method: string; url: string; body: string }[] } = {
    handle: () => ({ status: 404, body: {} }),
    requests: [],
  };
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      state.requests.push({ method: request.method!, url: request.url!, body });
      const answer = state.handle(Object.assign(request, { body }));
      response.writeHead(answer.status, {
        "Content-Type": answer.contentType ?? "application/json",
      });
      response.end(
        typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {}),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/api`;
  configureApi({ baseUrl });
  return {
    state,
    baseUrl,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
