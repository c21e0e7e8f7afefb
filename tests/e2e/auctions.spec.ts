/**
 * Auctions in a browser, for a user in New York on Wednesday, March 17, 2027 at 10:20 (the clock
 * is fixed; timers run): an auction tracked from a property in Austin, Texas (Central time), its
 * sale shown in both zones, its maximum bid worked out and saved, its dates on the Auctions
 * calendar and on the Calendar screen; then postponed, with the history and the moved event; and
 * a county list imported with one bad row; an auction opened from the list in a tab of its own
 * and deleted, on its page and from the list with Undo.
 */
import type { Page } from "@playwright/test";
import { modulePath, propertyPath } from "../../app/domain/modules";
import { expect, openApp, test, type Account } from "./fixtures";

const NOW = new Date("2027-03-17T10:20:00-04:00");
test.use({ timezoneId: "America/New_York" });
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW);
});

/** A day of the Auctions month grid, or of the Calendar screen's month. */
const monthDay = (page: Page, date: string) => page.locator(`td[data-date="${date}"]`);

async function addProperty(account: Account) {
  const response = await account.post("/data/properties", {
    address: "12 Oak St",
    city: "Austin",
    state: "TX",
    zip: "78701",
    arv: 250000,
  });
  const [id] = (await response.json()).data.ids as string[];
  return id!;
}

test("an auction tracked from a property: both zones, the max bid, and its dates on the calendars; then postponed", async ({
  page,
  account,
}) => {
  test.setTimeout(90_000);
  const propertyId = await addProperty(account);
  await openApp(page, propertyPath(propertyId));
  await page.getByRole("link", { name: "Track an auction" }).click();

  // Prefilled from the property, in Texas's zone.
  await expect(page.getByRole("heading", { name: "Add an auction" })).toBeVisible();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("12 Oak St");
  await expect(page.getByLabel(/^State/)).toHaveValue("TX");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Chicago");
  await page.getByRole("button", { name: "Add auction" }).click();
  await expect(
    page.getByText("Choose the sale type: judicial, upset, sheriff, tax or trustee"),
  ).toBeVisible();

  await page.getByLabel("Sale type").selectOption("sheriff");
  await expect(
    page.getByText(/^Liens: Like a judicial foreclosure: usually clears liens/),
  ).toBeVisible();
  await page.getByLabel("Sale date").fill("2027-04-06");
  await page.getByLabel("Sale time").fill("10:00");
  await page.getByLabel("Opening bid ($)").fill("85,000");
  await page.getByLabel("Deposit ($)").fill("$10,000");
  await page.getByLabel("Deposit due (date)").fill("2027-04-05");
  await page.getByLabel("Deposit due (time)").fill("17:00");
  await page.getByRole("button", { name: "Add auction" }).click();
  await expect(page.getByText("Auction added")).toBeVisible();
  await expect(page).toHaveURL(/\/auction\/[\w-]+$/);
  const auctionUrl = page.url();

  // The sale in the viewer's zone and where the sale is; the time left.
  await expect(page.getByRole("heading", { name: "12 Oak St" })).toBeVisible();
  const sale = page.getByTestId("sale-time");
  await expect(sale).toContainText("Tue, Apr 6, 2027, 11:00 AM EDT");
  await expect(sale).toContainText("Tue, Apr 6, 2027, 10:00 AM CDT where the sale is");
  await expect(sale).toContainText("Sale in 20 d 0 h");
  // The deposit deadline in both zones too.
  await expect(page.getByText("Mon, Apr 5, 2027, 6:00 PM EDT", { exact: true })).toBeVisible();
  await expect(page.getByText("Mon, Apr 5, 2027, 5:00 PM CDT where the sale is")).toBeVisible();

  // The maximum bid, from the property's ARV, as the figures are typed.
  await expect(page.getByLabel("After-repair value, ARV ($)")).toHaveValue("250000");
  await page.getByLabel("Rehab cost ($)").fill("40,000");
  // Without a profit the figure is the break-even price, and says so.
  await expect(page.getByText("Break-even: no profit", { exact: true })).toBeVisible();
  await page.getByLabel("Target profit (% of the ARV)").fill("20");
  await expect(page.getByText("Max bid", { exact: true })).toBeVisible();
  await expect(page.getByTestId("max-bid")).toHaveText("$160,000");
  await page
    .getByRole("button", { name: "Keep selling costs 0 % and profit 20 % as my defaults" })
    .click();
  await expect(page.getByText("Kept as your defaults for every auction")).toBeVisible();
  await expect(
    page.getByText(
      "Max bid = (ARV $250,000 × (1 − selling 0 % − profit 20 %) − rehab $40,000 − liens $0 − closing $0 − holding $0) ÷ (1 + premium 0 %) = $160,000",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Use as planned bid" }).click();
  await expect(page.getByLabel("Planned bid ($)")).toHaveValue("160000");
  await page.getByRole("button", { name: "Save bid" }).click();
  await expect(page.getByText("Bid saved")).toBeVisible();
  await expect(page.getByText("Started from the inputs saved with this auction.")).toBeVisible();
  await expect(page.getByText("$160,000").first()).toBeVisible();

  // On the Auctions calendar: the sale, and the deposit deadline the day before.
  await page.getByRole("link", { name: "All auctions" }).click();
  await expect(page.getByRole("link", { name: "12 Oak St", exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/[?&]view=calendar/);
  // Without a month the server shows the user's this month, from the real clock, not this
  // browser's fixed one: the month is named.
  await openApp(page, modulePath("auction", { view: "calendar", month: "2027-03" }));
  await expect(page.getByRole("heading", { name: "March 2027" })).toBeVisible();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(page.getByRole("heading", { name: "April 2027" })).toBeVisible();
  await expect(monthDay(page, "2027-04-06")).toContainText("11:00 AM Sheriff sale: 12 Oak St");
  await expect(monthDay(page, "2027-04-05")).toContainText("6:00 PM Deposit due: 12 Oak St");

  // On the Calendar screen, read-only, opening its auction.
  await openApp(page, modulePath("calendar", { date: "2027-04-06" }));
  await expect(
    page.getByRole("complementary", { name: "Legend" }).getByLabel("Auctions"),
  ).toBeChecked();
  await expect(monthDay(page, "2027-04-06")).toContainText("Sheriff sale: 12 Oak St");
  await page.getByRole("button", { name: "Sheriff sale: 12 Oak St" }).click();
  const details = page.getByRole("dialog", { name: "Sheriff sale: 12 Oak St" });
  await expect(details).toContainText("change it on the auction");
  await details.getByRole("link", { name: "Open auction" }).click();
  await expect(page).toHaveURL(auctionUrl);

  // Postponed: not to a time before the sale, then to April 20.
  await page.getByRole("button", { name: "Postpone" }).click();
  const postpone = page.getByRole("dialog", { name: "Postpone the sale" });
  await postpone.getByLabel("New sale date").fill("2027-04-01");
  await postpone.getByRole("button", { name: "Postpone" }).click();
  await expect(
    postpone.getByText("A postponed sale moves to a later time than its sale date"),
  ).toBeVisible();
  await postpone.getByLabel("New sale date").fill("2027-04-20");
  await postpone.getByLabel("New sale time").fill("10:00");
  await postpone.getByRole("button", { name: "Postpone" }).click();
  await expect(page.getByText("Sale postponed")).toBeVisible();
  await expect(sale).toContainText("Tue, Apr 20, 2027, 11:00 AM EDT");
  const history = page.getByRole("list", { name: "Status history" }).getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText("Added as upcoming");
  await expect(history.last()).toContainText("Postponed to Tue, Apr 20, 2027, 11:00 AM EDT");

  // The sale moved on both calendars; the deposit deadline stayed.
  await openApp(page, modulePath("auction", { view: "calendar", month: "2027-04" }));
  await expect(monthDay(page, "2027-04-20")).toContainText("Sheriff sale: 12 Oak St");
  await expect(monthDay(page, "2027-04-06")).not.toContainText("Sheriff sale");
  await expect(monthDay(page, "2027-04-05")).toContainText("Deposit due: 12 Oak St");
  await openApp(page, modulePath("calendar", { date: "2027-04-20" }));
  await expect(monthDay(page, "2027-04-20")).toContainText("Sheriff sale: 12 Oak St");
  await expect(monthDay(page, "2027-04-06")).not.toContainText("Sheriff sale");
});

test("a county list imported from CSV: the bad row named in the preview, the good rows imported", async ({
  page,
  account,
}) => {
  await openApp(page, modulePath("auction"));
  await expect(page.getByRole("heading", { name: "No auctions yet" })).toBeVisible();
  await page.getByRole("button", { name: "Import a list" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Import auctions" });
  await dialog.getByLabel("File to import").setInputFiles({
    name: "montgomery-county.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "Address,Sale date,Sale type,County,State,Opening bid",
        '1 Pine St,04/10/2027 10:00 AM,Sheriff sale,Montgomery,OH,"$50,000"',
        "2 Birch Rd,04/11/2027 11:00 AM,Tax,Franklin,OH,$20000",
        "3 Cedar Ln,next Tuesday,Trustee,Hamilton,OH,$1",
      ].join("\n"),
    ),
  });
  await expect(dialog.getByTestId("import-plan")).toHaveText(
    "2 new, 0 to update, 0 unchanged, 1 not imported",
  );
  await expect(dialog.getByText(/^Row 4, Sale date: /)).toBeVisible();
  await dialog.getByRole("button", { name: "Import 2 auctions" }).click();
  await expect(
    page
      .getByRole("status", { name: "Import of montgomery-county.csv" })
      .getByTestId("import-outcome"),
  ).toHaveText("2 new, 0 updated, 0 unchanged, 1 not imported");

  const table = page.getByRole("table", { name: "Auctions" });
  await expect(table.getByRole("link", { name: "1 Pine St", exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: "2 Birch Rd", exact: true })).toBeVisible();
  await expect(table.getByText("3 Cedar Ln")).toHaveCount(0);
  // Soonest first; the sale read in Ohio's zone (the same as the viewer's).
  await expect(table.getByRole("row").nth(1)).toContainText("Sat, Apr 10, 2027, 10:00 AM EDT");
  await expect(table.getByRole("row").nth(1)).toContainText("Sheriff sale");
  await page.getByLabel("Filter by sale type").selectOption("tax");
  await expect(table.getByRole("link", { name: "1 Pine St", exact: true })).toHaveCount(0);
  await expect(table.getByRole("link", { name: "2 Birch Rd", exact: true })).toBeVisible();
});

test("an auction opened from the list in its own tab, deleted on its page and from the list with Undo", async ({
  page,
  account,
  context,
}) => {
  for (const address of ["4 Elm St", "5 Ash Ct"]) {
    const response = await account.post("/auctions", {
      saleType: "tax",
      saleAt: "2027-04-12T10:00:00-04:00",
      address,
      state: "OH",
    });
    expect(response.status()).toBe(201);
  }
  await openApp(page, modulePath("auction", { saleType: "tax" }));
  const table = page.getByRole("table", { name: "Auctions" });
  // A real link: it opens in a tab of its own.
  const address = table.getByRole("link", { name: "4 Elm St", exact: true });
  const href = await address.getAttribute("href");
  expect(href).toMatch(/^\/auction\/[\w-]+$/);
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    address.click({ modifiers: ["ControlOrMeta"] }),
  ]);
  await expect(tab.getByRole("heading", { name: "4 Elm St" })).toBeVisible();
  await tab.close();

  await address.click();
  await expect(page).toHaveURL(href!);
  await page.getByText("Delete this auction…").click();
  await page.getByRole("button", { name: "Delete auction" }).click();
  // Back to the list, without it.
  await expect(page).toHaveURL(/\/auction$/);
  await expect(table.getByRole("link", { name: "5 Ash Ct", exact: true })).toBeVisible();
  await expect(table.getByText("4 Elm St")).toHaveCount(0);

  await table.getByRole("button", { name: "Delete the auction at 5 Ash Ct" }).click();
  await page
    .getByRole("dialog", { name: "Delete this auction?" })
    .getByRole("button", { name: "Delete auction" })
    .click();
  await expect(page.getByText("Auction at 5 Ash Ct deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No auctions yet" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Auction at 5 Ash Ct restored")).toBeVisible();
  await expect(table.getByRole("link", { name: "5 Ash Ct", exact: true })).toBeVisible();
});

test("a Google calendar chosen for auctions: their dates are written there", async ({
  page,
  account,
}) => {
  // A Google account of this test's own in the fake, so no other test sees its events.
  const fakeGoogle = `http://127.0.0.1:${process.env.E2E_FAKE_GOOGLE_PORT ?? 8793}`;
  await page.request.post(`${fakeGoogle}/__fake/consent`, {
    data: { email: "auctions@example.com" },
  });
  await account.post("/auctions", {
    saleType: "trustee",
    saleAt: "2027-04-08T10:00:00-07:00",
    address: "5 Palm Dr",
    state: "AZ",
  });
  await openApp(page, modulePath("auction"));
  const setting = page.getByRole("region", { name: "Google Calendar" });
  await setting.getByRole("link", { name: "Connect Google in Connections" }).click();
  await page.getByRole("button", { name: "Connect Google" }).click();
  await expect(page.getByText("Google is connected")).toBeVisible();

  // Google's status and the choice come with the page, the calendars to choose streamed after it.
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await openApp(page, modulePath("auction"));
  const choice = setting.getByLabel("Also write auction dates to");
  await expect(choice).toHaveValue("");
  // Only the calendars the user can write to.
  await expect(choice.getByRole("option")).toHaveText([
    "None — AI42's calendar only",
    "auctions@example.com",
    "Deals",
  ]);
  expect(
    asked.filter((path) =>
      /^\/api\/(google\/status|calendar\/calendars|auctions\/calendar)$/.test(path),
    ),
  ).toEqual([]);
  await choice.selectOption({ label: "Deals" });
  await expect(setting.getByRole("status")).toHaveText(
    "Auction dates are on Google Calendar, and follow each change.",
  );
  await page.reload();
  await expect(choice).toHaveValue("deals@group.calendar.google.com");
});

test("the dashboard shows the sales of the next 14 days and the deposits falling due", async ({
  page,
  account,
}) => {
  // The dashboard's window runs from the server's now (its loader reads it), so this test's
  // browser shares the real clock, and the dates are set from it.
  const now = Date.now();
  await page.clock.setFixedTime(now);
  const after = (days: number, hours: number) =>
    new Date(now + ((days * 24 + hours) * 60 + 30) * 60_000).toISOString();
  // Something in the workspace, so the dashboard shows its figures rather than the first steps.
  await addProperty(account);
  await account.post("/auctions", {
    saleType: "sheriff",
    saleAt: after(4, 23),
    address: "9 Soon St",
    state: "OH",
    depositAmount: 5000,
    depositDueAt: after(2, 6),
  });
  await account.post("/auctions", {
    saleType: "tax",
    saleAt: after(47, 0),
    address: "40 Later Ave",
    state: "OH",
  });
  await openApp(page, modulePath("home"));
  const sales = page.getByRole("list", { name: "Sales in the next 14 days" });
  await expect(sales.getByRole("listitem")).toHaveCount(1);
  await expect(sales).toContainText("9 Soon St (Sheriff sale)");
  await expect(sales).toContainText("Sale in 4 d 23 h");
  const deposits = page.getByRole("list", { name: "Deposits due within 72 hours" });
  await expect(deposits).toContainText("9 Soon St");
  await expect(deposits).toContainText("Due within 72 hours: in 2 d 6 h");
  await sales.getByRole("link", { name: /9 Soon St/ }).click();
  await expect(page.getByRole("heading", { name: "9 Soon St" })).toBeVisible();
});
