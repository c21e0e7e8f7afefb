/**
 * The Calendar screen in a browser, for a user in New York on Wednesday, March 17, 2027 at 10:20
 * (the clock is fixed; timers run): AI42's own events made, edited, moved and deleted with Undo,
 * each through the page's action (never the API), shown without a reload; the palette's New
 * Event and View Today; the phone's agenda; project closings read-only.
 */
import type { Page } from "@playwright/test";
import { modulePath } from "../../app/domain/modules";
import { expect, openApp, test } from "./fixtures";

const NOW = new Date("2027-03-17T10:20:00-04:00");
test.use({ timezoneId: "America/New_York" });
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW);
});

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
/** A day of the month view, by its ISO date. */
const day = (page: Page, date: string) => page.locator(`td[data-date="${date}"]`);
/** An event on the calendar: a button named by its title (and its time, and "Read-only:"). */
const event = (page: Page, title: string | RegExp) => page.getByRole("button", { name: title });

/**
 * The calendar's query string, in any order. The browser's clock is fixed in 2027 while the
 * server's is real, so every range names its date: only a range holding the today the server
 * reads (the user's) leaves it out.
 */
async function expectQuery(page: Page, query: Record<string, string>) {
  await expect(page).toHaveURL(/\/calendar(\?|$)/);
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(query);
}

/** Drags with the mouse in steps, as a person does (a drag starts after a few pixels' move). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 5, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
}
const middle = async (locator: ReturnType<Page["locator"]>) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** The API paths the page writes to from now on: none, its changes go to its route's action. */
function apiWrites(page: Page) {
  const wrote: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== "GET" && pathname.startsWith("/api/")) wrote.push(pathname);
  });
  return wrote;
}

test("an event made by clicking a day, edited, dragged to another day, deleted and undone", async ({
  page,
  account,
}) => {
  const wrote = apiWrites(page);
  await openApp(page, modulePath("calendar"));
  await expect(page.getByRole("heading", { level: 2, name: "March 2027" })).toBeVisible();
  await expect(page.getByText("Times in America/New York")).toBeVisible();
  await expect(page.getByText("No events in this range")).toBeVisible();

  await day(page, "2027-03-10").click();
  const form = dialog(page, "New event");
  await expect(form.getByLabel("All day")).toBeChecked();
  await expect(form.getByLabel("Start date")).toHaveValue("2027-03-10");
  await expect(form.getByLabel("End date")).toHaveValue("2027-03-10");
  await form.getByRole("button", { name: "Create event" }).click();
  await expect(form.getByText("Give the event a title")).toBeVisible();
  await form.getByLabel("Title").fill("Sheriff sale, Montgomery County");
  await form.getByLabel("Kind").selectOption("auction");
  await form.getByLabel("Location").fill("41 N Perry St, Dayton");
  await form.getByRole("button", { name: "Create event" }).click();
  await expect(form).toBeHidden();
  await expect(day(page, "2027-03-10")).toContainText("Sheriff sale, Montgomery County");
  await expect(page.getByText("No events in this range")).toBeHidden();

  // Events are reached with the keyboard and opened with Enter.
  await event(page, "Sheriff sale").focus();
  await page.keyboard.press("Enter");
  const edit = dialog(page, "Edit event");
  await expect(edit.getByLabel("Location")).toHaveValue("41 N Perry St, Dayton");
  await edit.getByLabel("Title").fill("Sheriff sale (rescheduled)");
  await edit.getByLabel("Start date").fill("2027-03-11");
  // The end follows the start: still a one-day event.
  await expect(edit.getByLabel("End date")).toHaveValue("2027-03-11");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  // The page reads the range again after the action: no reload.
  await expect(day(page, "2027-03-11")).toContainText("Sheriff sale (rescheduled)");
  await expect(day(page, "2027-03-10")).not.toContainText("Sheriff sale");

  // Dragged to Friday the 19th: moved for good (it is there after a reload).
  await drag(
    page,
    await middle(event(page, "Sheriff sale")),
    await middle(day(page, "2027-03-19")),
  );
  await expect(page.getByText("Event “Sheriff sale (rescheduled)” moved")).toBeVisible();
  await expect(day(page, "2027-03-19")).toContainText("Sheriff sale (rescheduled)");
  await page.reload();
  await expect(day(page, "2027-03-19")).toContainText("Sheriff sale (rescheduled)");
  await expect(day(page, "2027-03-11")).not.toContainText("Sheriff sale");

  await event(page, "Sheriff sale").click();
  await dialog(page, "Edit event").getByRole("button", { name: "Delete" }).click();
  await dialog(page, "Delete this event?").getByRole("button", { name: "Delete event" }).click();
  await expect(page.getByText("Event “Sheriff sale (rescheduled)” deleted")).toBeVisible();
  await expect(event(page, "Sheriff sale")).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Event “Sheriff sale (rescheduled)” restored")).toBeVisible();
  await expect(day(page, "2027-03-19")).toContainText("Sheriff sale (rescheduled)");
  await event(page, "Sheriff sale").click();
  await expect(dialog(page, "Edit event").getByLabel("Location")).toHaveValue(
    "41 N Perry St, Dayton",
  );
  expect(wrote).toEqual([]);
});

test("a click on a time slot of the week makes a timed event; the range moves with the buttons", async ({
  page,
  account,
}) => {
  await openApp(page, modulePath("calendar", { view: "week" }));
  await expect(page.getByRole("heading", { level: 2, name: "Mar 14 – 20, 2027" })).toBeVisible();
  // The half hour from 2 pm on Wednesday, in the scroller of the hours.
  await page
    .getByRole("region", { name: "Hours of the day" })
    .locator('[data-date="2027-03-17"] [data-time="14:00"]')
    .click();
  const form = dialog(page, "New event");
  await expect(form.getByLabel("All day")).not.toBeChecked();
  await expect(form.getByLabel("Start time")).toHaveValue("14:00");
  await expect(form.getByLabel("End time")).toHaveValue("15:00");
  await form.getByLabel("Title").fill("Showing, 12 Oak St");
  await form.getByLabel("Kind").selectOption("showing");
  await form.getByRole("button", { name: "Create event" }).click();
  await expect(event(page, "Showing, 12 Oak St")).toContainText("2:00 - 3:00");

  await page.getByRole("button", { name: "Next week" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Mar 21 – 27, 2027" })).toBeVisible();
  await expectQuery(page, { view: "week", date: "2027-03-21" });
  await expect(event(page, "Showing")).toHaveCount(0);
  await page.getByRole("button", { name: "Today" }).click();
  await expectQuery(page, { view: "week", date: "2027-03-14" });
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Month" }).click();
  await expectQuery(page, { date: "2027-03-01" });
  await expect(day(page, "2027-03-17")).toContainText("Showing, 12 Oak St");
});

test("in the week an event is dragged to another day and time and its end is dragged later; a drag over days picks them", async ({
  page,
  account,
}) => {
  await account.post("/calendar/events", {
    summary: "Roof inspection",
    kind: "task",
    start: { dateTime: "2027-03-17T14:00:00-04:00" },
    end: { dateTime: "2027-03-17T15:00:00-04:00" },
  });
  await openApp(page, modulePath("calendar", { view: "week", date: "2027-03-14" }));
  const hours = page.getByRole("region", { name: "Hours of the day" });
  const slot = (date: string, time: string) =>
    hours.locator(`[data-date="${date}"] [data-time="${time}"]`);
  const inspection = event(page, "Roof inspection");
  await expect(inspection).toContainText("2:00 - 3:00 PM");
  const wrote = apiWrites(page);

  // Grabbed in its first half hour, dropped on Thursday's 4 pm: a day and two hours later.
  const box = (await inspection.boundingBox())!;
  await drag(
    page,
    { x: box.x + box.width / 2, y: box.y + 6 },
    await middle(slot("2027-03-18", "16:00")),
  );
  await expect(page.getByText("Event “Roof inspection” moved")).toBeVisible();
  await expect(hours.locator('[data-date="2027-03-18"]')).toContainText("Roof inspection");
  await expect(inspection).toContainText("4:00 - 5:00 PM");

  // Its bottom edge dragged into the 6 pm half hour (under the toast): it ends at 6:30.
  const moved = (await inspection.boundingBox())!;
  await drag(
    page,
    { x: moved.x + moved.width / 2, y: moved.y + moved.height - 2 },
    await middle(slot("2027-03-18", "18:00")),
  );
  await expect(inspection).toContainText("4:00 - 6:30 PM");
  await page.reload();
  await expect(event(page, "Roof inspection")).toContainText("4:00 - 6:30 PM");
  expect(wrote).toEqual([]);

  // In the month, a drag from Monday the 22nd to Wednesday the 24th picks those days.
  await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Month" }).click();
  await drag(page, await middle(day(page, "2027-03-22")), await middle(day(page, "2027-03-24")));
  const form = dialog(page, "New event");
  await expect(form.getByLabel("All day")).toBeChecked();
  await expect(form.getByLabel("Start date")).toHaveValue("2027-03-22");
  await expect(form.getByLabel("End date")).toHaveValue("2027-03-24");
});

test("the palette's New Event opens the form; View Today shows today's day", async ({
  page,
  account,
}) => {
  await openApp(page, modulePath("home"));
  const search = page.getByPlaceholder("Search commands...");
  await page.keyboard.press("Control+k");
  await search.fill("new event");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/calendar\?new=1/);
  const form = dialog(page, "New event");
  // The next full hour, for an hour.
  await expect(form.getByLabel("Start date")).toHaveValue("2027-03-17");
  await expect(form.getByLabel("Start time")).toHaveValue("11:00");
  await expect(form.getByLabel("End time")).toHaveValue("12:00");
  await form.getByLabel("Title").fill("Call the lender");
  await form.getByLabel("Kind").selectOption("meeting");
  await form.getByRole("button", { name: "Create event" }).click();
  await expectQuery(page, { date: "2027-03-01" });
  await expect(form).toBeHidden();

  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await search.fill("view today");
  // Enter runs the option the search leaves first, once the list shows it.
  await expect(palette.getByRole("option").first()).toContainText("View Today");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "March 17, 2027" })).toBeVisible();
  await expectQuery(page, { view: "day", date: "2027-03-17" });
  await expect(
    page.getByRole("group", { name: "View" }).getByRole("button", { name: "Day" }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(event(page, "Call the lender")).toContainText("11:00 AM - 12:00 PM");
});

test("the calendar answers to its keys while the focus is in it, and only then", async ({
  page,
  account,
}) => {
  await openApp(page, modulePath("calendar"));
  const title = (name: string) => page.getByRole("heading", { level: 2, name, exact: true });
  await expect(title("March 2027")).toBeVisible();
  const today = page.getByRole("button", { name: "Today" });
  await expect(today).toHaveAttribute("aria-keyshortcuts", "T");

  // Outside the calendar (the page itself has the focus) the letters do nothing.
  await page.getByRole("heading", { level: 1, name: "Calendar" }).click();
  await page.keyboard.press("w");
  await expect(title("March 2027")).toBeVisible();

  await today.focus();
  await page.keyboard.press("w");
  await expect(title("Mar 14 – 20, 2027")).toBeVisible();
  await page.keyboard.press("n");
  await expect(title("Mar 21 – 27, 2027")).toBeVisible();
  await expectQuery(page, { view: "week", date: "2027-03-21" });
  await page.keyboard.press("t");
  await expect(title("Mar 14 – 20, 2027")).toBeVisible();
  await page.keyboard.press("d");
  await expect(title("March 17, 2027")).toBeVisible();
  await page.keyboard.press("p");
  await expect(title("March 16, 2027")).toBeVisible();
  await page.keyboard.press("m");
  await expect(title("March 2027")).toBeVisible();

  await page.keyboard.press("c");
  const form = dialog(page, "New event");
  await expect(form).toBeVisible();
  // Typing in the form types: the letters are not the calendar's there.
  await form.getByLabel("Title").pressSequentially("town");
  await expect(form.getByLabel("Title")).toHaveValue("town");
  await expect(title("March 2027")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();

  // The ? sheet lists them.
  await page.keyboard.press("?");
  await expect(dialog(page, "Keyboard shortcuts")).toContainText("Calendar: new event");
});

test("a project's target close date is a read-only closing; its calendar can be hidden", async ({
  page,
  account,
}) => {
  const created = await account.post("/projects", {
    name: "Maple St flip",
    targetCloseDate: "2027-03-24",
  });
  const project = (await created.json()).data as { id: string };
  await openApp(page, modulePath("calendar"));
  const closing = event(page, "Closing: Maple St flip");
  await expect(day(page, "2027-03-24")).toContainText("Closing: Maple St flip");
  // Read-only: it says so, and a drag leaves it where it is.
  await expect(closing).toHaveAccessibleName(/^Read-only:/);
  await drag(page, await middle(closing), await middle(day(page, "2027-03-26")));
  await expect(day(page, "2027-03-26")).not.toContainText("Closing: Maple St flip");
  await expect(day(page, "2027-03-24")).toContainText("Closing: Maple St flip");

  await closing.click();
  const panel = dialog(page, "Closing: Maple St flip");
  await expect(panel.getByText("Mar 24, 2027 · all day")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await panel.getByRole("link", { name: "Open the project" }).click();
  await expect(page).toHaveURL(`/project-hub/projects/${project.id}`);
  await expect(page.getByRole("heading", { name: "Maple St flip" })).toBeVisible();

  await openApp(page, modulePath("calendar"));
  const legend = page.getByRole("complementary", { name: "Legend" });
  await legend.getByLabel("Project closings").uncheck();
  await expect(closing).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "March 2027" })).toBeVisible();
  await expect(legend.getByLabel("Project closings")).not.toBeChecked();
  await expect(closing).toHaveCount(0);
  await legend.getByLabel("Project closings").check();
  await expect(closing).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the agenda shows by default, and no view scrolls sideways", async ({ page, account }) => {
    await account.post("/calendar/events", {
      summary: "Walkthrough with the contractor at the Craftsman bungalow on Linden Avenue",
      kind: "meeting",
      start: { dateTime: "2027-03-18T13:00:00-04:00" },
      end: { dateTime: "2027-03-18T14:00:00-04:00" },
    });
    await openApp(page, modulePath("calendar"));
    const views = page.getByRole("group", { name: "View" });
    await expect(views.getByRole("button", { name: "Agenda" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByRole("region", { name: "Agenda" })).toContainText(
      "Walkthrough with the contractor",
    );
    await page.getByRole("button", { name: /^Walkthrough with the contractor/ }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog(page, "Edit event").getByLabel("Title")).toHaveValue(
      /^Walkthrough with the contractor/,
    );
    await page.keyboard.press("Escape");
    for (const view of ["Agenda", "Month", "Week", "Day"]) {
      await views.getByRole("button", { name: view }).click();
      await expect(views.getByRole("button", { name: view })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${view} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("with a finger", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test("a tap on a day picks it; a swipe over an event leaves it; a held finger moves it", async ({
    page,
    account,
  }) => {
    await account.post("/calendar/events", {
      summary: "Lockbox pickup",
      kind: "task",
      start: { date: "2027-03-10" },
      end: { date: "2027-03-11" },
    });
    await openApp(page, modulePath("calendar", { view: "month" }));
    // Below the day's number, which a tap nearby would reach.
    const monday = (await day(page, "2027-03-15").boundingBox())!;
    await page.touchscreen.tap(monday.x + monday.width / 2, monday.y + monday.height - 8);
    await expect(dialog(page, "New event").getByLabel("Start date")).toHaveValue("2027-03-15");
    await page.keyboard.press("Escape");

    // Chromium's touch input, a point at a time.
    const cdp = await page.context().newCDPSession(page);
    const from = await middle(event(page, "Lockbox pickup"));
    const to = await middle(day(page, "2027-03-12"));
    const touchDrag = async (holdMs: number) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
      await page.waitForTimeout(holdMs);
      for (let step = 1; step <= 10; step += 1) {
        const point = {
          x: from.x + ((to.x - from.x) * step) / 10,
          y: from.y + ((to.y - from.y) * step) / 10,
        };
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    await touchDrag(0);
    await expect(day(page, "2027-03-10")).toContainText("Lockbox pickup");
    await expect(day(page, "2027-03-12")).not.toContainText("Lockbox pickup");
    await touchDrag(600);
    await expect(page.getByText("Event “Lockbox pickup” moved")).toBeVisible();
    await expect(day(page, "2027-03-12")).toContainText("Lockbox pickup");
  });
});
