// `npm run screenshots`: README pictures of the running product (desktop shell, mobile menu,
// login, the AI screens), taken in Debian's Chromium against a fresh local server with the demo
// account; the AI answers come from the local fake OpenAI-compatible server, the Google account
// from the local fake Google, and the map's tiles and roads from the local fake maps server
// (tests/fakes). `npm run screenshots -- import palette` takes only the pictures named (the file's
// name without `screenshot-` and `.png`; `screenshot.png` is `home`).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { startFakeGoogle } from "../tests/fakes/google-server.mjs";
import { fakeMapsVars, startFakeMaps } from "../tests/fakes/maps-server.mjs";
import { startFakeOpenAI } from "../tests/fakes/openai-server.mjs";
import { DEMO_ACCOUNT, seedDemoAccount } from "./demo-data.mjs";
import {
  applyMigrations,
  build,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureDevVars,
  ROOT,
  startWrangler,
} from "./lib.mjs";

const only = process.argv.slice(2);
/** Whether this run takes docs/<file>: every picture, unless some were named. */
const wanted = (file) =>
  !only.length || only.includes(file.replace(/^screenshot-?|\.png$/g, "") || "home");

const port = 8796;
const origin = `http://127.0.0.1:${port}`;
const persistTo = join(ROOT, ".wrangler", "screenshots");
ensureDevVars();
build();
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);
const fake = await startFakeOpenAI({ paceMs: 5 });
const google = await startFakeGoogle();
const maps = await startFakeMaps();
const server = await startWrangler({
  port,
  persistTo,
  quiet: true,
  vars: {
    OPENAI_API_KEY: "screenshots",
    OPENAI_BASE_URL: `${fake.url}/v1`,
    PERPLEXITY_API_KEY: "screenshots",
    PERPLEXITY_BASE_URL: `${fake.url}/perplexity`,
    GOOGLE_CLIENT_ID: "screenshots",
    GOOGLE_CLIENT_SECRET: "screenshots",
    GOOGLE_AUTH_URL: `${google.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${google.url}/token`,
    GOOGLE_API_BASE_URL: google.url,
    ...fakeMapsVars(maps.url, { roads: true }),
  },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const desktop = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await desktop.goto(`${origin}/home`);
  if (wanted("screenshot-login.png"))
    await desktop.screenshot({ path: join(ROOT, "docs", "screenshot-login.png") });
  await seedDemoAccount(origin);
  await desktop.request.post(`${origin}/api/auth/login`, { data: DEMO_ACCOUNT });
  const shoot = async (path, file, ready) => {
    if (!wanted(file)) return;
    await desktop.goto(`${origin}${path}`);
    await desktop.locator("[data-hydrated]").waitFor({ state: "attached" });
    await ready();
    await desktop.screenshot({ path: join(ROOT, "docs", file) });
  };
  // The dashboard's charts load as they scroll into view: the first screen is the figures' and the
  // cards' in view.
  await shoot("/home", "screenshot.png", async () => {
    await desktop.getByLabel("Workspace figures").waitFor();
    await desktop.waitForLoadState("networkidle");
  });
  await shoot("/possible-investments", "screenshot-investments.png", () =>
    desktop.getByRole("table", { name: "Properties" }).waitFor(),
  );
  await shoot("/possible-investments", "screenshot-analyzer.png", async () => {
    await desktop.getByRole("button", { name: "227 Linden Avenue", exact: true }).click();
    await desktop.getByRole("button", { name: "Linden Ave duplex BRRRR" }).click();
    const results = desktop.getByRole("region", { name: "Results" });
    await results.getByRole("button", { name: /^Cash left in deal/ }).click();
  });
  if (wanted("screenshot-import.png")) {
    // A window 1280 wide (the others are 1440), so the dialog fills most of the picture.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.context().addCookies(await desktop.context().cookies());
    await page.goto(`${origin}/possible-investments`);
    await page.locator("[data-hydrated]").waitFor({ state: "attached" });
    // Opened with the mouse, as a user does: no keyboard focus ring on the dialog's Close.
    await page.getByRole("button", { name: "Import properties", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import properties" });
    await dialog
      .getByLabel("File to import")
      .setInputFiles(join(ROOT, "tests", "fixtures", "imports", "redfin.csv"));
    await dialog.getByTestId("import-plan").waitFor();
    await dialog.getByRole("button", { name: /^Import \d+ properties$/ }).waitFor();
    await page.screenshot({ path: join(ROOT, "docs", "screenshot-import.png") });
    await page.close();
  }
  await shoot("/auction", "screenshot-auctions.png", () =>
    desktop.getByRole("table", { name: "Auctions" }).waitFor(),
  );
  await shoot("/auction", "screenshot-auction.png", async () => {
    await desktop.getByRole("button", { name: "3302 Riverside Drive", exact: true }).click();
    await desktop.getByTestId("max-bid").waitFor();
  });
  await shoot("/route-planner", "screenshot-route-planner.png", async () => {
    await desktop.getByRole("button", { name: "Dayton drive-bys", exact: true }).click();
    await desktop.getByRole("button", { name: "Optimise", exact: true }).click();
    await desktop.locator(".route-marker").first().waitFor();
    await desktop.locator(".leaflet-container").scrollIntoViewIfNeeded();
    await desktop.waitForTimeout(1000);
  });
  await shoot("/marketing?tab=funnel", "screenshot-marketing.png", () =>
    desktop.getByRole("img", { name: /^Lead funnel:/ }).waitFor(),
  );
  await shoot("/resources?tab=glossary&term=cap-rate", "screenshot-resources.png", () =>
    desktop.getByRole("listitem", { name: "Capitalization rate (cap rate)" }).waitFor(),
  );
  await shoot("/project-hub", "screenshot-project-hub.png", async () => {
    await desktop.getByRole("button", { name: /1418 Maple St flip/ }).click();
    await desktop.getByText("Maria Lopez").waitFor();
  });
  await shoot("/main-agent", "screenshot-main-agent.png", async () => {
    await desktop.getByRole("switch", { name: "Agent mode" }).check();
    const composer = desktop.getByLabel("Message the Main Agent");
    await composer.fill("How does my pipeline look?");
    await composer.press("Enter");
    await desktop.getByTestId("tool-call").waitFor();
    await desktop.getByRole("switch", { name: "Agent mode" }).uncheck();
    await composer.fill("What should I check before making an offer on a duplex?");
    await composer.press("Enter");
    await desktop.locator('[data-status="complete"]').nth(1).waitFor();
  });
  await shoot("/property-research", "screenshot-research.png", async () => {
    await desktop
      .getByLabel("What should we research?")
      .fill("227 Linden Avenue: is the BRRRR refinance realistic?");
    await desktop.getByRole("button", { name: "Research", exact: true }).click();
    await desktop.getByTestId("research-report").waitFor();
  });
  await shoot("/connections", "screenshot-connections.png", async () => {
    await desktop.getByRole("button", { name: "Connect Google" }).click();
    await desktop.getByTestId("inbox").getByRole("listitem").first().waitFor();
    await desktop.getByTestId("drive").getByRole("listitem").first().waitFor();
    // The toast about the connection would cover part of the picture.
    await desktop.waitForTimeout(4500);
  });
  if (wanted("screenshot-ai-clients.png")) {
    // A token an AI client holds, and a few of its calls in the log.
    const login = await desktop.request.post(`${origin}/api/auth/login`, {
      data: DEMO_ACCOUNT,
      headers: { Origin: origin },
    });
    const session = { Authorization: `Bearer ${(await login.json()).data.token}` };
    const made = await desktop.request.post(`${origin}/api/access-tokens`, {
      headers: session,
      data: { name: "Claude Desktop on my laptop", scope: "read", expires_in_days: 90 },
    });
    const client = {
      Authorization: `Bearer ${(await made.json()).data.token}`,
      Accept: "application/json, text/event-stream",
    };
    for (const [name, args] of [
      ["summarize_pipeline", {}],
      ["search_properties", { query: "Linden" }],
      ["create_project", { name: "Written by a read-only token" }],
    ]) {
      await desktop.request.post(`${origin}/mcp`, {
        headers: client,
        data: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
      });
    }
  }
  await shoot("/connections?section=ai-clients", "screenshot-ai-clients.png", () =>
    desktop.getByRole("heading", { name: "Activity" }).waitFor(),
  );
  await shoot("/calendar?view=week", "screenshot-calendar.png", () =>
    desktop.getByText("Walk-through at 1418 Maple St").first().waitFor(),
  );
  if (wanted("screenshot-palette.png")) {
    await desktop.goto(`${origin}/calendar?view=week`);
    await desktop.getByText("Walk-through at 1418 Maple St").first().waitFor();
    await desktop.locator("[data-hydrated]").waitFor({ state: "attached" });
    await desktop.keyboard.press("Control+k");
    await desktop.getByPlaceholder("Search commands...").fill("go to");
    await desktop.screenshot({ path: join(ROOT, "docs", "screenshot-palette.png") });
  }

  if (wanted("screenshot-mobile.png")) {
    const mobile = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await mobile.context().addCookies(await desktop.context().cookies());
    await mobile.goto(`${origin}/home`);
    await mobile.locator("[data-hydrated]").waitFor({ state: "attached" });
    // At the app's entry the menu drawer starts open (decision record 0020).
    await mobile.getByRole("button", { name: "Close menu" }).waitFor();
    await mobile.screenshot({ path: join(ROOT, "docs", "screenshot-mobile.png") });
  }
  console.log(`Wrote docs/screenshot*.png${only.length ? ` (${only.join(", ")})` : ""}`);
} finally {
  await browser.close();
  server.kill("SIGTERM");
  fake.server.close();
  google.server.close();
  maps.server.close();
}
process.exit(0);
