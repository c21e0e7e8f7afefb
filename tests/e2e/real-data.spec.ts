/**
 * Files as their sources write them, imported through the screens, and every fact they bring on
 * screen: a PropStream list's owner, equity and listing status on the property page, a skip-traced
 * lead's phones on its card, a county list given its sale type once.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/imports/${name}`, import.meta.url));
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

async function importThrough(page: Page, open: string, title: string, file: string) {
  await page.getByRole("button", { name: open }).first().click();
  const importer = dialog(page, title);
  await importer
    .getByLabel("File to import")
    .setInputFiles({ name: file, mimeType: "text/csv", buffer: fixture(file) });
  return importer;
}

test("a PropStream list: the owner, equity and listing status on the property page", async ({
  page,
  account: _account,
}) => {
  await openApp(page, "/possible-investments");
  const importer = await importThrough(
    page,
    "Import your first properties",
    "Import properties",
    "propstream.csv",
  );
  await expect(importer.getByTestId("import-source")).toContainText("PropStream export");
  await expect(importer.getByTestId("import-flagged")).toContainText("1 is flagged");
  await importer.getByRole("button", { name: "Import 12 properties" }).click();
  const imports = page.getByRole("status", { name: "Import of propstream.csv" });
  await expect(imports.getByTestId("import-outcome")).toHaveText("12 new, 0 updated, 0 unchanged");
  await imports.getByRole("button", { name: "Dismiss propstream.csv" }).click();

  // The list shows, filters and sorts by owner, equity and listing status.
  const table = page.getByRole("table", { name: "Properties" });
  await page.getByLabel("Filter by listing status").selectOption("active");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row").nth(1)).toContainText("Olumide Adeyemi");
  await page.getByLabel("Filter by listing status").selectOption("");
  await page.getByLabel("Filter by owner").selectOption("yes");
  await expect(table.getByRole("row")).toHaveCount(4);
  await page.getByLabel("Filter by owner").selectOption("");
  await table.getByRole("button", { name: "Equity" }).click();
  await expect(table.getByRole("row").nth(1)).toContainText("3401 Refugee Rd");

  await table.getByRole("link", { name: "5568 Bermuda Bay Dr", exact: true }).click();
  const owner = page.getByTestId("property-owner");
  await expect(owner).toContainText("Olumide Adeyemi");
  await expect(owner).toContainText("Absentee owner");
  await expect(owner).toContainText("12 Garrison Rd");
  await expect(page.getByLabel("Occupancy")).toHaveValue("false");
  await expect(page.getByLabel("Estimated value")).toHaveValue("$205,300");
  await expect(page.getByLabel("Equity", { exact: true })).toHaveValue("$104,074");
  await expect(page.getByLabel("Listing status")).toHaveValue("active");
  await expect(page.getByLabel("APN")).not.toHaveValue("");
  await expect(page.getByLabel("County")).toHaveValue("Franklin");
  const contacts = page.getByRole("region", { name: "Contacts" });
  await expect(contacts).toContainText("Olumide Adeyemi · Owner");

  // Each fact is edited in place, and kept.
  await page.getByLabel("Equity", { exact: true }).fill("110,000");
  await page.getByLabel("Equity", { exact: true }).press("Enter");
  await expect(page.getByText("Saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Equity", { exact: true })).toHaveValue("$110,000");

  // The owner's own page lists what they own.
  await page.getByTestId("property-owner").getByRole("link", { name: "Olumide Adeyemi" }).click();
  await expect(page.getByRole("heading", { name: "Olumide Adeyemi" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Properties they own" })).toContainText(
    "5568 Bermuda Bay Dr",
  );
});

test("a skip-traced lead list: every phone with its kind on the card, and the flags", async ({
  page,
  account: _account,
}) => {
  await openApp(page, "/marketing");
  const importer = await importThrough(page, "Import a list", "Import leads", "batchleads.csv");
  await expect(importer.getByTestId("import-flagged")).toContainText("3 are flagged");
  await importer.getByRole("button", { name: "Import 12 leads" }).click();
  await expect(
    page.getByRole("status", { name: "Import of batchleads.csv" }).getByTestId("import-outcome"),
  ).toHaveText("12 new, 0 updated, 0 unchanged");

  const brisco = page.getByTestId("lead-row").filter({ hasText: "Walter Brisco" });
  const methods = brisco.getByRole("list", { name: "Phones and e-mails" });
  await expect(methods.getByRole("listitem")).toHaveCount(3);
  await expect(methods).toContainText("(972) 555-0198");
  await expect(methods).toContainText("(469) 555-0133");
  await expect(methods).toContainText("(972) 555-0121");
  await expect(methods.getByRole("listitem").nth(2)).toContainText("Landline");
  await expect(brisco).toContainText("Do not contact");
  await expect(
    page.getByTestId("lead-row").filter({ hasText: "Tyrone Baskerville" }),
  ).toContainText("Deceased");

  // The lead's page has every number, its kind, and the flags in its form.
  await brisco.getByRole("link", { name: "Edit Walter Brisco" }).click();
  await expect(page).toHaveURL(/\/marketing\/leads\/[^/?]+\?back=/);
  const form = page.getByRole("region", { name: "Details" });
  await expect(form.getByLabel("Phone 3", { exact: true })).toHaveValue("(972) 555-0121");
  await expect(form.getByLabel("Kind of number 3")).toHaveValue("Landline");
  await expect(form.getByLabel("Do not contact")).toBeChecked();
  await form.getByLabel("Kind of number 2").fill("Wireless");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.locator("article header").getByRole("list", { name: "Phones and e-mails" }),
  ).toContainText("Wireless");
});

test("a county sale list with no sale-type column: one sale type for the whole list", async ({
  page,
  account: _account,
}) => {
  await openApp(page, "/auction");
  const importer = await importThrough(
    page,
    "Import a list",
    "Import auctions",
    "county-sale-list.csv",
  );
  // The columns show, with what the list still lacks, until it is chosen.
  await expect(importer.getByLabel("Field for column Date of Sale")).toHaveValue("saleAt");
  await expect(importer.getByTestId("import-missing")).toHaveText(
    "Choose the sale type of the whole list, or map a column to Sale type",
  );
  await expect(importer.getByRole("button", { name: /^Import/ })).toBeDisabled();
  await importer.getByLabel("Sale type of every sale in this list").selectOption("sheriff");
  await expect(importer.getByTestId("import-missing")).toBeHidden();
  await importer.getByRole("button", { name: "Import 5 auctions" }).click();
  await expect(
    page
      .getByRole("status", { name: "Import of county-sale-list.csv" })
      .getByTestId("import-outcome"),
  ).toHaveText("5 new, 0 updated, 0 unchanged");
  // The list gave days, not hours: each sale shows as its day.
  await expect(page.getByText("Time not posted yet").first()).toBeVisible();
});
