/**
 * Resources in a browser: an analyzer metric opens its glossary entry, and the entry leads back to
 * the analyzer; a guide found by search, read through its contents; the apps' status.
 */
import { analysisPath, modulePath } from "../../app/domain/modules";
import { expect, openApp, test } from "./fixtures";

test("an analyzer metric opens its glossary entry, which leads back to the analyzer", async ({
  page,
  account,
}) => {
  await openApp(page, analysisPath({ id: "new" }, { strategy: "rental" }));
  await page.getByLabel("Purchase price").fill("185,000");
  await page.getByLabel("Gross rent / month").fill("1,650");
  await page.getByRole("link", { name: "Learn more: Cap rate in the glossary" }).click();

  await expect(page).toHaveURL(/\/resources\?tab=glossary&term=cap-rate/);
  const entry = page.getByRole("listitem", { name: "Capitalization rate (cap rate)" });
  await expect(entry).toHaveAttribute("aria-current", "true");
  await expect(entry).toBeFocused();
  await expect(entry).toContainText("Cap rate = NOI ÷ price");
  await expect(entry.getByRole("link", { name: "the BRRRR analyzer" })).toBeVisible();
  await entry.getByRole("link", { name: "the rental analyzer" }).click();

  // The entry opens the analyzer on its own figure: named while the inputs are empty, then
  // selected with its formula in the user's numbers.
  await expect(page).toHaveURL(/\/analyses\/new\?strategy=rental&term=cap-rate$/);
  const results = page.getByRole("region", { name: "Results" });
  await expect(results).toContainText(
    "Capitalization rate (cap rate) is highlighted here, with its formula.",
  );
  await page.getByLabel("Purchase price").fill("185,000");
  await page.getByLabel("Gross rent / month").fill("1,650");
  const capRate = results.getByRole("button", { name: /^Cap rate/ });
  await expect(capRate).toHaveAttribute("aria-expanded", "true");
  await expect(results.getByText(/^Cap rate = NOI \$[\d,]+ ÷ price \$185,000 = /)).toBeVisible();
  await expect(results.getByRole("button", { expanded: true })).toHaveCount(1);

  // A rule of thumb's badge opens the rule.
  await results.getByRole("link", { name: /^1 % rule: fail/ }).click();
  await expect(page).toHaveURL(/\/resources\?tab=glossary&term=one-percent-rule/);
  await expect(page.getByRole("listitem", { name: "1 % rule" })).toBeFocused();
});

test("a guide found by search, read through its contents; the apps' status", async ({
  page,
  account,
}) => {
  await openApp(page, modulePath("resources", { tab: "guides" }));
  const guides = page.getByRole("list", { name: "Guides" });
  await expect(guides.getByRole("listitem")).toHaveCount(5);
  await page.getByPlaceholder(/Search the guides/).fill("seasoning");
  await expect(guides.getByRole("listitem")).toHaveCount(1);
  await guides.getByRole("link", { name: /BRRRR step by step/ }).click();
  const article = page.getByRole("article", { name: "BRRRR step by step" });
  await expect(
    article.getByRole("heading", { level: 1, name: "BRRRR step by step" }),
  ).toBeVisible();
  await page
    .getByRole("navigation", { name: "Contents" })
    .getByRole("link", { name: "4. Refinance" })
    .click();
  await expect(page).toHaveURL(/#4-refinance$/);
  await expect(article.getByRole("heading", { name: "4. Refinance" })).toBeInViewport();

  await page.getByRole("tab", { name: "Apps" }).click();
  const integrations = page.getByRole("list", { name: "Integrations" });
  await expect(integrations.getByRole("listitem").filter({ hasText: "AI chat" })).toContainText(
    "Ready",
  );
  await expect(
    integrations.getByRole("listitem").filter({ hasText: "Road distances" }),
  ).toContainText("Set ROUTING_URL");
  const tool = page.getByRole("link", { name: "HUD Fair Market Rents" });
  await expect(tool).toHaveAttribute("target", "_blank");
  await expect(tool).toHaveAttribute("rel", /noopener/);
});
