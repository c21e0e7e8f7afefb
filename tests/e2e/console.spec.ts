/**
 * No screen logs an error while it loads, even when the user clicks before it is interactive
 * (React error #421: a Suspense boundary updated before it finished hydrating).
 */
import type { Page } from "@playwright/test";
import { modulePath } from "../../app/domain/modules";
import { SIDEBAR_MODULES } from "../../app/modules";
import { expect, test } from "./fixtures";

/** Slow scripts, as on a phone: the page is on screen well before its lazy chunks arrive. */
const SCRIPT_DELAY_MS = 300;

/** Every error the page reports, but Chrome's note that the page itself was answered 404. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    const pageNotFound =
      message.location().url === page.url() && message.text().includes("status of 404");
    if (message.type() === "error" && !pageNotFound) errors.push(message.text());
  });
  return errors;
}

test("no console error on any route, clicking while it loads", async ({ page, account }) => {
  test.setTimeout(120_000);
  await page.route("**/assets/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_DELAY_MS));
    await route.continue();
  });
  const errors = collectErrors(page);
  const paths = [...SIDEBAR_MODULES.map((module) => modulePath(module.id)), "/nope"];
  const trigger = page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("button", { name: /^Search commands/ });
  const search = page.getByPlaceholder("Search commands...");
  for (const path of paths) {
    await page.goto(path, { waitUntil: "domcontentloaded" });
    // Click the palette's button from first paint until it answers (clicks made before hydration
    // are replayed by React once the button is hydrated).
    await expect(async () => {
      if (!(await search.isVisible())) await trigger.click({ timeout: 1000 });
      await expect(search).toBeVisible({ timeout: 200 });
    }).toPass({ intervals: [50] });
    await page.keyboard.press("Escape");
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    expect(errors, path).toEqual([]);
  }
});

test("no console error on the signed-out screens, nor a security issue", async ({ page }) => {
  const errors = collectErrors(page);
  // What the DevTools Issues panel (and Lighthouse's best practices) would list, e.g. a script
  // that tries eval under the CSP.
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Audits.issueAdded", ({ issue }) =>
    errors.push(`${issue.code}: ${JSON.stringify(issue.details)}`),
  );
  await cdp.send("Audits.enable");
  for (const path of [modulePath("home"), "/forgot-password", "/nope"]) {
    await page.goto(path);
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await page.waitForLoadState("networkidle");
    expect(errors, path).toEqual([]);
  }
});
