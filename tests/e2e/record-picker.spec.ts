/**
 * The record picker, keyboard only, for a user with 150 properties: the first 20 are offered with
 * a word to type on, the 150th is found by part of its address (the server searches), linked to a
 * new auction, and named again when the auction is edited, in a dialog that Escape does not close
 * while the list is open.
 */
import AxeBuilder from "@axe-core/playwright";
import { auctionPath } from "../../app/domain/modules";
import { expect, openApp, test } from "./fixtures";

const addressOf = (n: number) => `${String(n).padStart(3, "0")} Birch Way`;
const LAST = `${addressOf(150)}, Dayton, OH 45402`;

test("links an auction to the 150th of 150 properties by typing part of its address", async ({
  page,
  account,
}) => {
  const rows = Array.from({ length: 150 }, (_, i) => ({
    address: addressOf(i + 1),
    city: "Dayton",
    state: "OH",
    zip: "45402",
  }));
  expect((await account.post("/data/properties", rows)).status()).toBe(200);

  await openApp(page, auctionPath("new"));
  await page.getByLabel("Sale type").selectOption("sheriff");
  await page.getByLabel("Sale date").fill("2027-04-06");
  await page.getByLabel("Address", { exact: true }).fill("150 Birch Way");

  const picker = page.getByRole("combobox", { name: "Property" });
  const list = page.getByRole("listbox", { name: "Property matches" });
  const status = picker.locator("..").getByRole("status");
  await picker.focus();
  await page.keyboard.press("ArrowDown");
  await expect(picker).toHaveAttribute("aria-expanded", "true");
  await expect(status).toHaveText("20 of 150 shown: type to narrow");
  await expect(list.getByRole("option")).toHaveCount(21);
  await expect(list.getByRole("option").first()).toHaveText("None");
  await expect(picker).toHaveAttribute("aria-activedescendant", "auction-propertyId-option-0");
  const axe = await new AxeBuilder({ page })
    .include("form")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await page.keyboard.type("no such street");
  await expect(status).toHaveText("No matches");
  await expect(list.getByRole("option")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  await expect(picker).toHaveValue("");

  await page.keyboard.type("150 birch");
  await expect(status).toHaveText("1 match");
  await expect(list.getByRole("option", { name: LAST })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(picker).toHaveAttribute("aria-activedescendant", "auction-propertyId-option-1");
  await expect(list.getByRole("option", { name: LAST })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  await expect(picker).toHaveValue(LAST);

  await page.getByRole("button", { name: "Add auction" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Auction added")).toBeVisible();
  const links = page.getByRole("region", { name: "Linked records" });
  await expect(links.getByRole("link", { name: LAST })).toBeVisible();

  // Editing names the linked property, though it is not among the first matches.
  await page.getByRole("button", { name: "Edit", exact: true }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit auction" });
  const editing = dialog.getByRole("combobox", { name: "Property" });
  await expect(editing).toHaveValue(LAST);
  await editing.focus();
  await page.keyboard.type("001");
  await expect(dialog.getByRole("option", { name: /^001 Birch Way/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await expect(editing).toHaveValue(LAST);

  // None unlinks it.
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("option", { name: "None" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.keyboard.press("Enter");
  await expect(editing).toHaveValue("");
  await dialog.getByRole("button", { name: "Save changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(links.getByRole("link", { name: LAST })).toHaveCount(0);
});

test("a search typed over is cancelled, and its answer never replaces the newer search's matches", async ({
  page,
  account,
}) => {
  const rows = ["1 Oak St", "2 Elm St"].map((address) => ({
    address,
    city: "Dayton",
    state: "OH",
    zip: "45402",
  }));
  expect((await account.post("/data/properties", rows)).status()).toBe(200);
  // The search for "oak" (the picker's fetcher reading /records/property) is held until the one
  // for "elm" has been answered and shown.
  let answerOak = () => {};
  const oakHeld = new Promise<void>((resolve) => (answerOak = resolve));
  await page.route(/\/records\/property\.data\?.*q=oak/, async (route) => {
    await oakHeld;
    await route.continue().catch(() => undefined);
  });

  await openApp(page, auctionPath("new"));
  const picker = page.getByRole("combobox", { name: "Property" });
  const list = page.getByRole("listbox", { name: "Property matches" });
  const status = picker.locator("..").getByRole("status");
  await picker.focus();
  const oakAsked = page.waitForRequest(/q=oak/);
  const oakCancelled = page.waitForEvent("requestfailed", (request) => /q=oak/.test(request.url()));
  await page.keyboard.type("oak");
  await oakAsked;
  await page.keyboard.press("Control+A");
  await page.keyboard.type("elm");
  await expect(status).toHaveText("1 match");
  await expect(list.getByRole("option", { name: /^2 Elm St/ })).toBeVisible();
  await oakCancelled;

  answerOak();
  // Time for a late answer to be shown, were it shown.
  await page.waitForTimeout(300);
  await expect(status).toHaveText("1 match");
  await expect(list.getByRole("option", { name: /^2 Elm St/ })).toBeVisible();
  await expect(list.getByRole("option", { name: /Oak St/ })).toHaveCount(0);
  await expect(picker).toHaveValue("elm");
});
