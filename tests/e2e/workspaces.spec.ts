/**
 * The sidebar's workspace switcher: a team workspace made from it is where the pages then work
 * (its pipeline, not the person's own), and switching back shows the person's own again; with
 * JavaScript and without.
 */
import type { Page } from "@playwright/test";
import { modulePath } from "../../app/domain/modules";
import { expectNoViolations } from "./axe";
import { expect, openApp, test, type Account } from "./fixtures";

async function ownProject(account: Account, name: string) {
  const response = await account.post("/projects", {
    name,
    type: "buy_and_hold",
    status: "prospecting",
  });
  expect(response.status()).toBe(201);
}

const switcher = (page: Page) => page.getByTestId("workspace-switcher");

async function openSwitcher(page: Page) {
  await switcher(page).locator("summary").click();
  await expect(switcher(page).getByRole("list", { name: "Your workspaces" })).toBeVisible();
}

/** On Project Hub, with one project of the person's own. */
async function makeTeamAndComeBack(page: Page) {
  await expect(page.getByText("Own fourplex")).toBeVisible();
  await expect(switcher(page).locator("summary")).toContainText("Ana Silva");

  await openSwitcher(page);
  await page.getByLabel("New team workspace").fill("Harbor Flips");
  await page.getByRole("button", { name: "Create team workspace" }).click();
  // The team's own pipeline: empty, on the module the person was on.
  await expect(page).toHaveURL(modulePath("project-hub"));
  await expect(switcher(page).locator("summary")).toContainText("Harbor Flips");
  await expect(page.getByText("No projects yet")).toBeVisible();
  await expect(page.getByText("Own fourplex")).toHaveCount(0);

  await openSwitcher(page);
  const listed = switcher(page).getByRole("list", { name: "Your workspaces" }).getByRole("button");
  await expect(listed).toHaveText([/Ana Silva\s*Personal/, /Harbor Flips\s*Owner/]);
  await listed.filter({ hasText: "Ana Silva" }).click();
  await expect(switcher(page).locator("summary")).toContainText("Ana Silva");
  await expect(page.getByText("Own fourplex")).toBeVisible();
}

test("a team workspace made from the sidebar is where the pages work, until switching back", async ({
  page,
  account,
}) => {
  await ownProject(account, "Own fourplex");
  await openApp(page, modulePath("project-hub"));
  await makeTeamAndComeBack(page);

  // Escape closes the list, the focus back on the switcher; so does a press outside it.
  const list = switcher(page).getByRole("list", { name: "Your workspaces" });
  await openSwitcher(page);
  await expectNoViolations(page, "the workspace switcher, open");
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(switcher(page).locator("summary")).toBeFocused();
  await openSwitcher(page);
  await page.getByRole("heading", { name: "Project Hub", level: 1 }).click();
  await expect(list).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the switcher makes a team workspace and switches back", async ({ page, account }) => {
    await ownProject(account, "Own fourplex");
    await page.goto(modulePath("project-hub"));
    await makeTeamAndComeBack(page);
  });
});
