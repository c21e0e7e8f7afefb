/**
 * The buy box and the what-if grid in a browser: the analyzer's criteria panel (set, edited, its
 * verdict following the figures), the sensitivity grid (cells marked against the buy box, the
 * deal's own cell marked, recalculated as the form changes), Possible Investments' buy-box filter,
 * the Dashboard's count, and the verdict on a shared report; at 1280 and 375 px.
 *
 * The deal: $200,000 in cash, $2,000 rent, the analyzer's starting assumptions (5 % vacancy, 8 %
 * management, 5 % maintenance, 5 % capex), no taxes. GSI 24,000; vacancy 1,200; EGI 22,800;
 * expenses 8 % × 22,800 (1,824) + 10 % × 24,000 (2,400) = 4,224; NOI 18,576;
 * cap rate 18,576 ÷ 200,000 = 9.29 %; at $180,000, 18,576 ÷ 180,000 = 10.32 %.
 * At $1,500 rent: GSI 18,000; EGI 17,100; expenses 1,368 + 1,800 = 3,168; NOI 13,932; 6.97 %.
 */
import type { Page } from "@playwright/test";
import { analysisPath, modulePath } from "../../app/domain/modules";
import { expect, openApp, test, type Account } from "./fixtures";

/** An input of the analyzer's form, by its label (the grid's captions name some of them too). */
const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const panel = (page: Page) => page.getByRole("region", { name: "Buy box" });
const grid = (page: Page) => page.getByRole("region", { name: "What if: sensitivity grid" });

async function newCashRental(page: Page) {
  await openApp(page, analysisPath({ id: "new" }));
  await page.getByRole("radio", { name: "Cash" }).check();
  await field(page, "Purchase price").fill("200000");
  await field(page, "Gross rent / month").fill("2000");
}

const putCriteria = (page: Page, account: Account, criteria: object) =>
  page.request.put("/api/deals/criteria", {
    data: criteria,
    headers: { Authorization: `Bearer ${account.token}` },
  });

/**
 * A property with a cash rental as its primary analysis, through the API: $200,000, no expenses,
 * so its cap rate is rent × 12 ÷ 200,000 (12 % at $2,000, 6 % at $1,000).
 */
async function propertyWithRental(account: Account, address: string, rent: number) {
  const imported = await account.post("/data/properties", { address });
  const { data } = (await imported.json()) as { data: { ids: string[] } };
  const saved = await account.post("/deals", {
    name: address,
    strategy: "rental",
    inputs: { purchasePrice: 200_000, grossMonthlyRent: rent, financing: { type: "cash" } },
    propertyId: data.ids[0],
  });
  expect(saved.status()).toBe(201);
  return ((await saved.json()) as { data: { id: string } }).data.id;
}

test("the analyzer's buy box: set it, see the verdict follow the figures, and edit it", async ({
  page,
  account,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await newCashRental(page);
  await expect(panel(page)).toContainText("No buy box yet");
  await panel(page).getByRole("button", { name: "Set your buy box" }).click();

  const capRate = panel(page).getByLabel(/Cap rate at least/);
  // The API's own rule, said beside the field: a return below −100 % is no return.
  await capRate.fill("-200");
  await panel(page).getByRole("button", { name: "Save buy box" }).click();
  await expect(capRate).toHaveAttribute("aria-invalid", "true");
  await expect(panel(page).locator("#criteria-minCapRate-error")).toHaveText("Use -100 or more");
  await capRate.fill("8");
  await panel(page)
    .getByLabel(/Purchase price at most/)
    .fill("$250,000");
  await panel(page).getByRole("button", { name: "Save buy box" }).click();

  await expect(panel(page)).toContainText("Meets your buy box");
  const capRow = panel(page).getByRole("row", { name: /Cap rate at least/ });
  await expect(capRow).toContainText("8%");
  await expect(capRow).toContainText("9.29%");
  await expect(capRow).toContainText("Pass");
  // Saved for the user, not only on screen.
  const saved = await page.request.get("/api/deals/criteria", {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect((await saved.json()).data).toMatchObject({ minCapRate: 8, maxPurchasePrice: 250_000 });

  // As the rent is typed, the verdict follows: 6.97 % misses the 8 %.
  await field(page, "Gross rent / month").fill("1500");
  await expect(panel(page)).toContainText("Misses 1 of 2");
  await expect(capRow).toContainText("Fail");
  await page.screenshot({ path: "/tmp/pw-b/buy-box-1280.png", fullPage: true });

  // Edited: a lower target, and the verdict comes back.
  await panel(page).getByRole("button", { name: "Edit buy box" }).click();
  await panel(page)
    .getByLabel(/Cap rate at least/)
    .fill("6.5");
  await panel(page).getByRole("button", { name: "Save buy box" }).click();
  await expect(panel(page)).toContainText("Meets your buy box");
});

test("the sensitivity grid works the deal again per cell, marks them against the buy box, and follows the form", async ({
  page,
  account,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await putCriteria(page, account, { minCapRate: 9 })).status()).toBe(200);
  await newCashRental(page);
  const region = grid(page);
  await region.getByLabel("Metric").selectOption({ label: "Cap rate" });
  await expect(region.getByLabel("Rows: input")).toHaveValue("purchasePrice");
  await expect(region.getByLabel("Columns: input")).toHaveValue("grossMonthlyRent");
  await expect(region.getByRole("list", { name: "Legend" })).toContainText(
    "Meets your buy box (cap rate at least 9%)",
  );

  const table = region.getByRole("table", {
    name: "Cap rate by purchase price and gross rent / month",
  });
  // The columns' heads: $2,000 ± 5 % steps; the rows': $200,000 ± 5 % steps.
  await expect(table.getByRole("columnheader")).toHaveText([
    /Purchase price/,
    "$1,800",
    "$1,900",
    "$2,000",
    "$2,100",
    "$2,200",
  ]);
  const current = table.locator('td[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText("9.29 %");
  await expect(current).toContainText("this deal");
  await expect(current).toHaveAttribute("data-pass", "true");
  const cheaper = table
    .getByRole("row", { name: /^\$180,000/ })
    .getByRole("cell")
    .nth(2);
  await expect(cheaper).toContainText("10.32 %");
  // Below the 9 %: the $1,800 column at $220,000 (NOI 16,718.40 ÷ 220,000 = 7.60 %).
  const dearer = table
    .getByRole("row", { name: /^\$220,000/ })
    .getByRole("cell")
    .first();
  await expect(dearer).toContainText("7.60 %");
  await expect(dearer).toContainText("misses");
  await expect(dearer).toHaveAttribute("data-pass", "false");

  // The form changes, the grid follows: the deal's cell is now at $2,100 (NOI 19,504.80).
  await field(page, "Gross rent / month").fill("2100");
  await expect(current).toContainText("9.75 %");
  await expect(table.getByRole("columnheader").nth(3)).toHaveText("$2,100");

  // Values typed by hand, one row each; a value that is not a number is named.
  const rowValues = region.getByLabel("Rows values, separated by ;");
  await rowValues.fill("150,000; two");
  await expect(region.getByText("“two” is not a number: separate values with ;")).toBeVisible();
  await rowValues.fill("150,000; 250,000");
  await expect(table.getByRole("row")).toHaveCount(3);
  await region
    .getByRole("button", { name: "Rows: back to steps around this deal's value" })
    .click();
  await expect(table.getByRole("row")).toHaveCount(6);

  // Keyboard: the grid's scrolling region takes the focus.
  await region.getByRole("region", { name: "Sensitivity grid cells" }).focus();
  await expect(region.getByRole("region", { name: "Sensitivity grid cells" })).toBeFocused();
  await grid(page).screenshot({ path: "/tmp/pw-b/grid-1280.png" });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the buy box and the grid fit the screen; the grid scrolls inside its panel", async ({
    page,
    account,
  }) => {
    expect((await putCriteria(page, account, { minCashFlowMonthly: 1000 })).status()).toBe(200);
    await newCashRental(page);
    await expect(panel(page)).toContainText("Meets your buy box");
    // Its cells' screen-reader text included: positioned in the scroller, never past the page.
    const scroller = grid(page).getByRole("region", { name: "Sensitivity grid cells" });
    await expect(scroller.getByRole("table")).toHaveAccessibleName(
      "Monthly cash flow by purchase price and gross rent / month",
    );
    await expect(scroller.locator('td[aria-current="true"]')).toHaveCount(1);
    const widths = await scroller.evaluate((element) => ({
      inner: element.scrollWidth,
      outer: element.clientWidth,
    }));
    expect(widths.inner).toBeGreaterThan(widths.outer);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await panel(page).screenshot({ path: "/tmp/pw-b/buy-box-375.png" });
    await grid(page).screenshot({ path: "/tmp/pw-b/grid-375.png" });
  });

  test("the Dashboard's figure opens the properties that meet the buy box", async ({
    page,
    account,
  }) => {
    await propertyWithRental(account, "1 Meets Way", 2000);
    await propertyWithRental(account, "2 Misses Way", 1000);
    await putCriteria(page, account, { minCapRate: 8 });
    await openApp(page, "/home");
    // On a phone the app opens at its entry with the menu open.
    await page.keyboard.press("Escape");
    const figure = page.getByRole("link", { name: "1 deal meets your buy box" });
    await page.getByTestId("card-portfolio").screenshot({ path: "/tmp/pw-b/dashboard-375.png" });
    await figure.click();
    await expect(page).toHaveURL(/meetsCriteria=yes/);
    await expect(page.getByText("1 Meets Way")).toBeVisible();
    await expect(page.getByText("2 Misses Way")).toHaveCount(0);
    await page.screenshot({ path: "/tmp/pw-b/list-375.png", fullPage: true });
  });
});

test("Possible Investments filters and sorts by the buy box as it is now", async ({
  page,
  account,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await propertyWithRental(account, "1 Meets Way", 2000);
  await propertyWithRental(account, "2 Misses Way", 1000);
  await account.post("/data/properties", { address: "3 No Analysis Way" });
  await putCriteria(page, account, { minCapRate: 8 });
  await openApp(page, modulePath("possible-investments"));
  const rows = page.getByRole("table", { name: "Properties" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "1 Meets Way" })).toContainText("Meets");
  await expect(rows.filter({ hasText: "2 Misses Way" })).toContainText("Misses");

  await page.getByLabel("Filter by buy box").selectOption({ label: "Misses buy box" });
  await expect(page).toHaveURL(/meetsCriteria=no/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("2 Misses Way");

  // The criteria change; the same filter now finds none: nothing stored went stale.
  await putCriteria(page, account, { minCapRate: 5 });
  await page.reload();
  await expect(page.getByText("No property matches")).toBeVisible();
  await page.getByLabel("Filter by buy box").selectOption({ label: "Meets buy box" });
  await expect(rows).toHaveCount(2);

  await page.getByLabel("Filter by buy box").selectOption({ label: "Any buy box" });
  await putCriteria(page, account, { minCapRate: 8 });
  // Ascending: those that miss (false) before those that meet; no verdict last either way.
  await page.getByRole("button", { name: "Buy box" }).click();
  await expect(page).toHaveURL(/sort=meetsCriteria&dir=asc/);
  await expect(rows.first()).toContainText("2 Misses Way");
  await expect(rows.last()).toContainText("3 No Analysis Way");
  await page.getByRole("button", { name: "Buy box" }).click();
  await expect(page).toHaveURL(/sort=meetsCriteria&dir=desc/);
  await expect(rows.first()).toContainText("1 Meets Way");
  await expect(rows.last()).toContainText("3 No Analysis Way");
  await page.screenshot({ path: "/tmp/pw-b/list-1280.png" });
});

test("a shared analysis shows the owner's buy box and its verdict", async ({ page, account }) => {
  const dealId = await propertyWithRental(account, "4 Shared Way", 1000);
  await putCriteria(page, account, { minCapRate: 8, minCashFlowMonthly: 500 });
  const shared = await account.post(`/deals/${dealId}/share`, {});
  const { data } = (await shared.json()) as { data: { url: string } };
  const link = new URL(data.url);
  await page.context().clearCookies();
  await page.goto(link.pathname);
  const table = page.getByRole("table", { name: "Buy box: Misses 1 of 2" });
  // $1,000 rent and no expenses: NOI 12,000, cap rate 6 %; cash flow $1,000 a month.
  await expect(table.getByRole("row", { name: /Cap rate at least/ })).toContainText("Fail");
  await expect(table.getByRole("row", { name: /Cash flow \/ month at least/ })).toContainText(
    "Pass",
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Possible Investments shows the properties the buy-box filter in its URL selects", async ({
    page,
    account,
  }) => {
    await propertyWithRental(account, "1 Meets Way", 2000);
    await propertyWithRental(account, "2 Misses Way", 1000);
    await putCriteria(page, account, { minCapRate: 8 });
    await page.goto(modulePath("possible-investments", { meetsCriteria: "yes" }));
    await expect(page.getByText("1 Meets Way")).toBeVisible();
    await expect(page.getByText("2 Misses Way")).toHaveCount(0);
    await expect(page.getByLabel("Filter by buy box")).toHaveValue("yes");
  });
});
