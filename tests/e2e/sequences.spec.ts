/**
 * Follow-up sequences in a browser: sequences turned on (without Gmail's send permission, the
 * screen offers it and says e-mail steps become tasks), a sequence made with its steps, started on
 * a lead, its status and log on the lead's page, and stopped; a lead who has not agreed to e-mail
 * is warned of before a sequence with e-mail steps starts.
 */
import { modulePath } from "../../app/domain/modules";
import { expect, openApp, test } from "./fixtures";

test("a sequence is made, started on a lead and stopped, with its log", async ({
  page,
  account,
}) => {
  await account.post("/marketing/leads", {
    firstName: "Maria",
    lastName: "Lopez",
    email: "maria@example.com",
    consentEmail: true,
  });
  await openApp(page, modulePath("marketing", { tab: "sequences" }));
  await expect(page.getByRole("heading", { name: "No sequences yet" })).toBeVisible();
  await page.getByRole("button", { name: "Turn sequences on" }).click();
  await expect(page.getByText("Follow-up sequences are on")).toBeVisible();
  const sending = page.getByTestId("gmail-sending");
  await expect(sending).toContainText("each e-mail step becomes a task");
  await expect(sending.getByRole("button", { name: "Allow sending from Gmail" })).toBeVisible();

  await page.getByRole("button", { name: "New sequence" }).click();
  const form = page.getByRole("dialog", { name: "New sequence" });
  await form.getByLabel("Name").fill("Motivated sellers");
  await form.getByLabel("Subject").fill("Your house at {{address}}");
  await form.getByLabel("E-mail text").fill("Hi {{first_name}}, would you sell?");
  await form.getByRole("button", { name: "Add a step" }).click();
  await form.getByLabel("What to do or say").fill("Call {{first_name}}");
  await form.getByRole("button", { name: "Create sequence" }).click();
  const card = page.getByTestId("sequence-card");
  await expect(card).toContainText("Motivated sellers");
  await expect(card).toContainText("2 steps");
  await expect(card).toContainText("Day 2");

  // The lead's sequence is on its page, opened from the list.
  await page.getByRole("tab", { name: "Leads" }).click();
  await expect(page).toHaveURL(modulePath("marketing", { tab: "leads" }));
  await expect(page.getByTestId("lead-row")).toHaveCount(1);
  await page.getByRole("link", { name: "Maria Lopez", exact: true }).click();
  await expect(page).toHaveURL(/\/marketing\/leads\/[^/?]+\?back=%2Fmarketing%3Ftab%3Dleads$/);
  const section = page.getByRole("region", { name: "Follow-up sequence" });
  await expect(section.getByText("Nothing done yet.")).toBeVisible();
  await section.getByRole("button", { name: "Start sequence" }).click();
  await expect(section.getByTestId("lead-sequence-status")).toContainText("Motivated sellers");
  await expect(section.getByTestId("lead-sequence-status")).toContainText("active");
  await expect(section.getByTestId("lead-sequence-status")).toContainText("Step 1 of 2");

  await section.getByRole("button", { name: "Stop" }).click();
  await expect(section.getByTestId("lead-sequence-status")).toContainText("stopped");
  await expect(section.getByTestId("sequence-log-entry")).toContainText("Stopped by you");
  await expect(section.getByRole("button", { name: "Start sequence" })).toBeVisible();
});

test("a sequence with e-mail steps is not started on a lead who has not agreed to e-mail: the lead's page says why", async ({
  page,
  account,
}) => {
  const settings = await page.request.put("/api/marketing/sequences/settings", {
    data: { enabled: true, dailyCap: 50 },
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(settings.status()).toBe(200);
  await account.post("/marketing/sequences", {
    name: "Motivated sellers",
    steps: [
      { day: 0, action: "email", subject: "Your house", body: "Hi {{first_name}}" },
      { day: 2, action: "call", body: "Call {{first_name}}" },
      { day: 5, action: "email", subject: "Following up", body: "Any thoughts?" },
    ],
  });
  await account.post("/marketing/leads", {
    firstName: "Dana",
    lastName: "Reyes",
    email: "dana@example.com",
    consentEmail: false,
  });
  await openApp(page, modulePath("marketing", { tab: "leads" }));
  await page.getByRole("link", { name: "Dana Reyes", exact: true }).click();
  const section = page.getByRole("region", { name: "Follow-up sequence" });
  const warning = section.getByTestId("sequence-email-warning");
  await expect(warning).toContainText(
    "Dana Reyes has not agreed to e-mail: this sequence's 2 e-mail steps would not be sent.",
  );
  await expect(section.getByRole("button", { name: "Start sequence" })).toBeDisabled();

  // Recorded on the lead through its page's action, the lead as it now is lets the sequence start.
  await warning.getByRole("button", { name: "Record e-mail consent" }).click();
  await expect(warning).toBeHidden();
  await section.getByRole("button", { name: "Start sequence" }).click();
  await expect(section.getByTestId("lead-sequence-status")).toContainText("active");
  await expect(section.getByTestId("lead-sequence-status")).toContainText("Step 1 of 3");
});
