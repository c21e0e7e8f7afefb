/** Tests that run inside workerd against real local D1 and KV (see tests/worker). */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

function freePort() {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

process.env.FAKE_EMAIL_PORT ??= String(await freePort());
const fakeEmailUrl = `http://127.0.0.1:${process.env.FAKE_EMAIL_PORT}`;
process.env.FAKE_OPENAI_PORT ??= String(await freePort());
const fakeOpenAiUrl = `http://127.0.0.1:${process.env.FAKE_OPENAI_PORT}`;
process.env.FAKE_GOOGLE_PORT ??= String(await freePort());
const fakeGoogleUrl = `http://127.0.0.1:${process.env.FAKE_GOOGLE_PORT}`;
process.env.FAKE_MAPS_PORT ??= String(await freePort());
const fakeMapsUrl = `http://127.0.0.1:${process.env.FAKE_MAPS_PORT}`;

/**
 * `import bytes from "…/file.xlsx?base64"`: a fixture's exact bytes inside workerd, which has no
 * file system (`?raw` would read a Windows-1252 or .xlsx file as UTF-8 and change it).
 */
const base64Fixtures = {
  name: "base64-fixtures",
  // Before Vite's own asset handling, which would answer a .pdf with its URL.
  enforce: "pre" as const,
  load(id: string) {
    if (!id.endsWith("?base64")) return null;
    const bytes = readFileSync(id.slice(0, -"?base64".length));
    return `export default ${JSON.stringify(bytes.toString("base64"))};`;
  },
};

export default defineConfig({
  plugins: [
    base64Fixtures,
    cloudflareTest(async () => ({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          JWT_SECRET: "test-secret-for-workerd-tests-only",
          EMAIL_API_KEY: "test-email-key",
          // Reset links point at the tests' ORIGIN: a Worker that sends e-mail makes none without it.
          APP_URL: "http://example.com",
          EMAIL_API_URL: `${fakeEmailUrl}/emails`,
          FAKE_EMAIL_URL: fakeEmailUrl,
          OPENAI_API_KEY: "test-openai-key",
          OPENAI_BASE_URL: `${fakeOpenAiUrl}/v1`,
          PERPLEXITY_API_KEY: "test-perplexity-key",
          PERPLEXITY_BASE_URL: `${fakeOpenAiUrl}/perplexity`,
          FAKE_OPENAI_URL: fakeOpenAiUrl,
          TOKEN_ENCRYPTION_KEY: "test-token-encryption-key-for-workerd-tests",
          GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
          GOOGLE_CLIENT_SECRET: "test-client-secret",
          GOOGLE_AUTH_URL: `${fakeGoogleUrl}/o/oauth2/v2/auth`,
          GOOGLE_TOKEN_URL: `${fakeGoogleUrl}/token`,
          GOOGLE_API_BASE_URL: fakeGoogleUrl,
          FAKE_GOOGLE_URL: fakeGoogleUrl,
          // The geocoder and tiles; no road service (ROUTING_URL): the tests call it directly.
          GEOCODER_URL: `${fakeMapsUrl}/search`,
          MAP_TILE_URL: `${fakeMapsUrl}/tiles/{z}/{x}/{y}.png`,
          FAKE_MAPS_URL: fakeMapsUrl,
          // Short enough for the timeout test; production waits 60 s for headers.
          AI_TIMEOUT_MS: "1500",
          TEST_MIGRATIONS: await readD1Migrations(path("./migrations")),
        },
        // The text extractor Worker (workers/extract) as `npm run build` bundles it, bound as
        // EXTRACT (wrangler.toml) and reading the same local R2 bucket. An auxiliary Worker of the
        // tests' own workerd, unlike `npm start`'s process of its own: here its bounds (deadline,
        // pages read lazily, bytes inflated counted) are what keep a hostile file short.
        workers: [
          {
            name: "ai42-extract",
            modules: true,
            scriptPath: path("./build/extract/index.js"),
            compatibilityDate: "2026-04-20",
            compatibilityFlags: ["nodejs_compat"],
            r2Buckets: { FILES: "ai42-files" },
          },
        ],
      },
    })),
  ],
  resolve: {
    alias: {
      "ai42:server-build": path("./build/server/index.js"),
      // Remix's CommonJS entry points resolve to ESM builds in this pool and fail to load.
      "@remix-run/server-runtime": path("./node_modules/@remix-run/server-runtime/dist/index.js"),
      "@remix-run/router": path("./node_modules/@remix-run/router/dist/router.cjs.js"),
      // Google's logging helper requires "node:process", which this pool cannot resolve (workerd
      // has it under nodejs_compat, and `wrangler dev`/`deploy` bundle it): the same object here.
      "node:process": path("./tests/worker/node-process.cjs"),
      // As in the Worker bundle (wrangler.toml [alias]): the MCP SDK's ajv is never used.
      ajv: path("./worker/mcp/ajv-unused.ts"),
      "ajv-formats": path("./worker/mcp/ajv-unused.ts"),
    },
  },
  test: {
    include: ["tests/worker/**/*.test.ts"],
    // Sign-in tests hash passwords with scrypt (~0.3 s each) a dozen times in a row.
    testTimeout: 20_000,
    setupFiles: ["./tests/worker/setup.ts"],
    globalSetup: ["./tests/worker/global-setup.ts"],
  },
});
