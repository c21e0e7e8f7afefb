/**
 * A workspace with records of many kinds that refer to each other, for the tests of workspace
 * objects (moving in, and answering from there).
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { MOVE_PAGE_ROWS } from "../../worker/services/workspace-move";
import { account, joinAs, register } from "./helpers";

export type Data<T> = { data: T };
export type Row = Record<string, unknown> & { id: string };
type Caller = Awaited<ReturnType<typeof account>>["call"];

async function create(call: Caller, path: string, json: unknown) {
  const made = await call<Data<Row>>(path, { method: "POST", json });
  expect(made.status).toBe(201);
  return made.body.data;
}

/** A workspace with records of many kinds that refer to each other, and a member assigned one. */
export async function filledWorkspace() {
  const owner = await account();
  const mel = await register({ first_name: "Mel" });
  await joinAs(owner.user.id, mel.user.id, "member");
  // More contacts than a page, so their copy takes pages: written straight to D1, for speed.
  const now = new Date().toISOString();
  await env.DB.batch(
    Array.from({ length: MOVE_PAGE_ROWS + 5 }, (_, n) =>
      env.DB.prepare(
        "INSERT INTO contacts (id, user_id, first_name, last_name, type, tags, created_at, updated_at) VALUES (?, ?, ?, '', 'attorney', '[]', ?, ?)",
      ).bind(crypto.randomUUID(), owner.user.id, `Ann${n}`, now, now),
    ),
  );
  // A buy box, and a property whose owner is a contact: what the object's triggers read.
  const criteria = await owner.call("/deals/criteria", {
    method: "PUT",
    json: { minCapRate: 6 },
  });
  expect(criteria.status).toBe(200);
  const seller = await create(owner.call, "/contacts", {
    firstName: "Sam",
    lastName: "Seller",
    type: "seller",
  });
  const imported = await owner.call("/data/properties", {
    method: "POST",
    json: { address: "5 Lake Rd", city: "Dayton", state: "OH", listPrice: 210000 },
  });
  expect(imported.status).toBe(200);
  const [property] = (await owner.call<Data<Row[]>>("/data/properties")).body.data;
  const assigned = await owner.call(`/data/properties/${property!.id}`, {
    method: "PUT",
    json: {
      address: "5 Lake Rd",
      city: "Dayton",
      state: "OH",
      listPrice: 210000,
      assigneeId: mel.user.id,
      ownerContactId: seller.id,
    },
  });
  expect(assigned.status).toBe(200);
  const project = await create(owner.call, "/projects", {
    name: "Lake house",
    type: "fix_and_flip",
    propertyId: property!.id,
    budget: 40000,
  });
  await create(owner.call, "/data/entries", {
    title: "Closing checklist",
    projectId: project.id,
    content: "- [ ] title search",
  });
  await create(owner.call, "/deals", {
    name: "Lake house as a rental",
    strategy: "rental",
    inputs: {
      purchasePrice: 210000,
      grossMonthlyRent: 1900,
      financing: { type: "loan", downPaymentPct: 25, interestRatePct: 7, termYears: 30 },
    },
    propertyId: property!.id,
    projectId: project.id,
    primary: true,
  });
  await create(owner.call, "/marketing/leads", {
    firstName: "Lee",
    lastName: "Park",
    status: "new",
  });
  return { owner, mel, property: property!, workspaceId: owner.user.id };
}
