/**
 * The analyzer's itemized editors, at 1280 and 375 px: a unit table built by adding, duplicating
 * and pasting from a spreadsheet; a rehab estimate built from categories, a line saved as a
 * template and used again; comps that give the ARV and its range. Every figure is worked by hand in
 * the test, and each recalculates as it is typed.
 */
import type { Locator, Page } from "@playwright/test";
import { analysisPath } from "../../app/domain/modules";
import { expect, openApp, test } from "./fixtures";

const results = (page: Page) => page.getByRole("region", { name: "Results" });
const metric = (page: Page, name: string) =>
  results(page).getByRole("button", { name: new RegExp(`^${name}`) });

/** The table row holding the field of that name. */
const rowOf = (panel: Locator, field: string) =>
  panel.getByRole("row").filter({ has: panel.page().getByLabel(field, { exact: true }) });

/** Pastes text into a field as a spreadsheet's copy arrives: a paste event with text/plain. */
async function paste(page: Page, label: string, text: string) {
  const field = page.getByRole("textbox", { name: label });
  await field.focus();
  await field.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function fitsTheScreen(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

const inputsOf = async (page: Page, token: string, id: string) =>
  (
    (await (
      await page.request.get(`/api/deals/${id}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { inputs: Record<string, unknown> } }
  ).data.inputs;

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("a unit table: added, duplicated, pasted from a spreadsheet; its rents are the gross rent", async ({
      page,
      account,
    }) => {
      await openApp(page, analysisPath({ id: "new" }));
      await page.getByLabel("Purchase price").fill("400,000");
      await page.getByLabel("Gross rent / month").fill("1,500");
      await page.getByRole("radio", { name: "Cash" }).check();
      // 1,500 × 12 = 18,000 a year.
      await expect(metric(page, "Gross scheduled income")).toContainText("$18,000");

      await page.getByRole("button", { name: "Use units instead of one gross rent" }).click();
      const units = page.getByRole("region", { name: "Units" });
      await expect(units.getByRole("textbox", { name: "Rent / month, unit 1" })).toHaveValue(
        "1,500",
      );
      await expect(page.getByLabel("Gross rent / month")).toHaveAttribute("readonly", "");

      // Duplicated: 2 × 1,500 = 3,000 a month, 36,000 a year; $400,000 / 2 = $200,000 a unit.
      await units.getByRole("button", { name: "Duplicate unit 1" }).click();
      await expect(units.getByRole("textbox", { name: "Unit, unit 2" })).toHaveValue(
        "Unit 1 (copy)",
      );
      await expect(metric(page, "Gross scheduled income")).toContainText("$36,000");
      await expect(metric(page, "Price per unit")).toContainText("$200,000");

      // Pasted with a header row: + 1,200 + 950 = 5,150 a month, 61,800 a year; the one market
      // rent given, 1,300 − 1,200 = 100 of loss to lease; average 5,150 / 4 = 1,287.50.
      await paste(
        page,
        "Unit, unit 1",
        "Unit\tBeds\tBaths\tRent\tMarket rent\n2A\t2\t1\t$1,200\t1,300\n2B\t1\t1\t950\t\n",
      );
      await expect(units.getByRole("textbox", { name: "Unit, unit 4" })).toHaveValue("2B");
      await expect(units.getByRole("textbox", { name: "Beds, unit 3" })).toHaveValue("2");
      await expect(metric(page, "Gross scheduled income")).toContainText("$61,800");
      await expect(metric(page, "Units")).toContainText("4");
      await expect(metric(page, "Loss to lease")).toContainText("$100");
      const totals = units.getByRole("row", { name: /^Total/ });
      await expect(totals).toContainText("4 units");
      await expect(totals).toContainText("$5,150");
      await expect(totals).toContainText("average $1,287.50, loss to lease $100");
      await expect(page.getByLabel("Gross rent / month")).toHaveValue("5150");

      // A bad cell: said, and nothing of the paste applied.
      await paste(page, "Unit, unit 1", "3A\tx\t1\t1000\n3B\t1\t1\t\n");
      const alert = units.getByRole("alert");
      await expect(alert).toContainText("Nothing was pasted");
      await expect(alert).toContainText("Row 1, beds: “x” is not a number");
      await expect(alert).toContainText("Row 2, rent / month: missing");
      await expect(units.getByRole("textbox", { name: /^Unit, unit \d+$/ })).toHaveCount(4);

      // Enter in the last row adds one; a rent that is not a number is said beside it.
      await units.getByRole("textbox", { name: "Market rent, unit 4" }).press("Enter");
      const rent5 = units.getByRole("textbox", { name: "Rent / month, unit 5" });
      await expect(units.getByRole("textbox", { name: "Unit, unit 5" })).toBeFocused();
      await rent5.fill("12x");
      await expect(rent5).toHaveAttribute("aria-invalid", "true");
      await expect(units.getByText("Type a number, like 125,000 or 7.5")).toBeVisible();
      await rent5.fill("1,000");
      await expect(metric(page, "Gross scheduled income")).toContainText("$73,800");
      if (width === 375) await fitsTheScreen(page);

      // Saved with the analysis, as the API takes units.
      await page.getByLabel("Analysis name").fill("Fiveplex");
      await page.getByRole("button", { name: "Save analysis" }).click();
      await expect(page.getByText("Analysis “Fiveplex” saved")).toBeVisible();
      await expect(page).toHaveURL(/\/analyses\/[\w-]+$/);
      const id = new URL(page.url()).pathname.split("/").at(-1)!;
      const saved = await inputsOf(page, account.token, id);
      expect(saved.grossMonthlyRent).toBeUndefined();
      expect(saved.units).toEqual([
        { name: "Unit 1", monthlyRent: 1500 },
        { name: "Unit 1 (copy)", monthlyRent: 1500 },
        { name: "2A", beds: 2, baths: 1, monthlyRent: 1200, marketRent: 1300 },
        { name: "2B", beds: 1, baths: 1, monthlyRent: 950 },
        { name: "Unit 5", monthlyRent: 1000 },
      ]);

      // Taken out: the gross rent is their sum, typed.
      await units.getByRole("button", { name: "Use the gross rent instead of the units" }).click();
      await expect(units).toHaveCount(0);
      await expect(page.getByLabel("Gross rent / month")).toHaveValue("6150");
      await expect(metric(page, "Gross scheduled income")).toContainText("$73,800");
    });

    test("a rehab estimate from categories, a line saved as a template and used again", async ({
      page,
      account,
    }) => {
      await openApp(page, analysisPath({ id: "new" }, { strategy: "flip" }));
      await page.getByLabel("Purchase price").fill("150,000");
      await page.getByLabel("After repair value (ARV)").fill("250,000");
      await page.getByLabel("Holding period").fill("6");
      await page.getByRole("radio", { name: "Cash" }).check();

      await page.getByRole("button", { name: "Itemize the rehab" }).click();
      const rehab = page.getByRole("region", { name: "Rehab estimate" });
      const add = async (option: string) => {
        await rehab.getByLabel("Add a line from").selectOption({ label: option });
        await rehab.getByRole("button", { name: "Add line" }).click();
      };
      // The empty first line gives way to the roof.
      await add("Roof");
      await expect(rehab.getByRole("combobox", { name: "Category, line 1" })).toHaveValue("Roof");
      await rehab.getByRole("textbox", { name: "Unit cost, line 1" }).fill("12,000");
      await add("Flooring");
      await rehab.getByRole("textbox", { name: "Description, line 2" }).fill("LVP");
      await rehab.getByRole("textbox", { name: "Quantity, line 2" }).fill("1,200");
      await rehab.getByRole("textbox", { name: "Unit cost, line 2" }).fill("4.50");
      await expect(rowOf(rehab, "Category, line 2")).toContainText("$5,400.00");
      // 12,000 + 1,200 × 4.50 = 17,400; 10 % is 1,740; 19,140 in all, the rehab cost.
      await rehab.getByLabel("Contingency").fill("10");
      await expect(rehab.getByText("$17,400.00")).toBeVisible();
      await expect(rehab.getByText("$1,740.00")).toBeVisible();
      await expect(rehab.getByText("$19,140.00")).toBeVisible();
      await expect(page.getByLabel("Rehab cost", { exact: true })).toHaveValue("19140");
      await expect(metric(page, "Rehab cost")).toContainText("$19,140");
      // 70 % × 250,000 − 19,140 = 155,860.
      await expect(metric(page, "Max price by the 70 % rule")).toContainText("$155,860");

      await rehab.getByRole("button", { name: "Save line 2 as a template" }).click();
      await expect(page.getByText("Template “Flooring · LVP · 1200 × $4.50” saved")).toBeVisible();
      await rehab.getByRole("button", { name: "Delete line 2" }).click();
      // 12,000 + 10 % = 13,200.
      await expect(metric(page, "Rehab cost")).toContainText("$13,200");

      await add("Flooring · LVP · 1200 × $4.50");
      await expect(rehab.getByRole("textbox", { name: "Description, line 2" })).toHaveValue("LVP");
      await expect(metric(page, "Rehab cost")).toContainText("$19,140");
      if (width === 375) await fitsTheScreen(page);

      // The template stays for the next analysis, until deleted.
      await page.reload();
      await page.getByRole("button", { name: "Itemize the rehab" }).click();
      const picker = page.getByLabel("Add a line from");
      await picker.selectOption({ label: "Flooring · LVP · 1200 × $4.50" });
      await page.getByRole("button", { name: "Delete template" }).click();
      await expect(
        page.getByText("Template “Flooring · LVP · 1200 × $4.50” deleted"),
      ).toBeVisible();
      await expect(picker.getByRole("option", { name: /LVP/ })).toHaveCount(0);
    });

    test("comps give the ARV and its range; a typed ARV is shown beside it until replaced", async ({
      page,
      account,
    }) => {
      await openApp(page, analysisPath({ id: "new" }, { strategy: "flip" }));
      await page.getByLabel("Purchase price").fill("150,000");
      await page.getByLabel("After repair value (ARV)").fill("250,000");
      await page.getByLabel("Rehab cost").fill("20,000");
      await page.getByLabel("Holding period").fill("6");
      await page.getByRole("radio", { name: "Cash" }).check();
      // 70 % × 250,000 − 20,000 = 155,000.
      await expect(metric(page, "Max price by the 70 % rule")).toContainText("$155,000");

      await page.getByRole("button", { name: "Work out the ARV from comps" }).click();
      const comps = page.getByRole("region", { name: "Comps" });
      await comps.getByLabel("Subject square feet").fill("1,500");
      const comp = async (row: number, values: string[]) => {
        const columns = ["Address", "Sale price", "Sq ft", "Adjustments"];
        for (const [at, column] of columns.entries())
          await comps.getByRole("textbox", { name: `${column}, comp ${row}` }).fill(values[at]!);
      };
      await comp(1, ["12 Elm St", "300,000", "1500", ""]);
      await comps.getByRole("button", { name: "Add a comp" }).click();
      await comp(2, ["40 Oak Ave", "280,000", "1,400", "7,000"]);
      await comps.getByRole("textbox", { name: "Adjustments, comp 2" }).press("Enter");
      await expect(comps.getByRole("textbox", { name: "Address, comp 3" })).toBeFocused();
      await comp(3, ["9 Pine Ct", "330,000", "1,650", "-16,500"]);

      // $/sq ft 200, (280,000 + 7,000) / 1,400 = 205, (330,000 − 16,500) / 1,650 = 190; mean
      // 198.33; × 1,500 = 297,500; low 1,500 × 190 = 285,000; high 1,500 × 205 = 307,500.
      await expect(rowOf(comps, "Address, comp 2")).toContainText("$205.00");
      await expect(rowOf(comps, "Address, comp 2")).toContainText("$307,500");
      await expect(comps.getByText("ARV from comps $297,500")).toBeVisible();
      const range = comps.getByRole("img", { name: /^ARV range from the comps/ });
      await expect(range).toHaveAccessibleName(
        "ARV range from the comps: $285,000 to $307,500, the comps' ARV $297,500, the ARV typed $250,000",
      );
      await expect(metric(page, "ARV from comps")).toContainText("$297,500");
      await expect(metric(page, "ARV, low")).toContainText("$285,000");
      await expect(metric(page, "ARV, high")).toContainText("$307,500");
      // The typed ARV still counts, and says so.
      await expect(
        comps.getByText("The analysis uses the ARV typed above, $250,000"),
      ).toBeVisible();
      await expect(metric(page, "Max price by the 70 % rule")).toContainText("$155,000");
      if (width === 375) await fitsTheScreen(page);

      await comps.getByRole("button", { name: "Use the comps' ARV" }).click();
      await expect(page.getByLabel("After repair value (ARV)")).toHaveValue("");
      // 70 % × 297,500 − 20,000 = 188,250.
      await expect(metric(page, "Max price by the 70 % rule")).toContainText("$188,250");
      await expect(range).toHaveAccessibleName(
        "ARV range from the comps: $285,000 to $307,500, the comps' ARV $297,500",
      );

      // A subject's square feet that is not a number is said beside it.
      await comps.getByLabel("Subject square feet").fill("big");
      await expect(comps.getByText("Type a number, like 125,000 or 7.5")).toBeVisible();
    });
  });
}
