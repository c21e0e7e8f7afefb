import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "./lib/nonce";
import { PageStylesProvider } from "./lib/page-styles";
import { PAGE_STYLES } from "./lib/page-styles.server";
import { holdScriptsUntilPaint } from "./lib/scripts-after-paint.server";
import {
  createNonce,
  FORM_ACTION_HEADER,
  pageContentSecurityPolicy,
} from "../worker/security-headers";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <PageStylesProvider value={PAGE_STYLES}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </PageStylesProvider>
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        if (!request.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The other security headers are the Worker's (worker/index.ts); the CSP needs this nonce.
  const formTarget = responseHeaders.get(FORM_ACTION_HEADER);
  responseHeaders.delete(FORM_ACTION_HEADER);
  responseHeaders.set(
    "Content-Security-Policy",
    pageContentSecurityPolicy(nonce, loadContext.cloudflare.env, import.meta.env.DEV, formTarget),
  );
  const html = import.meta.env.DEV ? body : body.pipeThrough(holdScriptsUntilPaint());
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
