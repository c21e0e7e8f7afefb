/**
 * Notifications in a browser: the bell's count and list, opening a record and Mark all
 * read, an e-mail that could not be sent; the preferences saved (and a refused value); the
 * unsubscribe link, signed out; an event's reminder. Notices are made by the real flow: an auction
 * whose deposit falls due 72 hours from now, less a minute, and the Worker's scheduled handler run
 * on demand (`wrangler dev --test-scheduled`).
 */
import type { Page } from "@playwright/test";
import { auctionPath, modulePath } from "../../app/domain/modules";
import { DEFAULT_CHANNELS, NOTIFICATION_KIND_LABELS } from "../../app/domain/notifications";
import { expect, executeSql, openApp, test, type Account, confirmEmail } from "./fixtures";

const HOUR_MS = 3_600_000;
const FAKE_EMAIL = `http://127.0.0.1:${process.env.E2E_FAKE_EMAIL_PORT ?? 8796}`;
const DEPOSIT_LABEL = NOTIFICATION_KIND_LABELS.deposit_due;

/** An auction whose 72-hour deposit reminder is due now. */
async function depositDueSoon(account: Account, address: string) {
  const response = await account.post("/auctions", {
    saleType: "sheriff",
    saleAt: new Date(Date.now() + 5 * 24 * HOUR_MS).toISOString(),
    address,
    state: "OH",
    depositAmount: 5000,
    depositDueAt: new Date(Date.now() + 72 * HOUR_MS - 60_000).toISOString(),
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data as { id: string };
}

/** Marks the account's notices' e-mails as failed after their last attempt, with `error`. */
function failEmailsOf(account: Account, error: string) {
  executeSql(`UPDATE notifications SET email_status = 'failed', email_attempts = 5,
    email_error = '${error.replaceAll("'", "''")}' WHERE user_id = '${account.id}'`);
}

/** Runs the Worker's every-minute cron (reminders and briefs) now. */
async function runCron(page: Page) {
  const response = await page.request.get(`/__scheduled?cron=${encodeURIComponent("* * * * *")}`);
  expect(response.ok()).toBe(true);
}

const api = (page: Page, account: Account, path: string) =>
  page.request
    .get(`/api${path}`, { headers: { Authorization: `Bearer ${account.token}` } })
    .then((response) => response.json());

const bell = (page: Page, name: string | RegExp = /^Notifications/) =>
  page.getByRole("button", { name, exact: true });
const panel = (page: Page) => page.getByRole("dialog", { name: "Notifications" });

test("the bell shows the unread count and the newest; opening one goes to its record, read", async ({
  page,
  account,
}) => {
  const first = await depositDueSoon(account, "1 Bell St");
  await depositDueSoon(account, "2 Bell St");
  await runCron(page);

  // The count comes with the page: the bell asks nothing until its next poll.
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await openApp(page, modulePath("home"));
  await expect(bell(page, "Notifications, 2 unread")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked.filter((path) => path.startsWith("/api/notifications"))).toEqual([]);
  await expect(bell(page).getByTestId("notification-badge")).toHaveText("2");
  await bell(page).click();
  const list = panel(page).getByRole("list", { name: "Newest notifications" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).toContainText("Deposit due in 72 hours: 1 Bell St");
  await expect(list).toContainText("Deposit due in 72 hours: 2 Bell St");
  await expect(list).toContainText("$5,000 deposit");
  await expect(list.getByRole("listitem").first()).toContainText(/just now|minute/);

  await list.getByRole("link", { name: /1 Bell St/ }).click();
  await expect(page).toHaveURL(auctionPath(first.id));
  await expect(page.getByRole("heading", { name: "1 Bell St" })).toBeVisible();
  await expect(panel(page)).toBeHidden();
  await expect(bell(page, "Notifications, 1 unread")).toBeVisible();

  await bell(page).click();
  const opened = panel(page).getByRole("listitem").filter({ hasText: "1 Bell St" });
  await expect(opened).not.toHaveAttribute("data-unread");
  await expect(panel(page).getByRole("listitem").filter({ hasText: "2 Bell St" })).toHaveAttribute(
    "data-unread",
    "true",
  );
  expect((await api(page, account, "/notifications/unread")).data.unread).toBe(1);
});

test("Mark all read; the panel works from the keyboard and gives the focus back", async ({
  page,
  account,
}) => {
  await depositDueSoon(account, "3 Bell St");
  await runCron(page);
  await openApp(page, modulePath("home"));
  const button = bell(page, "Notifications, 1 unread");
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(panel(page)).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(panel(page).getByRole("link", { name: /3 Bell St/ })).toBeVisible();
  // The arrows move through the panel's links and buttons.
  await page.keyboard.press("ArrowDown");
  await expect(panel(page).getByRole("button", { name: "Mark all read" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel(page)).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press("Enter");
  await panel(page).getByRole("button", { name: "Mark all read" }).click();
  await expect(bell(page, "Notifications")).toBeVisible();
  await expect(bell(page).getByTestId("notification-badge")).toHaveCount(0);
  await expect(panel(page).getByRole("listitem")).not.toHaveAttribute("data-unread");
  await expect(panel(page).getByRole("button", { name: "Mark all read" })).toBeDisabled();
  expect((await api(page, account, "/notifications/unread")).data.unread).toBe(0);

  // A click elsewhere closes it; with nothing there, it says so.
  await page.getByRole("main").click({ position: { x: 5, y: 5 } });
  await expect(panel(page)).toBeHidden();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the header's bell opens the list across the screen", async ({ page, account }) => {
    await depositDueSoon(account, "6 Bell St");
    await runCron(page);
    await openApp(page, modulePath("auction"));
    const button = bell(page, "Notifications, 1 unread");
    await button.click();
    await expect(panel(page)).toContainText("Deposit due in 72 hours: 6 Bell St");
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test("with nothing yet the panel says so and leads to the preferences", async ({
  page,
  account,
}) => {
  await openApp(page, modulePath("home"));
  await bell(page, "Notifications").click();
  await expect(panel(page).getByText("Nothing new.")).toBeVisible();
  await panel(page).getByRole("link", { name: "Preferences" }).click();
  await expect(page).toHaveURL(modulePath("connections", { section: "notifications" }));
  await expect(page.getByRole("heading", { name: "Notifications", level: 2 })).toBeFocused();
});

test("an e-mail that could not be sent says why, and Try again sends it again", async ({
  page,
  account,
}) => {
  await depositDueSoon(account, "4 Bell St");
  await runCron(page);
  // Five attempts with backoff take hours: the notice's e-mail is marked as failed after its last
  // one in the server's own database. (The preferences' "Couldn't send" list shows the same
  // items, with the same Try again.)
  failEmailsOf(account, "The e-mail provider answered 422: Invalid `to`");
  await openApp(page, modulePath("home"));
  await bell(page).click();
  const item = panel(page).getByRole("listitem");
  await expect(item).toContainText("Couldn't send: The e-mail provider answered 422: Invalid `to`");
  await item.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("“Deposit due in 72 hours: 4 Bell St”: sending again")).toBeVisible();
  await expect(item).not.toContainText("Couldn't send");
  expect((await api(page, account, "/notifications/unread")).data.failed).toBe(0);
});

test("the preferences are saved and kept; a refused value is shown at its field", async ({
  page,
  account,
}) => {
  // The preferences are saved through the page's action, not /api.
  const writes: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== "GET" && pathname.startsWith("/api/")) writes.push(pathname);
  });
  await openApp(page, modulePath("home"));
  await page.keyboard.press("Control+k");
  await page.getByPlaceholder("Search commands...").fill("notification preferences");
  await expect(page.getByRole("option").first()).toContainText("Notification preferences");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(modulePath("connections", { section: "notifications" }));

  const form = page.getByRole("form", { name: "Notification preferences" });
  await expect(form.getByLabel("Time zone", { exact: true })).toBeVisible();
  await form.getByLabel("Time zone", { exact: true }).selectOption("America/Chicago");
  await form.getByLabel("Daily brief", { exact: true }).selectOption({ label: "At 06:00" });
  await form.getByLabel("No e-mails during quiet hours").check();
  await form.getByLabel("From", { exact: true }).fill("21:30");
  await form.getByLabel("To", { exact: true }).fill("06:45");
  const sale = form.getByRole("checkbox", {
    name: `${NOTIFICATION_KIND_LABELS.sale_tomorrow}: E-mail`,
  });
  const followUps = form.getByRole("checkbox", {
    name: `${NOTIFICATION_KIND_LABELS.follow_ups_due}: E-mail`,
  });
  await expect(sale).toBeChecked();
  await sale.uncheck();
  await followUps.check();
  await form.getByRole("button", { name: "Save preferences" }).click();
  await expect(form.getByRole("status")).toHaveText("Notification preferences saved.");

  await page.reload();
  await expect(form.getByLabel("Time zone", { exact: true })).toHaveValue("America/Chicago");
  await expect(form.getByLabel("Daily brief", { exact: true })).toHaveValue("6");
  await expect(form.getByLabel("From", { exact: true })).toHaveValue("21:30");
  await expect(form.getByLabel("To", { exact: true })).toHaveValue("06:45");
  await expect(sale).not.toBeChecked();
  await expect(followUps).toBeChecked();
  const { data: settings } = await api(page, account, "/notifications/settings");
  expect(settings).toMatchObject({
    timeZone: "America/Chicago",
    zoneChosen: true,
    briefHour: 6,
    quietHours: { start: "21:30", end: "06:45" },
  });
  expect(settings.channels.sale_tomorrow).toEqual({ inApp: true, email: false });
  expect(settings.channels.follow_ups_due).toEqual({ inApp: true, email: true });

  // Quiet hours that start and end together are refused, next to the field.
  await form.getByLabel("To", { exact: true }).fill("21:30");
  await form.getByRole("button", { name: "Save preferences" }).click();
  await expect(form.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Quiet hours start and end at different times")).toBeVisible();
  await page.reload();
  await expect(form.getByLabel("To", { exact: true })).toHaveValue("06:45");
  expect(writes).toEqual([]);
});

test("the e-mail's unsubscribe link works signed out and stops only that kind's e-mail", async ({
  page,
  account,
}) => {
  // Only a confirmed address is e-mailed.
  await confirmEmail(page, account.email);
  await depositDueSoon(account, "5 Bell St");
  await runCron(page);
  // The e-mail reaches the fake provider through the queue.
  let link = "";
  await expect
    .poll(
      async () => {
        const outbox = (await (await fetch(`${FAKE_EMAIL}/outbox`)).json()) as {
          to: string[];
          subject: string;
          headers?: Record<string, string>;
        }[];
        const email = outbox.find(
          (sent) => sent.to.includes(account.email) && sent.subject.includes("5 Bell St"),
        );
        link = /<([^>]+)>/.exec(email?.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .toMatch(/token=/);
  const token = new URL(link).searchParams.get("token")!;

  await page.context().clearCookies();
  const response = await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole("heading", { name: `Stop e-mails about ${DEPOSIT_LABEL}?` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Done: AI42 won't e-mail you about ${DEPOSIT_LABEL} any more. Other e-mails are unchanged.`,
  );

  const { data: settings } = await api(page, account, "/notifications/settings");
  expect(settings.channels).toEqual({
    ...DEFAULT_CHANNELS,
    deposit_due: { inApp: true, email: false },
  });

  const refused = await page.goto("/unsubscribe?token=not-a-token");
  expect(refused?.status()).toBe(400);
  await expect(
    page.getByRole("heading", { name: "This unsubscribe link is not valid." }),
  ).toBeVisible();
});

test.describe("an event's reminder", () => {
  test.use({ timezoneId: "America/New_York" });

  test("is chosen in the form, saved in Google's shape and read back", async ({
    page,
    account,
  }) => {
    const created = await account.post("/calendar/events", {
      summary: "Walk-through, 8 Elm St",
      start: { dateTime: "2027-03-18T10:00:00-04:00", timeZone: "America/New_York" },
      end: { dateTime: "2027-03-18T11:00:00-04:00", timeZone: "America/New_York" },
      reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 60 }] },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).data as { id: string };
    const reminders = async () =>
      (await api(page, account, `/calendar/events/${id}`)).data.reminders as unknown;

    await openApp(page, modulePath("calendar", { view: "day", date: "2027-03-18" }));
    await page.getByRole("button", { name: /Walk-through, 8 Elm St/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit event" });
    await expect(edit.getByLabel("Reminder")).toHaveValue("60");
    await edit.getByLabel("Reminder").selectOption({ label: "1 day before" });
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    await expect
      .poll(reminders)
      .toEqual({ useDefault: false, overrides: [{ method: "popup", minutes: 1440 }] });

    await page.getByRole("button", { name: /Walk-through, 8 Elm St/ }).click();
    await expect(edit.getByLabel("Reminder")).toHaveValue("1440");
    await edit.getByLabel("Reminder").selectOption({ label: "None" });
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(edit).toBeHidden();
    await expect.poll(reminders).toEqual({ useDefault: false, overrides: [] });
  });
});
