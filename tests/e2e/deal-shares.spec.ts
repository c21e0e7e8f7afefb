/**
 * A link to share: from a saved analysis, the investor makes a read-only link, which a lender opens
 * without an account as the printed report, with no scripts; revoked, it opens nothing. At 1280 and
 * 375 px.
 */
import { analysisPath } from "../../app/domain/modules";
import { expect, openApp, test } from "./fixtures";

/** A $250,000 rental bought with 20 % down: a $200,000 30-year loan at 6.5 % is $1,264.14 a month. */
const RENTAL = {
  purchasePrice: 250000,
  grossMonthlyRent: 2000,
  propertyTaxesAnnual: 3000,
  insuranceAnnual: 1200,
  financing: { type: "loan", downPaymentPct: 20, interestRatePct: 6.5, termYears: 30 },
};

for (const width of [1280, 375]) {
  test(`a saved analysis is shared by a link, opened without an account, then revoked (${width} px)`, async ({
    page,
    account,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const saved = await account.post("/deals", {
      name: "Quince duplex",
      strategy: "rental",
      inputs: RENTAL,
    });
    const { data: deal } = (await saved.json()) as { data: { id: string } };
    await openApp(page, analysisPath({ id: deal.id }));
    await expect(page.getByLabel("Analysis name")).toHaveValue("Quince duplex");

    await page.getByRole("button", { name: "Share" }).click();
    const dialog = page.getByRole("dialog", { name: "Share this analysis" });
    await expect(dialog.getByText("No live links")).toBeVisible();
    await dialog.getByLabel("The link works").selectOption({ label: "30 days" });
    await dialog.getByRole("button", { name: "Make a link" }).click();
    const link = dialog.getByRole("list", { name: "Live links" }).getByLabel("Link");
    await expect(link).toHaveCount(1);
    const url = await link.inputValue();
    expect(url).toMatch(/\/shared\/[\w-]{40,}$/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(dialog.getByText(/works until/)).toBeVisible();

    // The lender: another browser, no account, no scripts run.
    const lender = await browser.newContext({ viewport: { width, height: 800 } });
    const report = await lender.newPage();
    const scripts: string[] = [];
    report.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await report.goto(url);
    await expect(report.getByRole("heading", { name: "Quince duplex" })).toBeVisible();
    await expect(report.getByRole("row", { name: /^Monthly payment/ })).toContainText("$1,264.14");
    await expect(report.getByText(/the link works until/)).toBeVisible();
    expect(scripts).toEqual([]);
    expect(
      await report.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
    await dialog.getByRole("button", { name: "Revoke this link" }).click();
    await expect(dialog.getByText("No live links")).toBeVisible();
    const gone = await report.goto(url);
    expect(gone?.status()).toBe(404);
    await expect(report.getByRole("heading", { name: "This link opens nothing" })).toBeVisible();
    await lender.close();
  });
}
