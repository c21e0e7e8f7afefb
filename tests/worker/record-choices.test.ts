/**
 * The record picker's route (/records/<kind>), read by the picker's fetchers: `q` finds the
 * user's records of a kind through the list's server-side search, the first PICKER_MATCHES with
 * how many match in all, never another user's; `id` names one of the user's records, another
 * user's or a missing one being a 404; a kind or query it cannot read is a 400 and a visitor gets
 * a 401, each as data the picker shows.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { PICKER_MATCHES, type RecordMatches } from "../../app/lib/record-choices";
import { api, cookieValue, ORIGIN, RENTAL, register } from "./helpers";

type Investor = Awaited<ReturnType<typeof investor>>;

/** An investor signed in both ways: the page's cookie, and a token to make records with. */
async function investor() {
  const { cookie, token } = await register();
  /** Makes records through the API: what it answers. */
  const make = async <T = { id: string }>(path: string, json: unknown) => {
    const response = await api(path, { method: "POST", token, json });
    expect(response.status, path).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };
  /** Properties in Dayton at `addresses`: their ids, in that order. */
  const properties = async (addresses: string[]) => {
    const rows = addresses.map((address) => ({
      address,
      city: "Dayton",
      state: "OH",
      zip: "45402",
    }));
    return (await make<{ ids: string[] }>("/data/properties", rows)).ids;
  };
  return { cookie: cookieValue(cookie), make, properties };
}

/** What the route answers a direct request (JSON), as the picker's data, with its status. */
async function records(path: string, cookie?: string) {
  const response = await SELF.fetch(`${ORIGIN}/records/${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const matches = async (path: string, cookie: string) => {
  const { status, body } = await records(path, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as RecordMatches;
};

const labels = (found: RecordMatches) => found.items.map((item) => item.label);
/** More Larch Way addresses than the picker shows, written out of order. */
const LARCHES = Array.from(
  { length: PICKER_MATCHES + 5 },
  (_, i) => `${String(PICKER_MATCHES + 5 - i).padStart(3, "0")} Larch Way`,
);

let ana: Investor;
let bo: Investor;
let ids: Record<"property" | "bosProperty" | "project" | "contact" | "analysis", string>;

beforeAll(async () => {
  [ana, bo] = await Promise.all([investor(), investor()]);
  const larches = await ana.properties(LARCHES);
  const [quince] = await ana.properties(["7 Quince Ct"]);
  const [bosProperty] = await bo.properties(["9 Larch Way"]);
  const rental = (name: string, propertyId: string) =>
    ana.make("/deals", { name, strategy: "rental", inputs: RENTAL, propertyId });
  const property = larches[LARCHES.indexOf("001 Larch Way")]!;
  ids = {
    property,
    bosProperty: bosProperty!,
    project: (await ana.make("/projects", { name: "Larch Way flip" })).id,
    contact: (await ana.make("/contacts", { firstName: "Wren", lastName: "Alder" })).id,
    analysis: (await rental("Larch rental", property)).id,
  };
  await rental("Quince rental", quince!);
});

describe("the record picker's route", () => {
  it("offers the first matches by address, says how many match, and none of another user's", async () => {
    const larch = await matches("property?q=larch", ana.cookie);
    expect(larch.total).toBe(PICKER_MATCHES + 5);
    expect(larch.items).toHaveLength(PICKER_MATCHES);
    expect(labels(larch).slice(0, 2)).toEqual([
      "001 Larch Way, Dayton, OH 45402",
      "002 Larch Way, Dayton, OH 45402",
    ]);
    expect(labels(larch).every((label) => label.includes("Larch Way"))).toBe(true);
    expect(labels(larch)).not.toContain("9 Larch Way, Dayton, OH 45402");

    // A word begun finds it; the whole list is the first page of everything.
    expect(labels(await matches("property?q=quin", ana.cookie))).toEqual([
      "7 Quince Ct, Dayton, OH 45402",
    ]);
    const all = await matches("property", ana.cookie);
    expect(all.total).toBe(PICKER_MATCHES + 6);
    expect(all.items).toHaveLength(PICKER_MATCHES);
    // Asking for more than the picker shows gets what the picker shows.
    expect((await matches("property?limit=100", ana.cookie)).items).toHaveLength(PICKER_MATCHES);

    const bos = await matches("property?q=larch", bo.cookie);
    expect(labels(bos)).toEqual(["9 Larch Way, Dayton, OH 45402"]);
  });

  it("finds projects, contacts and analyses by name, an analysis among its property's", async () => {
    expect(labels(await matches("project?q=larch", ana.cookie))).toEqual(["Larch Way flip"]);
    expect(labels(await matches("contact?q=alder", ana.cookie))).toEqual(["Wren Alder"]);
    expect(labels(await matches("contact?q=alder", bo.cookie))).toEqual([]);
    expect(labels(await matches("analysis?q=rental", ana.cookie)).sort()).toEqual([
      "Larch rental",
      "Quince rental",
    ]);
    const ofProperty = await matches(`analysis?q=rental&propertyId=${ids.property}`, ana.cookie);
    expect(labels(ofProperty)).toEqual(["Larch rental"]);
    expect(ofProperty.total).toBe(1);
  });

  it("names one of the user's records by id, and not another user's", async () => {
    for (const [kind, id, label] of [
      ["property", ids.property, "001 Larch Way, Dayton, OH 45402"],
      ["project", ids.project, "Larch Way flip"],
      ["contact", ids.contact, "Wren Alder"],
      ["analysis", ids.analysis, "Larch rental"],
    ] as const) {
      const named = await records(`${kind}?id=${id}`, ana.cookie);
      expect(named, kind).toEqual({ status: 200, body: { id, label } });
    }

    const others = await records(`property?id=${ids.bosProperty}`, ana.cookie);
    expect(others.status).toBe(404);
    expect(others.body.message).toBe("Property not found");
    expect(JSON.stringify(others.body)).not.toContain("Larch");
    const missing = await records("contact?id=no-such-contact", ana.cookie);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Contact not found");
    // An id of another kind is not found as this kind.
    expect((await records(`project?id=${ids.contact}`, ana.cookie)).status).toBe(404);
  });

  it("refuses a kind or a query it cannot read with a 400 saying why", async () => {
    const kind = await records("widgets?q=larch", ana.cookie);
    expect(kind.status).toBe(400);
    expect(kind.body.message).toContain("There are no records “widgets” to link");
    expect(kind.body.message).toContain("property, project, contact, analysis");

    const long = await records(`property?q=${"larch ".repeat(40)}`, ana.cookie);
    expect(long.status).toBe(400);
    const filter = await records(`analysis?propertyId=${"x".repeat(65)}`, ana.cookie);
    expect(filter.status).toBe(400);
    expect(String(filter.body.message)).toContain("propertyId");
    const id = await records(`property?id=${"x".repeat(65)}`, ana.cookie);
    expect(id.status).toBe(400);
    expect(id.body.message).toContain("`id`");
    expect((await records("property?id=", ana.cookie)).status).toBe(400);
  });

  it("tells a visitor to sign in, and a fetcher alike", async () => {
    const visitor = await records("property?q=larch");
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toContain("Sign in to continue");

    // As the picker's fetcher reads it (single fetch's `.data` for the route).
    const route = encodeURIComponent("routes/records.$kind");
    const asFetcher = (cookie?: string) =>
      SELF.fetch(`${ORIGIN}/records/property.data?q=quince&_routes=${route}`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
    const signedOut = await asFetcher();
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).not.toContain("Quince");
    const signedIn = await asFetcher(ana.cookie);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain("7 Quince Ct, Dayton, OH 45402");
  });
});
