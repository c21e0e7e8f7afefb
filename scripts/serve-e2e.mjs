// The servers the browser tests drive: the built Worker under `wrangler dev` with fresh local D1
// and KV (in .wrangler/e2e-<port>, so runs on other ports keep apart), every run starting from an
// empty database, its AI providers pointed at the local fake OpenAI-compatible server, its Google
// account at the local fake Google and its geocoder and tiles at the local fake maps server; and a
// second Worker with no AI keys and no map services, for the screens that must say what to
// configure.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startEmailServer } from "../tests/fakes/email-server.mjs";
import { startFakeGoogle } from "../tests/fakes/google-server.mjs";
import { fakeMapsVars, startFakeMaps } from "../tests/fakes/maps-server.mjs";
import { startFakeOpenAI } from "../tests/fakes/openai-server.mjs";
import { applyMigrations, buildUnlessPresent, ensureDevVars, ROOT, startWrangler } from "./lib.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
const barePort = Number(process.env.E2E_BARE_PORT ?? 8789);
const fakePort = Number(process.env.E2E_FAKE_OPENAI_PORT ?? 8791);
const fakeGooglePort = Number(process.env.E2E_FAKE_GOOGLE_PORT ?? 8793);
const fakeMapsPort = Number(process.env.E2E_FAKE_MAPS_PORT ?? 8795);
const fakeEmailPort = Number(process.env.E2E_FAKE_EMAIL_PORT ?? 8796);

ensureDevVars();
buildUnlessPresent();
const fresh = (name) => {
  const persistTo = join(ROOT, ".wrangler", name);
  rmSync(persistTo, { recursive: true, force: true });
  applyMigrations(persistTo);
  return persistTo;
};

const fake = await startFakeOpenAI({ port: fakePort, paceMs: 40 });
const google = await startFakeGoogle({ port: fakeGooglePort });
const maps = await startFakeMaps({ port: fakeMapsPort });
const email = await startEmailServer(fakeEmailPort);
const noKeys = {
  EMAIL_API_KEY: "",
  OPENAI_API_KEY: "",
  PERPLEXITY_API_KEY: "",
  GOOGLE_CLIENT_ID: "",
  GOOGLE_CLIENT_SECRET: "",
  GEOCODER_URL: "",
  MAP_TILE_URL: "",
  ROUTING_URL: "",
};
const bare = await startWrangler({
  port: barePort,
  persistTo: fresh(`e2e-bare-${barePort}`),
  vars: noKeys,
});
const child = await startWrangler({
  port,
  persistTo: fresh(`e2e-${port}`),
  vars: {
    ...noKeys,
    OPENAI_API_KEY: "e2e-openai-key",
    OPENAI_BASE_URL: `${fake.url}/v1`,
    PERPLEXITY_API_KEY: "e2e-perplexity-key",
    PERPLEXITY_BASE_URL: `${fake.url}/perplexity`,
    GOOGLE_CLIENT_ID: "e2e-client.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "e2e-client-secret",
    GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${google.url}/token`,
    GOOGLE_API_BASE_URL: google.url,
    // Looked-up addresses and tiles from the fake; no road service: the figures are estimates.
    ...fakeMapsVars(maps.url),
    // Notification e-mails to the fake provider (its outbox: /outbox), with links to this server.
    EMAIL_API_KEY: "e2e-email-key",
    EMAIL_API_URL: `${email.url}/emails`,
    APP_URL: `http://127.0.0.1:${port}`,
  },
});
console.log(`e2e servers ready on http://127.0.0.1:${port} (no AI keys: ${barePort})`);
const stop = () => {
  bare.kill("SIGTERM");
  child.kill("SIGTERM");
  for (const server of [fake.server, google.server, maps.server, email.server]) {
    server.closeAllConnections();
    server.close();
  }
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
for (const server of [child, bare])
  server.on("exit", (code) => {
    stop();
    process.exit(code ?? 0);
  });
