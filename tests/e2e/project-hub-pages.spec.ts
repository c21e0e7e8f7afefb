/**
 * Project Hub's records at their own URLs: with JavaScript off, a project is created at
 * /project-hub/projects/new (a refused form shown again with what was typed), a contact unlinked
 * from it, and a document saved and deleted behind a confirmation; with JavaScript on, a project
 * opens from its list in a new tab (a real link) and Back returns to the list with its filters.
 */
import type { Page } from "@playwright/test";
import { documentPath, modulePath } from "../../app/domain/modules";
import { expect, openApp, test, type Account } from "./fixtures";

/** A record as the API reads it now (the page's session cookie goes along). */
const stored = async (page: Page, path: string) => {
  const response = await page.request.get(`/api${path}`);
  return { status: response.status(), data: response.ok() ? (await response.json()).data : null };
};

async function create(account: Account, path: string, json: unknown) {
  const response = await account.post(path, json);
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a project is created at its own page, and a contact unlinked from it", async ({
    page,
    account,
  }) => {
    const contact = await create(account, "/contacts", { firstName: "Maria", lastName: "Lopez" });
    await page.goto(modulePath("project-hub"));
    await page.getByRole("link", { name: "Create your first project" }).click();
    await expect(page).toHaveURL("/project-hub/projects/new");

    await page.getByLabel("City").fill("Dayton");
    await page.getByLabel("Budget ($)").fill("about 45k");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByText("Give the project a name")).toBeVisible();
    await expect(page.getByText("“about 45k” is not a number")).toBeVisible();
    await expect(page.getByLabel("City")).toHaveValue("Dayton");

    await page.getByLabel("Name").fill("Cedar duplex");
    await page.getByLabel("Budget ($)").fill("$45,000");
    await page.getByLabel("Type").selectOption("buy_and_hold");
    await page.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByRole("heading", { name: "Cedar duplex" })).toBeVisible();
    await expect(page.getByText("$45,000")).toBeVisible();
    const id = page.url().split("/").at(-1)!;
    expect((await stored(page, `/projects/${id}`)).data).toMatchObject({
      name: "Cedar duplex",
      type: "buy_and_hold",
      city: "Dayton",
      budget: 45_000,
    });

    await account.post(`/projects/${id}/contacts`, { contactId: contact });
    await page.reload();
    await page.getByRole("button", { name: "Unlink Maria Lopez" }).click();
    await expect(page.getByText("No one linked yet")).toBeVisible();
    await expect(page).toHaveURL(`/project-hub/projects/${id}`);
  });

  test("a document is saved, then deleted after a confirmation", async ({ page, account }) => {
    const id = await create(account, "/data/entries", {
      title: "Offer notes",
      content: "Max bid: $200,000",
    });
    await page.goto(modulePath("project-hub", { tab: "documents" }));
    await page.getByRole("link", { name: /Offer notes/ }).click();
    await expect(page).toHaveURL(documentPath(id));
    await page.getByLabel("Content (Markdown)").fill("Max bid: $210,000");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(documentPath(id));
    await expect(page.getByLabel("Content (Markdown)")).toHaveValue("Max bid: $210,000");

    await page.getByText("Delete this document…").click();
    await page.getByRole("button", { name: "Delete document" }).click();
    await expect(page).toHaveURL(modulePath("project-hub", { tab: "documents" }));
    await expect(page.getByText("No documents yet")).toBeVisible();
    expect((await stored(page, `/data/entries/${id}`)).status).toBe(404);
  });
});

test("a project opens from its list in a new tab, and Back keeps the list's filters", async ({
  page,
  account,
}) => {
  const id = await create(account, "/projects", { name: "Oak duplex", type: "brrrr" });
  await create(account, "/projects", { name: "Maple flip", type: "fix_and_flip" });
  await openApp(page, modulePath("project-hub", { type: "brrrr" }));
  const link = page.getByRole("link", { name: /Oak duplex/ });
  await expect(link).toHaveAttribute("href", `/project-hub/projects/${id}`);
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    link.click({ modifiers: ["Control"] }),
  ]);
  await tab.waitForLoadState();
  await expect(tab.getByRole("heading", { name: "Oak duplex" })).toBeVisible();
  await expect(tab).toHaveTitle("Oak duplex · AI42");
  await tab.close();

  await link.click();
  await expect(page).toHaveURL(`/project-hub/projects/${id}`);
  await page.goBack();
  await expect(page).toHaveURL("/project-hub?type=brrrr");
  await expect(page.getByRole("list", { name: "Projects" }).getByRole("listitem")).toHaveCount(1);
});
