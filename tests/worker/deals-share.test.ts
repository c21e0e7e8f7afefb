/**
 * Read-only links to an analysis inside workerd with real local D1: made, listed and revoked by
 * the owner only; the page without an account shows that analysis and its property's address and
 * nothing else of the user's, with no scripts and noindex; revoked, expired or unknown → 404.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SHARE_VIEWS_LIMIT } from "../../worker/share-page";
import { account, ORIGIN } from "./helpers";

type Data<T> = { data: T };
interface Share {
  token: string;
  dealId: string;
  dealName: string;
  expiresAt: string | null;
  createdAt: string;
  path: string;
}

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
let shared: { dealId: string; otherDealId: string };
beforeAll(async () => {
  alice = await account();
  bob = await account();
  const importOne = async (address: string) =>
    (
      await alice.call<Data<{ ids: string[] }>>("/data/properties", {
        method: "POST",
        json: { address },
      })
    ).body.data.ids[0]!;
  const save = async (json: object) =>
    (await alice.call<Data<{ id: string }>>("/deals", { method: "POST", json })).body.data.id;
  const dealId = await save({
    name: "Maple duplex <b>",
    strategy: "rental",
    propertyId: await importOne("14 Maple Street"),
    inputs: {
      purchasePrice: 300_000,
      units: [
        { name: "Upstairs", monthlyRent: 1400, marketRent: 1500 },
        { name: "Downstairs", monthlyRent: 1300 },
      ],
      rehabItems: [{ category: "Roof", description: "Tear-off", unitCost: 9000 }],
      subjectSquareFeet: 2000,
      comps: [{ address: "20 Maple Street", salePrice: 320_000, squareFeet: 2000 }],
    },
  });
  const otherDealId = await save({
    name: "Secret flip",
    strategy: "flip",
    propertyId: await importOne("99 Hidden Lane"),
    inputs: { purchasePrice: 100_000, afterRepairValue: 180_000, holdingMonths: 4 },
  });
  shared = { dealId, otherDealId };
});

const page = (path: string) => SELF.fetch(`${ORIGIN}${path}`);
const share = (call: typeof alice.call, dealId: string, json: object = {}) =>
  call<Data<Share>>(`/deals/${dealId}/share`, { method: "POST", json });

describe("a link to share", () => {
  it("opens the analysis's report without an account: that analysis and its address only", async () => {
    const made = await share(alice.call, shared.dealId);
    expect(made.status).toBe(201);
    const link = made.body.data;
    expect(link).toMatchObject({
      dealId: shared.dealId,
      dealName: "Maple duplex <b>",
      expiresAt: null,
    });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link.path).toBe(`/share/${link.token}`);

    const response = await page(link.path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(html).not.toMatch(/<script/i);
    // The name as typed, escaped; the address; the figures with formulas; units, rehab, comps.
    expect(html).toContain("Maple duplex &lt;b&gt;");
    expect(html).toContain("14 Maple Street");
    expect(html).toContain("Price per unit = price $300,000 ÷ 2 units = $150,000");
    expect(html).toContain("Upstairs");
    expect(html).toContain("Tear-off");
    expect(html).toContain("20 Maple Street");
    // Nothing else of Alice's: not her other analysis, its property, or her e-mail.
    expect(html).not.toContain("Secret flip");
    expect(html).not.toContain("99 Hidden Lane");
    expect(html).not.toContain(alice.user.email);
  });

  it("lists the owner's live links, and revoking makes the page 404", async () => {
    const first = (await share(alice.call, shared.otherDealId)).body.data;
    const second = (await share(alice.call, shared.otherDealId)).body.data;
    const listed = await alice.call<Data<Share[]>>("/deals/shares");
    expect(listed.body.data.map((link) => link.token)).toEqual(
      expect.arrayContaining([first.token, second.token]),
    );
    expect((await bob.call<Data<Share[]>>("/deals/shares")).body.data).toEqual([]);

    const revoked = await alice.call<Data<{ revoked: number }>>(
      `/deals/${shared.otherDealId}/share`,
      { method: "DELETE" },
    );
    expect(revoked.body.data.revoked).toBe(2);
    for (const link of [first, second]) expect((await page(link.path)).status).toBe(404);
    const after = (await alice.call<Data<Share[]>>("/deals/shares")).body.data;
    expect(after.some((link) => link.dealId === shared.otherDealId)).toBe(false);
  });

  it("expires: a link past its time is 404 and no longer listed", async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const link = (await share(alice.call, shared.dealId, { expiresAt: future })).body.data;
    expect(link.expiresAt).toBe(future);
    expect((await page(link.path)).status).toBe(200);
    await env.DB.prepare("UPDATE deal_shares SET expires_at = ? WHERE token = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), link.token)
      .run();
    expect((await page(link.path)).status).toBe(404);
    const listed = (await alice.call<Data<Share[]>>("/deals/shares")).body.data;
    expect(listed.some((live) => live.token === link.token)).toBe(false);
    // A time already past is refused.
    const past = await alice.call<{ error: { details: { field: string }[] } }>(
      `/deals/${shared.dealId}/share`,
      { method: "POST", json: { expiresAt: "2020-01-01T00:00:00Z" } },
    );
    expect(past.status).toBe(400);
    expect(past.body.error.details[0]!.field).toBe("expiresAt");
  });

  it("is the owner's alone to make or revoke: another user's deal is 404", async () => {
    expect((await share(bob.call, shared.dealId)).status).toBe(404);
    const revoke = await bob.call(`/deals/${shared.dealId}/share`, { method: "DELETE" });
    expect(revoke.status).toBe(404);
    expect((await share(bob.call, "no-such-deal")).status).toBe(404);
  });

  it("answers 404 for a token that never was, and goes when its deal is deleted", async () => {
    expect((await page("/share/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await page("/share/../../api/auth/me")).status).not.toBe(200);
    const id = (
      await alice.call<Data<{ id: string }>>("/deals", {
        method: "POST",
        json: { name: "Short-lived", strategy: "wholesale", inputs: { afterRepairValue: 100_000 } },
      })
    ).body.data.id;
    const link = (await share(alice.call, id)).body.data;
    expect((await page(link.path)).status).toBe(200);
    await alice.call(`/deals/${id}`, { method: "DELETE" });
    expect((await page(link.path)).status).toBe(404);
  });

  it("is rate-limited per address: past the limit, 429 with Retry-After", async () => {
    const link = (await share(alice.call, shared.dealId)).body.data;
    const from = (address: string) =>
      SELF.fetch(`${ORIGIN}${link.path}`, { headers: { "CF-Connecting-IP": address } });
    for (let view = 0; view < SHARE_VIEWS_LIMIT.limit; view++)
      expect((await from("203.0.113.7")).status).toBe(200);
    const refused = await from("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is counted apart.
    expect((await from("203.0.113.8")).status).toBe(200);
  });
});
