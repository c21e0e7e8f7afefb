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

/** Sheriff sales at "<n> <word> Ave" on April 6 + n, 2027 (10:00 in Ohio), the first `won` won. */
async function bidding(account: Account, word: string, count: number, won = 0) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await account.post("/auctions", {
      saleType: i < won ? "tax" : "sheriff",
      status: i < won ? "won" : "upcoming",
      saleAt: `2027-04-${String(6 + i).padStart(2, "0")}T10:00:00-04:00`,
      address: `${i + 1} ${word} Ave`,
      state: "OH",
    });
    expect(response.status()).toBe(201);
    ids.push((await response.json()).data.id as string);
  }
  return ids;
}

test("Auctions shows the list, the month and an auction its URL asks for without JavaScript", async ({
  page,
  account,
}) => {
  const [first] = await bidding(account, "Aspen", 3, 1);
  const table = page.getByRole("table", { name: "Auctions" });
  await page.goto(modulePath("auction"));
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table).toContainText("2 Aspen Ave");

  await page.goto(modulePath("auction", { status: "won" }));
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("1 Aspen Ave");
  await expect(page.getByLabel("Filter by status")).toHaveValue("won");

  await page.goto(modulePath("auction", { view: "calendar", month: "2027-04" }));
  await expect(page.getByRole("heading", { name: "April 2027" })).toBeVisible();
  await expect(page.locator('td[data-date="2027-04-07"]')).toContainText(
    "Sheriff sale: 2 Aspen Ave",
  );

  await page.goto(modulePath("auction", { auction: first }));
  await expect(page.getByRole("heading", { name: "1 Aspen Ave" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Status history" })).toContainText("Added as won");
});

test.describe("Auctions with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("keeps the list's filters and the month in the URL, read by the page, not the API", async ({
    page,
    account,
  }) => {
    const [first] = await bidding(account, "Hazel", 3, 1);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET") asked.push(new URL(request.url()).pathname);
    });
    const read = () =>
      asked.filter(
        (path) =>
          path === "/api/auctions" ||
          path === `/api/auctions/${first}` ||
          path.startsWith("/api/calendar/events"),
      );
    await openApp(page, modulePath("auction"));
    const table = page.getByRole("table", { name: "Auctions" });
    await expect(table.getByRole("row")).toHaveCount(4);

    await page.getByLabel("Filter by sale type").selectOption("sheriff");
    await expect(page).toHaveURL(/[?&]saleType=sheriff/);
    await expect(table.getByRole("row")).toHaveCount(3);
    await page.getByLabel("Sales from").fill("2027-04-08");
    await expect(page).toHaveURL(/[?&]from=2027-04-08/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText("3 Hazel Ave");
    await page.getByLabel("Search auctions").fill("3 hazel");
    await expect(page).toHaveURL(/[?&]q=3\+hazel/);

    await page.reload();
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await expect(page.getByLabel("Filter by sale type")).toHaveValue("sheriff");
    await expect(page.getByLabel("Sales from")).toHaveValue("2027-04-08");
    await expect(page.getByLabel("Search auctions")).toHaveValue("3 hazel");
    await expect(table.getByRole("row")).toHaveCount(2);
    await page.goBack();
    await expect(page.getByLabel("Sales from")).toHaveValue("");
    await expect(table.getByRole("row")).toHaveCount(3);

    await openApp(page, modulePath("auction", { view: "calendar", month: "2027-04" }));
    await expect(page.locator('td[data-date="2027-04-08"]')).toContainText(
      "Sheriff sale: 3 Hazel Ave",
    );
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page).toHaveURL(/[?&]month=2027-05/);
    await expect(page.getByRole("heading", { name: "May 2027" })).toBeVisible();
    await expect(page.getByText("No sales or deposit deadlines in May 2027.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "May 2027" })).toBeVisible();

    await openApp(page, modulePath("auction", { auction: first }));
    await expect(page.getByRole("heading", { name: "1 Hazel Ave" })).toBeVisible();
    await page.getByRole("button", { name: "Change status" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Status").selectOption("lost");
    await dialog.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("list", { name: "Status history" })).toContainText("Lost");
    // Each screen came in its page; only the status change (a PUT) went to the API.
    expect(read()).toEqual([]);
  });
});

/** An event of AI42's calendar, "<word> walkthrough", on April 6, 2027 at 2 PM UTC. */
async function walkthrough(account: Account, word: string) {
  const response = await account.post("/calendar/events", {
    summary: `${word} walkthrough`,
    kind: "showing",
    start: { dateTime: "2027-04-06T14:00:00Z" },
    end: { dateTime: "2027-04-06T15:00:00Z" },
  });
  expect(response.status()).toBe(201);
}

test("Calendar lists the events of the range its URL names without JavaScript", async ({
  page,
  account,
}) => {
  await walkthrough(account, "Aspen");
  await page.goto(modulePath("calendar", { date: "2027-04-01" }));
  await expect(page.getByRole("list", { name: "Events in this range" })).toContainText(
    "Aspen walkthrough",
  );
  await page.goto(modulePath("calendar", { view: "day", date: "2027-04-07" }));
  await expect(page.getByText("No events in this range")).toBeVisible();
});

test.describe("Calendar with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("shows the range its URL names from the page, not the API, and a reload keeps it", async ({
    page,
    account,
  }) => {
    await walkthrough(account, "Hazel");
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await openApp(page, modulePath("calendar", { date: "2027-04-01" }));
    await expect(page.getByRole("heading", { level: 2, name: "April 2027" })).toBeVisible();
    await expect(page.locator('.fc-daygrid-day[data-date="2027-04-06"]')).toContainText(
      "Hazel walkthrough",
    );
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page).toHaveURL(/[?&]date=2027-05-01/);
    await expect(page.getByText("No events in this range")).toBeVisible();
    await page.reload();
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await expect(page.getByRole("heading", { level: 2, name: "May 2027" })).toBeVisible();
    await page.getByRole("button", { name: "Previous month" }).click();
    await expect(page.locator('.fc-daygrid-day[data-date="2027-04-06"]')).toContainText(
      "Hazel walkthrough",
    );
    expect(asked.filter((path) => path.startsWith("/api/calendar/events"))).toEqual([]);
  });
});
