/**
 * A link to share: a saved analysis's read-only link opens its printed report to anyone, without an
 * account, and nothing else of the user's; revoked, expired or another user's: 404.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { account, ORIGIN, RENTAL } from "./helpers";

type Data<T> = { data: T };
interface Share {
  id: string;
  dealId: string;
  token: string;
  url: string;
  expiresAt: string | null;
  createdAt: string;
}

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
let dealId: string;
let otherDealId: string;
let address = 1;

beforeAll(async () => {
  alice = await account();
  bob = await account();
  const imported = await alice.call<Data<{ ids: string[] }>>("/data/properties", {
    method: "POST",
    json: [
      { address: "12 Quince Ct", city: "Dayton", state: "OH", zip: "45402" },
      { address: "99 Secret Ln", city: "Akron", state: "OH" },
    ],
  });
  const [quince, secret] = imported.body.data.ids;
  const save = async (json: Record<string, unknown>) =>
    (await alice.call<Data<{ id: string }>>("/deals", { method: "POST", json })).body.data.id;
  dealId = await save({
    name: "Quince duplex",
    strategy: "rental",
    inputs: RENTAL,
    propertyId: quince,
  });
  otherDealId = await save({
    name: "Hidden rental",
    strategy: "rental",
    inputs: { ...RENTAL, purchasePrice: 180000 },
    propertyId: secret,
  });
});

const share = (caller: typeof alice, id: string, json: Record<string, unknown> = {}) =>
  caller.call<Data<Share> & { error?: { message: string } }>(`/deals/${id}/share`, {
    method: "POST",
    json,
  });

/** The shared page as someone without an account opens it, from its own address. */
const open = (pathOrUrl: string, from = `198.51.100.${address++}`) =>
  SELF.fetch(new URL(pathOrUrl, ORIGIN), { headers: { "CF-Connecting-IP": from } });

describe("a shared analysis", () => {
  it("opens as the printed report without an account, and shows nothing else of the user's", async () => {
    const made = await share(alice, dealId);
    expect(made.status).toBe(201);
    const link = made.body.data;
    expect(link.url).toBe(`${ORIGIN}/shared/${link.token}`);
    expect(link.token.length).toBeGreaterThanOrEqual(40);
    expect(link.expiresAt).toBeNull();

    const page = await open(link.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Quince duplex");
    expect(html).toContain("12 Quince Ct, Dayton, OH 45402");
    // The loan's monthly payment, by hand: 200,000 × r / (1 − (1 + r)^−360), r = 0.065 / 12.
    expect(html).toContain("$1,264.14");
    // The other analysis, the other property and the owner are nowhere.
    for (const hidden of ["Hidden rental", "99 Secret Ln", alice.user.email, "Silva"]) {
      expect(html).not.toContain(hidden);
    }
    // A report, not the app: no script at all, not indexed, not cached.
    expect(html).not.toMatch(/<script\b/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
  });

  it("lists the units, the rehab's lines and the comps the figures came from", async () => {
    const { body } = await alice.call<Data<{ id: string }>>("/deals", {
      method: "POST",
      json: {
        name: "Elm fourplex",
        strategy: "brrrr",
        inputs: {
          purchasePrice: 400000,
          units: [
            { name: "Unit 1A", beds: 2, baths: 1, monthlyRent: 1000, marketRent: 1100 },
            { name: "Unit 1B", monthlyRent: 1050 },
          ],
          rehabItems: [
            { category: "Roof", unitCost: 12000 },
            { category: "Flooring", description: "LVP", quantity: 1200, unitCost: 4.5 },
          ],
          rehabContingencyPct: 10,
          subjectSquareFeet: 1500,
          comps: [
            { address: "12 Elm St", salePrice: 300000, squareFeet: 1500 },
            { address: "14 Elm St", salePrice: 280000, squareFeet: 1400, adjustments: 7000 },
          ],
          financing: { type: "loan", downPaymentPct: 25, interestRatePct: 7, termYears: 30 },
          refinance: { ltvPct: 75, interestRatePct: 6.5, termYears: 30 },
        },
      },
    });
    const link = (await share(alice, body.data.id)).body.data;
    const html = await (await open(link.url)).text();
    for (const text of ["Unit 1A", "Unit 1B", "$1,100", "Roof", "LVP", "12 Elm St", "14 Elm St"])
      expect(html).toContain(text);
    // Flooring: 1,200 × $4.50 = $5,400.00; 14 Elm St: (280,000 + 7,000) ÷ 1,400 = $205.00 a sq ft.
    expect(html).toContain("$5,400.00");
    expect(html).toContain("$205.00");
    expect(html).toContain("contingency 10 %");
  });

  it("is listed while live, and once revoked opens nothing (404)", async () => {
    const first = (await share(alice, dealId)).body.data;
    const second = (await share(alice, dealId)).body.data;
    const listed = await alice.call<Data<Share[]>>(`/deals/${dealId}/shares`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((link) => link.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );

    const revoked = await alice.call<Data<{ revoked: string[] }>>(
      `/deals/${dealId}/share/${first.id}`,
      { method: "DELETE" },
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked).toEqual([first.id]);
    const gone = await open(first.url);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("This link opens nothing");
    expect((await open(second.url)).status).toBe(200);

    // DELETE /deals/{id}/share revokes every link the analysis has.
    const all = await alice.call(`/deals/${dealId}/share`, { method: "DELETE" });
    expect(all.status).toBe(200);
    expect((await open(second.url)).status).toBe(404);
    expect((await alice.call<Data<Share[]>>(`/deals/${dealId}/shares`)).body.data).toEqual([]);
    expect((await alice.call(`/deals/${dealId}/share`, { method: "DELETE" })).status).toBe(404);
  });

  it("opens nothing once expired, and an expiry must be in the future", async () => {
    const past = await share(alice, dealId, { expiresAt: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    expect(past.body.error?.message).toContain("expiresAt");
    expect((await share(alice, dealId, { expiresAt: "next week" })).status).toBe(400);

    const link = (await share(alice, dealId, { expiresAt: "2099-01-01T00:00:00Z" })).body.data;
    expect(link.expiresAt).toBe("2099-01-01T00:00:00.000Z");
    expect((await open(link.url)).status).toBe(200);
    // The clock moves past the expiry.
    await env.DB.prepare("UPDATE deal_shares SET expires_at = ?1 WHERE id = ?2")
      .bind(new Date(Date.now() - 1000).toISOString(), link.id)
      .run();
    expect((await open(link.url)).status).toBe(404);
    const listed = await alice.call<Data<Share[]>>(`/deals/${dealId}/shares`);
    expect(listed.body.data.map((live) => live.id)).not.toContain(link.id);
  });

  it("another user can neither make, list nor revoke a link to someone's analysis", async () => {
    const link = (await share(alice, otherDealId)).body.data;
    expect((await share(bob, otherDealId)).status).toBe(404);
    expect((await bob.call(`/deals/${otherDealId}/shares`)).status).toBe(404);
    expect((await bob.call(`/deals/${otherDealId}/share`, { method: "DELETE" })).status).toBe(404);
    expect(
      (await bob.call(`/deals/${otherDealId}/share/${link.id}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect((await open(link.url)).status).toBe(200);
  });

  it("opens nothing for a token nobody was given, and goes with its analysis", async () => {
    expect((await open("/shared/not-a-token")).status).toBe(404);
    expect((await open(`/shared/${"x".repeat(5000)}`)).status).toBe(404);
    const { body } = await alice.call<Data<{ id: string }>>("/deals", {
      method: "POST",
      json: { name: "Short-lived", strategy: "rental", inputs: RENTAL },
    });
    const link = (await share(alice, body.data.id)).body.data;
    expect((await open(link.url)).status).toBe(200);
    expect((await alice.call(`/deals/${body.data.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await open(link.url)).status).toBe(404);
  });

  it("is answered 429 when one address opens links too often", async () => {
    const link = (await share(alice, dealId)).body.data;
    const from = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await open(link.url, from)).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    const limited = await open(link.url, from);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.text()).toContain("Too many links opened");
    // Another address is not held back.
    expect((await open(link.url)).status).toBe(200);
  });
});
