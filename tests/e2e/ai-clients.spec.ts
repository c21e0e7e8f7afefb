/**
 * AI clients on Connections in a browser: a personal access token made, its secret
 * shown once and copied, used against /api and /mcp within its scope, and revoked through the
 * confirm dialog; an app connected through the real OAuth consent and disconnected; the log of
 * what AI clients did, a page at a time; the empty states; the palette's entry and `section=`;
 * a phone's width and axe.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { modulePath } from "../../app/domain/modules";
import { personalWorkspaceName } from "../../app/domain/teams";
import { expect, openApp, test, type Account } from "./fixtures";
import { expectNoViolations } from "./axe";
import { REDIRECT_URI, startConnecting } from "./oauth-client";

const SECTION = modulePath("connections", { section: "ai-clients" });

const section = (page: Page) => page.getByRole("region", { name: "AI clients" });
const tokenList = (page: Page) => section(page).getByRole("list", { name: "Access tokens" });
const activity = (page: Page) => section(page).getByRole("list", { name: "AI client activity" });

/** Makes a token through the form and answers its secret, as the reveal panel shows it. */
async function makeToken(
  page: Page,
  name: string,
  options: { scope?: "Read only" | "Read and write"; expires?: string } = {},
) {
  await section(page).getByRole("button", { name: "New token" }).click();
  const form = section(page).getByRole("form", { name: "New access token" });
  await expect(form.getByLabel("Name")).toBeFocused();
  await form.getByLabel("Name").fill(name);
  if (options.scope) await form.getByRole("radio", { name: new RegExp(options.scope) }).check();
  if (options.expires) await form.getByLabel("Expires").selectOption({ label: options.expires });
  await form.getByRole("button", { name: "Make token" }).click();
  const secret = section(page).getByRole("textbox", { name: "New access token" });
  await expect(secret).toHaveValue(/^ai42_pat_/);
  return secret.inputValue();
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The writes the page sends to /api, as they happen: its changes go to its route's action. */
function apiWritesOf(page: Page) {
  const writes: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== "GET" && pathname.startsWith("/api/")) writes.push(pathname);
  });
  return writes;
}

/** One JSON-RPC call to /mcp with a token, as an MCP client makes it. */
async function callTool(request: APIRequestContext, token: string, name: string, args = {}) {
  const response = await request.post("/mcp", {
    headers: { ...bearer(token), Accept: "application/json, text/event-stream" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { result: { isError?: boolean } };
}

/** A token made through the API with the session, for the tests about something else. */
async function tokenThroughApi(account: Account, name: string, scope = "read") {
  const response = await account.post("/access-tokens", { name, scope, expires_in_days: 30 });
  expect(response.status()).toBe(201);
  return (await response.json()).data.token as string;
}

test("a token's secret is shown once and copies; it reads /api, its scope stops writes, and revoked it is refused", async ({
  page,
  request,
  account,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const writes = apiWritesOf(page);
  await openApp(page, SECTION);
  await expect(page.getByRole("heading", { name: "AI clients", level: 2 })).toBeFocused();
  await expect(section(page).getByText("No access tokens yet.")).toBeVisible();

  const secret = await makeToken(page, "Claude Desktop");
  await expect(
    section(page).getByText("Copy this token now: AI42 can't show it again."),
  ).toBeVisible();
  await section(page).getByRole("button", { name: "Copy the new token" }).click();
  await expect(section(page).getByRole("button", { name: "Copied the new token" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const row = tokenList(page).getByRole("listitem").filter({ hasText: "Claude Desktop" });
  await expect(row).toContainText("Read only");
  await expect(row).toContainText(`${secret.slice(0, "ai42_pat_".length + 4)}…`);
  await expect(row).toContainText("Never used");
  // Made in the workspace the page works in: the person's own.
  await expect(row).toContainText(
    `In ${personalWorkspaceName(account.first_name, account.last_name)}`,
  );
  await expect(row).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);
  await section(page).getByRole("button", { name: "Done" }).click();
  await expect(section(page).getByRole("textbox", { name: "New access token" })).toHaveCount(0);
  await expect(section(page).getByRole("button", { name: "New token" })).toBeFocused();
  await page.reload();
  expect(await page.content()).not.toContain(secret);

  // The token is the user on /api, reading only.
  const projects = await request.get("/api/projects", { headers: bearer(secret) });
  expect(projects.status()).toBe(200);
  const write = await request.post("/api/projects", {
    headers: bearer(secret),
    data: { name: "By a read token" },
  });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.code).toBe("INSUFFICIENT_SCOPE");
  // Managing access needs the user's own session.
  expect((await request.get("/api/access-tokens", { headers: bearer(secret) })).status()).toBe(403);

  await page.reload();
  await expect(row).toContainText("Last used just now");
  await row.getByRole("button", { name: "Revoke Claude Desktop" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke access token" });
  await expect(dialog).toContainText("“Claude Desktop” stops working at once");
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByText("Token revoked")).toBeVisible();
  await expect(section(page).getByText("No access tokens yet.")).toBeVisible();
  expect((await request.get("/api/projects", { headers: bearer(secret) })).status()).toBe(401);
  expect(writes).toEqual([]);
});

test("a read-and-write token without expiry writes; the form checks the name and shows the API's refusals", async ({
  page,
  request,
  account,
}) => {
  await openApp(page, SECTION);
  await section(page).getByRole("button", { name: "New token" }).click();
  const form = section(page).getByRole("form", { name: "New access token" });
  await expect(form.getByLabel("Expires")).toHaveValue("30");
  await form.getByRole("button", { name: "Make token" }).click();
  await expect(form.getByText("Required")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Name").fill("x".repeat(81));
  await form.getByRole("button", { name: "Make token" }).click();
  await expect(form.getByText("At most 80 characters")).toBeVisible();

  // What the page's action refuses is shown at its field: a name emptied on its way there.
  await page.route("**/connections.data*", (route) => {
    const sent = route.request();
    if (sent.method() !== "POST") return route.continue();
    return route.continue({ postData: sent.postData()!.replace('"Cursor"', '"  "') });
  });
  await form.getByLabel("Name").fill("Cursor");
  await form.getByRole("button", { name: "Make token" }).click();
  await expect(form.getByText("Name the token")).toBeVisible();
  await page.unroute("**/connections.data*");
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(section(page).getByRole("button", { name: "New token" })).toBeFocused();

  const secret = await makeToken(page, "Cursor", { scope: "Read and write", expires: "No expiry" });
  const row = tokenList(page).getByRole("listitem").filter({ hasText: "Cursor" });
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("No expiry");
  const created = await request.post("/api/projects", {
    headers: bearer(secret),
    data: { name: "Made by Cursor" },
  });
  expect(created.status()).toBe(201);
});

test("past the limit the form says why", async ({ page, account }) => {
  for (let i = 0; i < 50; i++) await tokenThroughApi(account, `Token ${i}`);
  await openApp(page, SECTION);
  await expect(tokenList(page).getByRole("listitem")).toHaveCount(50);
  await section(page).getByRole("button", { name: "New token" }).click();
  const form = section(page).getByRole("form", { name: "New access token" });
  await form.getByLabel("Name").fill("One too many");
  await form.getByRole("button", { name: "Make token" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "Failed to make the access token: You have 50 access tokens: revoke one you no longer use first",
  );
});

test("with nothing yet each list says so, and the MCP server's address copies", async ({
  page,
  baseURL,
  account,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await openApp(page, SECTION);
  await expect(section(page).getByText("No access tokens yet.")).toBeVisible();
  await expect(
    section(page).getByText(
      "No apps connected. Add AI42 to Claude, ChatGPT or Cursor with the URL above.",
    ),
  ).toBeVisible();
  await expect(section(page).getByText("No AI client has used AI42 yet.")).toBeVisible();
  const url = section(page).getByLabel("MCP server URL");
  await expect(url).toHaveValue(`${baseURL}/mcp`);
  await section(page).getByRole("button", { name: "Copy the MCP server URL" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/mcp`);
});

test("the log lists what AI clients did, failures with why, a page at a time", async ({
  page,
  request,
  account,
}) => {
  const reader = await tokenThroughApi(account, "Read-only script");
  const writer = await tokenThroughApi(account, "Claude Code", "read_write");
  // Refused for the scope before the rate limit counts them: 20 of them, then one that works.
  for (let i = 0; i < 20; i++) {
    expect((await callTool(request, reader, "create_project", { name: "No" })).result.isError).toBe(
      true,
    );
  }
  expect((await callTool(request, writer, "search_projects")).result.isError).toBeFalsy();

  await openApp(page, SECTION);
  const rows = activity(page).getByRole("listitem");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("search_projects (tool)");
  await expect(rows.first()).toContainText("via Claude Code (token)");
  await expect(rows.first()).toContainText("OK");
  await expect(rows.nth(1)).toContainText("create_project (tool)");
  await expect(rows.nth(1)).toContainText("via Read-only script (token)");
  await expect(rows.nth(1)).toContainText("Failed");
  await expect(rows.nth(1)).toContainText(
    "create_project changes data: this token has the read scope",
  );
  await expect(section(page).getByText("20 of 21")).toBeVisible();
  await section(page).getByRole("button", { name: "Show more" }).click();
  await expect(rows).toHaveCount(21);
  await expect(section(page).getByRole("button", { name: "Show more" })).toHaveCount(0);
  await expectNoViolations(page, "the AI clients with a log");
});

test("an app connected through the consent page is listed and disconnected", async ({
  page,
  request,
  baseURL,
  account,
}) => {
  const { path } = await startConnecting(request, baseURL!);
  await page.route(`${REDIRECT_URI}**`, (route) => route.fulfill({ body: "Connected" }));
  // The consent page is a plain form: no scripts to wait for.
  await page.goto(path);
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(`${REDIRECT_URI}**`);

  const writes = apiWritesOf(page);
  await openApp(page, SECTION);
  const apps = section(page).getByRole("list", { name: "Connected apps" });
  await expect(apps.getByRole("listitem")).toHaveCount(1);
  await expect(apps).toContainText("Claude Desktop");
  await expect(apps).toContainText("Read and write");
  await expect(apps).toContainText(/Connected \w{3} \d{1,2}, \d{4}/);
  await apps.getByRole("button", { name: "Disconnect Claude Desktop" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect app" });
  await expect(dialog).toContainText("“Claude Desktop” loses its access to AI42 at once");
  await dialog.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Claude Desktop is disconnected")).toBeVisible();
  await expect(section(page).getByText(/^No apps connected\./)).toBeVisible();
  await page.reload();
  await expect(section(page).getByText(/^No apps connected\./)).toBeVisible();
  expect(writes).toEqual([]);
});

test("the palette opens the section with its heading focused", async ({ page, account }) => {
  await openApp(page, modulePath("home"));
  await page.keyboard.press("Control+k");
  await page.getByPlaceholder("Search commands...").fill("access tokens");
  await expect(page.getByRole("option").first()).toContainText("AI clients and access tokens");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(SECTION);
  await expect(page.getByRole("heading", { name: "AI clients", level: 2 })).toBeFocused();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the section fits, with a token, its secret shown and the log", async ({
    page,
    request,
    account,
  }) => {
    const token = await tokenThroughApi(account, "A token with a rather long name for a phone");
    await callTool(request, token, "create_project", { name: "No" });
    await openApp(page, SECTION);
    // The section starts below the phone's sticky header, its heading in view and focused.
    const heading = page.getByRole("heading", { name: "AI clients", level: 2 });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    const header = (await page.getByRole("banner").boundingBox())!;
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await makeToken(page, "Phone");
    await expect(activity(page).getByRole("listitem")).toHaveCount(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoViolations(page, "the AI clients on a phone");
  });
});
