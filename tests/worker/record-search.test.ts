/**
 * The server-side search behind the record picker: `q` on the list endpoints finds any of the
 * user's records, not only a first page, and never another user's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { account } from "./helpers";

type Row = { id: string; address?: string; name?: string; firstName?: string };
type Page = { data: Row[]; meta: { page: number; limit: number; total: number } };

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
const addressOf = (n: number) => `${String(n).padStart(3, "0")} Picker Lane`;

beforeAll(async () => {
  alice = await account();
  bob = await account();
  const rows = Array.from({ length: 150 }, (_, i) => ({
    address: addressOf(i + 1),
    city: "Dayton",
    state: "OH",
    zip: i === 149 ? "45499" : "45402",
  }));
  for (const [caller, sent] of [
    [alice.call, rows],
    [bob.call, [rows[149]]],
  ] as const) {
    const imported = await caller<{ data: { created: number } }>("/data/properties", {
      method: "POST",
      json: sent,
    });
    expect(imported.body.data.created).toBe(sent.length);
  }
});

const list = async (caller: typeof alice.call, path: string) => {
  const { status, body } = await caller<Page>(path);
  expect(status).toBe(200);
  return body;
};

describe("q on GET /data/properties", () => {
  it("finds a property past the first 100, by address or ZIP, in any case", async () => {
    const first = await list(alice.call, "/data/properties?sort=address&dir=asc&limit=100");
    expect(first.meta.total).toBe(150);
    expect(first.data.map((row) => row.address)).not.toContain(addressOf(150));

    for (const q of ["150 picker", "45499"]) {
      const found = await list(alice.call, `/data/properties?q=${encodeURIComponent(q)}`);
      expect(found.data.map((row) => row.address)).toEqual([addressOf(150)]);
      expect(found.meta.total).toBe(1);
    }
  });

  it("pages its matches and counts them all", async () => {
    const found = await list(alice.call, "/data/properties?q=picker%20lane&limit=20");
    expect(found.data).toHaveLength(20);
    expect(found.meta.total).toBe(150);
  });

  it("searches only the caller's own properties", async () => {
    const [mine] = (await list(alice.call, "/data/properties?q=150%20Picker")).data;
    const [theirs] = (await list(bob.call, "/data/properties?q=150%20Picker")).data;
    expect(mine!.id).not.toBe(theirs!.id);
    expect((await list(bob.call, "/data/properties?q=001%20Picker")).meta.total).toBe(0);
  });

  it("takes % and _ as no wildcards and refuses a search over 200 characters", async () => {
    expect((await list(alice.call, "/data/properties?q=%25")).meta.total).toBe(0);
    expect((await list(alice.call, "/data/properties?q=1_0")).meta.total).toBe(0);
    const long = await alice.call(`/data/properties?q=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
  });
});

describe("q on the other records a form links", () => {
  it("finds a contact by the full name shown, and a project by name", async () => {
    for (const [firstName, lastName] of [
      ["Maria", "Lopez"],
      ["Mario", "Lanza"],
    ]) {
      await alice.call("/contacts", { method: "POST", json: { firstName, lastName } });
    }
    const contacts = await list(alice.call, "/contacts?q=maria%20lo");
    expect(contacts.data.map((row) => row.firstName)).toEqual(["Maria"]);
    expect((await list(bob.call, "/contacts?q=maria")).meta.total).toBe(0);

    await alice.call("/projects", { method: "POST", json: { name: "Picker Lane flip" } });
    const projects = await list(alice.call, "/projects?q=LANE%20FLIP");
    expect(projects.data.map((row) => row.name)).toEqual(["Picker Lane flip"]);
  });
});
