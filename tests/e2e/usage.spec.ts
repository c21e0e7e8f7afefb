import { expect, openApp, test } from "./fixtures";

// Connections shows what the user has used of their limits (GET /api/usage): the AI tokens the
// fake provider reported for a chat, the AI requests of this minute, and the storage taken.

test("Connections shows the user's AI tokens, AI requests and storage against their limits", async ({
  page,
  account,
}) => {
  const chat = await account.post("/ai/openai", {
    messages: [{ role: "user", content: "What is a cap rate?" }],
  });
  expect(chat.status()).toBe(200);
  const { message } = (await chat.json()).data;
  const tokens = message.promptTokens + message.completionTokens;

  await openApp(page, "/connections");
  const usage = page.getByRole("region", { name: "Your usage" });
  const meter = (name: string) => usage.getByRole("progressbar", { name });
  await expect(meter("AI tokens today")).toHaveAttribute(
    "aria-valuetext",
    `${tokens.toLocaleString("en-US")} of 1,000,000`,
  );
  await expect(usage.getByText(/^Resets at 00:00 UTC, in \d+/)).toBeVisible();
  await expect(meter("AI requests this minute")).toHaveAttribute("aria-valuemax", "20");
  await expect(meter("Storage")).toHaveAttribute("aria-valuetext", /^\d+ KB of 100 MB$/);
});
