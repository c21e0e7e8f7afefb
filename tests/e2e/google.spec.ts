import { expect, openApp, test } from "./fixtures";

// The browser tests' Worker talks to the local fake Google (scripts/serve-e2e.mjs), which signs
// in at once: Connect goes to its consent URL and comes straight back to /connections.

test("connects Google, reads the inbox and Drive, links a file to a project, and disconnects", async ({
  page,
  account,
}) => {
  const project = (await (await account.post("/projects", { name: "Oak St flip" })).json()).data;
  await openApp(page, "/connections");
  const card = page.getByRole("region", { name: "Google" });
  await expect(card.getByText("Not connected")).toBeVisible();

  await card.getByRole("button", { name: "Connect Google" }).click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(
    page.getByText("Google is connected: Gmail, Drive and Calendar are ready."),
  ).toBeVisible();
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(card.getByTestId("google-email")).toHaveText("investor@example.com");
  await expect(card.getByText("Gmail: allowed")).toBeVisible();

  const inbox = page.getByRole("region", { name: "Inbox" });
  await expect(inbox.getByRole("listitem").first()).toBeVisible();
  expect(await inbox.getByRole("listitem").count()).toBe(15);
  // Unread messages say so to screen readers and show a dot.
  await expect(inbox.getByText("Unread:").first()).toBeAttached();
  // Gmail's own search syntax goes through: only unread messages come back.
  await inbox.getByRole("searchbox").fill("is:unread");
  await inbox.getByRole("button", { name: "Search Inbox" }).click();
  await expect(inbox.getByRole("listitem")).not.toHaveCount(15);
  // The search's answer has arrived (the list is not loading), then it is counted.
  await expect(inbox.locator('[aria-busy="false"]')).toBeAttached();
  await expect(inbox.getByRole("listitem").first()).toBeVisible();
  const unread = await inbox.getByRole("listitem").count();
  expect(unread).toBeGreaterThan(0);
  await expect(inbox.getByText("Unread:")).toHaveCount(unread);
  const open = inbox.getByRole("link", { name: /in Gmail$/ }).first();
  await expect(open).toHaveAttribute("href", /^https:\/\/mail\.google\.com\/mail\/u\/0\/#all\//);

  const drive = page.getByRole("region", { name: "Drive" });
  await drive.getByRole("searchbox").fill("O'Brien");
  await drive.getByRole("button", { name: "Search Drive" }).click();
  const file = drive.getByRole("listitem").first();
  await expect(file).toContainText("O'Brien");
  const fileName = (await file.locator("p").first().textContent())!;
  await file.getByRole("button", { name: /to a project$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Link to project" });
  await expect(dialog.getByRole("combobox")).toHaveValue(/.+/);
  // Linking goes to the page's action, not to /api.
  const apiWrites: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== "GET" && pathname.startsWith("/api/")) apiWrites.push(pathname);
  });
  await dialog.getByRole("button", { name: "Link" }).click();
  await expect(page.getByText(`“${fileName}” is linked to Oak St flip`)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(apiWrites).toEqual([]);

  // A project deleted while the dialog is open: the failure is said, the dialog and page stay.
  const gone = (await (await account.post("/projects", { name: "Elm St rental" })).json()).data;
  await file.getByRole("button", { name: /to a project$/ }).click();
  await expect(dialog.getByRole("combobox")).toHaveValue("Elm St rental");
  const deleted = await page.request.delete(`/api/projects/${gone.id}`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(deleted.status()).toBe(200);
  await dialog.getByRole("button", { name: "Link" }).click();
  await expect(page.getByText("Failed to link the file to the project")).toBeVisible();
  await expect(page.getByText("Project not found")).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await openApp(page, `/project-hub/projects/${project.id}`);
  await expect(
    page.getByTestId("project-files").getByRole("link", { name: fileName }),
  ).toHaveAttribute("href", /^https:\/\/docs\.google\.com\/|^https:\/\/drive\.google\.com\//);

  // Disconnecting goes to the page's action, not to /api.
  const writes: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== "GET" && pathname.startsWith("/api/")) writes.push(pathname);
  });
  await openApp(page, "/connections");
  await card.getByRole("button", { name: "Disconnect" }).click();
  await page
    .getByRole("dialog", { name: "Disconnect Google?" })
    .getByRole("button", { name: "Disconnect" })
    .click();
  await expect(page.getByText("Google is disconnected")).toBeVisible();
  await expect(card.getByRole("button", { name: "Connect Google" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Inbox" })).toHaveCount(0);
  expect(writes).toEqual([]);
});

test("a declined consent is said plainly and nothing is connected", async ({ page, account }) => {
  const fakeGoogle = `http://127.0.0.1:${process.env.E2E_FAKE_GOOGLE_PORT ?? 8793}`;
  await page.request.post(`${fakeGoogle}/__fake/consent`, { data: { deny: true } });
  await openApp(page, "/connections");
  await page.getByRole("button", { name: "Connect Google" }).click();
  await expect(
    page.getByText("Google was not connected: the permission was declined."),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Google" }).getByText("Not connected"),
  ).toBeVisible();
});

test("at 375 px with Google connected, Connections fits the phone: long mail lines are shortened", async ({
  page,
  account,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openApp(page, "/connections");
  const card = page.getByRole("region", { name: "Google" });
  await card.getByRole("button", { name: "Connect Google" }).click();
  const inbox = page.getByRole("region", { name: "Inbox" });
  // The fake mailbox's newest message: a listing alert far wider than the phone.
  const alert = inbox.getByRole("listitem").filter({ hasText: "Northside Realty Group" });
  await expect(alert).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Drive" }).getByRole("listitem").first(),
  ).toBeVisible();

  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, "the page does not scroll sideways").toBeLessThanOrEqual(clientWidth);
  await expect(card.getByText("Connected", { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(card.getByText(/^Read your Gmail and Drive/)).toBeInViewport({ ratio: 1 });
  await expect(card.getByTestId("google-email")).toBeInViewport({ ratio: 1 });

  // Sender and subject end in an ellipsis on screen; the whole of each is in its title.
  const sender =
    '"Northside Realty Group Listings Team" <listings-notifications@northside-realty-group.example.com>';
  const lines = [
    alert.getByTitle(sender, { exact: true }),
    alert.getByTitle(/^New listings matching your saved search ".+": 7 homes including /),
  ];
  for (const line of lines) {
    await expect(line).toBeVisible();
    const box = (await line.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(
      await line.evaluate(
        (element) =>
          getComputedStyle(element).textOverflow === "ellipsis" &&
          element.scrollWidth > element.clientWidth,
      ),
    ).toBe(true);
  }
  const open = alert.getByRole("link", { name: /in Gmail$/ });
  await open.scrollIntoViewIfNeeded();
  await expect(open).toBeInViewport({ ratio: 1 });
});
