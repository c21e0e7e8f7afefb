/**
 * A moved workspace's pages (worker/workspace-database.ts): their loaders read its records from
 * its object and their forms write there, without JavaScript as with; a form sent during a move's
 * last seconds is refused and changes nothing.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { moveWorkspace } from "../../worker/services/workspace-move";
import { filledWorkspace, type Data, type Row } from "./filled-workspace";
import { api, pageAt, postForm } from "./helpers";

const inD1 = async (table: string, workspaceId: string) =>
  await env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE user_id = ?`)
    .bind(workspaceId)
    .first<number>("n");

describe("a moved workspace's pages", () => {
  it("show what its object holds, and their forms write there", async () => {
    const { owner, property, workspaceId } = await filledWorkspace();
    await moveWorkspace(env, workspaceId, { settleMs: 0 });
    const olive = await owner.call<Data<Row>>("/contacts", {
      method: "POST",
      json: { firstName: "Olive", lastName: "Branch", type: "lender" },
    });
    expect(olive.status).toBe(201);

    const contact = await pageAt(`/project-hub/contacts/${olive.body.data.id}`, owner.cookie);
    expect(contact.status).toBe(200);
    expect(contact.html).toContain("Olive Branch");
    const list = await pageAt("/possible-investments", owner.cookie);
    expect(list.status).toBe(200);
    expect(list.html).toContain("5 Lake Rd");
    const propertyPage = await pageAt(`/possible-investments/${property.id}`, owner.cookie);
    expect(propertyPage.status).toBe(200);
    expect(propertyPage.html).toContain("Lake house as a rental");
    expect((await pageAt("/home", owner.cookie)).status).toBe(200);

    const projectsInD1 = await inD1("projects", workspaceId);
    const created = await postForm("/project-hub/projects/new", owner.cookie, {
      name: "Cedar duplex",
      type: "buy_and_hold",
      status: "prospecting",
      budget: "$45,000",
      targetCloseDate: "",
      propertyId: "",
    });
    expect(created.status).toBe(303);
    const id = created.location!.split("/").at(-1)!;
    const stored = await owner.call<Data<Row>>(`/projects/${id}`);
    expect(stored.body.data).toMatchObject({ name: "Cedar duplex", budget: 45_000 });
    expect(await inD1("projects", workspaceId)).toBe(projectsInD1);
    const opened = await pageAt(`/project-hub/projects/${id}`, owner.cookie);
    expect(opened.html).toContain("Cedar duplex");
  });

  it("refuse a form during a move's last seconds, and still show the pages", async () => {
    const { owner, workspaceId } = await filledWorkspace();
    await env.DB.prepare("UPDATE workspaces SET frozen_until = ? WHERE id = ?")
      .bind(Date.now() + 30_000, workspaceId)
      .run();
    const refused = await postForm("/project-hub/projects/new", owner.cookie, {
      name: "Held back",
      type: "buy_and_hold",
      status: "prospecting",
      budget: "",
      targetCloseDate: "",
      propertyId: "",
    });
    expect(refused.status).toBe(503);
    const projects = await owner.call<Data<Row[]>>("/projects");
    expect(projects.body.data.map((project) => project.name)).not.toContain("Held back");
    expect((await pageAt("/project-hub", owner.cookie)).status).toBe(200);
  });

  it("open their shared analyses' links, made before the move and after it, without an account", async () => {
    const { owner, workspaceId } = await filledWorkspace();
    const [deal] = (await owner.call<Data<Row[]>>("/deals")).body.data;
    const share = async () =>
      (
        await owner.call<Data<{ url: string; token: string }>>(`/deals/${deal!.id}/share`, {
          method: "POST",
          json: {},
        })
      ).body.data;
    const before = await share();
    await moveWorkspace(env, workspaceId, { settleMs: 0 });
    const after = await share();
    for (const link of [before, after]) {
      const opened = await SELF.fetch(link.url, {
        headers: { "CF-Connecting-IP": "198.51.100.7" },
      });
      expect(opened.status, link.url).toBe(200);
      expect(await opened.text(), link.url).toContain("Lake house as a rental");
    }
    // Revoked in the object, the link opens nothing, and the directory forgets its token.
    const revoked = await api(`/deals/${deal!.id}/share`, { method: "DELETE", token: owner.token });
    expect(revoked.status).toBeLessThan(300);
    expect((await SELF.fetch(after.url)).status).toBe(404);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM share_links WHERE workspace_id = ?")
        .bind(workspaceId)
        .first<number>("n"),
    ).toBe(0);
  });
});
