/**
 * Stands in for `ajv` and `ajv-formats` in the Worker bundle (see the `[alias]` in wrangler.toml).
 * The MCP SDK's Server imports them for the JSON Schema validator it checks elicitation answers
 * with; AI42 never elicits and gives the Server its own refusing validator (worker/mcp/server.ts),
 * so they would be ~35 KB gzip of dead code. Anything that reaches here fails loudly.
 */
export default class AjvUnused {
  constructor() {
    throw new Error("ajv is not in the AI42 Worker: nothing here validates JSON Schema with it");
  }
}
