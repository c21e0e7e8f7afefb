/**
 * The AI screens in Chromium against `wrangler dev`, whose providers point at the local fake
 * OpenAI-compatible server (tests/fakes/openai-server.mjs, started by scripts/serve-e2e.mjs).
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import {
  expect,
  FAKE_OPENAI,
  fakeOpenAIRequests as fakeLog,
  newUser,
  openApp,
  test,
  registerThroughApi,
} from "./fixtures";

const BARE = `http://127.0.0.1:${process.env.E2E_BARE_PORT ?? 8789}`;

const composer = (page: Page) => page.getByLabel("Message the Main Agent");
const answers = (page: Page) => page.getByTestId("assistant-message");

/** How opaque an element looks: its own opacity times its ancestors' (opacity is not inherited). */
const opacity = (locator: Locator) =>
  locator.evaluate((element) => {
    let value = 1;
    for (let e: Element | null = element; e; e = e.parentElement) {
      value *= Number(getComputedStyle(e).opacity);
    }
    return value;
  });

async function ask(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

test.beforeEach(async () => {
  await fetch(`${FAKE_OPENAI}/__fake/requests`, { method: "DELETE" });
});

test("chat streams, regenerates, edits and resends, stops, and comes back later", async ({
  page,
  account,
}) => {
  await openApp(page, "/main-agent");

  await ask(page, "What is a cap rate?");
  const answer = answers(page).last();
  // Streaming: the answer is on screen, still being written, before it is finished.
  await expect(answer).toHaveAttribute("data-status", "streaming");
  await expect(answer).toContainText('You asked: "What is a cap rate?"');
  await expect(answer).toHaveAttribute("data-status", "complete");
  await expect(answer.getByRole("table")).toContainText("words in your question");
  await expect(answer.locator("li").last()).toHaveText("second point");
  await expect(page.getByRole("navigation", { name: "Conversations" })).toContainText(
    "What is a cap rate?",
  );
  // Once saved, the conversation is at its own URL, and the chat carries on there.
  await expect(page).toHaveURL(/\/main-agent\/[^/?]+$/);
  const saved = new URL(page.url()).pathname;

  await page.getByRole("button", { name: "Regenerate" }).click();
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).last()).toHaveAttribute("data-status", "complete");
  const asked = (await fakeLog()).map((request) => request.messages.at(-1)!.content);
  expect(asked).toEqual(["What is a cap rate?", "What is a cap rate?"]);

  await page.getByTestId("user-message").hover();
  await page.getByRole("button", { name: "Edit and resend" }).click();
  await page.getByLabel("Edit your message").fill("What is a good cap rate for a duplex?");
  await page.getByRole("button", { name: "Save and send" }).click();
  await expect(answers(page).last()).toContainText(
    'You asked: "What is a good cap rate for a duplex?"',
  );
  await expect(answers(page).last()).toHaveAttribute("data-status", "complete");
  await expect(page.getByTestId("user-message")).toHaveCount(1);

  await ask(page, "Now give me a long answer");
  const long = answers(page).last();
  await expect(long).toContainText("word3");
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(long).toHaveAttribute("data-status", "stopped");
  await expect(long.getByText("Stopped")).toBeVisible();
  const partial = await long.locator(".markdown").innerText();
  expect(partial).not.toContain("word999");
  // workerd does not always tell the Worker that the browser left; the relay then counts the
  // client gone after CLIENT_IDLE_MS (10 s) without a read, so this waits longer than that.
  await expect
    .poll(async () => (await fakeLog()).at(-1)?.clientClosed, { timeout: 25_000 })
    .toBe(true);

  // Back later: the conversation, the edit and the partial answer were all saved.
  await openApp(page, "/assistant");
  await expect(page.getByTestId("user-message")).toHaveCount(0);
  await page.getByRole("link", { name: "What is a cap rate?", exact: true }).click();
  await expect(page).toHaveURL(saved);
  await expect(page.getByTestId("user-message")).toHaveCount(2);
  await expect(page.getByTestId("user-message").first()).toContainText(
    "What is a good cap rate for a duplex?",
  );
  await expect(answers(page).last()).toHaveAttribute("data-status", "stopped");
  await expect(answers(page).last()).toContainText("word0 word1 word2");
});

test("New chat during a streaming answer leaves that conversation alone", async ({
  page,
  account,
}) => {
  await openApp(page, "/main-agent");
  await ask(page, "Give me a long answer");
  await expect(answers(page).last()).toContainText("word3");
  await page.getByRole("button", { name: "New chat" }).click();
  await expect(answers(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/main-agent$/);

  await ask(page, "A fresh question");
  await expect(answers(page).last()).toHaveAttribute("data-status", "complete");
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  const list = page.getByRole("navigation", { name: "Conversations" });
  await expect(list.getByRole("link", { name: "A fresh question", exact: true })).toBeVisible();
  await list.getByRole("link", { name: "Give me a long answer", exact: true }).click();
  await expect(page.getByTestId("user-message")).toContainText("Give me a long answer");
  // The Worker saves the stopped answer when workerd reports the hang-up, which it usually does at
  // once; when it drops the response silently, the relay's idle watch (CLIENT_IDLE_MS, 10 s)
  // saves it. Its page, read again, shows what is saved by then.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("user-message")).toContainText("Give me a long answer");
    await expect(answers(page).last()).toHaveAttribute("data-status", "stopped", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(answers(page)).toHaveCount(1);
  await expect(answers(page).last()).toContainText("word3");

  // Back: the fresh question's URL, where the chat moved itself once it was saved, opens it.
  await page.goBack();
  await expect(page).toHaveURL(/\/main-agent\/[^/?]+$/);
  await expect(page.getByTestId("user-message")).toHaveText("A fresh question");
  await expect(answers(page).last()).toHaveAttribute("data-status", "complete");
});

test("Perplexity answers with its sources; the agent answers from the user's own data", async ({
  page,
  account,
}) => {
  const { post } = account;
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
  await post("/projects", {
    name: "Maple Duplex",
    status: "under_contract",
    targetCloseDate: day,
  });
  await openApp(page, "/main-agent");
  // The week ahead beside the chat shows the closing tomorrow.
  const week = page.getByTestId("time-matrix");
  await expect(week).toContainText("1 event");
  await expect(week.getByText("Closing: Maple Duplex")).toBeVisible();

  await page.getByLabel("Provider").selectOption("perplexity");
  await expect(page.getByText("Perplexity · sonar")).toBeVisible();
  await ask(page, "Median rent in Austin?");
  const cited = answers(page).last();
  await expect(cited).toHaveAttribute("data-status", "streaming");
  await expect(cited.getByRole("link", { name: /example\.org\/county-records/ })).toBeVisible();
  await expect(cited).toHaveAttribute("data-status", "complete");
  expect((await fakeLog())[0]!.path).toBe("/perplexity/chat/completions");

  await page.getByRole("button", { name: "New chat" }).click();
  await page.getByLabel("Provider").selectOption("openai");
  await page.getByRole("switch", { name: "Agent mode" }).check();
  await ask(page, "find projects Maple");
  const card = page.getByTestId("tool-call");
  await expect(card).toContainText("search_projects");
  await expect(card).toContainText("Found 1 project: Maple Duplex");
  await expect(answers(page).last()).toContainText("Maple Duplex");

  await ask(page, "Please create a contact Jane Doe");
  await expect(page.getByTestId("tool-call").last()).toContainText("Created contact Jane Doe");
  await expect(page.getByTestId("tool-call").last()).toContainText("changed your data");
  await openApp(page, "/project-hub?tab=contacts");
  await expect(page.getByText("Jane Doe")).toBeVisible();
});

test("an answer is read aloud", async ({ page, account }) => {
  await openApp(page, "/main-agent");
  await ask(page, "Say hello");
  await expect(answers(page).last()).toHaveAttribute("data-status", "complete");
  await page.getByRole("button", { name: "Read aloud" }).click();
  await expect(page.getByRole("button", { name: "Stop reading" })).toBeVisible();
  // The fake's audio is one second of silence: it plays to the end and the button resets.
  await expect(page.getByRole("button", { name: "Read aloud" })).toBeVisible({ timeout: 10_000 });
  const speech = (await fakeLog()).find((request) => request.path === "/v1/audio/speech");
  expect(speech).toMatchObject({ completed: true });

  await page.getByTestId("time-matrix").click();
  await expect(page).toHaveURL(/\/calendar$/);
});

test("palette: Export Data offers the conversation, Clear Chat History confirms", async ({
  page,
  account,
}) => {
  await openApp(page, "/main-agent");
  await ask(page, "Is a 7% cap rate good?");
  await expect(answers(page).last()).toHaveAttribute("data-status", "complete");

  await page.keyboard.press("Control+k");
  await page.getByPlaceholder("Search commands...").fill("export data");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Export" });
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Conversation (Markdown)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ai42-chat-Is-a-7-cap-rate-good.*\.md$/);
  const markdown = await readFile((await file.path())!, "utf8");
  expect(markdown).toContain("# Is a 7% cap rate good?");
  expect(markdown).toContain("## You\n\nIs a 7% cap rate good?");
  expect(markdown).toContain("## AI42");

  await page.keyboard.press("Control+k");
  await page.getByPlaceholder("Search commands...").fill("clear chat");
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Clear chat history?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(
    page.getByRole("link", { name: "Is a 7% cap rate good?", exact: true }),
  ).toBeVisible();

  await page.keyboard.press("Control+k");
  await page.getByPlaceholder("Search commands...").fill("clear chat");
  await page.keyboard.press("Enter");
  await confirm.getByRole("button", { name: "Delete all conversations" }).click();
  await expect(page.getByText("Chat history cleared: 1 conversation deleted")).toBeVisible();
  await expect(page.getByText("No saved conversations yet.")).toBeVisible();
  await expect(answers(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/main-agent$/);

  await page.keyboard.press("Control+Shift+O");
  await expect(page).toHaveURL(/\/main-agent$/);
});

test("conversation titles show whole, and a conversation is renamed from its row or the chat's header", async ({
  page,
  account,
}) => {
  const { post } = account;
  const question = "Cash-on-cash return for the Maple Street duplex?";
  expect((await post("/ai/openai", { messages: [{ role: "user", content: question }] })).ok()).toBe(
    true,
  );
  await openApp(page, "/main-agent");
  const list = page.getByRole("navigation", { name: "Conversations" });
  const row = list.getByRole("link", { name: question, exact: true });
  const title = list.getByTestId("conversation-title");
  await expect(title).toHaveText(question);
  const cutOff = await title.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
  );
  expect(cutOff, "the title wraps instead of being cut off").toBe(false);
  await expect(row).toHaveAttribute("title", question);

  // The row's actions show on hover and on keyboard focus.
  const renameRow = list.getByRole("button", { name: `Rename ${question}` });
  await page.mouse.move(1000, 700);
  await expect.poll(() => opacity(renameRow)).toBe(0);
  await row.hover();
  await expect.poll(() => opacity(renameRow)).toBe(1);
  await page.mouse.move(1000, 700);
  await row.focus();
  await expect.poll(() => opacity(renameRow)).toBe(1);

  await row.click();
  await expect(page).toHaveURL(/\/main-agent\/[^/?]+$/);
  await expect(page.getByTestId("chat-title")).toHaveText(question);
  await page.getByRole("button", { name: "Rename conversation" }).click();
  await page.getByLabel("Conversation title").fill("Maple duplex returns");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chat-title")).toHaveText("Maple duplex returns");
  await expect(title).toHaveText("Maple duplex returns");
  await page.reload();
  await expect(title).toHaveText("Maple duplex returns");
  await expect(page).toHaveTitle("Maple duplex returns · AI42");
});

test.describe("on a touch screen", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("a conversation's rename and delete show without hovering", async ({ page, account }) => {
    const { post } = account;
    await post("/ai/openai", {
      messages: [{ role: "user", content: "Is a 7% cap rate good?" }],
    });
    await openApp(page, "/main-agent");
    await page.getByRole("button", { name: "Show conversations" }).tap();
    const list = page.getByRole("navigation", { name: "Conversations" });
    await expect
      .poll(() => opacity(list.getByRole("button", { name: "Delete Is a 7% cap rate good?" })))
      .toBe(1);
    await list.getByRole("button", { name: "Rename Is a 7% cap rate good?" }).tap();
    await page.getByLabel("Conversation title").fill("Cap rates");
    await page.getByRole("button", { name: "Save title" }).tap();
    await expect(list.getByTestId("conversation-title")).toHaveText("Cap rates");
  });
});

test("property research: a grounded report with sources, saved to the Project Hub", async ({
  page,
  account,
}) => {
  const { post } = account;
  await post("/data/properties", { address: "12 Oak Street", city: "Springfield" });
  await openApp(page, "/property-research");
  await expect(page.getByText("Your reports are kept here.")).toBeVisible();

  await page.getByLabel("What should we research?").fill("12 Oak St, Springfield: flip or rent?");
  await page.getByRole("button", { name: "Research", exact: true }).click();
  const report = page.getByTestId("research-report");
  await expect(report.getByRole("heading", { name: "Summary" })).toBeVisible();
  // The report just run opens at its own page.
  await expect(page).toHaveURL(/\/property-research\/[^/?]+$/);
  const reportPage = new URL(page.url()).pathname;
  await expect(report).toContainText("Research summary for 12 Oak St, Springfield");
  await expect(report).toContainText("12 Oak Street (Property)");
  await expect(report.getByRole("link", { name: /example\.com\/market-report/ })).toBeVisible();

  await report.getByRole("button", { name: "Save to Project Hub" }).click();
  await expect(page.getByText("Saved to Project Hub")).toBeVisible();
  await report.getByRole("link", { name: /open in Project Hub/ }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
    "Research: 12 Oak St, Springfield: flip or rent?",
  );

  // Later, from the history: its link opens the report's page, which knows it is saved, and
  // saving never makes a second copy.
  await openApp(page, "/property-research");
  await page
    .getByRole("complementary", { name: "Research history" })
    .getByRole("link", { name: /^12 Oak St, Springfield: flip or rent\?/ })
    .click();
  await expect(page).toHaveURL(reportPage);
  await expect(report.getByRole("link", { name: /open in Project Hub/ })).toBeVisible();
  await expect(report.getByRole("button", { name: "Save to Project Hub" })).toHaveCount(0);
  await openApp(page, "/project-hub?tab=documents");
  await expect(
    page.getByRole("list", { name: "Documents" }).getByText(/^Research: 12 Oak St/),
  ).toHaveCount(1);
});

test("without AI keys every AI screen says exactly what to set", async ({ page }) => {
  const user = newUser();
  await registerThroughApi(page, user, BARE);

  await openApp(page, `${BARE}/main-agent`);
  const notice = page.getByTestId("not-configured");
  await expect(notice).toContainText("OpenAI is not configured.");
  await expect(notice).toContainText("OPENAI_API_KEY");
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

  await page.getByLabel("Provider").selectOption("perplexity");
  await expect(notice).toContainText("PERPLEXITY_API_KEY");

  await openApp(page, `${BARE}/property-research`);
  await expect(page.getByTestId("not-configured")).toContainText(
    "Property research is not configured.",
  );
  await page.getByRole("link", { name: "How to configure AI providers" }).click();
  await expect(page.getByTestId("connection-openai")).toContainText("Not configured");
  await expect(page.getByTestId("connection-openai")).toContainText(
    "npx wrangler secret put OPENAI_API_KEY",
  );
  await expect(page.getByTestId("connection-perplexity")).toContainText("Not configured");
});
