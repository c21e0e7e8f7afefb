import type { Page } from "@playwright/test";
import { COMMANDS } from "../../app/commands";
import { modulePath } from "../../app/domain/modules";
import { shortcutLabel } from "../../app/shortcuts";
import { SIDEBAR_MODULES } from "../../app/modules";
import { expect, openApp, test } from "./fixtures";

const ROUTES: Array<[path: string, heading: string | RegExp]> = [
  ["/home", /^Welcome, Ana$/],
  ["/assistant", "Main Agent"],
  ["/main-agent", "Main Agent"],
  ["/calendar", "Calendar"],
  ["/property-research", "Property Research"],
  ["/possible-investments", "Possible Investments"],
  ["/route-planner", "Route Planner (Maps)"],
  ["/auction", "Auctions"],
  ["/connections", "Connections"],
  ["/project-hub", "Project Hub"],
  ["/resources", "Resources"],
  ["/marketing", "Marketing"],
];

test.describe("workspace shell", () => {
  test("every route renders its module; other paths are a 404 page in the shell; / goes to /home", async ({
    page,
    account,
  }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith("http://127.0.0.1:")) foreign.push(request.url());
    });
    for (const [path, heading] of ROUTES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    for (const path of ["/no-such-module/here", "/emails", "/home/nope"]) {
      const response = await openApp(page, path);
      expect(response?.status(), path).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "Module not implemented yet" }),
      ).toBeVisible();
      await expect(page).toHaveTitle("Page not found · AI42");
      await expect(sidebar.getByRole("link", { name: /Dashboard/ })).toBeVisible();
      // No module is the current one (the workspace switcher marks its own current workspace).
      await expect(sidebar.locator("a[aria-current]")).toHaveCount(0);
    }
    await page.getByRole("link", { name: "Go to the Dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome, Ana$/ })).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(account.email)).toBeVisible();
    expect(foreign, "nothing is loaded from another origin").toEqual([]);
  });

  test("sidebar lists the visible modules and the user, and collapses to 72 px", async ({
    page,
    account,
  }) => {
    await openApp(page, "/home");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(page.getByTestId("module-count")).toHaveText("11");
    const links = sidebar.getByRole("navigation").getByRole("link");
    await expect(links).toHaveCount(11);
    await expect(links.first()).toContainText("Dashboard");
    await expect(links.last()).toContainText("Resources");
    await expect(sidebar.getByText("Emails")).toHaveCount(0);
    await expect(page.getByTestId("user-badge")).toHaveText("A");
    // The user's name and address at the foot, and their own workspace named at the top.
    await expect(sidebar.getByText(account.email)).toBeVisible();
    await expect(sidebar.getByText("Ana Silva").filter({ visible: true })).toHaveCount(2);
    await expect(page.getByTestId("workspace-switcher").locator("summary")).toHaveText(
      "Workspace: Ana Silva",
    );

    expect((await sidebar.boundingBox())?.width).toBe(320);
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(72);
    await expect(page.getByTestId("brand")).toBeHidden();
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(320);
    await expect(page.getByTestId("brand")).toBeVisible();

    await sidebar.getByRole("link", { name: /Auctions/ }).click();
    await expect(page).toHaveURL(/\/auction$/);
    await expect(sidebar.getByRole("link", { name: /Auctions/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("command palette opens, filters, wraps, runs and closes", async ({ page, account }) => {
    await openApp(page, "/home");
    const search = page.getByPlaceholder("Search commands...");
    await page.keyboard.press("Control+k");
    await expect(search).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(COMMANDS.length);
    await page.keyboard.press("Control+k");
    await expect(search).toBeHidden();

    await page.keyboard.press("Control+k");
    await search.fill("calendar");
    await expect(page.getByRole("option", { name: /Go to Calendar/ })).toBeVisible();
    await expect(page.getByRole("option", { name: /Go to Dashboard/ })).toHaveCount(0);
    await search.fill("workspace overview");
    await expect(page.getByRole("option")).toHaveCount(1);
    await search.fill("zzzz");
    await expect(page.getByText("No commands found matching “zzzz”")).toBeVisible();

    await search.fill("");
    await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByRole("option", { name: /Import Data/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("option", { name: /Go to Main Agent/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await search.fill("calendar");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(search).toBeHidden();

    await page.keyboard.press("Control+k");
    await page.keyboard.press("Escape");
    await expect(search).toBeHidden();
    await page.keyboard.press("Control+k");
    await expect(search).toBeVisible();
    // Radix starts listening for outside clicks a moment after the dialog opens.
    await expect(async () => {
      await page.mouse.click(10, 10);
      await expect(search).toBeHidden({ timeout: 500 });
    }).toPass();
  });

  test("the palette selects the best match as the user types, and Enter runs it", async ({
    page,
    account,
  }) => {
    await openApp(page, "/home");
    const search = page.getByPlaceholder("Search commands...");
    const selected = page.getByRole("option", { selected: true });
    const picks: Array<[query: string, best: string]> = [
      ["import", "Import Data"],
      ["new deal", "New Deal Analysis"],
    ];
    await page.keyboard.press("Control+k");
    for (const [query, best] of picks) {
      await search.fill(query);
      await expect(selected, query).toHaveCount(1);
      await expect(selected, query).toHaveText(new RegExp(`^${best}`));
    }
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/possible-investments\/analyses\/new$/);
    await expect(search).toBeHidden();
    await expect(page.getByLabel("Purchase price")).toBeVisible();
  });

  test("palette commands act: theme, sidebar, and a toast at the bottom right", async ({
    page,
    account,
  }) => {
    await openApp(page, "/home");
    const search = page.getByPlaceholder("Search commands...");
    await page.keyboard.press("Control+k");
    await search.fill("dark mode");
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveClass(/light/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/light/);
    await expect(page.locator("[data-hydrated]")).toBeAttached();

    await page.keyboard.press("Control+k");
    await search.fill("toggle sidebar");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
    await page.keyboard.press("Control+b");
    await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();

    await page.keyboard.press("Control+k");
    await search.fill("dark mode");
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).not.toHaveClass(/light/);
    const toast = page.getByText("Dark theme on");
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    expect(box!.x).toBeGreaterThan(640);
    expect(box!.y).toBeGreaterThan(400);
    await page.keyboard.press("Alt+t");
    await expect(page.locator("ol[data-sonner-toaster]")).toBeFocused();
  });

  test("the palette finds every module and the main actions, by name and synonym", async ({
    page,
    account,
  }) => {
    await openApp(page, "/home");
    const search = page.getByPlaceholder("Search commands...");
    const options = page.getByRole("option");
    await page.keyboard.press("Control+k");
    for (const module of SIDEBAR_MODULES) {
      await search.fill(module.title);
      await expect(page.getByRole("option", { name: `Go to ${module.title}` })).toBeVisible();
    }
    const finds: Array<[query: string, command: string]> = [
      ["project hub", "Go to Project Hub"],
      ["contacts", "Go to Contacts"],
      ["crm", "Go to Project Hub"],
      ["deals", "Go to Possible Investments"],
      ["leads", "Go to Marketing"],
      ["docs", "New document"],
      ["maps", "Go to Route Planner (Maps)"],
      ["new contact", "New contact"],
    ];
    for (const [query, command] of finds) {
      await search.fill(query);
      await expect(options.filter({ hasText: command }).first(), query).toBeVisible();
    }

    const run = async (query: string) => {
      await page.keyboard.press("Control+k");
      await search.fill(query);
      await page.getByRole("option", { name: query }).click();
    };
    await search.fill("new contact");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/project-hub\?tab=contacts&new=1$/);
    const contactForm = page.getByRole("dialog", { name: "New contact" });
    await expect(contactForm.getByLabel("First name")).toBeVisible();
    await contactForm.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/project-hub\?tab=contacts$/);

    await run("New project");
    await expect(page).toHaveURL("/project-hub/projects/new");
    await expect(page.getByLabel("Name")).toBeVisible();
    await run("New document");
    await expect(page.getByLabel("Title", { exact: true })).toBeVisible();
    await run("Import properties");
    await expect(page.getByRole("dialog", { name: "Import properties" })).toBeVisible();
    await page.keyboard.press("Escape");
    await run("Research a property");
    await expect(page.getByLabel("What should we research?")).toBeVisible();
  });

  test("shortcuts reach the page, show in the palette, and a ? sheet lists them all", async ({
    page,
    account,
  }) => {
    await openApp(page, "/home");
    await page.keyboard.press("Control+Shift+O");
    await expect(page).toHaveURL(/\/main-agent$/);
    await page.keyboard.press("Control+Shift+Y");
    // View Today: the day view, its heading today's date.
    const today = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date());
    await expect(page.getByRole("heading", { level: 2, name: today })).toBeVisible();
    await expect(page).toHaveURL(/\/calendar\?view=day$/);

    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Search commands...").fill("new chat");
    await expect(page.getByRole("option", { name: /New Chat/ })).toContainText("Ctrl+Shift+O");
    // Typed in a field, ? is just a character.
    await page.getByPlaceholder("Search commands...").fill("");
    await page.keyboard.type("?");
    await expect(page.getByPlaceholder("Search commands...")).toHaveValue("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
    await page.getByPlaceholder("Search commands...").fill("keyboard");
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();

    await page.keyboard.press("?");
    await expect(sheet).toBeVisible();
    const rows = Object.fromEntries(
      await sheet
        .locator("dl > div")
        .evaluateAll((divs) =>
          divs.map((div) => [
            div.querySelector("dt")?.textContent,
            div.querySelector("dd")?.textContent,
          ]),
        ),
    );
    expect(rows).toMatchObject({
      "Open or close the command palette": "Ctrl+K",
      "New Chat": "Ctrl+Shift+O",
      "View Today": "Ctrl+Shift+Y",
      "Keyboard shortcuts": "?",
      "Focus the notifications": "Alt+T",
      "Close the palette, a dialog or the menu": "Escape",
    });
    for (const command of COMMANDS) {
      if (command.shortcut) expect(rows[command.name]).toBe(shortcutLabel(command.shortcut, false));
    }
  });

  test("a skip link is the first Tab stop; after choosing a module its heading has the focus", async ({
    page,
    account,
  }) => {
    await openApp(page, "/home");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    // The next Tab stop is in the page, not the sidebar.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);

    await page
      .getByRole("navigation", { name: /modules/i })
      .getByRole("link", { name: /^Auctions/ })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Auctions" })).toBeFocused();
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the menu drawer starts open at the entry and after sign-in, closed on a deep link, and closes every way", async ({
      page,
      account,
    }) => {
      test.setTimeout(90_000);
      const sidebar = page.locator("#sidebar");
      const inView = async () => {
        const box = await sidebar.boundingBox();
        return box !== null && box.x >= 0;
      };
      const inert = () => sidebar.evaluate((element) => (element as HTMLElement).inert);
      const overflow = () => page.evaluate(() => document.body.style.overflow);
      const expectOpen = async () => {
        await expect.poll(inView).toBe(true);
        expect(await inert()).toBe(false);
        await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeVisible();
        await expect(page.getByTestId("brand")).toBeVisible();
        await expect.poll(overflow).toBe("hidden");
      };
      const expectClosed = async () => {
        await expect.poll(inView).toBe(false);
        await expect.poll(inert).toBe(true);
        await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
        await expect.poll(overflow).toBe("");
      };

      // Before the scripts run (they are held back), the server's styled page shows the menu as
      // it stays: open at the app's entry, the focus then moved into it; closed on a deep link.
      await page.route("**/assets/**/*.js", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      const firstPaint = async (path: string, open: boolean) => {
        await page.goto(path, { waitUntil: "commit" });
        await page.waitForFunction(() => {
          const links = [...document.querySelectorAll("link[rel=stylesheet]")];
          const styled =
            document.styleSheets.length > 0 &&
            links.every((link) => (link as HTMLLinkElement).sheet);
          return styled && document.getElementById("sidebar");
        });
        expect(await inView(), path).toBe(open);
        await expect(page.locator("[data-hydrated]")).toHaveCount(0);
        await expect(page.locator("[data-hydrated]")).toBeAttached();
      };
      for (const path of ["/", modulePath("home")]) {
        await firstPaint(path, true);
        await expectOpen();
        await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
      }
      for (const path of [modulePath("auction"), modulePath("project-hub", { tab: "contacts" })]) {
        await firstPaint(path, false);
        await expectClosed();
      }
      await page.unrouteAll();
      // Closed, it is out of the tab order: Tab goes from the menu button past it.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Tab");
        expect(await sidebar.evaluate((element) => element.contains(document.activeElement))).toBe(
          false,
        );
      }

      await page.getByRole("button", { name: "Open menu" }).click();
      await expectOpen();
      await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();

      await page.getByTestId("sidebar-overlay").click({ position: { x: 360, y: 300 } });
      await expectClosed();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

      await page.getByRole("button", { name: "Open menu" }).click();
      await expect.poll(inView).toBe(true);
      await page.keyboard.press("Escape");
      await expectClosed();

      // Choosing a module closes it, the Dashboard included: only a visit's entry opens it.
      for (const [name, path] of [
        [/Possible Investments/, /\/possible-investments$/],
        [/Dashboard/, /\/home$/],
      ] as const) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await sidebar.getByRole("link", { name }).click();
        await expect(page).toHaveURL(path);
        await expectClosed();
      }
      // So does a new chat, which opens the Main Agent.
      await page.getByRole("button", { name: "Open menu" }).click();
      await expectOpen();
      await page.keyboard.press("Control+Shift+O");
      await expect(page).toHaveURL(/\/main-agent$/);
      await expectClosed();

      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("button", { name: "Close menu" }).click();
      await expect.poll(inView).toBe(false);

      // Leaving mobile width closes it, at the entry as anywhere.
      await openApp(page, modulePath("home"));
      await expect.poll(inView).toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await inert()).toBe(false);
      await expect.poll(overflow).toBe("");
      await page.setViewportSize({ width: 375, height: 740 });
      await expectClosed();

      await page.getByRole("button", { name: "Open menu" }).click();
      await sidebar.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/logged_out=1/);

      // Signing in, even from a deep link's login screen, lands at the entry: the menu open.
      await openApp(page, modulePath("calendar"));
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.locator("[data-hydrated]")).toBeAttached();
      await expectOpen();
      await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    });
  });
});

test("signed out, an unknown path is a 404 page that offers to sign in", async ({ page }) => {
  const response = await openApp(page, "/nope");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Module not implemented yet" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
});

const sidebarLink = (page: Page, title: string) =>
  page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("link", { name: new RegExp(`^${title}`) });

test.describe("module loading", () => {
  test("shows the module's skeleton while its view loads", async ({ page, account }) => {
    await openApp(page, "/home");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The Auctions list's route: its code comes with the navigation.
    await page.route("**/assets/_app.auction._index-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await sidebarLink(page, "Auctions").click();
    await expect(page.locator('[data-skeleton="table"]')).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Auctions" })).toBeVisible();
    await expect(page.locator("[data-skeleton]")).toHaveCount(0);
  });

  test("a part of a page whose code fails to load shows the error page with details and Reload, and the next path recovers", async ({
    page,
    account,
  }) => {
    await openApp(page, "/home");
    // The map's code is fetched when a route is first planned. (A route's own code that fails is
    // Remix's to handle: it reloads the page, which the server renders.)
    await page.route("**/assets/route-map.client-*.js", (route) => route.abort("failed"));
    await sidebarLink(page, "Route Planner").click();
    await page.getByRole("link", { name: "Plan a route" }).first().click();
    await expect(page.getByRole("heading", { name: "Oops! Something went wrong" })).toBeVisible();
    await expect(page.getByText("Please try refreshing the page")).toBeVisible();
    await page.getByText("Error details").click();
    await expect(page.locator("details pre")).toContainText("route-map");
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();

    await sidebarLink(page, "Dashboard").click();
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome, Ana$/ })).toBeVisible();
  });
});
