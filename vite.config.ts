import { fileURLToPath } from "node:url";
import {
  cloudflareDevProxyVitePlugin as remixCloudflareDevProxy,
  vitePlugin as remix,
} from "@remix-run/dev";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import type { Env } from "./worker/env";
import { loadContext } from "./worker/load-context";
import { staticHeadersFile } from "./worker/security-headers";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** Writes the static files' `_headers` from the one definition of AI42's security headers. */
function staticHeaders(): Plugin {
  let outDir = "";
  let ssr = false;
  return {
    name: "ai42-static-headers",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!ssr) writeFileSync(join(outDir, "_headers"), staticHeadersFile());
    },
  };
}

/**
 * app/domain is pure: its modules define values and do nothing on import, all but validation.ts,
 * which sets zod's messages. Rollup is told so twice. A module none of whose values a page uses is
 * left out (`moduleSideEffects` below). And a value nobody uses is left out of a module that is
 * used: in the browser's build each top-level `const` that a call builds (a zod schema, a table)
 * is marked `@__PURE__`, which Rollup cannot prove by itself through zod. So a page that shows a
 * form's vocabulary downloads neither its schemas nor zod.
 */
function pureDomain(): Plugin {
  return {
    name: "ai42-pure-domain",
    apply: "build",
    transform(code, id, options) {
      if (options?.ssr || !id.includes("/app/domain/") || id.endsWith("/validation.ts"))
        return null;
      // esbuild has written the module as JavaScript: top-level statements start their line.
      const marked = code.replace(
        /^((?:export )?const [\w$]+ = )(?=[\w$.]+\()/gm,
        "$1/* @__PURE__ */ ",
      );
      return { code: marked, map: null };
    },
  };
}

/**
 * The server build leaves its dependencies to the Worker's bundler (wrangler's esbuild), which
 * drops a bare `import "jose"` of a package that declares no side effects and warns about each one
 * (ignored-bare-import), over a hundred at every `npm start`. Rollup writes such imports into a chunk
 * for every dependency of the chunks it imports ("hoisted transitive imports", so that a browser
 * fetches them sooner); in the server build they are only noise, so it does not.
 */
function noHoistedServerImports(): Plugin {
  let ssr = false;
  return {
    name: "ai42-no-hoisted-server-imports",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    outputOptions(options) {
      return ssr ? { ...options, hoistTransitiveImports: false } : null;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    // The same load context as the Worker's (worker/index.ts), page services included.
    remixCloudflareDevProxy<Env, IncomingRequestCfProperties>({
      getLoadContext: ({ request, context }) =>
        loadContext(context.cloudflare.env, context.cloudflare.ctx, request),
    }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
      // The Worker serves /api itself; the forwarding route exists for `vite dev` only.
      ignoredRouteFiles: command === "build" ? ["**/api.$.ts"] : [],
    }),
    tailwindcss(),
    staticHeaders(),
    pureDomain(),
    noHoistedServerImports(),
  ],
  build: {
    rollupOptions: {
      output: {
        // zod in a chunk of its own, not merged with the small helpers every page uses.
        manualChunks: (id) => (id.includes("/node_modules/zod/") ? "zod" : undefined),
      },
      treeshake: {
        // app/domain is pure (its modules define values and do nothing on import) but for
        // validation.ts, which sets zod's messages. Said so, a page that uses only a module's
        // vocabulary (workspace-terms.ts, re-exported by workspace.ts) does not download the
        // module's schemas, nor zod.
        moduleSideEffects: (id) => !id.includes("/app/domain/") || id.endsWith("/validation.ts"),
      },
      onwarn(warning, warn) {
        // Notes on dependencies' code and on routes with nothing for the browser (the index
        // redirect, robots.txt), which no change here could act on.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"] } },
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173) },
}));
