/**
 * The deal analyzer in a browser: an analysis built from an imported property, recalculated as an
 * input changes (the figure and its formula), saved, compared with a second one, printed, and
 * handed to the agent (the fake provider calls analyze_deal, whose card shows the figures).
 *
 * The property: $185,000, rent $1,650 a month, taxes $2,400 a year. With the analyzer's starting
 * assumptions (5 % vacancy, 8 % management, 5 % maintenance, 5 % capex) and paid in cash:
 * GSI 12 × 1,650 = 19,800; vacancy 990; EGI 18,810; expenses 2,400 + 8 % × 18,810 (1,504.80)
 * + 10 % × 19,800 (1,980) = 5,884.80; NOI 12,925.20; cap rate 12,925.20 ÷ 185,000 = 6.99 %.
 * At $1,800 rent: GSI 21,600; EGI 20,520; expenses 2,400 + 1,641.60 + 2,160 = 6,201.60;
 * NOI 14,318.40; cap rate 7.74 %.
 */
import type { Page } from "@playwright/test";
import { analysisPath, modulePath, propertyPath } from "../../app/domain/modules";
import { expect, fakeOpenAIRequests, openApp, test } from "./fixtures";

const results = (page: Page) => page.getByRole("region", { name: "Results" });
const metric = (page: Page, name: string) =>
  results(page).getByRole("button", { name: new RegExp(`^${name}`) });

async function importProperty(account: {
  post: (path: string, data: unknown) => Promise<unknown>;
}) {
  await account.post("/data/properties", {
    address: "12 Oak St",
    city: "Dayton",
    state: "OH",
    zip: "45402",
    listPrice: 185000,
    rentEstimate: 1650,
    propertyTaxesAnnual: 2400,
    status: "analyzing",
  });
}

test("an analysis from an imported property: live figures and formulas, saved, compared, printed", async ({
  page,
  account,
}) => {
  await importProperty(account);
  await openApp(page, modulePath("possible-investments"));
  await page.getByRole("link", { name: "12 Oak St", exact: true }).click();
  await expect(page.getByRole("heading", { name: "12 Oak St" })).toBeVisible();
  await expect(page).toHaveURL(/\/possible-investments\/[\w-]+$/);
  await expect(page.getByLabel("Taxes / year")).toHaveValue("$2,400");
  // Facts are edited in place: typed over, saved when the field is left.
  await page.getByLabel("ARV").fill("250,000");
  await page.getByLabel("ARV").press("Enter");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect(page.getByLabel("ARV")).toHaveValue("$250,000");
  await page.getByRole("link", { name: "Analyze this property" }).click();

  // Prefilled from the property; paid in cash.
  await expect(page.getByLabel("Purchase price")).toHaveValue("185000");
  await expect(page.getByLabel("After repair value (ARV)")).toHaveValue("250000");
  await expect(page.getByLabel("Gross rent / month")).toHaveValue("1650");
  await expect(page.getByLabel("Property taxes / year")).toHaveValue("2400");
  await page.getByRole("radio", { name: "Cash" }).check();
  await metric(page, "Cap rate").click();
  await expect(metric(page, "Cap rate")).toContainText("6.99 %");
  await expect(
    results(page).getByText("Cap rate = NOI $12,925 ÷ price $185,000 = 6.99 %"),
  ).toBeVisible();

  // Typing recalculates at once, the formula too; "$1,800" is read as people write it.
  await page.getByLabel("Gross rent / month").fill("$1,800");
  await expect(metric(page, "Cap rate")).toContainText("7.74 %");
  await metric(page, "Cap rate").focus();
  await expect(
    results(page).getByText("Cap rate = NOI $14,318 ÷ price $185,000 = 7.74 %"),
  ).toBeVisible();
  await expect(
    results(page)
      .getByRole("list", { name: "Rules of thumb" })
      .getByRole("listitem")
      .filter({ hasText: "1 % rule" }),
  ).toContainText("fail");

  // A bad figure is named and the results wait for it.
  await page.getByLabel("Purchase price").fill("abc");
  await expect(page.getByText("Type a number, like 125,000 or 7.5")).toBeVisible();
  await expect(
    page.getByText("Showing the last figures that added up: check purchase price to update them."),
  ).toBeVisible();
  await page.getByLabel("Purchase price").fill("185,000");

  await page.getByLabel("Analysis name").fill("Oak St as a rental");
  await page.getByRole("button", { name: "Save analysis" }).click();
  await expect(page.getByText("Analysis “Oak St as a rental” saved")).toBeVisible();
  await expect(page).toHaveURL(/\/possible-investments\/[\w-]+\/analyses\/[\w-]+$/);

  // Print / PDF: only the report, with the formulas.
  await page.emulateMedia({ media: "print" });
  const report = page.locator(".print-report");
  await expect(report).toBeVisible();
  await expect(report).toContainText("Cap rate = NOI $14,318 ÷ price $185,000 = 7.74 %");
  await expect(page.getByLabel("Purchase price")).toBeHidden();
  // The page is the report's: it starts at the left margin, not beside the sidebar's place.
  const box = (await report.boundingBox())!;
  expect(box.x).toBeLessThan(20);
  expect(box.width).toBeGreaterThan(1000);
  await page.emulateMedia({ media: "screen" });

  // A second analysis of the same property, as a flip, then both side by side.
  await page.getByRole("button", { name: "Back to 12 Oak St" }).click();
  await expect(page.getByRole("link", { name: "Oak St as a rental" })).toBeVisible();
  await page.getByRole("link", { name: "New analysis" }).click();
  await page.getByRole("group", { name: "Strategy" }).getByRole("button", { name: "Flip" }).click();
  await page.getByLabel("After repair value (ARV)").fill("260000");
  await page.getByLabel("Rehab cost").fill("30000");
  await page.getByLabel("Analysis name").fill("Oak St as a flip");
  await page.getByRole("button", { name: "Save analysis" }).click();
  await expect(page.getByText("Analysis “Oak St as a flip” saved")).toBeVisible();
  await page.getByRole("button", { name: "Back to 12 Oak St" }).click();

  // The first analysis is the property's primary one; a later one only when the user says so.
  const analyses = page.getByRole("region", { name: "Analyses" }).getByRole("listitem");
  const rentalCard = analyses.filter({ hasText: "Oak St as a rental" });
  const flipCard = analyses.filter({ hasText: "Oak St as a flip" });
  await expect(rentalCard).toContainText("Primary");
  await expect(flipCard).not.toContainText("Primary");
  await flipCard.getByRole("button", { name: /^Make primary.*Oak St as a flip/ }).click();
  await expect(flipCard).toContainText("Primary");
  await expect(rentalCard).not.toContainText("Primary");
  await rentalCard.getByRole("button", { name: /^Make primary.*Oak St as a rental/ }).click();
  await expect(rentalCard).toContainText("Primary");
  await expect(flipCard).not.toContainText("Primary");

  await page.getByRole("checkbox", { name: "Compare Oak St as a rental" }).check();
  await page.getByRole("checkbox", { name: "Compare Oak St as a flip" }).check();
  await page.getByRole("link", { name: /^Compare/ }).click();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: /Oak St as a rental/ })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /Oak St as a flip/ })).toBeVisible();
  // The rental is bought with cash ($185,000); the flip with the starting 20 %-down loan:
  // 185,000 + 30,000 rehab − 148,000 loan + 6 months of payments (about $5,900), so less cash.
  const cash = table.getByRole("row", { name: /^Total cash invested/ });
  await expect(cash.getByRole("cell").nth(1)).toContainText("(best)");
  await expect(cash.getByRole("cell").nth(0)).not.toContainText("(best)");

  // The list shows the primary analysis's key figures, and sorts by them.
  await openApp(page, modulePath("possible-investments"));
  const row = page.getByRole("row", { name: /12 Oak St/ });
  await expect(row).toContainText("7.74%");
});

test("Ask the agent: the analysis goes to the chat, and the answer carries the computed figures", async ({
  page,
  account,
}) => {
  await openApp(page, analysisPath({ id: "new" }));
  await page.getByLabel("Purchase price").fill("185000");
  await page.getByLabel("Gross rent / month").fill("1650");
  await page.getByLabel("Property taxes / year").fill("2400");
  await page.getByRole("radio", { name: "Cash" }).check();
  await page.getByRole("button", { name: "Ask the agent" }).click();
  const card = page.getByTestId("tool-call");
  await expect(card).toContainText("analyze_deal");
  await expect(card).toContainText("6.99");
  // The chat it opened is saved at its own URL.
  await expect(page).toHaveURL(/\/main-agent\/[^/?]+$/);

  // The user's message reads as what was handed over, not as the data the model was given.
  const mine = page.getByTestId("user-message");
  const readsWell = async () => {
    await expect(mine.getByTestId("handover-card")).toContainText("New analysis · Rental");
    const text = await mine.innerText();
    expect(text).toMatch(/Purchase price\s+\$185,000/);
    expect(text).toMatch(/Financing\s+Cash/);
    expect(text).toMatch(/Cap rate\s+6\.99 %/);
    expect(text).not.toMatch(/[{}]|analyze_deal/);
  };
  await readsWell();
  await expect(mine).toContainText("Is this a good deal?");

  // Edit and resend changes the question; the analysis goes with it again.
  await mine.hover();
  await page.getByRole("button", { name: "Edit and resend" }).click();
  const question = "What rent would make the cap rate 8 %?";
  await expect(page.getByLabel("Edit your message")).toHaveValue(/^Is this a good deal\?/);
  await page.getByLabel("Edit your message").fill(question);
  await page.getByRole("button", { name: "Save and send" }).click();
  await expect(mine).toContainText(question);
  await expect(page.getByTestId("tool-call")).toHaveCount(1);
  await expect(page.getByTestId("tool-call")).toContainText("6.99");
  const sent = (await fakeOpenAIRequests()).map((request) => request.messages.at(-1)!.content);
  expect(sent.find((content) => content.includes(question))).toContain("```json ai42-analysis");

  // Opened again later, from the stored conversation.
  await openApp(page, modulePath("main-agent"));
  await page.getByRole("link", { name: /^Analysis handed over: New analysis · Rental/ }).click();
  await readsWell();
  await expect(mine).toContainText(question);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the analyzer fits the screen and reads with the keyboard", async ({ page, account }) => {
    await openApp(page, analysisPath({ id: "new" }));
    await page.getByLabel("Purchase price").fill("150000");
    await page.getByLabel("Gross rent / month").fill("1500");
    await expect(metric(page, "Cap rate")).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("a property added by hand opens its page; the same address again opens the one there", async ({
  page,
  account,
}) => {
  await openApp(page, modulePath("possible-investments"));
  await page.getByRole("link", { name: "Add property" }).click();
  await page.getByLabel("Address").fill("77 Elm St");
  await page.getByLabel("Price ($)").fill("$142,500");
  await page.getByLabel("Taxes / year ($)").fill("1,900");
  await page.getByRole("button", { name: "Add property" }).click();
  await expect(page.getByRole("heading", { name: "77 Elm St" })).toBeVisible();
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("$142,500");
  await page.getByLabel("Notes").fill("Seller wants a quick close");
  await page.getByLabel("Notes").blur();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();

  await openApp(page, propertyPath("new"));
  await page.getByLabel("Address").fill("77 Elm St");
  await page.getByRole("button", { name: "Add property" }).click();
  await expect(page.getByText("77 Elm St is already in your list: here it is")).toBeVisible();
  // The one there is opened as it was, not overwritten by the empty form.
  await expect(page.getByLabel("Price", { exact: true })).toHaveValue("$142,500");
  await expect(page.getByLabel("Notes")).toHaveValue("Seller wants a quick close");
});

test("an analysis given its units through the API keeps them when saved in the analyzer, until taken out", async ({
  page,
  account,
}) => {
  // 1,000 + 1,050 = 2,050 a month: 24,600 a year of gross scheduled income.
  const units = [
    { name: "1A", beds: 2, baths: 1, monthlyRent: 1000, marketRent: 1100 },
    { name: "1B", monthlyRent: 1050 },
  ];
  const created = await account.post("/deals", {
    name: "Two units",
    strategy: "rental",
    inputs: { purchasePrice: 250000, units, financing: { type: "cash" } },
  });
  const { data: deal } = (await created.json()) as { data: { id: string } };
  await openApp(page, analysisPath({ id: deal.id }));
  const itemized = page.getByRole("region", { name: "Units" });
  await expect(itemized.getByRole("textbox", { name: "Unit, unit 2" })).toHaveValue("1B");
  await expect(metric(page, "Gross scheduled income")).toContainText("$24,600");

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Analysis “Two units” saved")).toBeVisible();
  const read = async () =>
    (
      (await (
        await page.request.get(`/api/deals/${deal.id}`, {
          headers: { Authorization: `Bearer ${account.token}` },
        })
      ).json()) as { data: { inputs: Record<string, unknown> } }
    ).data.inputs;
  const saved = await read();
  expect(saved.units).toEqual(units);

  await itemized.getByRole("button", { name: "Use the gross rent instead of the units" }).click();
  await expect(itemized).toHaveCount(0);
  // The gross rent is what the units' rents came to, now typed.
  await expect(page.getByLabel("Gross rent / month")).toHaveValue("2050");
  await page.getByLabel("Gross rent / month").fill("2,100");
  await expect(metric(page, "Gross scheduled income")).toContainText("$25,200");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Analysis “Two units” saved")).toHaveCount(2);
  const typed = await read();
  expect(typed.units).toBeUndefined();
  expect(typed.grossMonthlyRent).toBe(2100);
});
