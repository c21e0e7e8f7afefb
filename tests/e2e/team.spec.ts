/**
 * A team in two browsers: its owner makes the team workspace in the sidebar's switcher and invites
 * a member on Team; the invitee, in a browser of their own, accepts the link and works in the team;
 * both read the same leads; the owner assigns one to the member on its page, and the member finds
 * it under Mine (the unassigned one not) and is told in the bell; the owner deletes the team, and
 * both are back in their own workspaces. At 1280 and 375 px, each screen
 * clean under axe. (What a viewer is offered: viewer.spec.ts.)
 */
import type { Locator, Page } from "@playwright/test";
import { leadPath, modulePath } from "../../app/domain/modules";
import { expectNoViolations } from "./axe";
import { expect, newUser, openApp, registerThroughApi, test } from "./fixtures";

const TEAM = "Harbor Flips";
const ASSIGNED = { first: "Rosa", last: "Vega" };
const UNASSIGNED = { first: "Hal", last: "Brook" };

/** The sidebar's switcher opened, from the phone's menu where the sidebar is one. */
async function openSwitcher(page: Page) {
  const menu = page.getByRole("button", { name: "Open menu" });
  if (await menu.isVisible()) await menu.click();
  const switcher = page.getByTestId("workspace-switcher");
  await switcher.locator("summary").click();
  await expect(switcher.getByRole("list", { name: "Your workspaces" })).toBeVisible();
  return switcher;
}

/** The workspace the pages work in, as the switcher names it. */
const currentWorkspace = (page: Page) => page.getByTestId("workspace-switcher").locator("summary");

/** A lead added through the new-lead form, which then opens the lead's page. */
async function addLead(page: Page, lead: { first: string; last: string }) {
  await openApp(page, leadPath("new"));
  await page.getByLabel("First name").fill(lead.first);
  await page.getByLabel("Last name").fill(lead.last);
  await page.getByRole("button", { name: "Create lead" }).click();
  await expect(page).toHaveURL(/\/marketing\/leads\/(?!new)[^/?]+$/);
  await expect(
    page.getByRole("heading", { level: 2, name: `${lead.first} ${lead.last}` }),
  ).toBeVisible();
}

/** The leads list, read: no skeleton left. */
async function openLeads(page: Page) {
  await openApp(page, modulePath("marketing"));
  await expect(page.locator("[aria-busy=true], .skeleton")).toHaveCount(0);
  return page.getByRole("list", { name: "Leads" });
}

const row = (leads: Locator, lead: { first: string; last: string }) =>
  leads.getByTestId("lead-row").filter({
    has: leads.page().getByRole("link", { name: `${lead.first} ${lead.last}`, exact: true }),
  });

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("an invited member shares the team's leads and finds the one assigned to them under Mine", async ({
      page,
      account,
      browser,
    }, testInfo) => {
      // Two browsers, a dozen page loads and three axe runs on a busy machine.
      test.setTimeout(180_000);
      const member = newUser({ first_name: "Mel", last_name: "Park" });
      const memberName = `${member.first_name} ${member.last_name}`;
      const ownerName = `${account.first_name} ${account.last_name}`;

      // The owner makes the team in the switcher and opens its Team page from there.
      await openApp(page, modulePath("marketing"));
      let switcher = await openSwitcher(page);
      await switcher.getByLabel("New team workspace").fill(TEAM);
      await switcher.getByRole("button", { name: "Create team workspace" }).click();
      await expect(currentWorkspace(page)).toContainText(TEAM);
      await expect(page.locator("[data-hydrated]")).toBeAttached({ timeout: 20_000 });
      switcher = await openSwitcher(page);
      await switcher.getByRole("link", { name: "Members and invitations" }).click();
      await expect(page).toHaveURL("/team");
      await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
      await expect(
        page.getByText(`${TEAM}: who works here, and as what. You are owner.`),
      ).toBeVisible();
      await expect(page.locator("[data-hydrated]")).toBeAttached({ timeout: 20_000 });

      // The invitation, sent from the page's form; the page shows its link to copy.
      const main = page.locator("main");
      await main.getByLabel("E-mail address").fill(member.email);
      await expect(main.getByLabel("Role")).toHaveValue("member");
      await main.getByRole("button", { name: "Send invitation" }).click();
      const sent = main.getByRole("status").filter({ hasText: "Invitation sent to" });
      await expect(sent).toContainText(member.email);
      const link = await sent.getByLabel("Invitation link").inputValue();
      expect(new URL(link).pathname).toMatch(/^\/invitations\/[\w-]+$/);
      const pending = main.getByRole("region", { name: "Pending invitations" });
      await expect(pending).toContainText(member.email);
      await expect(pending).toContainText("Member · expires");
      await expectNoViolations(page, "Team, an invitation just sent");

      // The invitee, in a browser of their own, signs up with that address and accepts.
      const memberContext = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport: { width, height: 800 },
      });
      // Closed however the test ends: a failure leaves no second browser behind.
      try {
        const memberPage = await memberContext.newPage();
        await registerThroughApi(memberPage, member);
        // The invitation's page is a plain form with no scripts: nothing to wait to hydrate.
        await memberPage.goto(link);
        await expect(memberPage.getByRole("heading", { name: `Join ${TEAM}` })).toBeVisible();
        await expect(memberPage.locator("p").filter({ hasText: "invited" })).toHaveText(
          `${ownerName} invited ${member.email} to work in ${TEAM} on AI42, as Member.`,
        );
        await expectNoViolations(memberPage, "the invitation, signed in with its address");
        await memberPage.getByRole("button", { name: "Accept invitation" }).click();
        await expect(memberPage).toHaveURL(modulePath("home"));
        await expect(currentWorkspace(memberPage)).toContainText(TEAM);

        // The owner's Team now lists the member, with nothing pending.
        await openApp(page, "/team");
        const members = page.getByTestId("team-members");
        await expect(members.getByRole("listitem").filter({ hasText: memberName })).toContainText(
          "Member",
        );
        await expect(pending).toContainText("No invitations waiting for an answer.");

        // The owner adds two leads in the team; both people read the same list.
        await addLead(page, ASSIGNED);
        await addLead(page, UNASSIGNED);
        for (const person of [page, memberPage]) {
          const leads = await openLeads(person);
          await expect(currentWorkspace(person)).toContainText(TEAM);
          await expect(leads.getByTestId("lead-row")).toHaveCount(2);
          for (const lead of [ASSIGNED, UNASSIGNED]) {
            await expect(row(leads, lead)).toHaveCount(1);
            await expect(row(leads, lead).getByRole("img", { name: /^Assigned to/ })).toHaveCount(
              0,
            );
          }
        }

        // The owner assigns one of them to the member on the lead's page.
        const ownerLeads = await openLeads(page);
        await ownerLeads
          .getByRole("link", { name: `${ASSIGNED.first} ${ASSIGNED.last}`, exact: true })
          .click();
        const assignee = page.getByLabel("Assignee");
        await expect(assignee.getByRole("option")).toHaveText([
          "Unassigned",
          ownerName,
          memberName,
        ]);
        await assignee.selectOption({ label: memberName });
        await page.getByRole("button", { name: "Save changes" }).click();
        await expect(page.getByText("Lead saved")).toBeVisible();
        await expect(page.getByLabel("Assignee").locator("option:checked")).toHaveText(memberName);

        // The member finds it under Mine, with their initials; the other lead is not there.
        const memberLeads = await openLeads(memberPage);
        const mine = memberPage.locator("main").getByRole("link", { name: "Mine", exact: true });
        await expect(mine).not.toHaveAttribute("aria-current");
        await mine.click();
        await expect(memberPage).toHaveURL(/[?&]assignee=me\b/);
        await expect(mine).toHaveAttribute("aria-current", "true");
        await expect(memberLeads.getByTestId("lead-row")).toHaveCount(1);
        await expect(
          row(memberLeads, ASSIGNED).getByRole("img", { name: `Assigned to ${memberName}` }),
        ).toHaveText("MP");
        await expect(row(memberLeads, UNASSIGNED)).toHaveCount(0);
        await expectNoViolations(memberPage, "the leads under Mine, as a member");

        // Followed again, Mine shows everyone's.
        await mine.click();
        await expect(mine).not.toHaveAttribute("aria-current");
        await expect(memberLeads.getByTestId("lead-row")).toHaveCount(2);

        // The bell tells the member who assigned them the lead.
        await memberPage
          .getByRole("button", { name: "Notifications, 1 unread", exact: true })
          .click();
        const notices = memberPage
          .getByRole("dialog", { name: "Notifications" })
          .getByRole("list", { name: "Newest notifications" });
        await expect(notices.getByRole("listitem")).toHaveCount(1);
        await expect(notices).toContainText(
          `${account.first_name} assigned you the lead ${ASSIGNED.first} ${ASSIGNED.last}`,
        );

        // The owner deletes the team, after a confirmation: both are back in their own.
        await openApp(page, "/team");
        await page.getByText("Delete workspace…").click();
        await page.getByRole("button", { name: `Delete ${TEAM}` }).click();
        await expect(page).toHaveURL(/\/home$/);
        await expect(currentWorkspace(page)).not.toContainText(TEAM);
        const gone = await openLeads(memberPage);
        await expect(gone.getByTestId("lead-row")).toHaveCount(0);
        await expect(currentWorkspace(memberPage)).not.toContainText(TEAM);
      } finally {
        await memberContext.close();
      }
    });
  });
}
