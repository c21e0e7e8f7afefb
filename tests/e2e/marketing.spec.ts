/**
 * Marketing in a browser: a CSV of leads imported (a bad row named in the preview, a duplicate
 * skipped), a lead moved along and the funnel following; a lead bot rehearsed in the playground
 * against the fake OpenAI-compatible server, streamed, and the lead its answers make, at its own
 * URL; an SMS draft with the compliance rules; a duplicate lead named on create.
 */
import { modulePath } from "../../app/domain/modules";
import type { Page } from "@playwright/test";
import { expect, fakeOpenAIRequests, openApp, test } from "./fixtures";

/** Saves a new lead bot named Sam with the first `keep` of its default questions: its playground. */
async function saveBot(page: Page, keep?: number) {
  await openApp(page, modulePath("marketing", { tab: "bots" }));
  await page.getByRole("button", { name: "Create a lead bot" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Sam");
  const questions = await page.getByRole("button", { name: /^Remove question \d+$/ }).count();
  for (let n = questions; keep !== undefined && n > keep; n -= 1) {
    await page.getByRole("button", { name: `Remove question ${n}` }).click();
  }
  await page.getByRole("button", { name: "Save lead bot" }).click();
  return page.getByRole("region", { name: "Playground" });
}

const CSV = [
  "Owner Name,Phone,Email,Property Address,Status,SMS opt-in,Score",
  "Maria Lopez,937-555-0101,maria@example.com,14 Elm St,contacted,yes,80",
  "Bo Li,937-555-0102,,9 Oak Ave,new,no,40",
  "Cy Dunn,937-555-0103,,3 Pine Rd,qualified,no,high",
  "Di Park,(937) 555-0101,,5 Ash Ct,new,no,20",
].join("\n");

test("leads imported from CSV, one moved along, and the funnel follows", async ({
  page,
  account,
}) => {
  await account.post("/marketing/campaigns", { name: "Spring mailer", channel: "direct_mail" });
  await openApp(page, modulePath("marketing", { tab: "leads" }));
  await expect(page.getByRole("heading", { name: "No leads yet" })).toBeVisible();
  await page.getByRole("button", { name: "Import a list" }).click();
  const dialog = page.getByRole("dialog", { name: "Import leads" });
  await dialog.getByLabel("File to import").setInputFiles({
    name: "leads.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(CSV),
  });
  await expect(dialog.getByLabel("Field for column Owner Name")).toHaveValue("fullName");
  await expect(dialog.getByTestId("import-summary")).toContainText(
    "5 rows in the file: 4 leads, the header.",
  );
  await expect(
    dialog.getByText("Row 4, Score: “high” is not a number; the row was not imported"),
  ).toBeVisible();
  // Di Park has Maria's phone: the same lead, named.
  await expect(dialog.getByText(/Row 5: the same lead as row 2/)).toBeVisible();
  await dialog.getByLabel("Campaign for new leads").selectOption({ label: "Spring mailer" });
  await dialog.getByRole("button", { name: "Import 2 leads" }).click();
  await expect(
    page.getByRole("status", { name: "Import of leads.csv" }).getByTestId("import-outcome"),
  ).toHaveText("2 new, 0 updated, 0 unchanged, 2 not imported");

  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("speed-to-lead")).toContainText("2 leads");
  await page.getByLabel("Status of Bo Li").selectOption("appointment");
  await expect(page.getByLabel("Status of Bo Li")).toHaveValue("appointment");

  await page.getByRole("tab", { name: "Funnel" }).click();
  // Maria contacted, Bo at an appointment: new 2, contacted 2, qualified 1, appointment 1.
  await expect(page.getByTestId("funnel-new")).toContainText("2");
  await expect(page.getByTestId("funnel-contacted")).toContainText(/2\s*100%/);
  await expect(page.getByTestId("funnel-qualified")).toContainText(/1\s*50%/);
  await expect(page.getByTestId("funnel-appointment")).toContainText(/1\s*100%/);
  await expect(page.getByTestId("funnel-under_contract")).toContainText(/0\s*0%/);
  await expect(page.getByRole("img", { name: /Lead funnel: New 2, Contacted 2/ })).toBeVisible();

  await page.getByRole("tab", { name: "Campaigns" }).click();
  const card = page.getByTestId("campaign-card");
  await expect(card).toContainText("Spring mailer");
  await expect(card.getByText("Leads", { exact: true }).locator("..")).toContainText("2");
});

test("a lead bot rehearsed in the playground makes a lead with its answers", async ({
  page,
  account,
}) => {
  // Two questions are enough: the name and the property.
  const playground = await saveBot(page, 2);
  await expect(playground.getByText("Hi, this is Sam.")).toBeVisible();

  await playground.getByRole("button", { name: "Start the conversation" }).click();
  await expect(playground.getByTestId("bot-progress")).toHaveText("Question 1 of 2");
  const reply = playground.getByLabel("Your reply, as the seller");
  await reply.fill("Maria Lopez");
  await reply.press("Enter");
  // The fake model quotes the seller's words back, streamed through the relay.
  await expect(playground.getByText('You asked: "Maria Lopez"')).toBeVisible();
  await expect(playground.getByTestId("bot-progress")).toHaveText("Question 2 of 2");
  await reply.fill("14 Elm St, Dayton OH");
  await reply.press("Enter");
  await expect(playground.getByTestId("bot-progress")).toHaveText("Every question answered");
  await playground.getByRole("button", { name: "Create lead from this conversation" }).click();
  await expect(playground.getByText("Lead created: Maria Lopez")).toBeVisible();

  // The lead's own page, its form filled from the answers.
  await playground.getByRole("link", { name: "See it in Leads" }).click();
  await expect(page).toHaveURL(/\/marketing\/leads\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Maria Lopez" })).toBeVisible();
  const form = page.getByRole("region", { name: "Details" });
  await expect(form.getByLabel("Property address")).toHaveValue("14 Elm St, Dayton OH");
  await expect(form.getByLabel("Source")).toHaveValue("Lead bot: Sam");
  await expect(form.getByText("What's the address of the property?")).toBeVisible();
});

test("the playground's Stop keeps the reply so far; Restart drops a reply still streaming", async ({
  page,
  account,
}) => {
  const playground = await saveBot(page);
  const progress = playground.getByTestId("bot-progress");
  const turns = playground.getByRole("list", { name: "Conversation" }).getByRole("listitem");
  const reply = playground.getByLabel("Your reply, as the seller");

  await playground.getByRole("button", { name: "Start the conversation" }).click();
  await expect(progress).toHaveText("Question 1 of 4");
  // The fake model answers "long answer" with a thousand words, slowly.
  await reply.fill("Give me a long answer");
  await reply.press("Enter");
  await expect(turns.last()).toContainText("word3");
  await playground.getByRole("button", { name: "Stop" }).click();
  await expect(progress).toHaveText("Question 2 of 4");
  await expect(turns.last()).toContainText("word3");
  await expect(turns.last()).not.toContainText("word999");
  await expect(playground.getByRole("button", { name: "Send" })).toBeVisible();

  await reply.fill("Another long answer");
  await reply.press("Enter");
  await expect(turns.last()).toContainText("word3");
  await playground.getByRole("button", { name: "Restart" }).click();
  await expect(progress).toHaveText("Not started");
  await expect(turns).toHaveCount(1);
  // The stopped stream settles after the restart (the fake sees it closed by then); it must not
  // bring the old conversation back. (Longer than the relay's 10 s idle wait, which is what
  // notices a client workerd did not report gone.)
  await expect
    .poll(async () => (await fakeOpenAIRequests()).at(-1)?.clientClosed, { timeout: 25_000 })
    .toBe(true);
  await expect(progress).toHaveText("Not started");
  await expect(turns).toHaveCount(1);
  await expect(playground.getByRole("button", { name: "Start the conversation" })).toBeEnabled();
});

test("an SMS draft carries the compliance rules; a duplicate lead is named", async ({
  page,
  account,
}) => {
  await account.post("/marketing/leads", {
    firstName: "Ann",
    lastName: "Lee",
    phone: "614-555-0199",
    consentSms: false,
  });
  await openApp(page, modulePath("marketing", { tab: "leads" }));
  await page.getByRole("button", { name: "Draft a message to Ann Lee" }).click();
  const dialog = page.getByRole("dialog", { name: "Draft a message: Ann Lee" });
  await dialog.getByText("SMS", { exact: true }).click();
  await dialog.getByRole("button", { name: "Draft", exact: true }).click();
  await expect(dialog.getByRole("note")).toContainText("Honour STOP");
  await expect(dialog.getByText(/has not agreed to receive texts/)).toBeVisible();
  await expect(dialog.getByText(/Recipient: Ann Lee\./)).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  await page.getByRole("link", { name: "New lead" }).click();
  await expect(page).toHaveURL("/marketing/leads/new");
  await page.getByLabel("First name").fill("Annie");
  await page.getByRole("textbox", { name: /^Phone/ }).fill("+1 (614) 555-0199");
  await page.getByRole("button", { name: "Create lead" }).click();
  await expect(page.getByText("Already a lead: Ann Lee")).toBeVisible();

  // Made through the form's action, the new lead opens at its own URL.
  await page.getByRole("textbox", { name: /^Phone/ }).fill("614-555-0188");
  await page.getByRole("button", { name: "Create lead" }).click();
  await expect(page).toHaveURL(/\/marketing\/leads\/(?!new)[^/?]+$/);
  await expect(page.getByRole("heading", { level: 2, name: "Annie" })).toBeVisible();
});
