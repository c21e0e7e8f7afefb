/**
 * axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA) on the signed-out pages and on every route of
 * the module registry — so a new module is checked without touching this test — at 1280 and
 * 375 px, with data in every list, an open conversation, and the dialogs open. No rule is
 * disabled: any violation fails the test and is listed with its elements.
 */
import { isoDay } from "../../app/domain/dates";
import {
  analysisPath,
  auctionPath,
  comparePath,
  documentPath,
  modulePath,
  projectPath,
  propertyPath,
  SALE_TYPES_GUIDE_PATH,
} from "../../app/domain/modules";
import { SIDEBAR_MODULES } from "../../app/modules";
import { expect, openApp, test, type Account } from "./fixtures";
import { expectNoViolations } from "./axe";

const WIDTHS = [1280, 375];

/** One of everything in the lists, and a conversation to open. */
async function fillWorkspace(account: Account) {
  const project = await account.post("/projects", {
    name: "Maple St flip",
    status: "rehab",
    budget: 45000,
    address: "14 Maple St",
    city: "Dayton",
  });
  const { id } = (await project.json()).data as { id: string };
  await account.post("/contacts", { firstName: "Maria", lastName: "Lopez", type: "lender" });
  await account.post("/data/entries", { title: "Offer notes", content: "# Offer", projectId: id });
  const imported = await account.post("/data/properties", [
    { address: "12 Oak St", city: "Dayton", listPrice: 189900, arv: 265000, rentEstimate: 1650 },
  ]);
  const [propertyId] = (await imported.json()).data.ids as string[];
  const deals: string[] = [];
  for (const [strategy, inputs] of [
    // Itemized, so the analyzer's unit table, rehab estimate and comps are checked too.
    [
      "rental",
      {
        purchasePrice: 189900,
        units: [
          { name: "1A", beds: 2, baths: 1, monthlyRent: 850, marketRent: 900 },
          { name: "1B", monthlyRent: 800 },
        ],
        vacancyPct: 5,
      },
    ],
    [
      "flip",
      {
        purchasePrice: 150000,
        rehabItems: [
          { category: "Roof", unitCost: 12000 },
          { category: "Kitchen", description: "Cabinets", unitCost: 18000 },
        ],
        afterRepairValue: 265000,
        subjectSquareFeet: 1325,
        comps: [
          { address: "20 Oak St", salePrice: 270000, squareFeet: 1300 },
          { address: "31 Elm St", salePrice: 250000, squareFeet: 1350, adjustments: 5000 },
        ],
        holdingMonths: 6,
      },
    ],
  ] as const) {
    const saved = await account.post("/deals", {
      name: `Oak St ${strategy}`,
      strategy,
      inputs,
      propertyId,
    });
    deals.push((await saved.json()).data.id);
  }
  const chat = await account.post("/ai/openai", {
    messages: [{ role: "user", content: "Compare cap rates in a table" }],
  });
  expect(chat.ok()).toBe(true);
  await account.post("/ai/property-research", { query: "14 Maple St, Dayton: flip or rent?" });
  // Today, so the calendar shows it in every view; and a closing on a project.
  const today = new Date();
  today.setHours(10, 0, 0, 0);
  await account.post("/calendar/events", {
    summary: "Sheriff sale",
    kind: "auction",
    start: { dateTime: today.toISOString() },
    end: { dateTime: new Date(today.getTime() + 3_600_000).toISOString() },
  });
  await account.post("/projects", {
    name: "Oak duplex",
    targetCloseDate: isoDay(today),
  });
  // A sale two days ahead in another zone, its deposit due tomorrow (the list highlights it).
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const auction = await account.post("/auctions", {
    saleType: "sheriff",
    saleAt: inDays(2),
    timeZone: "America/Chicago",
    address: "12 Oak St",
    city: "Dayton",
    county: "Montgomery",
    state: "OH",
    openingBid: 80000,
    depositPct: 10,
    depositDueAt: inDays(1),
    plannedBid: 120000,
    propertyId,
    projectId: id,
    dealId: deals[1],
  });
  const auctionId = (await auction.json()).data.id as string;
  return { projectId: id, propertyId: propertyId!, deals, auctionId };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("the signed-out pages", async ({ page }) => {
      await openApp(page, modulePath("home"));
      await expectNoViolations(page, "sign in");
      await page.getByRole("button", { name: "Sign up" }).click();
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Required").first()).toBeVisible();
      await expectNoViolations(page, "sign up, with its field messages");
      // As a user finds them: interactive (their buttons wait for the page's scripts).
      for (const path of ["/forgot-password", "/reset-password?token=x"]) {
        await openApp(page, path);
        await expectNoViolations(page, path);
      }
      await page.goto("/no-such-page");
      await expectNoViolations(page, "/no-such-page");
      await page.goto("/unsubscribe?token=x");
      await expectNoViolations(page, "/unsubscribe with a link that is not valid");
      await page.goto("/landing.html");
      await expectNoViolations(page, "/landing.html");
    });

    test("every module of the registry, with data, and its dialogs", async ({ page, account }) => {
      // Every screen and its dialogs, each analysed by axe: 2.4 minutes on a quiet 2-core machine.
      test.setTimeout(300_000);
      const { projectId, propertyId, deals, auctionId } = await fillWorkspace(account);
      const screens = [
        ...SIDEBAR_MODULES.map((module) => modulePath(module.id)),
        modulePath("project-hub", { tab: "contacts" }),
        modulePath("project-hub", { tab: "documents" }),
        projectPath(projectId),
        projectPath("new"),
        documentPath("new"),
        modulePath("calendar", { view: "week" }),
        modulePath("calendar", { view: "agenda" }),
        propertyPath(propertyId),
        propertyPath("new"),
        analysisPath({ id: deals[0]! }),
        analysisPath({ id: deals[1]! }),
        comparePath(deals),
        modulePath("auction", { view: "calendar" }),
        auctionPath(auctionId),
        auctionPath("new", { property: propertyId }),
        SALE_TYPES_GUIDE_PATH,
        "/no-such-page",
      ];
      for (const path of screens) {
        await openApp(page, path);
        await expect(page.locator("[aria-busy=true], .skeleton")).toHaveCount(0);
        await expectNoViolations(page, path);
      }

      await openApp(page, modulePath("main-agent"));
      if (width < 768) await page.getByRole("button", { name: "Show conversations" }).click();
      await page
        .getByRole("link", { name: /Compare cap rates/ })
        .first()
        .click();
      await expect(page.getByRole("table")).toBeVisible();
      await expectNoViolations(page, "an open conversation");

      await openApp(page, auctionPath("new"));
      await page.getByRole("button", { name: "Add auction" }).click();
      await expect(page.getByText("Give the property's address")).toBeVisible();
      await expectNoViolations(page, "the new-auction form, with its field messages");

      await openApp(page, modulePath("property-research"));
      await page.getByRole("link", { name: /^14 Maple St, Dayton/ }).click();
      await expect(page.getByTestId("research-report")).toBeVisible();
      await expectNoViolations(page, "a research report");

      const dialogs: Array<[path: string, open: () => Promise<unknown>]> = [
        [modulePath("home"), () => page.keyboard.press("Control+k")],
        [modulePath("home"), () => page.keyboard.press("?")],
        // A deep link: on a phone the menu drawer is closed, and the header's bell is in reach.
        [modulePath("auction"), () => page.getByRole("button", { name: /^Notifications/ }).click()],
        [modulePath("project-hub", { tab: "contacts", new: "1" }), async () => undefined],
        [modulePath("possible-investments", { import: "1" }), async () => undefined],
        [
          // The mapping step, with a file's columns, its plan and a problem row.
          modulePath("possible-investments", { import: "1" }),
          async () => {
            await page.getByLabel("File to import").setInputFiles({
              name: "list.csv",
              mimeType: "text/csv",
              buffer: Buffer.from("Address,Asking Price (USD),Agent\n1 A St,100000,Kim\n,5,Bo\n"),
            });
            await expect(page.getByTestId("import-plan")).toBeVisible();
          },
        ],
        [modulePath("calendar", { new: "1" }), async () => undefined],
        [modulePath("auction", { import: "1" }), async () => undefined],
        [auctionPath(auctionId), () => page.getByRole("button", { name: "Postpone" }).click()],
        [
          modulePath("calendar", { view: "agenda" }),
          () => page.getByRole("button", { name: "Closing: Oak duplex" }).click(),
        ],
        [
          modulePath("possible-investments"),
          () => page.getByRole("button", { name: "Delete 12 Oak St" }).click(),
        ],
      ];
      for (const [path, open] of dialogs) {
        await openApp(page, path);
        await open();
        await expect(page.getByRole("dialog")).toBeVisible();
        await expectNoViolations(page, `a dialog on ${path}`);
      }
    });
  });
}
