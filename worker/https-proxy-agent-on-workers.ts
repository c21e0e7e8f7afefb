/**
 * Stands in for `https-proxy-agent` in the Worker bundle (see the `[alias]` in wrangler.toml).
 * gaxios (under Google's client libraries) loads it only when an HTTPS_PROXY is set, to give
 * Node's http module an agent; a Worker has neither the variable nor the module, and fetch goes
 * out directly. With its agent-base, debug and ms it would be ~5 KB gzip of the budget.
 */
export class HttpsProxyAgent {
  constructor() {
    throw new Error(
      "A proxy agent is not available in a Cloudflare Worker: fetch goes out directly",
    );
  }
}
