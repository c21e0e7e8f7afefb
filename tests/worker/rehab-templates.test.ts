/**
 * The rehab estimator's saved line templates: each user's own, listed newest first, checked as a
 * rehab line is, limited in number, and another user's is 404 to list, use or delete.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_REHAB_TEMPLATES } from "../../app/domain/deals/inputs";
import { account, ORIGIN } from "./helpers";

type Data<T> = { data: T };
interface Template {
  id: string;
  category: string;
  description: string | null;
  quantity: number | null;
  unitCost: number;
  createdAt: string;
}
type Answer<T> = Data<T> & { error?: { code: string; message: string; details?: unknown } };

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  alice = await account();
  bob = await account();
});

const save = (caller: typeof alice, json: unknown) =>
  caller.call<Answer<Template>>("/rehab-templates", { method: "POST", json });
const list = (caller: typeof alice) => caller.call<Answer<Template[]>>("/rehab-templates");

describe("rehab line templates", () => {
  it("saves a line and lists the user's own, newest first", async () => {
    const roof = await save(alice, {
      category: "Roof",
      description: "Architectural shingles, squares",
      quantity: 20,
      unitCost: 450,
    });
    expect(roof.status).toBe(201);
    expect(roof.body.data).toMatchObject({
      category: "Roof",
      description: "Architectural shingles, squares",
      quantity: 20,
      unitCost: 450,
    });
    const paint = await save(alice, { category: "Paint", unitCost: 2500 });
    expect(paint.body.data).toMatchObject({ description: null, quantity: null });

    const listed = await list(alice);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((template) => template.category)).toEqual(["Paint", "Roof"]);
    expect(listed.body.data[0]).not.toHaveProperty("userId");
    expect((await list(bob)).body.data).toEqual([]);
  });

  it("checks a template as the analyzer checks a rehab line, naming each field", async () => {
    const bad = await save(alice, { category: " ", quantity: 0, unitCost: -5 });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe("VALIDATION_FAILED");
    const fields = (bad.body.error?.details as { field: string }[]).map((problem) => problem.field);
    expect(fields).toEqual(expect.arrayContaining(["category", "quantity", "unitCost"]));
  });

  it("deletes one of the user's templates; another user's is 404 and stays", async () => {
    const kitchen = (await save(alice, { category: "Kitchen", unitCost: 18500 })).body.data;
    const stolen = await bob.call<Answer<Template>>(`/rehab-templates/${kitchen.id}`, {
      method: "DELETE",
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error?.message).toBe("Rehab template not found");
    expect((await list(alice)).body.data.map((template) => template.id)).toContain(kitchen.id);

    const deleted = await alice.call<Answer<Template>>(`/rehab-templates/${kitchen.id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(kitchen.id);
    expect((await list(alice)).body.data.map((template) => template.id)).not.toContain(kitchen.id);
    const again = await alice.call(`/rehab-templates/${kitchen.id}`, { method: "DELETE" });
    expect(again.status).toBe(404);
  });

  it("keeps at most MAX_REHAB_TEMPLATES a user; others may still save theirs", async () => {
    const carol = await account();
    const kept = (await list(carol)).body.data.length;
    const insert = env.DB.prepare(
      "INSERT INTO rehab_templates (id, user_id, category, unit_cost, created_at) VALUES (?, ?, 'Other', 100, ?)",
    );
    await env.DB.batch(
      Array.from({ length: MAX_REHAB_TEMPLATES - kept }, (_, index) =>
        insert.bind(`t-${carol.user.id}-${index}`, carol.user.id, new Date().toISOString()),
      ),
    );
    const refused = await save(carol, { category: "Roof", unitCost: 9000 });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe("LIMIT_REACHED");
    expect(refused.body.error?.message).toContain("delete one to save another");
    expect((await save(bob, { category: "Roof", unitCost: 9000 })).status).toBe(201);
  });

  it("needs a signed-in user", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/rehab-templates`);
    expect(response.status).toBe(401);
  });
});
