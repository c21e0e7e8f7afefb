/**
 * The dashboard in a browser: for an account holding the demo's sample portfolio, each card shows
 * what its module holds and links to it; for a new account, each card says how to fill it.
 */
import { seedSamplePortfolio } from "../../scripts/demo-data.mjs";
import { expect, openApp, test } from "./fixtures";

test("each card shows its module's data for the demo portfolio, and links to it", async ({
  page,
  account,
}) => {
  test.setTimeout(90_000);
  await openApp(page, "/home");
  await seedSamplePortfolio(new URL(page.url()).origin, account.token);
  await page.reload();

  const card = (id: string) => page.getByTestId(`card-${id}`);
  await expect(card("today").getByRole("list", { name: "Today's events" })).toContainText(
    "Call the Riverside seller back",
  );
  await expect(
    card("today").getByRole("link", { name: "This afternoon's look-sees" }),
  ).toBeVisible();
  await expect(
    card("today")
      .getByRole("list", { name: "Stops of This afternoon's look-sees" })
      .getByRole("listitem"),
  ).toHaveCount(2);

  await expect(
    card("auctions").getByRole("list", { name: "Sales in the next 14 days" }),
  ).toContainText("3302");
  const followUps = card("follow-ups").getByRole("list", { name: "Follow-ups due" });
  await expect(followUps).toContainText("Irene Diaz");
  await expect(followUps).toContainText("Henry Cole");
  await expect(followUps).not.toContainText("Jack Evans");

  // A chart is drawn (and Chart.js downloaded) once its card scrolls into view.
  await card("pipeline").scrollIntoViewIfNeeded();
  await expect(card("pipeline").getByRole("img", { name: /^Projects by status:/ })).toBeVisible();
  await expect(
    card("pipeline")
      .getByText(/^\$[\d,]+$/)
      .first(),
  ).toBeVisible();
  await card("portfolio").scrollIntoViewIfNeeded();
  await expect(card("portfolio").getByText("Cash flow a month")).toBeVisible();
  await expect(
    card("portfolio").getByRole("img", { name: /^Monthly cash flow by property:/ }),
  ).toBeVisible();
  // Seven sellers imported: all seven reached New; Gloria is under contract.
  await card("funnel").scrollIntoViewIfNeeded();
  await expect(
    card("funnel").getByRole("img", { name: /New 7, Contacted 4, .*Under contract 1/ }),
  ).toBeVisible();
  await expect(card("recent").getByRole("list", { name: "Recent documents" })).toContainText(
    "Linden Ave offer notes",
  );

  await card("follow-ups").getByRole("link", { name: "Leads" }).click();
  await expect(page).toHaveURL(/\/marketing\?tab=leads/);
  await expect(page.getByRole("link", { name: "Henry Cole", exact: true })).toBeVisible();
});

test("a new account's cards each say how to fill them", async ({ page, account }) => {
  await openApp(page, "/home");
  const card = (id: string) => page.getByTestId(`card-${id}`);
  await expect(card("today").getByRole("link", { name: "Plan a route" })).toBeVisible();
  await expect(card("today").getByRole("link", { name: "Add an event" })).toBeVisible();
  await expect(card("auctions").getByRole("link", { name: "Track an auction" })).toBeVisible();
  await expect(card("follow-ups").getByText(/^No follow-up due/)).toBeVisible();
  await expect(card("pipeline").getByRole("link", { name: "Create a project" })).toBeVisible();
  await expect(card("portfolio").getByRole("link", { name: "Analyse a deal" })).toBeVisible();
  await expect(card("funnel").getByRole("link", { name: "Import leads" })).toBeVisible();
  await expect(card("recent").getByRole("link", { name: "Research an address" })).toBeVisible();
});
