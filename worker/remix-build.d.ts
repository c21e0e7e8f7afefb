// The Remix server build, aliased in wrangler.toml and the test configs to build/server.
declare module "ai42:server-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
