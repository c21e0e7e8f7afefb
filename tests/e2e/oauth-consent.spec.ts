/**
 * An AI client (here "Claude Desktop", registered as a remote MCP connector registers itself) sends
 * a signed-out investor to AI42's consent page; AI42's own sign-in brings them back to it; they
 * allow read only, and the client gets a code, then a token that works at /mcp. The page names the
 * client and where access goes, reads well on a phone, and passes axe.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, newUser, openApp, test, registerThroughApi } from "./fixtures";
import { REDIRECT_URI, startConnecting } from "./oauth-client";

test("a signed-out investor signs in on the way, allows read only, and the client's token works at /mcp", async ({
  page,
  request,
  baseURL,
}) => {
  const user = newUser();
  expect((await request.post("/api/auth/register", { data: user })).status()).toBe(202);
  const { clientId, verifier, path } = await startConnecting(request, baseURL!);
  // The client's own callback (a local app): answered here, as the app would.
  await page.route(`${REDIRECT_URI}**`, (route) =>
    route.fulfill({ contentType: "text/plain", body: "Connected: you can close this tab." }),
  );

  await openApp(page, path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();

  await expect(
    page.getByRole("heading", { name: "Allow Claude Desktop to use your AI42?" }),
  ).toBeVisible();
  await expect(page.getByText("Access will be sent to 127.0.0.1")).toBeVisible();
  await expect(page.getByRole("note")).toContainText("an app on your computer");
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  // The client asked for write too: that is what is offered first; the investor lowers it.
  await expect(page.getByRole("radio", { name: /Read and write/ })).toBeChecked();
  await page.getByRole("radio", { name: /Read only/ }).check();
  await page.getByRole("button", { name: "Allow" }).click();

  await expect(page.getByText("Connected: you can close this tab.")).toBeVisible();
  const back = new URL(page.url());
  expect(back.searchParams.get("state")).toBe("from-claude");
  const token = await request.post("/oauth/token", {
    form: {
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: verifier,
      resource: `${baseURL}/mcp`,
    },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken, scope } = await token.json();
  expect(scope).toBe("read");

  const tools = await request.post("/mcp", {
    headers: {
      Authorization: `Bearer ${accessToken}`,
      Accept: "application/json, text/event-stream",
    },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  });
  expect(tools.status()).toBe(200);
  const names = (await tools.json()).result.tools.map((tool: { name: string }) => tool.name);
  expect(names).toContain("search_properties");
  expect(names).not.toContain("create_project");
});

test("the consent page reads on a phone, passes axe, and a denial goes back to the client", async ({
  page,
  request,
  baseURL,
}) => {
  const user = newUser();
  await registerThroughApi(page, user);
  const { path } = await startConnecting(request, baseURL!);
  await page.route(`${REDIRECT_URI}**`, (route) => route.fulfill({ body: "back" }));
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(path);

  await expect(page.getByRole("button", { name: "Deny" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("consent-375.png"), fullPage: true });

  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByText("back")).toBeVisible();
  const back = new URL(page.url());
  expect(back.searchParams.get("error")).toBe("access_denied");
  expect(back.searchParams.get("state")).toBe("from-claude");
});
