/**
 * The Route Planner in a browser, for a user in Phoenix on Wednesday, March 17, 2027 at 7:00 (the
 * clock is fixed; timers run), signed in from there (the session keeps the zone its sign-in named,
 * which the planner's times are read in). Addresses are looked up by the fake geocoder, which puts every
 * address in a 30 km box around Phoenix and finds nothing for words holding "nowhere"; no road
 * service is set, so the figures are the straight-line estimate. A day's route from three
 * properties and an auction (its address looked up as it is added), optimised, dragged, saved,
 * added to the calendar and downloaded as GPX; an address the geocoder cannot find, pinned by
 * hand; the stop picker's search, and a read of it that fails; a phone's List / Map tabs; and a
 * server without a geocoder.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { modulePath, visitRoutePath } from "../../app/domain/modules";
import { expect, newUser, openApp, test, type Account, registerThroughApi } from "./fixtures";
import { expectNoViolations } from "./axe";

const NOW = new Date("2027-03-17T07:00:00-07:00");
const BARE = `http://127.0.0.1:${process.env.E2E_BARE_PORT ?? 8789}`;
// The browser's zone, and the one its sign-in names, as the app's own sign-in sends it.
test.use({ timezoneId: "America/Phoenix", extraHTTPHeaders: { "X-Time-Zone": "America/Phoenix" } });
test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW);
});

const PROPERTIES = [
  { address: "4 Camelback Rd", latitude: 33.5092, longitude: -112.03 },
  { address: "77 Baseline Rd", latitude: 33.3776, longitude: -112.0735 },
  { address: "9 Glendale Ave", latitude: 33.5387, longitude: -112.186 },
];
const AUCTION = "201 W Jefferson St";

/** Three properties with their coordinates, and a sheriff sale at 11:00 not linked to any. */
async function fillDay(account: Account) {
  const imported = await account.post(
    "/data/properties",
    PROPERTIES.map((property) => ({ ...property, city: "Phoenix", state: "AZ" })),
  );
  expect(imported.ok()).toBe(true);
  const auction = await account.post("/auctions", {
    saleType: "sheriff",
    saleAt: "2027-03-17T11:00:00-07:00",
    timeZone: "America/Phoenix",
    address: AUCTION,
    city: "Phoenix",
    state: "AZ",
  });
  expect(auction.status()).toBe(201);
}

const stops = (page: Page) => page.getByTestId("route-stop");
const markers = (page: Page) => page.locator(".route-marker");

async function lookUpStart(page: Page, address: string) {
  await page.getByLabel("Start from: address").fill(address);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(
    page.getByText(new RegExp(`^${address} · ${address}, Maricopa County`)),
  ).toBeVisible();
}

/** Drags a stop by its handle to below another stop, with the mouse, in steps. */
async function dragBelow(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 15 });
  await page.mouse.up();
}

test("a day's route from three properties and an auction: optimised, dragged, saved, in the calendar, as GPX", async ({
  page,
  account,
}) => {
  test.setTimeout(90_000);
  await fillDay(account);
  await openApp(page, modulePath("route-planner"));
  await expect(page.getByRole("heading", { name: "No routes yet" })).toBeVisible();
  await page.getByRole("link", { name: "Plan a route" }).first().click();
  await expect(page).toHaveURL(/\/route-planner\/new$/);
  await expect(page.getByRole("heading", { name: "No stops yet" })).toBeVisible();
  await expect(
    page.getByText(/^Add stops from your properties, auctions, contacts or calendar/),
  ).toBeVisible();

  // The start: a typed address, looked up, then remembered as home.
  await expect(page.getByLabel("Route name")).toHaveValue("Route for Mar 17");
  await lookUpStart(page, "100 N Central Ave");
  await page.getByRole("button", { name: "Remember as home" }).click();
  await expect(page.getByText("Remembered as your home")).toBeVisible();
  await expect(page.getByLabel("Start from", { exact: true })).toHaveValue("home");
  await page.getByLabel("Departure time").fill("08:00");

  // The stops: the three properties and the day's auction, whose address is looked up.
  await page.getByRole("button", { name: "Add stops" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add stops" });
  await expect(picker.getByRole("heading", { name: "Auctions on Mar 17, 2027" })).toBeVisible();
  await expect(picker.getByText("Arrive by 11:00 AM")).toBeVisible();
  for (const { address } of PROPERTIES) {
    await picker.getByRole("button", { name: `Add ${address}` }).click();
    await expect(picker.getByRole("button", { name: `${address} added` })).toBeDisabled();
  }
  await picker.getByRole("button", { name: `Add ${AUCTION}` }).click();
  await picker.getByRole("button", { name: "Done" }).click();
  await expect(stops(page)).toHaveCount(4);
  await expect(page.getByTestId("stop-eta")).toHaveCount(4);
  await expect(page.getByText(/Looking up addresses/)).toBeHidden();
  await expect(
    page.getByTestId("route-totals").getByText("Estimated: straight line × 1.3 at 40 km/h"),
  ).toBeVisible();

  // Optimised: numbered markers, an ETA per stop, the saving against the entered order.
  await page.getByRole("button", { name: "Optimise" }).click();
  await expect(page.getByText(/^Optimised\. (Saves|Same|Against)/)).toBeVisible();
  await expect(markers(page)).toHaveCount(5);
  for (const number of ["1", "2", "3", "4"]) {
    await expect(
      markers(page).filter({ hasText: new RegExp(`^${number}Stop ${number}: `) }),
    ).toHaveCount(1);
  }
  await expect(page.getByTestId("stop-eta")).toHaveCount(4);
  for (const eta of await page.getByTestId("stop-eta").allTextContents()) {
    expect(eta).toMatch(/^Arrive \d{1,2}:\d{2} [AP]M/);
  }
  // The auction's sale is reached in time, waiting for it if early.
  const auctionRow = stops(page).filter({ hasText: AUCTION });
  await expect(auctionRow).toContainText("Arrive by 11:00 AM");
  await expect(auctionRow).not.toContainText("Late by");
  await expect(page.getByTestId("route-saving")).toBeVisible();

  // Clicking a stop highlights its marker and opens its popup.
  await auctionRow.getByRole("button", { name: new RegExp(`^Stop \\d: ${AUCTION}`) }).click();
  await expect(page.locator(".leaflet-popup")).toContainText(AUCTION);

  // Dragging the first stop below the second changes the figures at once.
  const km = await page.getByTestId("total-km").textContent();
  const first = await stops(page)
    .first()
    .getByRole("button", { name: /^Stop 1: / })
    .textContent();
  await stops(page).nth(1).scrollIntoViewIfNeeded();
  await dragBelow(
    page,
    stops(page)
      .first()
      .getByRole("button", { name: /^Reorder / }),
    stops(page).nth(1),
  );
  await expect(stops(page).nth(1)).toContainText(first!.replace(/^Stop 1: /, ""));
  await expect(page.getByTestId("total-km")).not.toHaveText(km!);
  await expect(page.getByTestId("route-saving")).toBeVisible();

  // The keyboard moves a stop too.
  const handle = stops(page)
    .first()
    .getByRole("button", { name: /^Reorder / });
  const movedName = (await handle.getAttribute("aria-label"))!.replace(
    /^Reorder (.*): drag.*$/,
    "$1",
  );
  await handle.focus();
  await page.keyboard.press("ArrowDown");
  await expect(stops(page).nth(1)).toContainText(movedName);
  await expect(page.getByText(`${movedName} moved to position 2 of 4.`)).toBeAttached();

  // Saved, then added to AI42's calendar.
  await page.getByLabel("Route name").fill("Phoenix drive-bys");
  await page.getByRole("button", { name: "Save route" }).click();
  await expect(page.getByText("Route saved")).toBeVisible();
  await expect(page).toHaveURL(/\/route-planner\/[\w-]{8,}$/);
  const routeUrl = page.url();
  await page.getByRole("button", { name: "Add to calendar" }).click();
  const calendar = page.getByRole("dialog", { name: "Add to calendar" });
  await expect(calendar.getByLabel("AI42's calendar")).toBeChecked();
  await calendar.getByRole("button", { name: "Add visits" }).click();
  await expect(page.getByText("Added 4 visits to AI42's calendar.")).toBeVisible();
  const events = await page.request.get(
    `/api/calendar/events?timeMin=${encodeURIComponent("2027-03-17T00:00:00-07:00")}&timeMax=${encodeURIComponent("2027-03-18T00:00:00-07:00")}`,
    { headers: { Authorization: `Bearer ${account.token}` } },
  );
  const visits = ((await events.json()).data as { summary: string }[])
    .map((event) => event.summary)
    .filter((summary) => summary.startsWith("Visit "));
  expect(visits).toHaveLength(4);
  expect(visits).toContain(
    `Visit 1/4: ${await stops(page)
      .first()
      .getByRole("button", { name: /^Stop 1: / })
      .textContent()
      .then((t) => t!.replace(/^Stop 1: /, ""))}`,
  );
  // Adding the visits moved the route's version on; the planner holds it, so a change then saves
  // (no "changed elsewhere" question).
  await page.getByLabel("Departure time").fill("09:30");
  await page.getByRole("button", { name: "Save route" }).click();
  const routeId = new URL(routeUrl).pathname.split("/").at(-1)!;
  await expect
    .poll(async () => {
      const route = await page.request.get(`/api/routes/${routeId}`, {
        headers: { Authorization: `Bearer ${account.token}` },
      });
      return ((await route.json()).data as { departAt: string }).departAt;
    })
    .toMatch(/T09:30/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The GPX file: a waypoint per stop, in the route's order.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download GPX" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("phoenix-drive-bys-2027-03-17.gpx");
  const gpx = await readFile((await download.path())!, "utf8");
  expect(gpx).toContain(
    '<gpx version="1.1" creator="AI42" xmlns="http://www.topografix.com/GPX/1/1">',
  );
  const names = [...gpx.matchAll(/<wpt [^>]+>\s*<name>([^<]+)<\/name>/g)].map((m) => m[1]);
  const listed = (
    await stops(page)
      .getByRole("button", { name: /^Stop \d: / })
      .allTextContents()
  ).map((text) => text.replace(/^Stop \d: /, ""));
  expect(names).toEqual(listed);
  expect(gpx).toMatch(/<desc>[^<]*ETA \d{1,2}:\d{2}/);
  expect(gpx.match(/<rtept /g)).toHaveLength(6);

  // Google Maps: one link (4 stops fit in a link's 9 waypoints).
  const link = page.getByRole("link", { name: "Open in Google Maps" });
  await expect(link).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&origin=[\d.]+,-[\d.]+&destination=[\d.]+,-[\d.]+&waypoints=([\d.]+,-[\d.]+%7C){3}[\d.]+,-[\d.]+&travelmode=driving$/,
  );
  await expectNoViolations(page, "a planned route");

  // Reopened from its link in the saved routes, at its own URL; the browser's Back returns to the
  // list. Then deleted and restored with Undo.
  await page.getByRole("link", { name: "All routes" }).click();
  const saved = page.getByRole("region", { name: "Saved routes" });
  await expect(saved.getByRole("listitem")).toContainText(["Phoenix drive-bys"]);
  await expect(saved).toContainText("4 stops");
  await saved.getByRole("link", { name: "Phoenix drive-bys", exact: true }).click();
  await expect(page).toHaveURL(routeUrl);
  await expect(page).toHaveTitle("Phoenix drive-bys · AI42");
  await expect(page.getByRole("heading", { name: "Phoenix drive-bys" })).toBeVisible();
  await expect(stops(page)).toHaveCount(4);
  await expect(stops(page).getByRole("button", { name: /^Stop \d: / })).toHaveText(
    listed.map((name, index) => `Stop ${index + 1}: ${name}`),
  );
  await page.goBack();
  await expect(page).toHaveURL(/\/route-planner$/);
  await saved.getByRole("button", { name: "Delete Phoenix drive-bys" }).click();
  await page
    .getByRole("dialog", { name: "Delete route?" })
    .getByRole("button", { name: "Delete route" })
    .click();
  await expect(page.getByText("No routes yet")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(saved.getByRole("link", { name: "Phoenix drive-bys", exact: true })).toBeVisible();
});

test("a locked stop keeps its place when the rest is optimised", async ({ page, account }) => {
  await fillDay(account);
  await openApp(page, visitRoutePath("new"));
  await lookUpStart(page, "100 N Central Ave");
  await page.getByRole("button", { name: "Add stops" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add stops" });
  for (const { address } of PROPERTIES)
    await picker.getByRole("button", { name: `Add ${address}` }).click();
  await picker.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "Optimise" }).click();
  const order = await stops(page)
    .getByRole("button", { name: /^Stop \d: / })
    .allTextContents();

  // The last stop locked first, then optimised again: it stays first.
  const last = order[2]!.replace(/^Stop 3: /, "");
  await page.getByRole("button", { name: `Move ${last} up` }).click();
  await expect(page.getByRole("button", { name: `Move ${last} up` })).toBeFocused();
  await page.getByRole("button", { name: `Move ${last} up` }).click();
  await expect(stops(page).first()).toContainText(last);
  await page.getByRole("button", { name: `Lock ${last} in place` }).click();
  await expect(page.getByRole("button", { name: `Lock ${last} in place` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "Optimise" }).click();
  await expect(stops(page).first()).toContainText(last);
});

test("a sale reached too late is marked in words; a longer stay lengthens the day", async ({
  page,
  account,
}) => {
  await fillDay(account);
  await openApp(page, visitRoutePath("new"));
  await lookUpStart(page, "100 N Central Ave");
  await page.getByLabel("Departure time").fill("10:59");
  await page.getByRole("button", { name: "Add stops" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add stops" });
  await picker.getByRole("button", { name: `Add ${PROPERTIES[0]!.address}` }).click();
  await picker.getByRole("button", { name: `Add ${AUCTION}` }).click();
  await picker.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("stop-eta")).toHaveCount(2);
  await page.getByRole("button", { name: "Optimise" }).click();
  await expect(
    page.getByText(/1 stop is still late: no order reaches every window\./),
  ).toBeVisible();
  const sale = stops(page).filter({ hasText: AUCTION });
  await expect(sale).toContainText(/Late by \d+ min/);
  await expect(page.getByTestId("route-totals")).toContainText(`1 stop is late: ${AUCTION}.`);
  await expect(markers(page).filter({ hasText: /Late by \d+ min/ })).toHaveCount(1);

  // Leaving earlier, the sale is reached; a longer stay adds to the day.
  await page.getByLabel("Departure time").fill("08:00");
  await expect(sale).not.toContainText("Late by");
  await expect(page.getByTestId("route-totals")).not.toContainText("late");
  const time = await page.getByTestId("total-time").textContent();
  await page.getByLabel(`Minutes at ${AUCTION}`).fill("120");
  await expect(page.getByTestId("total-time")).not.toHaveText(time!);
});

test("the stop picker's search narrows the records; a read that fails says so, with Try again", async ({
  page,
  account,
}) => {
  await fillDay(account);
  await openApp(page, visitRoutePath("new"));
  await page.getByRole("button", { name: "Add stops" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add stops" });
  for (const { address } of PROPERTIES)
    await expect(picker.getByRole("button", { name: `Add ${address}` })).toBeVisible();

  // The search narrows the properties and contacts; the day's auction stays.
  const search = picker.getByLabel("Search properties and contacts");
  await search.fill("Camelback");
  await expect(picker.getByRole("button", { name: `Add ${PROPERTIES[1]!.address}` })).toHaveCount(
    0,
  );
  await expect(picker.getByRole("button", { name: `Add ${PROPERTIES[2]!.address}` })).toHaveCount(
    0,
  );
  await expect(picker.getByRole("button", { name: `Add ${PROPERTIES[0]!.address}` })).toBeVisible();
  await expect(picker.getByRole("button", { name: `Add ${AUCTION}` })).toBeVisible();

  // A read that cannot reach the server is said in the picker, the planner staying; Try again
  // reads it again.
  await page.route("**/route-planner/candidates**", (route) => route.abort());
  await search.fill("Glendale");
  await expect(picker.getByRole("alert")).toContainText("Failed to fetch stops");
  await page.unroute("**/route-planner/candidates**");
  await picker.getByRole("button", { name: "Try again" }).click();
  await expect(picker.getByRole("button", { name: `Add ${PROPERTIES[2]!.address}` })).toBeVisible();
  await expect(picker.getByRole("alert")).toHaveCount(0);
  await picker.getByRole("button", { name: `Add ${PROPERTIES[2]!.address}` }).click();
  await picker.getByRole("button", { name: "Done" }).click();
  await expect(stops(page)).toHaveCount(1);
});

test("an address the geocoder cannot find is pinned on the map by hand", async ({
  page,
  account,
}) => {
  expect(account.id).toBeTruthy();
  await openApp(page, visitRoutePath("new"));
  await lookUpStart(page, "100 N Central Ave");
  await page.getByRole("button", { name: "Add stops" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add stops" });
  await picker.getByLabel("Type an address").fill("1 Nowhere Lane");
  await picker.getByRole("button", { name: "Add address" }).click();
  await picker.getByLabel("Type an address").fill("2200 E Camelback Rd");
  await picker.getByRole("button", { name: "Add address" }).click();
  await picker.getByRole("button", { name: "Done" }).click();

  const lost = stops(page).filter({ hasText: "1 Nowhere Lane" });
  await expect(lost).toContainText("Address not found: pin it on the map.");
  await expect(stops(page).filter({ hasText: "2200 E Camelback Rd" })).toContainText("Arrive");
  await expect(markers(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Save route" }).click();
  await expect(page.getByText(/^Pin 1 Nowhere Lane on the map, or remove it\./)).toBeVisible();

  await lost.getByRole("button", { name: "Pin on the map for 1 Nowhere Lane" }).click();
  await expect(page.getByText("Click the map to place 1 Nowhere Lane.")).toBeVisible();
  const map = page.locator(".leaflet-container");
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: 12, y: box.height / 2 } });
  await expect(lost).toContainText("Arrive");
  await expect(markers(page)).toHaveCount(3);
  await expect(stops(page).getByRole("button", { name: /^Stop \d: / })).toHaveCount(2);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the list comes first, the map behind a tab", async ({ page, account }) => {
    // Four accessibility passes, each seconds long on a busy machine.
    test.setTimeout(60_000);
    await fillDay(account);
    await openApp(page, modulePath("route-planner"));
    await expectNoViolations(page, "no routes yet, at 375 px");
    await page.getByRole("link", { name: "Plan a route" }).first().click();
    await lookUpStart(page, "100 N Central Ave");
    await page.getByRole("button", { name: "Add stops" }).first().click();
    const picker = page.getByRole("dialog", { name: "Add stops" });
    await picker.getByRole("button", { name: `Add ${PROPERTIES[0]!.address}` }).click();
    await picker.getByRole("button", { name: `Add ${PROPERTIES[1]!.address}` }).click();
    await expectNoViolations(page, "the stop picker, at 375 px");
    await picker.getByRole("button", { name: "Done" }).click();

    await expect(page.getByRole("tab", { name: "List" })).toHaveAttribute("aria-selected", "true");
    await expect(stops(page)).toHaveCount(2);
    await expect(page.locator(".leaflet-container")).toHaveCount(0);
    await expectNoViolations(page, "the list, at 375 px");
    await page.getByRole("tab", { name: "Map" }).click();
    await expect(page).toHaveURL(/tab=map/);
    await expect(markers(page)).toHaveCount(3);
    await expect(stops(page)).toHaveCount(0);
    await expectNoViolations(page, "the map, at 375 px");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test("without a geocoder the planner says so, and stops are pinned by hand (also from the keyboard)", async ({
  page,
}) => {
  const user = newUser();
  await registerThroughApi(page, user, BARE);
  await openApp(page, `${BARE}${visitRoutePath("new")}`);
  await expect(
    page.getByText("No geocoder is configured (GEOCODER_URL): pin stops on the map by hand"),
  ).toBeVisible();
  await page.getByRole("button", { name: "Pin on the map (Start from)" }).click();
  const map = page.locator(".leaflet-container");
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(page.getByText(/^Pinned point /)).toBeVisible();

  await page.getByRole("button", { name: "Add stops" }).first().click();
  const picker = page.getByRole("dialog", { name: "Add stops" });
  await picker.getByLabel("Type an address").fill("12 Oak St, Phoenix");
  await picker.getByRole("button", { name: "Add address" }).click();
  await picker.getByRole("button", { name: "Done" }).click();
  const stop = stops(page).first();
  await expect(stop).toContainText("No place yet: pin it on the map.");
  await stop.getByRole("button", { name: "Pin on the map for 12 Oak St, Phoenix" }).click();
  // Without a pointer: pan with the arrow keys, then pin at the map's centre.
  await map.focus();
  await page.keyboard.press("ArrowRight");
  await page
    .getByRole("button", { name: "Pin 12 Oak St, Phoenix at the map's centre" })
    .press("Enter");
  await expect(stop).toContainText("Arrive 9:");
});
