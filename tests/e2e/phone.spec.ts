/**
 * Every screen at 375 px with long data in its lists: nothing makes the page scroll sideways, and
 * the lists keep their key columns readable. Screenshots of each land in the test's output folder.
 */
import { modulePath } from "../../app/domain/modules";
import { SIDEBAR_MODULES } from "../../app/modules";
import { expect, openApp, test } from "./fixtures";

test.use({ viewport: { width: 375, height: 740 } });

const LONG = {
  project: "Full gut renovation of the 1920s Craftsman bungalow",
  contact: "Maximiliana-Alexandra Vandenberghe-Papadopoulos",
  email: "maximiliana.vandenberghe-papadopoulos@northwestern-hardmoney-lending.example.com",
  company: "Northwestern Hard Money Lending Partners International LLC",
  address: "98765 Extraordinarily Long Boulevard Northeast, Apartment 1234",
  document: "Rehab checklist and contractor schedule for the Craftsman bungalow",
};

/** Each screen, and a text that shows once its data is on it. */
const SCREENS: Array<[path: string, shows?: string]> = [
  ...SIDEBAR_MODULES.map((module): [string] => [modulePath(module.id)]),
  ["/assistant"],
  [modulePath("project-hub"), LONG.project],
  [modulePath("project-hub", { tab: "contacts" }), LONG.contact],
  [modulePath("project-hub", { tab: "documents" }), LONG.document],
  [modulePath("possible-investments"), LONG.address],
  [modulePath("project-hub", { new: "1" })],
  ["/no-such-page"],
];

test("no screen scrolls sideways at 375 px", async ({ page, account }) => {
  test.setTimeout(120_000);
  const { post } = account;
  const created = await post("/projects", {
    name: LONG.project,
    type: "fix_and_flip",
    status: "under_contract",
    address: "12345 Northwestern Boulevard Extension, Unit 1204",
    city: "Rancho Santa Margarita",
    state: "CA",
    budget: 1_250_000,
    purchasePrice: 987_654,
  });
  const project = (await created.json()).data as { id: string };
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
    projectId: project.id,
  });
  await post("/data/properties", [
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
    { address: "12 Oak St", city: "Dayton", listPrice: 189_900, arv: 265_000 },
  ]);
  SCREENS.push([modulePath("project-hub", { project: project.id }), LONG.project]);

  for (const [path, shows] of SCREENS) {
    await openApp(page, path);
    if (shows) await expect(page.getByText(shows).first()).toBeVisible();
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
    await page.screenshot({
      path: test.info().outputPath(`${path.replace(/\W+/g, "-").replace(/^-|-$/g, "")}.png`),
      fullPage: true,
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${path} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
  }

  // The key columns stay readable: a contact's name has room, a property's prices are on screen.
  await openApp(page, modulePath("project-hub", { tab: "contacts" }));
  const name = page.getByText(LONG.contact);
  expect((await name.boundingBox())!.width).toBeGreaterThan(200);
  await openApp(page, modulePath("possible-investments"));
  for (const price of ["$12,500,000", "$15,750,000"]) {
    const box = (await page.getByText(price).boundingBox())!;
    expect(box.x, price).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, price).toBeLessThanOrEqual(375);
  }
});
