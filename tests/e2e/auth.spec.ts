import { expectNoViolations } from "./axe";
import { emailedLink, expect, newUser, openApp, registerThroughApi, test } from "./fixtures";

test.describe("login screen", () => {
  test("signs up, confirms, greets and continues to the app", async ({ page }) => {
    const user = newUser({ first_name: "Marta" });
    const registerCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/register")) registerCalls.push(request.method());
    });
    await openApp(page, "/home");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await expect(page.getByText("Remember me")).toHaveCount(0);

    await page.getByLabel("First name").fill(user.first_name);
    await page.getByLabel("Last name").fill(user.last_name);
    await page.getByLabel("Email").fill(user.email);
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Confirm password", { exact: true }).fill("something else");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toHaveText("Passwords do not match");
    expect(registerCalls).toEqual([]);

    await page.getByLabel("Confirm password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    // Signing up does not sign in: it says to check the e-mail, on the sign-in form.
    await expect(
      page.getByText(/^Check your e-mail: we sent a message to finish signing up/),
    ).toBeVisible();
    expect(registerCalls).toEqual(["POST"]);
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();

    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByTestId("brand")).toHaveText("AI42");

    // Until the address is confirmed, Notifications says why nothing is e-mailed.
    await openApp(page, "/connections?section=notifications");
    const unconfirmed = page.getByRole("region", {
      name: "Confirm your e-mail to get notifications by e-mail",
    });
    await expect(unconfirmed).toContainText(user.email);
    await expect(unconfirmed).toContainText("appear here in the app instead");
    await unconfirmed.getByRole("button", { name: "Send the link again" }).click();
    await expect(unconfirmed.getByRole("status")).toHaveText(
      `A new link is on its way to ${user.email}.`,
    );
    await unconfirmed.getByRole("button", { name: "Send the link again" }).click();
    await expect(unconfirmed.getByRole("alert")).toContainText("less than a minute ago");

    // The link opens a page; only its button confirms (a mail scanner opening it does not).
    await page.goto(await emailedLink(user.email, "/confirm-email"));
    await expect(page.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
    await page.getByRole("button", { name: "Confirm my e-mail" }).click();
    await expect(page.getByText(/^Your e-mail is confirmed\./)).toBeVisible();
    await page.getByRole("link", { name: "Continue to AI42" }).click();
    await expect(page.getByTestId("brand")).toHaveText("AI42");
    await openApp(page, "/connections?section=notifications");
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Confirm your e-mail to get notifications by e-mail" }),
    ).toHaveCount(0);
  });

  test("a taken address is answered as a new one, on the same sign-in form", async ({ page }) => {
    const user = newUser();
    await registerThroughApi(page, user);
    await page.context().clearCookies();
    await openApp(page, "/home");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByLabel("First name").fill("Someone");
    await page.getByLabel("Last name").fill("Else");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("their own password");
    await page.getByLabel("Confirm password", { exact: true }).fill("their own password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(
      page.getByText(/^Check your e-mail: we sent a message to finish signing up/),
    ).toBeVisible();
    await expect(page.getByText(/already exists/)).toHaveCount(0);
  });

  test("says beside each field what the API would refuse, in its words", async ({ page }) => {
    const registerCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/register")) registerCalls.push(request.method());
    });
    await openApp(page, "/home");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByLabel("First name").fill("Short");
    await page.getByLabel("Last name").fill("Password");
    await page.getByLabel("Email").fill("short@example.com");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm password", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Use at least 8 characters")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByText(/Invalid request/)).toHaveCount(0);
    expect(registerCalls).toEqual([]);

    // The API says the same when it is the one to refuse (here: a name over its limit).
    await page.route("**/api/auth/register", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "VALIDATION_FAILED",
            message: "last_name: Use at most 100 characters",
            details: [{ field: "last_name", message: "Use at most 100 characters" }],
          },
        }),
      }),
    );
    await page.getByLabel("Password", { exact: true }).fill("long enough now");
    await page.getByLabel("Confirm password", { exact: true }).fill("long enough now");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Use at most 100 characters")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("keeps what was typed before the page became interactive", async ({ page }) => {
    const user = newUser();
    await registerThroughApi(page, user);
    await page.context().clearCookies();
    // A slow phone: the app's JavaScript arrives two seconds late.
    await page.route("**/assets/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto("/home");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await expect(page.locator("[data-hydrated]")).toBeAttached({ timeout: 15_000 });
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: `Welcome, ${user.first_name}` })).toBeVisible();
  });

  test("signs in and lands on /home; a wrong password is refused", async ({ page }) => {
    const user = newUser();
    await registerThroughApi(page, user);
    await page.context().clearCookies();
    await openApp(page, "/calendar");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");

    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { name: "Welcome, Ana" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();
  });

  test("says so after five failed attempts", async ({ page }) => {
    const user = newUser();
    await registerThroughApi(page, user);
    await page.context().clearCookies();
    await openApp(page, "/home");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong password");
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
      await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    }
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/,
    );
  });

  test("remember me keeps the e-mail (never the password) and a 30-day session", async ({
    page,
  }) => {
    const user = newUser();
    await registerThroughApi(page, user);
    await page.context().clearCookies();
    await openApp(page, "/home");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Remember me").check();
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.locator("[data-hydrated] #sidebar")).toBeAttached();

    const session = (await page.context().cookies()).find((c) => c.name === "ai42_session");
    expect(session?.httpOnly).toBe(true);
    expect(session!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).toContain(user.email);
    expect(stored).not.toContain(user.password);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/logged_out=1$/);
    await openApp(page, "/home");
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page.getByLabel("Remember me")).toBeChecked();

    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Remember me")).not.toBeChecked();
  });

  test("logout revokes the session and leaves for the landing page", async ({ page }) => {
    const user = newUser();
    const { token } = await registerThroughApi(page, user);
    await openApp(page, "/home");
    await expect(page.getByText(user.email)).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/landing\.html\?logged_out=1$/);
    await expect(page.getByText("You have signed out of AI42")).toBeVisible();

    const me = await page.request.get("/api/auth/me", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.status()).toBe(401);
    await openApp(page, "/home");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  });

  test("deletes the account from the palette, after the password, and signs out", async ({
    page,
  }) => {
    const user = newUser();
    const { token } = await registerThroughApi(page, user);
    await openApp(page, "/home");
    await page.keyboard.press("Control+k");
    await page.getByPlaceholder("Search commands...").fill("delete account");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(page.getByRole("heading", { name: "Delete your account" })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    await page.getByLabel("Your password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("That is not your password")).toBeVisible();
    await expectNoViolations(page, "the delete-account page, refused");
    await page.getByLabel("Your password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(
      page.getByText("Your account and everything in it have been deleted."),
    ).toBeVisible();
    expect(
      (
        await page.request.get("/api/auth/me", {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status(),
    ).toBe(401);
    await openApp(page, "/home");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  });

  test("forgot password leads to a page that sends a reset link", async ({ page }) => {
    await openApp(page, "/home");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/landing\.html\/forgot-password$/);
    await expect(page.locator("[data-hydrated]")).toBeAttached();
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "If an account exists for that e-mail, a reset link is on its way.",
    );
  });

  test("Go to Website opens the marketing page", async ({ page }) => {
    await openApp(page, "/home");
    await page.getByRole("button", { name: "Go to Website" }).click();
    await expect(page).toHaveURL(/\/landing\.html$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("real-estate investors");
    await expect(page.getByText("You have signed out of AI42")).toBeHidden();

    // Its security headers come once each (two matching rules used to send them twice).
    const response = await page.request.get("/landing.html");
    const sent = response.headersArray().map((header) => header.name.toLowerCase());
    for (const name of ["x-content-type-options", "x-frame-options", "content-security-policy"]) {
      expect(
        sent.filter((header) => header === name),
        name,
      ).toHaveLength(1);
    }
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("at start, a stored token is read and the user refreshed behind Loading...", async ({
    page,
  }) => {
    const user = newUser({ first_name: "Noor" });
    const { token } = await registerThroughApi(page, user);
    await page.context().clearCookies();
    await page.goto("/landing.html");
    await page.evaluate(
      ([stored]) => {
        localStorage.setItem("auth_token", stored!);
        localStorage.setItem("last_path", "/calendar");
      },
      [token],
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/me", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/home");
    await expect(page.getByText("Loading...", { exact: true })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Welcome, Noor" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("last_path"))).toBeNull();
  });

  test("a stored token the server refuses signs the user out", async ({ page }) => {
    await page.goto("/landing.html");
    await page.evaluate(() => localStorage.setItem("auth_token", "expired.or.revoked"));
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signs in from the page asked for, says why it refuses, and lands back on that page", async ({
    page,
  }) => {
    const user = newUser({ first_name: "Nadia" });
    expect((await page.request.post("/api/auth/register", { data: user })).status()).toBe(202);
    await page.goto("/project-hub?tab=documents");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();

    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(user.email);

    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/project-hub?tab=documents");
    await expect(page.getByText("No documents yet")).toBeVisible();
    await expect(page.getByTestId("user-badge")).toHaveText("N");
  });
});
