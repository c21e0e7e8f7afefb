/**
 * The login form posted by a browser without JavaScript (/sign-in): signed in, back to the page
 * it was shown on with the session's cookie; refused with the API's words and nothing signed in;
 * never sent on to another site, and refused from another site's page.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookieValue, ORIGIN, pageAt, register } from "./helpers";

/** The form as the login screen posts it, from a browser with no session yet. */
async function signInForm(fields: Record<string, string>, next: string, origin = ORIGIN) {
  const response = await SELF.fetch(`${ORIGIN}/sign-in?${new URLSearchParams({ next })}`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return {
    status: response.status,
    location: response.headers.get("Location"),
    cookie: response.headers.get("Set-Cookie"),
    html: await response.text(),
  };
}

describe("the login form without JavaScript", () => {
  it("signs in and goes back to the page it was shown on, whose HTML is then the user's", async () => {
    const { body } = await register({ first_name: "Sandpiper" });
    const signedIn = await signInForm(
      { email: body.email, password: body.password, remember: "on" },
      "/project-hub?tab=contacts",
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe("/project-hub?tab=contacts");
    expect(signedIn.cookie).toMatch(/HttpOnly/i);
    // "Remember me": the session outlives the browser (30 days).
    const maxAge = Number(/Max-Age=(\d+)/i.exec(signedIn.cookie!)?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 3600);
    const page = await pageAt("/project-hub?tab=contacts", cookieValue(signedIn.cookie!));
    expect(page.status).toBe(200);
    expect(page.html).toContain("Sandpiper");
    expect(page.html).not.toContain("Welcome Back");
  });

  it("refuses wrong credentials with the API's words, keeping the e-mail, and signs in no one", async () => {
    const { body } = await register({ first_name: "Turnstone" });
    const refused = await signInForm({ email: body.email, password: "wrong horse" }, "/home");
    expect(refused.status).toBe(401);
    expect(refused.cookie).toBeNull();
    expect(refused.html).toContain("Invalid email or password");
    expect(refused.html).toContain(`value="${body.email}"`);

    const blank = await signInForm({ email: "not-an-email", password: "" }, "/home");
    expect(blank.status).toBe(400);
    expect(blank.cookie).toBeNull();
    expect(blank.html).toMatch(/id="password-error"/);
  });

  it("never goes on to another site, and refuses a form from another site's page", async () => {
    const { body } = await register({ first_name: "Whimbrel" });
    for (const next of ["//evil.example/x", "https://evil.example", "/\\evil.example"]) {
      const signedIn = await signInForm({ email: body.email, password: body.password }, next);
      expect(signedIn.status, next).toBe(303);
      expect(signedIn.location, next).toBe("/home");
    }
    const crossSite = await signInForm(
      { email: body.email, password: body.password },
      "/home",
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.cookie).toBeNull();
  });

  it("is the login form's action: the signed-out page's form posts there, naming the page", async () => {
    const { html } = await pageAt("/project-hub?tab=documents");
    expect(html).toContain(
      `action="/sign-in?next=${encodeURIComponent("/project-hub?tab=documents")}"`,
    );
    expect(html).toMatch(/<form[^>]+method="post"/);
    // The button works before the page is interactive: nothing it sends goes in a URL.
    expect(html).not.toMatch(/<button type="submit" disabled=""[^>]*>Sign In/);
  });
});
