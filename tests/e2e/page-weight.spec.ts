/**
 * JavaScript per page: a page downloads what it shows. zod (the forms' and
 * imports' schemas) comes when someone starts filling in a form; Chart.js with the first chart
 * scrolled to.
 */
import type { Page } from "@playwright/test";
import { modulePath, type ModuleId } from "../../app/domain/modules";
import { expect, openApp, test } from "./fixtures";

/** The names of the scripts the page has downloaded from our origin so far, as they are asked for. */
function scriptsOf(page: Page) {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") names.push(new URL(request.url()).pathname);
  });
  return names;
}
const zod = (names: string[]) => names.some((name) => /\/zod-[\w-]+\.js$/.test(name));
const chartJs = (names: string[]) => names.some((name) => /\/chart-[\w-]+\.js$/.test(name));

test("the dashboard downloads neither zod nor Chart.js until a chart shows", async ({
  page,
  account,
}) => {
  await account.post("/projects", { name: "Cedar lot", status: "prospecting" });
  await page.setViewportSize({ width: 412, height: 823 });
  const scripts = scriptsOf(page);
  await openApp(page, "/home");
  await expect(page.getByTestId("pipeline-prospecting")).toHaveText("1");
  expect(zod(scripts)).toBe(false);
  expect(chartJs(scripts)).toBe(false);

  await page.getByTestId("card-pipeline").scrollIntoViewIfNeeded();
  await expect(
    page.getByTestId("card-pipeline").getByRole("img", { name: /^Projects by status:/ }),
  ).toBeVisible();
  expect(chartJs(scripts)).toBe(true);
  expect(zod(scripts)).toBe(false);
});

/** The modules whose first screen is a list, a chat or a board: no form to check yet. */
const FORMLESS_MODULES: readonly ModuleId[] = [
  "home",
  "main-agent",
  "route-planner",
  "resources",
  "marketing",
  "connections",
  "calendar",
];

test("no module page downloads zod for its first screen", async ({ page, account }) => {
  const scripts = scriptsOf(page);
  for (const id of FORMLESS_MODULES) {
    await openApp(page, modulePath(id));
    await expect(page.locator("main h1")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(zod(scripts), `${id} downloaded zod`).toBe(false);
  }
});

test("a page is styled by its HTML alone: no stylesheet holds back the first paint", async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
  });
  // Without scripts, what the server sent is all there is.
  await page.route("**/assets/**/*.js", (route) => route.abort());
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(stylesheets).toEqual([]);
  // Styled: the theme's background and the primary button's colour, not the browser's defaults.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
  const button = page.getByRole("button", { name: "Sign in" });
  expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
    "rgb(239, 239, 239)",
  );
});

test("Possible Investments downloads zod when its form is filled in", async ({ page, account }) => {
  await account.post("/data/properties", [{ address: "1 Alder St", city: "Dayton", state: "OH" }]);
  const scripts = scriptsOf(page);
  await openApp(page, modulePath("possible-investments"));
  await expect(page.getByRole("table", { name: "Properties" })).toContainText("1 Alder St");
  expect(zod(scripts)).toBe(false);

  await page.getByRole("link", { name: "Add property" }).click();
  await expect(page.getByRole("heading", { name: "Add a property" })).toBeVisible();
  await expect(page.getByLabel("Address")).toBeVisible();
  expect(zod(scripts)).toBe(false);
  await page.getByLabel("Address").fill("2 Birch St");
  await expect.poll(() => zod(scripts)).toBe(true);
  await page.getByRole("button", { name: "Add property" }).click();
  await expect(page.getByRole("heading", { name: "2 Birch St" })).toBeVisible();
});

test("a page's scripts start downloading after its first paint, and the page still hydrates", async ({
  page,
  account,
}) => {
  await account.post("/projects", { name: "Cedar lot", status: "prospecting" });
  await openApp(page, "/home");
  await expect(page.getByTestId("pipeline-prospecting")).toHaveText("1");
  await page.waitForLoadState("networkidle");
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
  // Hydrated: the palette opens from the keyboard, which only the page's script can do.
  await page.keyboard.press("Control+k");
  await expect(page.getByPlaceholder("Search commands...")).toBeVisible();
});
