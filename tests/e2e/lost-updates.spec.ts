/**
 * Lost updates: two pages edit one document; the second save is refused as changed elsewhere, and
 * the user reloads the first page's text or overwrites it with theirs.
 */
import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

const content = (page: Page) => page.getByLabel("Content (Markdown)");

async function save(page: Page, text: string) {
  await content(page).fill(text);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

test("a document saved in two pages: the second is asked to reload or overwrite", async ({
  page,
  account,
  browser,
}) => {
  const created = await account.post("/data/entries", {
    title: "Offer notes",
    content: "Max bid: $200,000",
  });
  const { id } = (await created.json()).data as { id: string };
  const stored = async () => {
    const response = await page.request.get(`/api/data/entries/${id}`, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    return ((await response.json()) as { data: { content: string } }).data.content;
  };
  const path = `/project-hub/documents/${id}`;
  await openApp(page, path);
  const other = await browser.newPage({ baseURL: page.url() });
  await other.context().addCookies(await page.context().cookies());
  await openApp(other, path);
  await expect(content(other)).toHaveValue("Max bid: $200,000");

  await save(page, "Max bid: $210,000 (first page)");
  await expect(page.getByText("Document saved")).toBeVisible();
  expect(await stored()).toBe("Max bid: $210,000 (first page)");

  // The second page still holds the old version: its save changes nothing and asks.
  await save(other, "Max bid: $190,000 (second page)");
  const asked = other.getByRole("dialog", { name: "This document was changed elsewhere" });
  await expect(asked).toBeVisible();
  expect(await stored()).toBe("Max bid: $210,000 (first page)");
  await expect(asked.getByRole("button", { name: "Reload" })).toBeFocused();
  await asked.getByRole("button", { name: "Reload" }).click();
  await expect(asked).toBeHidden();
  await expect(content(other)).toHaveValue("Max bid: $210,000 (first page)");
  await expect(other.getByText("Document saved")).toHaveCount(0);

  // Reloaded, the second page is at the current version: a save goes through.
  await save(other, "Max bid: $205,000 (second page)");
  await expect(other.getByText("Document saved")).toBeVisible();

  // Now the first page is behind: it overwrites, with the keyboard. Its first save's toast waits
  // while the page is behind the other; in front, it goes, so the one counted below is the new one.
  await page.bringToFront();
  await expect(page.getByText("Document saved")).toHaveCount(0);
  await save(page, "Max bid: $215,000 (first page again)");
  const overwrite = page.getByRole("dialog", { name: "This document was changed elsewhere" });
  await expect(overwrite).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(overwrite.getByRole("button", { name: "Overwrite" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(overwrite).toBeHidden();
  await expect(page.getByText("Document saved")).toHaveCount(1);
  await expect.poll(stored).toBe("Max bid: $215,000 (first page again)");
  await other.close();
});
