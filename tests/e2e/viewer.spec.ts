/**
 * A viewer in a team workspace, in a browser: switched to the team in the sidebar, they find its
 * records in every module's list and open them, and are offered nothing that would change them (no
 * New, Import, Edit, Delete, Link, upload, status change or Save; a notice where a page only
 * adds), at 1280 and 375 px, each screen clean under axe. The owner's same pages keep those
 * controls. A viewer's membership is written in the database, as accepting an invitation will.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { viewerCantAdd } from "../../app/domain/teams";
import {
  auctionPath,
  campaignPath,
  documentPath,
  leadPath,
  modulePath,
  projectPath,
  propertyPath,
  visitRoutePath,
} from "../../app/domain/modules";
import { expectNoViolations } from "./axe";
import {
  executeSql,
  expect,
  newUser,
  openApp,
  registerThroughApi,
  test,
  type TestUser,
} from "./fixtures";

const TEAM = "Harbor Flips";
const owner = newUser({ first_name: "Olive", last_name: "Owens" });
const viewer = newUser({ first_name: "Vera", last_name: "Quinn" });

/** The team's records, made by its owner through the API in the team's workspace. */
async function fillTeam(api: APIRequestContext, token: string, teamId: string) {
  const headers = { Authorization: `Bearer ${token}`, "X-Workspace-Id": teamId };
  const records: [string, unknown][] = [
    ["/projects", { name: "Harbor fourplex", type: "buy_and_hold", status: "prospecting" }],
    ["/contacts", { firstName: "Lena", lastName: "Marsh", type: "lender" }],
    ["/marketing/leads", { firstName: "Sam", lastName: "Seller", phone: "555-0100" }],
    ["/data/properties", { address: "14 Harbor St", city: "Dayton", state: "OH" }],
    ["/data/entries", { title: "Harbor offer notes", content: "# Offer\n\n- Max bid: $210,000" }],
  ];
  for (const [path, data] of records) {
    const response = await api.post(`/api${path}`, { data, headers });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  }
}

test.beforeAll(async ({ playwright }, workerInfo) => {
  // Each person signs up from a client of their own: a signed-in one's POST would be refused as
  // cross-site, as a browser's without its Origin.
  const client = () => playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  const api = await client();
  const { token } = await registerThroughApi({ request: api }, owner);
  const made = await api.post("/api/workspaces", {
    data: { name: TEAM },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(made.status()).toBe(201);
  const teamId = ((await made.json()) as { data: { id: string } }).data.id;
  await fillTeam(api, token, teamId);
  const viewerApi = await client();
  const { user } = await registerThroughApi({ request: viewerApi }, viewer);
  const now = new Date().toISOString();
  executeSql(
    `INSERT INTO workspace_members (workspace_id, user_id, role, assigned_only, created_at, updated_at)
     VALUES ('${teamId}', '${user.id}', 'viewer', 0, '${now}', '${now}')`,
  );
  await Promise.all([api.dispose(), viewerApi.dispose()]);
});

async function signIn(page: Page, person: TestUser) {
  const response = await page.request.post("/api/auth/login", {
    data: { email: person.email, password: person.password },
  });
  expect(response.status()).toBe(200);
}

/** Works in the team from here on: its name chosen in the sidebar's switcher (in the phone's menu). */
async function switchToTeam(page: Page) {
  await openApp(page, modulePath("project-hub"));
  const switcher = page.getByTestId("workspace-switcher");
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  await switcher.locator("summary").click();
  await switcher.getByRole("button", { name: new RegExp(TEAM) }).click();
  await expect(switcher.locator("summary")).toContainText(TEAM);
}

/** Opens `path` and waits for its data: no skeleton left. */
async function open(page: Page, path: string) {
  await openApp(page, path);
  await expect(page.locator("[aria-busy=true], .skeleton")).toHaveCount(0);
}

const main = (page: Page) => page.locator("main");
/** A button or link of the page's content, by its whole name (or a pattern). */
const named = (name: string | RegExp) => ({ name, exact: typeof name === "string" });
const button = (page: Page, name: string | RegExp) => main(page).getByRole("button", named(name));
const link = (page: Page, name: string | RegExp) => main(page).getByRole("link", named(name));

for (const width of [1280, 375]) {
  test.describe(`a viewer at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("reads the team's records in every module and is offered no change", async ({ page }) => {
      // Every module's list and a record of each, analysed by axe.
      test.setTimeout(240_000);
      await signIn(page, viewer);
      await switchToTeam(page);

      // Project Hub: the project and the contact listed and opened, nothing to add or change.
      await open(page, modulePath("project-hub"));
      await expect(link(page, "New project")).toHaveCount(0);
      await expect(link(page, "Export CSV")).toBeVisible();
      await expectNoViolations(page, "the projects, as a viewer");
      await link(page, /Harbor fourplex/).click();
      await expect(page.getByRole("heading", { name: "Harbor fourplex" })).toBeVisible();
      for (const name of ["Edit", "Link", "Choose files"])
        await expect(button(page, name)).toHaveCount(0);
      await expect(link(page, "New document")).toHaveCount(0);
      await expect(main(page).getByText("Delete this project…")).toHaveCount(0);
      await expectNoViolations(page, "a project, as a viewer");

      await open(page, modulePath("project-hub", { tab: "contacts" }));
      await expect(button(page, "New contact")).toHaveCount(0);
      await expect(button(page, "Edit Lena Marsh")).toHaveCount(0);
      await expect(button(page, "Delete Lena Marsh")).toHaveCount(0);
      await link(page, /Lena Marsh/).click();
      await expect(page.getByRole("heading", { name: "Lena Marsh" })).toBeVisible();
      await expect(main(page).getByText("Delete this contact…")).toHaveCount(0);
      await expectNoViolations(page, "a contact, as a viewer");

      await open(page, modulePath("project-hub", { tab: "documents" }));
      await expect(link(page, "New document")).toHaveCount(0);
      await link(page, /Harbor offer notes/).click();
      await expect(page.getByRole("heading", { name: "Harbor offer notes" })).toBeVisible();
      await expect(main(page).getByText("Max bid: $210,000")).toBeVisible();
      await expect(main(page).getByRole("textbox")).toHaveCount(0);
      await expect(button(page, "Save")).toHaveCount(0);
      await expectNoViolations(page, "a document, as a viewer");

      // Possible Investments: the property listed, its status said, its facts read-only.
      await open(page, modulePath("possible-investments"));
      for (const name of ["Add property", "New analysis"])
        await expect(link(page, name)).toHaveCount(0);
      await expect(button(page, "Import properties")).toHaveCount(0);
      await expect(button(page, "Delete 14 Harbor St")).toHaveCount(0);
      await expect(main(page).getByLabel("Pipeline status of 14 Harbor St")).toHaveCount(0);
      await expect(link(page, "Export CSV")).toBeVisible();
      await expectNoViolations(page, "the properties, as a viewer");
      await link(page, "14 Harbor St").click();
      await expect(page.getByRole("heading", { name: "14 Harbor St" })).toBeVisible();
      await expect(page.locator("#fact-listPrice")).toHaveAttribute("readonly", "");
      await expect(page.getByLabel("Status", { exact: true })).toBeDisabled();
      for (const name of ["New analysis", "Track an auction"])
        await expect(link(page, name)).toHaveCount(0);
      await expect(main(page).getByText("Delete this property…")).toHaveCount(0);
      await expectNoViolations(page, "a property, as a viewer");

      // Marketing: the lead listed and opened, its fields disabled; drafting a message stays.
      await open(page, modulePath("marketing"));
      await expect(link(page, "New lead")).toHaveCount(0);
      await expect(button(page, "Import a list")).toHaveCount(0);
      await expect(button(page, "Delete Sam Seller")).toHaveCount(0);
      await expect(main(page).getByLabel("Status of Sam Seller")).toHaveCount(0);
      await expect(button(page, "Draft a message to Sam Seller")).toBeVisible();
      await expectNoViolations(page, "the leads, as a viewer");
      await link(page, "Sam Seller").click();
      await expect(page.getByRole("heading", { name: "Sam Seller" })).toBeVisible();
      await expect(page.getByLabel("First name")).toBeDisabled();
      await expect(page.getByLabel("First name")).toHaveValue("Sam");
      await expect(button(page, "Save changes")).toHaveCount(0);
      await expect(main(page).getByText("Delete this lead…")).toHaveCount(0);
      await expectNoViolations(page, "a lead, as a viewer");
      await open(page, modulePath("marketing", { tab: "campaigns" }));
      await expect(link(page, "New campaign")).toHaveCount(0);
      await open(page, modulePath("marketing", { tab: "sequences" }));
      await expect(button(page, "New sequence")).toHaveCount(0);
      await expect(button(page, /Turn sequences/)).toHaveCount(0);

      // The other modules: nothing offered that would add.
      await open(page, modulePath("auction"));
      await expect(link(page, "Add an auction")).toHaveCount(0);
      await expect(button(page, "Import a list")).toHaveCount(0);
      await expect(link(page, "Sale types guide")).toBeVisible();
      await open(page, modulePath("calendar"));
      await expect(button(page, "New event")).toHaveCount(0);
      await open(page, modulePath("route-planner"));
      await expect(link(page, "Plan a route")).toHaveCount(0);
      await open(page, modulePath("property-research"));
      await expect(main(page).getByText(viewerCantAdd("run research"))).toBeVisible();
      await expect(button(page, "Research")).toHaveCount(0);
      await expect(main(page).getByLabel("What should we research?")).toHaveCount(0);
      await expectNoViolations(page, "Property Research, as a viewer");
      // The dashboard's empty cards say what fills them, without the links that would add it.
      await open(page, modulePath("home"));
      await expect(page.getByTestId("card-recent")).toContainText("No research yet");
      for (const name of ["Research an address", "Add an event", "Plan a route"])
        await expect(link(page, name)).toHaveCount(0);
    });

    test("finds a notice where a page only adds a record", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, viewer);
      await switchToTeam(page);
      const pages: [path: string, what: string][] = [
        [projectPath("new"), "add projects"],
        [documentPath("new"), "write documents"],
        [propertyPath("new"), "add properties"],
        [auctionPath("new"), "add auctions"],
        [leadPath("new"), "add leads"],
        [campaignPath("new"), "add campaigns"],
        [visitRoutePath("new"), "plan routes"],
      ];
      for (const [path, what] of pages) {
        await open(page, path);
        await expect(main(page).getByRole("note")).toHaveText(viewerCantAdd(what));
        await expect(main(page).locator("form")).toHaveCount(0);
      }
      await expectNoViolations(page, "a page that adds, as a viewer");

      // The palette offers no New … or Import …, but the chat and the export.
      await openApp(page, modulePath("home"));
      await page.keyboard.press("Control+k");
      const search = page.getByPlaceholder("Search commands...");
      await search.fill("new");
      await expect(page.getByRole("option", { name: /New Chat/ })).toBeVisible();
      for (const name of [/New project/, /New contact/, /New lead/, /New Event/])
        await expect(page.getByRole("option", { name })).toHaveCount(0);
      await search.fill("data");
      await expect(page.getByRole("option", { name: /Export Data/ })).toBeVisible();
      await expect(page.getByRole("option", { name: /Import Data/ })).toHaveCount(0);
    });
  });
}

test("the owner's same pages keep their controls", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, owner);
  await switchToTeam(page);
  await open(page, modulePath("project-hub"));
  await expect(link(page, "New project")).toBeVisible();
  await link(page, /Harbor fourplex/).click();
  await expect(button(page, "Edit")).toBeVisible();
  await expect(button(page, "Link")).toBeVisible();
  await expect(main(page).getByText("Delete this project…")).toBeVisible();
  await expect(button(page, "Choose files")).toBeVisible();
  await open(page, modulePath("project-hub", { tab: "contacts" }));
  await expect(button(page, "New contact")).toBeVisible();
  await expect(button(page, "Delete Lena Marsh")).toBeVisible();
  await open(page, modulePath("possible-investments"));
  await expect(link(page, "Add property")).toBeVisible();
  await expect(button(page, "Import properties")).toBeVisible();
  await expect(main(page).getByLabel("Pipeline status of 14 Harbor St")).toBeVisible();
  await expect(button(page, "Delete 14 Harbor St")).toBeVisible();
  await link(page, "14 Harbor St").click();
  await expect(page.locator("#fact-listPrice")).not.toHaveAttribute("readonly");
  await expect(link(page, "New analysis")).toBeVisible();
  await open(page, modulePath("marketing"));
  await expect(link(page, "New lead")).toBeVisible();
  await expect(main(page).getByLabel("Status of Sam Seller")).toBeVisible();
  await expect(button(page, "Import a list")).toBeVisible();
  await expect(button(page, "Delete Sam Seller")).toBeVisible();
  await link(page, "Sam Seller").click();
  await expect(page.getByLabel("First name")).toBeEnabled();
  await expect(button(page, "Save changes")).toBeVisible();
  await open(page, projectPath("new"));
  await expect(button(page, "Create project")).toBeVisible();
  await expect(main(page).getByRole("note")).toHaveCount(0);
  await open(page, modulePath("auction"));
  await expect(link(page, "Add an auction").first()).toBeVisible();
  await open(page, modulePath("calendar"));
  await expect(button(page, "New event").first()).toBeVisible();
  await open(page, modulePath("route-planner"));
  await expect(link(page, "Plan a route").first()).toBeVisible();
  await open(page, modulePath("property-research"));
  await expect(button(page, "Research")).toBeVisible();
  await open(page, modulePath("home"));
  await expect(link(page, "Research an address")).toBeVisible();
  await open(page, modulePath("project-hub", { tab: "documents" }));
  await link(page, /Harbor offer notes/).click();
  await expect(button(page, "Save")).toBeVisible();
});
