/**
 * The user's today is the browser's (decision 21): in Phoenix at 22:30 on Nov 24 (05:30 UTC on
 * the 25th), Export Data names the 24th, and the agent is told the date where the browser is.
 */
import { todayIn } from "../../app/domain/today";
import { expect, fakeOpenAIRequests, openApp, test } from "./fixtures";

test.use({ timezoneId: "America/Phoenix" });

test("Export Data names the file by the browser's date, not UTC's", async ({ page, account }) => {
  await page.clock.setFixedTime(new Date("2026-11-25T05:30:00Z"));
  await openApp(page, "/home");
  await page.keyboard.press("Control+k");
  await page.getByPlaceholder("Search commands...").fill("export data");
  await page.keyboard.press("Enter");
  const downloading = page.waitForEvent("download");
  await page
    .getByRole("dialog", { name: "Export" })
    .getByRole("button", { name: "JSON only" })
    .click();
  expect((await downloading).suggestedFilename()).toBe("ai42-export-2026-11-24.json");
});

test("the agent is told the date and zone of the browser", async ({ page, account }) => {
  await openApp(page, "/main-agent");
  const question = `What day is it? (${account.email})`;
  await page.getByLabel("Message the Main Agent").fill(question);
  await page.getByLabel("Message the Main Agent").press("Enter");
  await expect(page.getByTestId("assistant-message").last()).toHaveAttribute(
    "data-status",
    "complete",
  );
  const asked = (await fakeOpenAIRequests()).find(
    (request) => request.messages.at(-1)?.content === question,
  );
  // The Worker's clock is the real one: the day it is in Phoenix now.
  expect(asked?.messages[0]?.content).toContain(
    `Today is ${todayIn("America/Phoenix")} (America/Phoenix)`,
  );
});
