/**
 * A property at its own URL: a real link from the list (it opens in a new tab, and Back returns
 * to the list with its filters), its facts saved in place without a reload, a change made
 * elsewhere meanwhile asked about, and, with JavaScript off, the same page's forms: its facts
 * saved and the property deleted behind a confirmation.
 */
import { modulePath } from "../../app/domain/modules";
import type { Page } from "@playwright/test";
import { expect, openApp, test, type Account } from "./fixtures";

/** The property as the API reads it now (the page's session cookie goes along). */
const stored = async (page: Page, id: string) => {
  const response = await page.request.get(`/api/data/properties/${id}`);
  return { status: response.status(), data: response.ok() ? (await response.json()).data : null };
};

async function addProperty(account: Account, address: string, status = "analyzing") {
  const response = await account.post("/data/properties", {
    address,
    city: "Dayton",
    state: "OH",
    listPrice: 185_000,
    propertyTaxesAnnual: 1234.56,
    status,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { ids: string[] } }).data.ids[0]!;
}

test("a property opens from the list as a link, Back keeps the list's filters, an edit shows in place", async ({
  page,
  account,
}) => {
  const id = await addProperty(account, "12 Oak St");
  await addProperty(account, "40 Elm St", "passed");
  await openApp(page, modulePath("possible-investments", { status: "analyzing" }));
  const link = page.getByRole("link", { name: "12 Oak St", exact: true });
  await expect(link).toHaveAttribute("href", `/possible-investments/${id}`);

  // A new tab opens the same page, read on the server.
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    link.click({ modifiers: ["Control"] }),
  ]);
  await tab.waitForLoadState();
  await expect(tab.getByRole("heading", { name: "12 Oak St" })).toBeVisible();
  await expect(tab).toHaveTitle("12 Oak St · AI42");
  await tab.close();

  // In the same tab: no reload, and Back returns to the filtered list.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await link.click();
  await expect(page).toHaveURL(`/possible-investments/${id}`);
  await page.getByLabel("ARV").fill("250,000");
  await page.getByLabel("ARV").press("Enter");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect(page.getByLabel("ARV")).toHaveValue("$250,000");
  await page.getByLabel("Status", { exact: true }).selectOption("offer_made");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("offer_made");
  await expect
    .poll(async () => (await stored(page, id)).data)
    .toMatchObject({ arv: 250_000, status: "offer_made", propertyTaxesAnnual: 1234.56 });
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/possible-investments\?status=analyzing$/);
  await expect(page.getByLabel("Filter by pipeline status")).toHaveValue("analyzing");
  await expect(page.getByRole("link", { name: "40 Elm St" })).toHaveCount(0);
});

test("a fact changed elsewhere meanwhile is asked about, and overwriting saves it", async ({
  page,
  account,
}) => {
  const id = await addProperty(account, "7 Birch Ln");
  await openApp(page, `/possible-investments/${id}`);
  const elsewhere = await page.request.put(`/api/data/properties/${id}`, {
    data: { address: "7 Birch Ln", notes: "From the phone" },
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(elsewhere.status()).toBe(200);
  await page.getByLabel("Rent / month").fill("1,650");
  await page.getByLabel("Rent / month").blur();
  const dialog = page.getByRole("dialog", { name: "This property was changed elsewhere" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Overwrite" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Rent / month")).toHaveValue("$1,650");
  await expect(page.getByLabel("Notes")).toHaveValue("From the phone");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a property's facts are saved with Save facts, and the property deleted after a confirmation", async ({
    page,
    account,
  }) => {
    const id = await addProperty(account, "3 Cedar Ct");
    await page.goto(modulePath("possible-investments"));
    await page.getByRole("link", { name: "3 Cedar Ct", exact: true }).click();
    await expect(page.getByRole("heading", { name: "3 Cedar Ct" })).toBeVisible();

    await page.getByLabel("Price", { exact: true }).fill("$179,500");
    await page.getByLabel("Notes").fill("Roof is new");
    await page.getByLabel("Status", { exact: true }).selectOption("offer_made");
    await page.getByRole("button", { name: "Save facts" }).click();
    await expect(page).toHaveURL(`/possible-investments/${id}`);
    await expect(page.getByLabel("Price", { exact: true })).toHaveValue("$179,500");
    await expect(page.getByLabel("Notes")).toHaveValue("Roof is new");
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("offer_made");
    // Sent back as shown ("$1,235"), the taxes keep their cents.
    expect((await stored(page, id)).data).toMatchObject({
      listPrice: 179_500,
      propertyTaxesAnnual: 1234.56,
    });

    await page.getByLabel("Beds").fill("lots");
    await page.getByRole("button", { name: "Save facts" }).click();
    await expect(page.locator("#fact-beds-error")).toBeVisible();

    await page.getByText("Delete this property…").click();
    await page.getByRole("button", { name: "Delete property" }).click();
    await expect(page).toHaveURL("/possible-investments");
    await expect(page.getByRole("link", { name: "3 Cedar Ct" })).toHaveCount(0);
    expect((await stored(page, id)).status).toBe(404);
  });
});
