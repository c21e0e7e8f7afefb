/**
 * Module pages rendered with their data, in a browser with JavaScript turned off: the
 * first screen is in the HTML the server sends, not fetched after hydration. With JavaScript, the
 * page asks the API nothing its HTML (or the data streamed after it) holds.
 */
import type { Page } from "@playwright/test";
import {
  auctionPath,
  campaignPath,
  documentPath,
  modulePath,
  projectPath,
  researchPath,
  visitRoutePath,
} from "../../app/domain/modules";
import { expect, openApp, test, type Account } from "./fixtures";

test.use({ javaScriptEnabled: false });

/**
 * What the app asked the API at start before the pages' loaders read it: the entries store's
 * entries (spec §4), the calendar's events and calendars, Google's status, the auctions' calendar.
 */
const START_READS =
  /^\/api\/(data\/entries|calendar\/(events|calendars)|google\/status|auctions\/calendar)$/;

/**
 * Waits until the entries store (spec §4) holds `title` and has kept it under
 * project-hub-storage: the app has filled it at start, so a read it asked for is asked by now.
 */
async function expectEntryStored(page: Page, title: string) {
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("project-hub-storage")))
    .toContain(title);
}

/** An event of AI42's own calendar, `summary`, from now for an hour: today's. */
async function eventNow(account: Account, summary: string) {
  const response = await account.post("/calendar/events", {
    summary,
    calendarId: "local",
    start: { dateTime: new Date().toISOString() },
    end: { dateTime: new Date(Date.now() + 3_600_000).toISOString() },
  });
  expect(response.status()).toBe(201);
}

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
    await account.post("/data/entries", { title: "Cedar lot offer notes" });
    await eventNow(account, "Cedar lot walkthrough");
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await openApp(page, "/home");
    await expect(page.getByTestId("pipeline-prospecting")).toHaveText("1");
    await expect(page.getByRole("list", { name: "Today's events" })).toContainText(
      "Cedar lot walkthrough",
    );
    await expectEntryStored(page, "Cedar lot offer notes");
    expect(asked.filter((path) => /^\/api\/(dashboard|projects\/stats)/.test(path))).toEqual([]);
    expect(asked.filter((path) => START_READS.test(path))).toEqual([]);

    await account.post("/projects", { name: "Aspen lot", status: "prospecting" });
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: /Project Hub/ }).click();
    await expect(page).toHaveURL(/\/project-hub/);
    await sidebar.getByRole("link", { name: /Dashboard/ }).click();
    await expect(page.getByTestId("pipeline-prospecting")).toHaveText("2");
    await expect(page.getByRole("list", { name: "Today's events" })).toContainText(
      "Cedar lot walkthrough",
    );
    expect(asked.filter((path) => START_READS.test(path))).toEqual([]);
  });

  test("a dashboard read that cannot reach the server says so in the shell, and Reload reads it again", async ({
    page,
    account,
  }) => {
    await account.post("/projects", { name: "Cedar lot", status: "prospecting" });
    await openApp(page, "/project-hub");
    await page.route("**/home.data*", (route) => route.abort());
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await sidebar.getByRole("link", { name: /Dashboard/ }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Oops! Something went wrong" });
    await expect(failure).toBeVisible();
    await expect(sidebar).toBeVisible();

    await page.unroute("**/home.data*");
    await failure.getByRole("button", { name: "Reload" }).click();
    await expect(page.getByTestId("pipeline-prospecting")).toHaveText("1");
  });

  test("Possible Investments keeps its filters in the URL: the list follows them, and a reload keeps them", async ({
    page,
    account,
  }) => {
    await weighing(account, "Hazel", 4, 2);
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await account.post("/data/entries", { title: "Hazel St comps" });
    await openApp(page, modulePath("possible-investments"));
    const table = page.getByRole("table", { name: "Properties" });
    await expect(table.getByRole("row")).toHaveCount(5);
    await expectEntryStored(page, "Hazel St comps");
    expect(asked.filter((path) => path.startsWith("/api/data/properties"))).toEqual([]);
    expect(asked.filter((path) => START_READS.test(path))).toEqual([]);

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

test.describe("Route Planner", () => {
  /** Saved routes "<word> route <n>" on consecutive days, each with two stops run backwards. */
  async function routes(account: Account, word: string, count: number) {
    const ids: string[] = [];
    for (let n = 1; n <= count; n++) {
      const date = `2027-03-${String(n).padStart(2, "0")}`;
      const response = await account.post("/routes", {
        name: `${word} route ${n}`,
        date,
        departAt: `${date}T09:00:00-07:00`,
        start: { label: "Home", address: "1 Home St", lat: 33.4, lng: -112.0 },
        returnToStart: true,
        stops: [
          { id: "a", label: `12 ${word} St`, lat: 33.5, lng: -112.0 },
          { id: "b", label: `40 ${word} Ave`, lat: 33.45, lng: -112.1 },
        ],
        order: ["b", "a"],
      });
      expect(response.status()).toBe(201);
      ids.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    return ids;
  }

  test("shows the saved routes and a saved route's stops and totals without JavaScript", async ({
    page,
    account,
  }) => {
    const [id] = await routes(account, "Mesquite", 1);
    await page.goto(modulePath("route-planner"));
    const saved = page.getByRole("region", { name: "Saved routes" });
    await expect(saved.getByRole("listitem")).toContainText(["Mesquite route 1"]);
    await expect(saved).toContainText("2 stops");

    // The server's HTML is the planner: the stops in the order they run, each with its arrival.
    await page.goto(visitRoutePath(id!));
    await expect(page.getByRole("heading", { name: "Mesquite route 1" })).toBeVisible();
    const stops = page.getByRole("list", { name: "Stops in visiting order" });
    await expect(stops.getByTestId("route-stop")).toHaveText([/40 Mesquite Ave/, /12 Mesquite St/]);
    await expect(stops.getByTestId("stop-eta")).toHaveText([/^Arrive /, /^Arrive /]);
    await expect(page.getByTestId("total-km")).toHaveText(/ km$/);
    await expect(page.getByTestId("total-time")).toHaveText(/min$/);
    // What changes the draft needs the page started: disabled, where Delete posts its form.
    for (const name of ["Add stops", "Optimise", "Save route", "Add to calendar", "Print"])
      await expect(page.getByRole("button", { name, exact: true })).toBeDisabled();
    await expect(stops.getByRole("button").first()).toBeDisabled();
    await page.getByText("Delete this route…").click();
    await expect(page.getByRole("button", { name: "Delete route" })).toBeEnabled();
  });

  test.describe("with JavaScript", () => {
    test.use({ javaScriptEnabled: true });

    test("a saved route opens in the planner with nothing asked of the API for it", async ({
      page,
      account,
    }) => {
      const [id] = await routes(account, "Saguaro", 1);
      await account.post("/data/entries", { title: "Saguaro drive-by notes" });
      const asked: string[] = [];
      page.on("request", (request) => asked.push(new URL(request.url()).pathname));
      // The planner the server rendered is the one the browser hydrates: React says nothing.
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await openApp(page, visitRoutePath(id!));
      await expect(page.getByTestId("route-stop")).toHaveCount(2);
      await expect(page.getByTestId("route-stop").first()).toContainText("40 Saguaro Ave");
      await expect(page.getByLabel("Route name")).toHaveValue("Saguaro route 1");
      await expect(page.getByRole("button", { name: "Optimise", exact: true })).toBeEnabled();
      await expectEntryStored(page, "Saguaro drive-by notes");
      expect(asked.filter((path) => /^\/api\/(routes|maps)/.test(path))).toEqual([]);
      expect(asked.filter((path) => START_READS.test(path))).toEqual([]);
      expect(errors).toEqual([]);
    });

    test("the saved routes keep their page in the URL, and a reload keeps it", async ({
      page,
      account,
    }) => {
      await routes(account, "Ocotillo", 21);
      const asked: string[] = [];
      page.on("request", (request) => asked.push(new URL(request.url()).pathname));
      await openApp(page, modulePath("route-planner"));
      const saved = page.getByRole("region", { name: "Saved routes" });
      await expect(saved.getByRole("listitem")).toHaveCount(20);
      await expect(saved).toContainText("Ocotillo route 21");
      expect(asked.filter((path) => path.startsWith("/api/routes"))).toEqual([]);

      await page.getByRole("button", { name: "Next page" }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(saved.getByRole("listitem")).toHaveText([/Ocotillo route 1(?!\d)/]);
      await page.reload();
      await expect(page.locator("[data-hydrated]")).toBeAttached();
      await expect(saved.getByRole("listitem")).toHaveText([/Ocotillo route 1(?!\d)/]);
      await page.goBack();
      await expect(saved.getByRole("listitem")).toHaveCount(20);
    });
  });
});

test.describe("Main Agent", () => {
  /** One saved conversation per question, asked of the fake OpenAI. */
  async function conversations(account: Account, questions: string[]) {
    for (const content of questions) {
      const response = await account.post("/ai/openai", { messages: [{ role: "user", content }] });
      expect(response.status(), content).toBe(200);
    }
  }

  test("shows the saved conversations, and one at its own URL, without JavaScript", async ({
    page,
    account,
  }) => {
    await conversations(account, ["Duplex on Elm", "Lenders in Ohio"]);
    await page.goto(modulePath("main-agent"));
    const list = page.getByRole("navigation", { name: "Conversations" });
    await expect(list.getByTestId("conversation-title")).toHaveText([
      "Lenders in Ohio",
      "Duplex on Elm",
    ]);
    await page.goto(modulePath("main-agent", { q: "lenders" }));
    await expect(list.getByTestId("conversation-title")).toHaveText(["Lenders in Ohio"]);
    await expect(page.getByLabel("Search conversations")).toHaveValue("lenders");

    await list.getByRole("link", { name: "Lenders in Ohio", exact: true }).click();
    await expect(page).toHaveURL(/\/main-agent\/[^/?]+\?q=lenders$/);
    await expect(page).toHaveTitle("Lenders in Ohio · AI42");
    await expect(page.getByTestId("chat-title")).toHaveText("Lenders in Ohio");
    await expect(page.getByTestId("user-message")).toContainText("Lenders in Ohio");
    await expect(page.getByTestId("assistant-message")).toContainText(
      'You asked: "Lenders in Ohio"',
    );
    await expect(list.getByTestId("conversation-title")).toHaveText(["Lenders in Ohio"]);
  });

  test.describe("with JavaScript", () => {
    test.use({ javaScriptEnabled: true });

    test("the conversations arrive with the page, their search lives in the URL, and a reload keeps it", async ({
      page,
      account,
    }) => {
      await conversations(account, ["Flip budget", "Rental cash flow"]);
      await account.post("/data/entries", { title: "Flip budget notes" });
      await eventNow(account, "Lender call");
      const asked: string[] = [];
      page.on("request", (request) => asked.push(new URL(request.url()).pathname));
      await openApp(page, modulePath("main-agent"));
      const list = page.getByRole("navigation", { name: "Conversations" });
      await expect(list.getByTestId("conversation-title")).toHaveCount(2);
      // The week ahead beside the chat came with the page.
      const week = page.getByTestId("time-matrix");
      await expect(week).toContainText("1 event");
      await expect(week.getByText("Lender call")).toBeVisible();
      await expectEntryStored(page, "Flip budget notes");
      expect(asked.filter((path) => path.startsWith("/api/conversations"))).toEqual([]);
      expect(asked.filter((path) => START_READS.test(path))).toEqual([]);

      await page.getByLabel("Search conversations").fill("rental");
      await expect(page).toHaveURL(/[?&]q=rental/);
      await expect(list.getByTestId("conversation-title")).toHaveText(["Rental cash flow"]);
      await page.reload();
      await expect(page.locator("[data-hydrated]")).toBeAttached();
      await expect(page.getByLabel("Search conversations")).toHaveValue("rental");
      await expect(list.getByTestId("conversation-title")).toHaveText(["Rental cash flow"]);

      // Opening one reads its messages through its route's loader, and the search stays.
      await list.getByRole("link", { name: "Rental cash flow", exact: true }).click();
      await expect(page).toHaveURL(/\/main-agent\/[^/?]+\?q=rental$/);
      await expect(page.getByTestId("chat-title")).toHaveText("Rental cash flow");
      await expect(page.getByTestId("user-message")).toContainText("Rental cash flow");
      await expect(list.getByTestId("conversation-title")).toHaveText(["Rental cash flow"]);
      await page.reload();
      await expect(page.locator("[data-hydrated]")).toBeAttached();
      await expect(page.getByTestId("user-message")).toContainText("Rental cash flow");
      await list.getByRole("button", { name: "New chat" }).click();
      await expect(page).toHaveURL(/\/main-agent\?q=rental$/);
      await expect(page.getByTestId("user-message")).toHaveCount(0);

      // Deleting the conversation the chat shows goes back to the list, through its action.
      await list.getByRole("link", { name: "Rental cash flow", exact: true }).click();
      await expect(page.getByTestId("user-message")).toContainText("Rental cash flow");
      await list.getByRole("button", { name: "Delete Rental cash flow" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Conversation deleted")).toBeVisible();
      await expect(page).toHaveURL(/\/main-agent\?q=rental$/);
      await expect(list).toContainText('No conversations match "rental".');
      await expect(page.getByTestId("user-message")).toHaveCount(0);
      expect(asked.filter((path) => path.startsWith("/api/conversations"))).toEqual([]);
    });
  });
});

test.describe("Property Research", () => {
  /** One research report per question, asked of the fake OpenAI; their ids. */
  async function reports(account: Account, questions: string[]) {
    const ids: string[] = [];
    for (const query of questions) {
      const response = await account.post("/ai/property-research", { query });
      expect(response.status(), query).toBe(201);
      ids.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    return ids;
  }

  test("shows the research history, and a report at its own URL, saved and deleted without JavaScript", async ({
    page,
    account,
  }) => {
    const [id] = await reports(account, ["3 Pine St: flip or rent?", "Pine county market"]);
    const history = page.getByRole("complementary", { name: "Research history" });
    await page.goto(modulePath("property-research"));
    await expect(history).toContainText("3 Pine St: flip or rent?");
    await expect(history).toContainText("Pine county market");

    await history.getByRole("link", { name: /^3 Pine St: flip or rent\?/ }).click();
    await expect(page).toHaveURL(researchPath(id!));
    await expect(page).toHaveTitle("3 Pine St: flip or rent? · AI42");
    const report = page.getByTestId("research-report");
    await expect(report.getByRole("heading", { name: "Summary" })).toBeVisible();
    await expect(report).toContainText("Research summary for 3 Pine St");

    await report.getByRole("button", { name: "Save to Project Hub" }).click();
    await expect(page).toHaveURL(researchPath(id!));
    await expect(report.getByRole("link", { name: /open in Project Hub/ })).toBeVisible();

    await page.getByText("Delete this research…").click();
    await page.getByRole("button", { name: "Delete research" }).click();
    await expect(page).toHaveURL(modulePath("property-research"));
    await expect(history).toContainText("Pine county market");
    await expect(history).not.toContainText("3 Pine St");
  });

  test.describe("with JavaScript", () => {
    test.use({ javaScriptEnabled: true });

    test("the history arrives with the page, each report opens at its URL, and a reload keeps it", async ({
      page,
      account,
    }) => {
      const [birch] = await reports(account, ["5 Birch Rd: flip or rent?", "Birch county market"]);
      await account.post("/data/entries", { title: "Birch Rd offer notes" });
      const asked: string[] = [];
      const wrote: string[] = [];
      page.on("request", (request) => {
        const { pathname } = new URL(request.url());
        if (request.method() === "GET") asked.push(pathname);
        else if (pathname.startsWith("/api/")) wrote.push(pathname);
      });
      await openApp(page, modulePath("property-research"));
      const history = page.getByRole("complementary", { name: "Research history" });
      await expect(history).toContainText("Birch county market");
      await expectEntryStored(page, "Birch Rd offer notes");
      expect(asked.filter((path) => path.startsWith("/api/ai/research"))).toEqual([]);
      expect(asked.filter((path) => START_READS.test(path))).toEqual([]);

      await history.getByRole("link", { name: /^5 Birch Rd: flip or rent\?/ }).click();
      await expect(page).toHaveURL(researchPath(birch!));
      const report = page.getByTestId("research-report");
      await expect(report).toContainText("Research summary for 5 Birch Rd");
      await page.reload();
      await expect(page.locator("[data-hydrated]")).toBeAttached();
      await expect(report).toContainText("Research summary for 5 Birch Rd");

      // Saved and deleted through the page's action.
      await report.getByRole("button", { name: "Save to Project Hub" }).click();
      await expect(page.getByText("Saved to Project Hub")).toBeVisible();
      await expect(report.getByRole("link", { name: /open in Project Hub/ })).toBeVisible();
      await page.getByText("Delete this research…").click();
      await page.getByRole("button", { name: "Delete research" }).click();
      await expect(page).toHaveURL(modulePath("property-research"));
      await expect(history).not.toContainText("5 Birch Rd");

      // From the history too, behind a confirmation.
      await history.getByRole("button", { name: "Delete research Birch county market" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Research deleted")).toBeVisible();
      await expect(history).toContainText("Your reports are kept here.");
      expect(asked.filter((path) => path.startsWith("/api/ai/research"))).toEqual([]);
      expect(wrote).toEqual([]);
    });
  });
});

test.describe("Project Hub", () => {
  /** Two projects, a contact and a document linked to the first project; their ids. */
  async function hub(account: Account) {
    const created = async (path: string, json: unknown) =>
      ((await (await account.post(path, json)).json()) as { data: { id: string } }).data.id;
    const flip = await created("/projects", { name: "Maple flip", type: "fix_and_flip" });
    await created("/projects", { name: "Oak rental", type: "brrrr" });
    await created("/contacts", { firstName: "Maria", lastName: "Lopez", type: "lender" });
    const doc = await created("/data/entries", {
      title: "Maple offer notes",
      content: "Max bid: $200,000",
      projectId: flip,
    });
    return { flip, doc };
  }

  test("shows each tab, a project and a document without JavaScript", async ({ page, account }) => {
    const { flip, doc } = await hub(account);
    await page.goto(modulePath("project-hub"));
    const projects = page.getByRole("list", { name: "Projects" });
    await expect(projects.getByRole("listitem")).toHaveCount(2);
    await page.goto(modulePath("project-hub", { tab: "projects" }) + "&type=brrrr");
    await expect(projects.getByRole("listitem")).toHaveCount(1);
    await expect(projects).toContainText("Oak rental");
    await expect(page.getByLabel("Filter by type")).toHaveValue("brrrr");

    await page.goto(projectPath(flip));
    await expect(page.getByRole("heading", { name: "Maple flip" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Maple offer notes" })).toBeVisible();

    // The tabs are links: each opens without JavaScript.
    await page.getByRole("tab", { name: "Contacts" }).click();
    await expect(page.getByRole("list", { name: "Contacts" })).toContainText("Maria Lopez");
    await page.getByRole("tab", { name: "Documents" }).click();
    const documents = page.getByRole("list", { name: "Documents" });
    await expect(documents).toContainText("Maple offer notes");
    await expect(documents).toContainText("Maple flip");

    await page.goto(documentPath(doc));
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Maple offer notes");
    await expect(page.getByLabel("Content (Markdown)")).toHaveValue("Max bid: $200,000");
  });

  test.describe("with JavaScript", () => {
    test.use({ javaScriptEnabled: true });

    test("asks the API nothing its HTML holds, and keeps the tab and filters in the URL", async ({
      page,
      account,
    }) => {
      const { flip } = await hub(account);
      const asked: string[] = [];
      page.on("request", (request) => asked.push(new URL(request.url()).pathname));
      const read = (path: string) =>
        /^\/api\/(projects|contacts)/.test(path) || START_READS.test(path);
      const forgetEntries = () =>
        page.evaluate(() => localStorage.removeItem("project-hub-storage"));

      // A page without the documents brings them for the entries store all the same, streamed
      // after it: the store is filled at app start (spec §4) without asking the API.
      await openApp(page, modulePath("project-hub"));
      const projects = page.getByRole("list", { name: "Projects" });
      await expect(projects.getByRole("listitem")).toHaveCount(2);
      await expectEntryStored(page, "Maple offer notes");
      await forgetEntries();
      await openApp(page, projectPath(flip));
      await expect(page.getByRole("heading", { name: "Maple flip" })).toBeVisible();
      await expectEntryStored(page, "Maple offer notes");
      await openApp(page, modulePath("project-hub", { tab: "contacts" }));
      await expect(page.getByRole("list", { name: "Contacts" })).toContainText("Maria Lopez");
      expect(asked.filter(read)).toEqual([]);
      await forgetEntries();

      // The documents tab arrives with them: the store is fed from the page, and saves them.
      await openApp(page, modulePath("project-hub", { tab: "documents" }));
      await expect(page.getByRole("list", { name: "Documents" })).toContainText("Maple flip");
      await expectEntryStored(page, "Maple offer notes");

      await page.getByRole("tab", { name: "Projects" }).click();
      await page.getByLabel("Filter by type").selectOption("brrrr");
      await expect(page).toHaveURL(/[?&]type=brrrr/);
      await expect(projects.getByRole("listitem")).toHaveCount(1);
      await page.getByLabel("Filter by type").selectOption("");
      await page.getByLabel("Search projects").fill("maple");
      await expect(page).toHaveURL(/[?&]q=maple/);
      await expect(projects.getByRole("listitem")).toHaveCount(1);
      await page.reload();
      await expect(page.locator("[data-hydrated]")).toBeAttached();
      await expect(page.getByLabel("Search projects")).toHaveValue("maple");
      await expect(projects.getByRole("listitem")).toHaveCount(1);
      await expect(projects).toContainText("Maple flip");

      await page.getByRole("tab", { name: "Documents" }).click();
      await page.getByLabel("Filter by kind").selectOption("contract");
      await expect(page).toHaveURL(/tab=documents&kind=contract/);
      await expect(page.getByText("No document matches")).toBeVisible();
      await page.goBack();
      await expect(page.getByRole("list", { name: "Documents" })).toContainText("Maple flip");
      expect(asked.filter(read)).toEqual([]);
    });

    test("a search typed while a filter's read is still under way keeps the filter", async ({
      page,
      account,
    }) => {
      await hub(account);
      await account.post("/projects", { name: "Oak flip", type: "fix_and_flip" });
      await openApp(page, modulePath("project-hub"));
      const projects = page.getByRole("list", { name: "Projects" });
      await expect(projects.getByRole("listitem")).toHaveCount(3);
      // The page's reads answer slowly, as on a phone: the filter is still being read while
      // the search box writes its text to the URL.
      await page.route("**/project-hub.data*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.getByLabel("Filter by type").selectOption("brrrr");
      await page.getByLabel("Search projects").fill("oak");
      await expect(page).toHaveURL(/[?&]q=oak/);
      await expect(page).toHaveURL(/[?&]type=brrrr/);
      await expect(projects.getByRole("listitem")).toHaveCount(1);
      await expect(projects).toContainText("Oak rental");
    });
  });
});

test.describe("Resources", () => {
  test("shows the glossary and the apps' status without JavaScript", async ({ page, account }) => {
    await page.goto(modulePath("resources", { term: "cap-rate" }));
    const entry = page.getByRole("listitem", { name: "Capitalization rate (cap rate)" });
    await expect(entry).toHaveAttribute("aria-current", "true");
    await expect(entry).toContainText("Cap rate = NOI ÷ price");

    // The tabs are links: each opens without JavaScript.
    await page.getByRole("tab", { name: "Apps" }).click();
    await expect(page).toHaveURL(/\/resources\?tab=apps$/);
    const integrations = page.getByRole("list", { name: "Integrations" });
    await expect(integrations.getByRole("listitem").filter({ hasText: "AI chat" })).toContainText(
      "Ready",
    );
    await expect(
      integrations.getByRole("listitem").filter({ hasText: "Road distances" }),
    ).toContainText("Set ROUTING_URL");
    await page.getByRole("tab", { name: "Guides" }).click();
    const guides = page.getByRole("list", { name: "Guides" });
    await expect(guides.getByRole("listitem")).toHaveCount(5);
    // A guide is a link, and its text comes with the page.
    await guides.getByRole("link", { name: /BRRRR step by step/ }).click();
    await expect(page).toHaveURL(/\/resources\?tab=guides&guide=brrrr-step-by-step$/);
    await expect(page.getByRole("article", { name: "BRRRR step by step" })).toContainText(
      "4. Refinance",
    );
    await expect(
      page
        .getByRole("navigation", { name: "Contents" })
        .getByRole("link", { name: "4. Refinance" }),
    ).toBeVisible();
  });

  test.describe("with JavaScript", () => {
    test.use({ javaScriptEnabled: true });

    test("the apps tab asks the API nothing its HTML holds, and a reload keeps the tab", async ({
      page,
      account,
    }) => {
      await account.post("/data/entries", { title: "BRRRR checklist" });
      const asked: string[] = [];
      page.on("request", (request) => asked.push(new URL(request.url()).pathname));
      const status = /^\/api\/(ai\/status|google\/status|maps\/config)/;
      await openApp(page, modulePath("resources", { tab: "apps" }));
      const integrations = page.getByRole("list", { name: "Integrations" });
      await expect(integrations.getByRole("listitem").filter({ hasText: "AI chat" })).toContainText(
        "Ready",
      );
      await expectEntryStored(page, "BRRRR checklist");
      await page.getByRole("tab", { name: "Guides" }).click();
      await expect(page).toHaveURL(/tab=guides/);
      await expect(page.getByRole("list", { name: "Guides" }).getByRole("listitem")).toHaveCount(5);
      await page.getByRole("tab", { name: "Apps" }).click();
      await expect(integrations).toBeVisible();
      await page.reload();
      await expect(page.locator("[data-hydrated]")).toBeAttached();
      await expect(page.getByRole("tab", { name: "Apps" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(integrations.getByRole("listitem").filter({ hasText: "AI chat" })).toContainText(
        "Ready",
      );
      expect(asked.filter((path) => status.test(path) || START_READS.test(path))).toEqual([]);
      // The guides' Markdown came with the guides tab's page.
      expect(asked.filter((path) => path.startsWith("/guides/"))).toEqual([]);
    });
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

  // A lead and a campaign at their own URLs, each opened from its link.
  await page.goto(modulePath("marketing", { status: "contacted" }));
  await rows.getByRole("link", { name: "Maria Lopez", exact: true }).click();
  await expect(page).toHaveURL(
    /\/marketing\/leads\/[^/?]+\?back=%2Fmarketing%3Fstatus%3Dcontacted$/,
  );
  await expect(page).toHaveTitle("Maria Lopez · AI42");
  await expect(page.getByRole("heading", { level: 2, name: "Maria Lopez" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Maria");
  await page.goto(modulePath("marketing", { tab: "campaigns" }));
  await page.getByRole("link", { name: "Spring mailer", exact: true }).click();
  await expect(page).toHaveURL(/\/marketing\/campaigns\/[^/?]+$/);
  await expect(page.getByRole("list", { name: "Its leads" })).toContainText("Maria Lopez");
  await expect(page.getByTestId("funnel-new")).toContainText("1");

  // A campaign's form works without JavaScript: it is changed, then deleted, back to the list.
  await page.getByLabel("Name", { exact: true }).fill("Spring mailer 2");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Spring mailer 2" })).toBeVisible();
  await page.getByText("Delete this campaign…").click();
  await page.getByRole("button", { name: "Delete campaign" }).click();
  await expect(page).toHaveURL(modulePath("marketing", { tab: "campaigns" }));
  await expect(page.getByRole("heading", { name: "No campaigns yet" })).toBeVisible();
  await page.goto(campaignPath("new"));
  await page.getByLabel("Name", { exact: true }).fill("Summer texts");
  await page.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/marketing\/campaigns\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Summer texts" })).toBeVisible();
});

test.describe("Marketing with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("Marketing keeps its tab and filters in the URL, asks the API nothing its HTML holds, and a reload keeps them", async ({
    page,
    account,
  }) => {
    await marketing(account);
    await account.post("/data/entries", { title: "Spring mailer script" });
    const read: string[] = [];
    const wrote: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() !== "GET") {
        if (path.startsWith("/api/")) wrote.push(path);
        return;
      }
      if (path.startsWith("/api/marketing") || START_READS.test(path)) read.push(path);
    });
    await openApp(page, modulePath("marketing"));
    const rows = page.getByTestId("lead-row");
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("speed-to-lead")).toContainText("2 leads");
    await expectEntryStored(page, "Spring mailer script");

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

    // A lead opens from its link at its own URL, read by the page: an edit shows without a
    // reload, and the delete goes back to the list with its filters.
    await page.getByRole("link", { name: "Maria Lopez", exact: true }).click();
    await expect(page).toHaveURL(
      /\/marketing\/leads\/[^/?]+\?back=%2Fmarketing%3Fstatus%3Dcontacted%26q%3Dlopez$/,
    );
    await expect(page).toHaveTitle("Maria Lopez · AI42");
    await page.getByLabel("Score (0–100)").fill("80");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Lead saved")).toBeVisible();
    await expect(page.locator("article header")).toContainText("Score 80");
    await page.getByLabel("Last name").fill("Lopez-Diaz");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Maria Lopez-Diaz" })).toBeVisible();
    await expect(page).toHaveTitle("Maria Lopez-Diaz · AI42");
    await page.getByRole("link", { name: "All leads" }).click();
    await expect(page).toHaveURL(modulePath("marketing", { status: "contacted", q: "lopez" }));
    await expect(rows).toContainText("Maria Lopez-Diaz");
    expect(read).toEqual([]);

    // A status move shows at once; read again, the filtered list lets the lead go.
    await page.getByLabel("Status of Maria Lopez-Diaz").selectOption("qualified");
    await expect(page.getByText("No lead matches")).toBeVisible();
    expect(wrote).toEqual([]);
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
    await account.post("/data/entries", { title: "Oak St notes" });
    const read: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === "GET" && path.startsWith("/api/")) read.push(path);
    });
    await openApp(page, modulePath("connections", { google: "denied" }));
    await expectEntryStored(page, "Oak St notes");
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
    const status = /^\/api\/(google\/status|ai\/status|usage)/;
    expect(read.filter((path) => status.test(path) || START_READS.test(path))).toEqual([]);
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

  await page.goto(auctionPath(first!));
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
    await account.post("/data/entries", { title: "Hazel Ave bid sheet" });
    const asked: string[] = [];
    const wrote: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === "GET") asked.push(pathname);
      else if (pathname.startsWith("/api/")) wrote.push(pathname);
    });
    const read = () =>
      asked.filter(
        (path) =>
          path === "/api/auctions" || path === `/api/auctions/${first}` || START_READS.test(path),
      );
    await openApp(page, modulePath("auction"));
    const table = page.getByRole("table", { name: "Auctions" });
    await expect(table.getByRole("row")).toHaveCount(4);
    // The Google Calendar setting under the list came with the page (Google is not connected).
    await expect(
      page
        .getByRole("region", { name: "Google Calendar" })
        .getByRole("link", { name: "Connect Google in Connections" }),
    ).toBeVisible();
    await expectEntryStored(page, "Hazel Ave bid sheet");

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

    await openApp(page, auctionPath(first!));
    await expect(page.getByRole("heading", { name: "1 Hazel Ave" })).toBeVisible();
    // The auction's page is code-split: it hydrates once its code is in, after the shell.
    const dialog = page.getByRole("dialog");
    await expect(async () => {
      if (!(await dialog.isVisible()))
        await page.getByRole("button", { name: "Change status" }).click({ timeout: 1000 });
      await expect(dialog).toBeVisible({ timeout: 500 });
    }).toPass({ intervals: [100] });
    await dialog.getByLabel("Status").selectOption("lost");
    await dialog.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("list", { name: "Status history" })).toContainText("Lost");
    // Each screen came in its page, and the status change went to the page's action.
    expect(read()).toEqual([]);
    expect(wrote).toEqual([]);
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

test("Calendar shows the events of the range its URL names without JavaScript", async ({
  page,
  account,
}) => {
  await walkthrough(account, "Aspen");
  await page.goto(modulePath("calendar", { date: "2027-04-01" }));
  await expect(page.getByRole("heading", { level: 2, name: "April 2027" })).toBeVisible();
  await expect(page.locator('td[data-date="2027-04-06"]')).toContainText("Aspen walkthrough");
  // The day views of the 6th and the 7th: the event is in the hours of its own day only, and
  // the 7th says it has none.
  const hours = page.getByRole("region", { name: "Hours of the day" });
  await page.goto(modulePath("calendar", { view: "day", date: "2027-04-06" }));
  await expect(page.getByRole("heading", { level: 2, name: "April 6, 2027" })).toBeVisible();
  await expect(hours).toContainText("Aspen walkthrough");
  await page.goto(modulePath("calendar", { view: "day", date: "2027-04-07" }));
  await expect(page.getByRole("heading", { level: 2, name: "April 7, 2027" })).toBeVisible();
  await expect(hours).not.toContainText("Aspen walkthrough");
  await expect(page.getByText("No events in this range")).toBeVisible();
});

test.describe("Calendar with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("shows the range its URL names from the page, not the API, and a reload keeps it; its changes go to its action", async ({
    page,
    account,
  }) => {
    await walkthrough(account, "Hazel");
    await account.post("/data/entries", { title: "Hazel showing notes" });
    const asked: string[] = [];
    const wrote: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === "GET") asked.push(pathname);
      else if (pathname.startsWith("/api/")) wrote.push(pathname);
    });
    await openApp(page, modulePath("calendar", { date: "2027-04-01" }));
    await expect(page.getByRole("heading", { level: 2, name: "April 2027" })).toBeVisible();
    await expect(page.locator('td[data-date="2027-04-06"]')).toContainText("Hazel walkthrough");
    // The calendars (AI42's own: Google is not connected) came with the page.
    const legend = page.getByRole("complementary", { name: "Legend" });
    await expect(legend.getByLabel("Project closings")).toBeChecked();
    await expectEntryStored(page, "Hazel showing notes");
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page).toHaveURL(/[?&]date=2027-05-01/);
    await expect(page.getByText("No events in this range")).toBeVisible();
    await page.reload();
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await expect(page.getByRole("heading", { level: 2, name: "May 2027" })).toBeVisible();
    await page.getByRole("button", { name: "Previous month" }).click();
    const sixth = page.locator('td[data-date="2027-04-06"]');
    await expect(sixth).toContainText("Hazel walkthrough");
    expect(asked.filter((path) => START_READS.test(path))).toEqual([]);

    // Edited and deleted through the page's action; the calendar shows each without a reload.
    await page.getByRole("button", { name: /Hazel walkthrough/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit event" });
    await edit.getByLabel("Title").fill("Hazel second walkthrough");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    await expect(sixth).toContainText("Hazel second walkthrough");
    await page.getByRole("button", { name: /Hazel second walkthrough/ }).click();
    await edit.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete this event?" })
      .getByRole("button", { name: "Delete event" })
      .click();
    await expect(page.getByText("Event “Hazel second walkthrough” deleted")).toBeVisible();
    await expect(sixth).not.toContainText("Hazel");
    expect(asked.filter((path) => path.startsWith("/api/calendar"))).toEqual([]);
    expect(wrote).toEqual([]);
  });
});
