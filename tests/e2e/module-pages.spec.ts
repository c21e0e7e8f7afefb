/**
 * Module pages rendered with their data (issue 28), in a browser with JavaScript turned off: the
 * first screen is in the HTML the server sends, not fetched after hydration.
 */
import { expect, openApp, test } from "./fixtures";

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
});
