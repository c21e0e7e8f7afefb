import { fileURLToPath } from "node:url";
import {
  cloudflareDevProxyVitePlugin as remixCloudflareDevProxy,
  vitePlugin as remix,
} from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  plugins: [
    remixCloudflareDevProxy(),
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
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"] } },
  server: { host: "127.0.0.1", port: Number(process.env.PORT ?? 5173) },
}));
