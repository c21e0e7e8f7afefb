/**
 * Module pages rendered with their data (issue 28), in a browser with JavaScript turned off: the
 * first screen is in the HTML the server sends, not fetched after hydration.
 */
import { modulePath } from "../../app/domain/modules";
import { expect, openApp, test, type Account } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("the dashboard shows its figures and cards without JavaScript", async ({ page, account }) => {
  for (const name of ["Maple duplex", "Birch flip"])
    await account.post("/projects", { name, status: "under_contract", budget: 40000 });
  await account.post("/data/entries", { title: "Maple duplex offer notes" });

  await page.goto("/home");
  await expect(
    page.getByRole("heading", { level: 1, name: `Welcome, ${account.first_name}` }),
  ).toBeVisible();
  const figures = page.getByRole("list", { name: "Workspace figures" });
  await expect(figures.getByRole("listitem").filter({ hasText: "Project budgets" })).toContainText(
    "$80,000",
  );
  await expect(figures.getByRole("listitem").filter({ hasText: /^Projects/ })).toContainText("2");
  await expect(page.getByTestId("pipeline-under_contract")).toHaveText("2");
  await expect(
    page.getByTestId("card-recent").getByRole("list", { name: "Recent documents" }),
  ).toContainText("Maple duplex offer notes");
  await expect(page.getByTestId("card-follow-ups")).toContainText("No follow-up due");
});

/** Properties at "<n> <word> St": the first `offers` of them offers made, the rest analyzed. */
async function weighing(account: Account, word: string, count: number, offers = 0) {
  const rows = Array.from({ length: count }, (_, i) => ({
    address: `${i + 1} ${word} St`,
    city: "Dayton",
    state: "OH",
    status: i < offers ? "offer_made" : "analyzing",
  }));
  expect((await account.post("/data/properties", rows)).status()).toBe(200);
}

test("Possible Investments shows the properties its URL asks for without JavaScript", async ({
  page,
  account,
}) => {
  await weighing(account, "Alder", 3, 1);
  const table = page.getByRole("table", { name: "Properties" });
  await page.goto(modulePath("possible-investments"));
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table).toContainText("2 Alder St");

  await page.goto(modulePath("possible-investments", { status: "offer_made" }));
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("1 Alder St");
  await expect(page.getByLabel("Filter by pipeline status")).toHaveValue("offer_made");
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("the dashboard asks the API nothing its HTML holds, and reads again on coming back", async ({
    page,
    account,
  }) => {
    await account.post("/projects", { name: "Cedar lot", status: "prospecting" });
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await openApp(page, "/home");
    await expect(page.getByTestId("pipeline-prospecting")).toHaveText("1");
    expect(asked.filter((path) => /^\/api\/(dashboard|projects\/stats)/.test(path))).toEqual([]);

    await account.post("/projects", { name: "Aspen lot", status: "prospecting" });
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: /Project Hub/ }).click();
    await expect(page).toHaveURL(/\/project-hub/);
    await sidebar.getByRole("link", { name: /Dashboard/ }).click();
    await expect(page.getByTestId("pipeline-prospecting")).toHaveText("2");
  });

  test("a dashboard read that cannot reach the server says so, with a retry that reads it again", async ({
    page,
    account,
  }) => {
    await account.post("/projects", { name: "Cedar lot", status: "prospecting" });
    await openApp(page, "/project-hub");
    await page.route("**/home.data*", (route) => route.abort());
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: /Dashboard/ }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Failed to fetch the dashboard" });
    await expect(failure).toBeVisible();
    await expect(sidebar).toBeVisible();

    await page.unroute("**/home.data*");
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect(failure).toBeHidden();
    await expect(page.getByTestId("pipeline-prospecting")).toHaveText("1");
  });

  test("Possible Investments keeps its filters in the URL: the list follows them, and a reload keeps them", async ({
    page,
    account,
  }) => {
    await weighing(account, "Hazel", 4, 2);
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await openApp(page, modulePath("possible-investments"));
    const table = page.getByRole("table", { name: "Properties" });
    await expect(table.getByRole("row")).toHaveCount(5);
    expect(asked.filter((path) => path.startsWith("/api/data/properties"))).toEqual([]);

    await page.getByLabel("Filter by pipeline status").selectOption("offer_made");
    await expect(page).toHaveURL(/[?&]status=offer_made/);
    await expect(table.getByRole("row")).toHaveCount(3);
    await page.getByLabel("Search properties").fill("2 hazel");
    await expect(page).toHaveURL(/[?&]q=2\+hazel/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText("2 Hazel St");

    // Typing replaced the filter's entry: Back is the list as it was, Forward the search again.
    await page.goBack();
    await expect(page.getByLabel("Filter by pipeline status")).toHaveValue("");
    await expect(page.getByLabel("Search properties")).toHaveValue("");
    await expect(table.getByRole("row")).toHaveCount(5);
    await page.goForward();
    await expect(page.getByLabel("Search properties")).toHaveValue("2 hazel");
    await expect(table.getByRole("row")).toHaveCount(2);

    await page.reload();
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await expect(page.getByLabel("Search properties")).toHaveValue("2 hazel");
    await expect(page.getByLabel("Filter by pipeline status")).toHaveValue("offer_made");
    await expect(table.getByRole("row")).toHaveCount(2);

    // A status change shows at once; read again, the filtered list lets the row go.
    await page.getByLabel("Pipeline status of 2 Hazel St").selectOption("under_contract");
    await expect(page.getByText("No property matches")).toBeVisible();
  });
});

/** A campaign "Spring mailer" with Maria Lopez (contacted) in it, Bo Li (new), and a lead bot Sam. */
async function marketing(account: Account) {
  const campaign = await account.post("/marketing/campaigns", {
    name: "Spring mailer",
    channel: "direct_mail",
  });
  expect(campaign.status()).toBe(201);
  const campaignId = ((await campaign.json()) as { data: { id: string } }).data.id;
  for (const lead of [
    { firstName: "Maria", lastName: "Lopez", status: "contacted", campaignId },
    { firstName: "Bo", lastName: "Li" },
  ])
    expect((await account.post("/marketing/leads", lead)).status()).toBe(201);
  const bot = await account.post("/marketing/bots", {
    name: "Sam",
    persona: "Warm and brief.",
    handOff: "Offer a call with the investor.",
    questions: [{ text: "What's your name?", field: "name" }],
  });
  expect(bot.status()).toBe(201);
}

test("Marketing shows its leads, campaigns, funnel and lead bots without JavaScript", async ({
  page,
  account,
}) => {
  await marketing(account);
  const rows = page.getByTestId("lead-row");
  await page.goto(modulePath("marketing"));
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("speed-to-lead")).toContainText("2 leads");
  await expect(rows.filter({ hasText: "Maria Lopez" })).toContainText("Spring mailer");

  await page.goto(modulePath("marketing", { status: "contacted" }));
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Maria Lopez");
  await expect(page.getByLabel("Filter by status")).toHaveValue("contacted");

  await page.goto(modulePath("marketing", { tab: "campaigns" }));
  await expect(page.getByTestId("campaign-card")).toContainText("Spring mailer");
  await page.goto(modulePath("marketing", { tab: "funnel" }));
  await expect(page.getByTestId("funnel-new")).toContainText("2");
  await expect(page.getByTestId("funnel-contacted")).toContainText(/1\s*50%/);
  await page.goto(modulePath("marketing", { tab: "bots" }));
  await expect(page.getByRole("list", { name: "Lead bots" })).toContainText("Sam");
});

test.describe("Marketing with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("Marketing keeps its tab and filters in the URL, asks the API nothing its HTML holds, and a reload keeps them", async ({
    page,
    account,
  }) => {
    await marketing(account);
    const read: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === "GET" && path.startsWith("/api/marketing")) read.push(path);
    });
    await openApp(page, modulePath("marketing"));
    const rows = page.getByTestId("lead-row");
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("speed-to-lead")).toContainText("2 leads");

    await page.getByLabel("Filter by status").selectOption("contacted");
    await expect(page).toHaveURL(/[?&]status=contacted/);
    await expect(rows).toHaveCount(1);
    await page.getByLabel("Search leads").fill("lopez");
    await expect(page).toHaveURL(/[?&]q=lopez/);
    await page.reload();
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await expect(page.getByLabel("Filter by status")).toHaveValue("contacted");
    await expect(page.getByLabel("Search leads")).toHaveValue("lopez");
    await expect(rows).toHaveCount(1);

    await page.getByRole("tab", { name: "Funnel" }).click();
    await expect(page).toHaveURL(/[?&]tab=funnel/);
    await expect(page.getByTestId("funnel-new")).toContainText("2");
    await page.goBack();
    await expect(page.getByRole("tab", { name: "Leads" })).toHaveAttribute("aria-selected", "true");
    await expect(rows).toHaveCount(1);
    await page.getByRole("tab", { name: "Lead bots" }).click();
    await expect(page.getByRole("list", { name: "Lead bots" })).toContainText("Sam");
    await page.goBack();
    expect(read).toEqual([]);

    // A status move shows at once; read again, the filtered list lets the lead go.
    await page.getByLabel("Status of Maria Lopez").selectOption("qualified");
    await expect(page.getByText("No lead matches")).toBeVisible();
  });
});

test("Connections shows the Google account, the providers and the usage without JavaScript", async ({
  page,
  account,
}) => {
  expect((await account.post("/data/entries", { title: "Oak St notes" })).status()).toBe(201);
  await page.goto(modulePath("connections"));
  const card = page.getByRole("region", { name: "Google" });
  await expect(card.getByText("Not connected")).toBeVisible();
  await expect(card.getByRole("button", { name: "Connect Google" })).toBeVisible();
  await expect(page.getByTestId("connection-openai")).toContainText("Configured");
  const usage = page.getByRole("region", { name: "Your usage" });
  await expect(usage.getByRole("progressbar", { name: "Storage" })).toHaveAttribute(
    "aria-valuetext",
    /^\d+ (B|KB) of 100 MB$/,
  );
  await expect(usage.getByText(/^Resets at 00:00 UTC, in \d+/)).toBeVisible();

  // How the connect flow ended, as Google's redirect names it, is said on the card.
  await page.goto(modulePath("connections", { google: "denied" }));
  await expect(card.getByRole("status")).toHaveText(
    "Google was not connected: the permission was declined.",
  );
});

test.describe("Connections with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("Connections asks the API nothing its HTML holds, and says once how the connect flow ended", async ({
    page,
    account,
  }) => {
    const read: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === "GET" && path.startsWith("/api/")) read.push(path);
    });
    await openApp(page, modulePath("connections", { google: "denied" }));
    await expect(
      page.getByText("Google was not connected: the permission was declined."),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/connections$/);
    const card = page.getByRole("region", { name: "Google" });
    await expect(card.getByText("Not connected")).toBeVisible();
    await expect(page.getByRole("region", { name: "Your usage" })).toBeVisible();
    await page.reload();
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await expect(card.getByText("Not connected")).toBeVisible();
    await expect(page.getByText("Google was not connected")).toBeHidden();
    expect(read.filter((path) => /^\/api\/(google\/status|ai\/status|usage)/.test(path))).toEqual(
      [],
    );
  });
});
