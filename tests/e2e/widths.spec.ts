/**
 * Every screen at a phone's 375 px and a laptop's 1024 and 1280 px, holding the demo portfolio and
 * long names: nothing makes the page scroll sideways, and the lists keep their key figures on
 * screen. A screen that does scroll sideways leaves a screenshot in the test's output folder.
 */
import type { Page } from "@playwright/test";
import {
  analysisPath,
  auctionPath,
  comparePath,
  modulePath,
  projectPath,
  propertyPath,
  SALE_TYPES_GUIDE_PATH,
  visitRoutePath,
} from "../../app/domain/modules";
import { SIDEBAR_MODULES } from "../../app/modules";
import { seedSamplePortfolio } from "../../scripts/demo-data.mjs";
import { expect, openApp, test, type Account } from "./fixtures";

const WIDTHS = [375, 1024, 1280];

const LONG = {
  project: "Full gut renovation of the 1920s Craftsman bungalow",
  contact: "Maximiliana-Alexandra Vandenberghe-Papadopoulos",
  email: "maximiliana.vandenberghe-papadopoulos@northwestern-hardmoney-lending.example.com",
  company: "Northwestern Hard Money Lending Partners International LLC",
  address: "98765 Extraordinarily Long Boulevard Northeast, Apartment 1234",
  document: "Rehab checklist and contractor schedule for the Craftsman bungalow",
  deal: "Extraordinarily Long Boulevard as a long-term rental with a conventional loan",
};

/** The demo portfolio, and a project, contact, document, property and analysis with long names. */
async function seedLongData({ post, token }: Account, origin: string) {
  await seedSamplePortfolio(origin, token);
  const project = await post("/projects", {
    name: LONG.project,
    type: "fix_and_flip",
    status: "under_contract",
    address: "12345 Northwestern Boulevard Extension, Unit 1204",
    city: "Rancho Santa Margarita",
    state: "CA",
    budget: 1_250_000,
    purchasePrice: 987_654,
  });
  const { id: projectId } = (await project.json()).data as { id: string };
  await post("/contacts", {
    firstName: "Maximiliana-Alexandra",
    lastName: "Vandenberghe-Papadopoulos",
    company: LONG.company,
    email: LONG.email,
    phone: "+1 (555) 123-4567",
    type: "property_manager",
    tags: ["hard money", "bridge loans", "fast close", "downtown"],
  });
  await post("/data/entries", {
    title: LONG.document,
    kind: "checklist",
    content: "- [ ] Roof\n- [ ] Electrical panel",
    projectId,
  });
  const imported = await post("/data/properties", [
    {
      address: LONG.address,
      city: "San Buenaventura",
      state: "CA",
      zip: "93001",
      beds: 5,
      baths: 4.5,
      squareFeet: 4350,
      listPrice: 12_500_000,
      arv: 15_750_000,
      rentEstimate: 12_500,
      status: "under_contract",
      externalId: "APN-123-456-789-000",
    },
    {
      address: "4401 Northwestern Boulevard Extension Southwest, Building C",
      city: "Rancho Santa Margarita",
      state: "CA",
      listPrice: 1_189_900,
      arv: 1_265_000,
    },
  ]);
  const [propertyId] = ((await imported.json()).data as { ids: string[] }).ids;
  const deal = await post("/deals", {
    name: LONG.deal,
    strategy: "rental",
    propertyId,
    primary: true,
    inputs: {
      purchasePrice: 12_500_000,
      closingCosts: 125_000,
      financing: { type: "loan", downPaymentPct: 25, interestRatePct: 7.1, termYears: 30 },
      grossMonthlyRent: 12_500,
      propertyTaxesAnnual: 150_000,
    },
  });
  const { id: dealId } = (await deal.json()).data as { id: string };
  return { projectId, propertyId, dealId };
}

/** Resizes the page and waits for the layout's transitions (the sidebar's width) to end. */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 640 ? 740 : 800 });
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
}

async function idsOf(page: Page, path: string) {
  const answer = await page.request.get(`/api${path}`);
  return ((await answer.json()).data as { id: string }[]).map(({ id }) => id);
}

test("no screen scrolls sideways at 375, 1024 or 1280 px", async ({ page, account }) => {
  test.setTimeout(180_000);
  await openApp(page, modulePath("connections"));
  const { projectId, propertyId, dealId } = await seedLongData(account, new URL(page.url()).origin);
  const deals = await idsOf(page, "/deals");
  const [auction] = await idsOf(page, "/auctions");
  const [route] = await idsOf(page, "/routes");
  const compared = [dealId, ...deals.filter((id) => id !== dealId).slice(0, 3)];

  /** Each screen, and a text that shows once its data is on it. */
  const screens: Array<[path: string, shows?: string]> = [
    ...SIDEBAR_MODULES.map((module): [string] => [modulePath(module.id)]),
    ["/assistant"],
    [modulePath("possible-investments"), LONG.address],
    [propertyPath(propertyId!), LONG.deal],
    [analysisPath({ id: dealId }), "Cap rate"],
    [comparePath(compared), LONG.deal],
    [propertyPath("new")],
    [auctionPath(auction!), "2026 CV 04417"],
    [modulePath("auction", { view: "calendar" })],
    [SALE_TYPES_GUIDE_PATH],
    [visitRoutePath(route!), "Dayton drive-bys"],
    [modulePath("project-hub"), LONG.project],
    [projectPath(projectId), LONG.project],
    [modulePath("project-hub", { tab: "contacts" }), LONG.contact],
    [modulePath("project-hub", { tab: "documents" }), LONG.document],
    [projectPath("new")],
    [modulePath("marketing", { tab: "campaigns" })],
    [modulePath("marketing", { tab: "funnel" })],
    [modulePath("marketing", { tab: "bots" })],
    [modulePath("calendar", { view: "week" })],
    [modulePath("calendar", { view: "day" })],
    [modulePath("calendar", { view: "agenda" })],
    [modulePath("resources", { tab: "guides" })],
    [modulePath("resources", { tab: "apps" })],
    ["/no-such-page"],
  ];

  for (const [path, shows] of screens) {
    await resize(page, WIDTHS[0]!);
    await openApp(page, path);
    if (shows) await expect(page.getByText(shows).first()).toBeVisible();
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
    for (const width of WIDTHS) {
      await resize(page, width);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) {
        const name = `${path.replace(/\W+/g, "-").replace(/^-|-$/g, "")}-${width}.png`;
        await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
      }
      expect
        .soft(overflow, `${path} is ${overflow} px wider than the screen at ${width} px`)
        .toBeLessThanOrEqual(0);
    }
  }

  // On a laptop the list shows each property's analysed figures and its actions, unscrolled.
  await openApp(page, modulePath("possible-investments"));
  for (const width of [1024, 1280]) {
    await resize(page, width);
    for (const header of [/^Cash flow/, /^Cap rate/, /^Cash-on-cash/])
      await expect(page.getByRole("columnheader", { name: header })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("button", { name: /^Delete / }).first()).toBeInViewport({
      ratio: 1,
    });
  }

  // On a phone the key columns stay readable: a contact's name has room, a property's prices
  // are on screen, and Compare's analyses scroll sideways in their own region, by keyboard too.
  await resize(page, 375);
  await openApp(page, modulePath("project-hub", { tab: "contacts" }));
  expect((await page.getByText(LONG.contact).boundingBox())!.width).toBeGreaterThan(200);
  await openApp(page, modulePath("possible-investments"));
  for (const price of ["$12,500,000", "$15,750,000"]) {
    const box = (await page.getByText(price).boundingBox())!;
    expect(box.x, price).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, price).toBeLessThanOrEqual(375);
  }
  await openApp(page, comparePath(compared));
  const region = page.getByRole("region", { name: "Analyses side by side" });
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});
