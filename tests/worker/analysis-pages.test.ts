/**
 * The deal analyzer's page reads what it shows with the analysis (its live links, its files, the
 * buy box, the rehab line templates: the HTML holds them), and writes through its route's action
 * as JSON: the analysis saved (against the version shown, 412 when it changed meanwhile) or
 * deleted, a link made or revoked, the buy box, a template; a refused change names its fields and
 * changes nothing. A file's delete is its files panel's form.
 */
import { describe, expect, it } from "vitest";
import {
  api,
  cookieValue,
  fileNames,
  pageAt as page,
  postForm,
  postJson,
  RENTAL,
  register,
  uploadFile,
} from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

interface Made {
  id: string;
  updatedAt: string;
}

/**
 * An investor with a property, an analysis of it shared by one link, a buy box and a rehab line
 * template, each named after `word`.
 */
async function analyst(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const send = async <T = Made>(path: string, method: string, json: unknown) => {
    const response = await api(path, { method, token, json });
    expect(response.status, path).toBeLessThan(300);
    return ((await response.json()) as { data: T }).data;
  };
  const imported = await send<{ ids: string[] }>("/data/properties", "POST", {
    address: `12 ${word} St`,
    city: "Dayton",
    state: "OH",
    listPrice: 185_000,
  });
  const propertyId = imported.ids[0]!;
  const deal = await send<Made & { name: string }>("/deals", "POST", {
    name: `${word} rental`,
    strategy: "rental",
    inputs: RENTAL,
    propertyId,
  });
  const share = await send<Made & { token: string }>(`/deals/${deal.id}/share`, "POST", {});
  await send("/deals/criteria", "PUT", { minCapRate: 7.25 });
  await send("/rehab-templates", "POST", {
    category: "Roof",
    description: `${word} shingles`,
    quantity: 20,
    unitCost: 450,
  });
  return {
    cookie: cookieValue(cookie),
    token,
    propertyId,
    deal,
    share,
    path: `/possible-investments/${propertyId}/analyses/${deal.id}`,
  };
}

/** What the API reads at `path` now. */
async function read<T>(token: string, path: string) {
  const response = await api(path, { token });
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

/** A change the analyzer's scripts send: JSON, its answer read as data (single fetch's `.data`). */
const act = (path: string, cookie: string, body: unknown) => postJson(`${path}.data`, cookie, body);

const shareCount = async (token: string, dealId: string) =>
  (await read<unknown[]>(token, `/deals/${dealId}/shares`)).data.length;

/** The analysis as a save sends it, with `changes`. */
const dealInput = (ana: Awaited<ReturnType<typeof analyst>>, changes: object = {}) => ({
  name: ana.deal.name,
  strategy: "rental",
  inputs: RENTAL,
  propertyId: ana.propertyId,
  ...changes,
});

describe("the analyzer's page reads", () => {
  it("arrives with the analysis's live links, the buy box and the rehab templates in the HTML", async () => {
    const ana = await analyst("Juniper");
    const { status, html } = await page(ana.path, ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain(ana.share.token);
    expect(html).toContain("Juniper shingles");
    expect(html).toContain("7.25");

    // A new analysis of the property has the buy box and the templates too.
    const fresh = await page(`/possible-investments/${ana.propertyId}/analyses/new`, ana.cookie);
    expect(fresh.status).toBe(200);
    expect(fresh.html).toContain("Juniper shingles");
  });

  it("is the 404 page for another user's analysis, with nothing of theirs in it", async () => {
    const ana = await analyst("Kumquat");
    const other = await analyst("Linden");
    const { status, html } = await page(
      `/possible-investments/analyses/${other.deal.id}`,
      ana.cookie,
    );
    expect(status).toBe(404);
    expect(html).toContain(NOT_FOUND_TEXT);
    expect(html).not.toContain(other.share.token);
    expect(html).not.toContain("Linden");
  });
});

describe("the analyzer's action", () => {
  it("makes and revokes a link; a refused one names its field and makes none", async () => {
    const ana = await analyst("Mulberry");
    const made = await act(ana.path, ana.cookie, { intent: "share", expiresAt: null });
    expect(made.status).toBe(200);
    expect(await shareCount(ana.token, ana.deal.id)).toBe(2);

    const past = await act(ana.path, ana.cookie, {
      intent: "share",
      expiresAt: "2001-01-01T00:00:00Z",
    });
    expect(past.status).toBe(400);
    expect(past.html).toContain("must be in the future");
    const bad = await act(ana.path, ana.cookie, { intent: "share", expiresAt: "soon" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("expiresAt");
    expect(await shareCount(ana.token, ana.deal.id)).toBe(2);

    const revoked = await act(ana.path, ana.cookie, {
      intent: "revoke-share",
      shareId: ana.share.id,
    });
    expect(revoked.status).toBe(200);
    expect(await shareCount(ana.token, ana.deal.id)).toBe(1);
    // A link gone meanwhile is said on the page, which stays (not its 404 page).
    const again = await act(ana.path, ana.cookie, {
      intent: "revoke-share",
      shareId: ana.share.id,
    });
    expect(again.status).toBe(404);
    expect(again.html).toContain("Link not found");
  });

  it("saves the buy box; one out of range names each field and keeps what was saved", async () => {
    const ana = await analyst("Nectarine");
    const refused = await act(ana.path, ana.cookie, {
      intent: "criteria",
      input: { minCapRate: 8, minDscr: -1, maxPurchasePrice: 0 },
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("minDscr");
    expect(refused.html).toContain("maxPurchasePrice");
    const kept = await read<Record<string, unknown>>(ana.token, "/deals/criteria");
    expect(kept.data).toMatchObject({ minCapRate: 7.25, minDscr: null });

    const saved = await act(ana.path, ana.cookie, {
      intent: "criteria",
      input: { minCapRate: 8, minDscr: 1.2 },
    });
    expect(saved.status).toBe(200);
    const after = await read<Record<string, unknown>>(ana.token, "/deals/criteria");
    expect(after.data).toMatchObject({ minCapRate: 8, minDscr: 1.2 });
  });

  it("saves a rehab line as a template and deletes one; a bad line is refused", async () => {
    const ana = await analyst("Olive");
    const templates = async () =>
      (await read<{ id: string; description: string }[]>(ana.token, "/rehab-templates")).data;
    const refused = await act(ana.path, ana.cookie, {
      intent: "save-template",
      input: { category: "Roof", quantity: 0, unitCost: -5 },
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("unitCost");
    expect(await templates()).toHaveLength(1);

    const saved = await act(ana.path, ana.cookie, {
      intent: "save-template",
      input: { category: "Flooring", description: "LVP", quantity: 1200, unitCost: 4.5 },
    });
    expect(saved.status).toBe(200);
    const both = await templates();
    expect(both.map((template) => template.description)).toEqual(["LVP", "Olive shingles"]);

    const deleted = await act(ana.path, ana.cookie, {
      intent: "delete-template",
      templateId: both[0]!.id,
    });
    expect(deleted.status).toBe(200);
    expect((await templates()).map((template) => template.description)).toEqual(["Olive shingles"]);
  });

  it("saves the analysis against the version shown: a stale one is 412 and changes nothing", async () => {
    const ana = await analyst("Papaya");
    const saved = await act(ana.path, ana.cookie, {
      intent: "save",
      version: ana.deal.updatedAt,
      input: dealInput(ana, { name: "Papaya, renamed" }),
    });
    expect(saved.status).toBe(200);
    const now = await read<Made & { name: string }>(ana.token, `/deals/${ana.deal.id}`);
    expect(now.data.name).toBe("Papaya, renamed");

    const stale = await act(ana.path, ana.cookie, {
      intent: "save",
      version: ana.deal.updatedAt,
      input: dealInput(ana, { name: "Papaya, stale" }),
    });
    expect(stale.status).toBe(412);
    const refused = await act(ana.path, ana.cookie, {
      intent: "save",
      version: now.data.updatedAt,
      input: dealInput(ana, { name: "Papaya, bad", inputs: { ...RENTAL, purchasePrice: -1 } }),
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("inputs.purchasePrice");
    const kept = await read<Made & { name: string }>(ana.token, `/deals/${ana.deal.id}`);
    expect(kept.data).toMatchObject({ name: "Papaya, renamed", updatedAt: now.data.updatedAt });

    const unversioned = await act(ana.path, ana.cookie, {
      intent: "save",
      input: dealInput(ana),
    });
    expect(unversioned.status).toBe(400);
  });

  it("makes a new analysis from `new`, and deletes one against its version", async () => {
    const ana = await analyst("Quince");
    const created = await act(`/possible-investments/${ana.propertyId}/analyses/new`, ana.cookie, {
      intent: "save",
      input: dealInput(ana, { name: "Quince flip copy" }),
    });
    expect(created.status).toBe(200);
    const list = async () =>
      (await read<{ name: string }[]>(ana.token, `/deals?propertyId=${ana.propertyId}`)).data;
    expect((await list()).map((deal) => deal.name).sort()).toEqual([
      "Quince flip copy",
      "Quince rental",
    ]);

    const stale = await act(ana.path, ana.cookie, { intent: "delete", version: "2001-01-01" });
    expect(stale.status).toBe(412);
    const deleted = await act(ana.path, ana.cookie, {
      intent: "delete",
      version: ana.deal.updatedAt,
    });
    expect(deleted.status).toBe(200);
    expect((await api(`/deals/${ana.deal.id}`, { token: ana.token })).status).toBe(404);
  });

  it("deletes one of the analysis's files, posted as its files panel's form; none of another record's", async () => {
    const ana = await analyst("Tamarind");
    const ours = await uploadFile(ana.token, "deal", ana.deal.id, "tamarind-comps.csv");
    const onProperty = await uploadFile(ana.token, "property", ana.propertyId, "tamarind-roof.csv");
    expect((await page(ana.path, ana.cookie)).html).toContain("tamarind-comps.csv");
    const refused = await postForm(`${ana.path}.data`, ana.cookie, {
      intent: "delete-file",
      fileId: onProperty,
    });
    expect(refused.status).toBe(404);
    const deleted = await postForm(`${ana.path}.data`, ana.cookie, {
      intent: "delete-file",
      fileId: ours,
    });
    expect(deleted.status).toBe(200);
    expect(await fileNames(ana.token, "deal", ana.deal.id)).toEqual([]);
    expect(await fileNames(ana.token, "property", ana.propertyId)).toEqual(["tamarind-roof.csv"]);
  });

  it("needs JavaScript, and touches only the user's own analysis", async () => {
    const ana = await analyst("Rowan");
    const other = await analyst("Sorrel");
    const form = await postForm(ana.path, ana.cookie, { intent: "delete" });
    expect(form.status).toBe(400);
    expect(form.html).toContain("needs JavaScript");

    const theirs = `/possible-investments/${other.propertyId}/analyses/${other.deal.id}`;
    const shared = await act(theirs, ana.cookie, { intent: "share", expiresAt: null });
    expect(shared.status).toBe(404);
    const deleted = await act(theirs, ana.cookie, {
      intent: "delete",
      version: other.deal.updatedAt,
    });
    expect(deleted.status).toBe(404);
    expect(await shareCount(other.token, other.deal.id)).toBe(1);
    expect((await api(`/deals/${other.deal.id}`, { token: other.token })).status).toBe(200);
  });
});
