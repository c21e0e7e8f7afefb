/**
 * A property at its own URL (/possible-investments/<id>): the server HTML holds the record and its
 * analyses; another user's id, or none, is the 404 page; the links the list's query string once
 * opened move there for good; and its facts and deletion are forms that work without JavaScript
 * (POST, then a redirect), each made against the version the page showed.
 */
import { describe, expect, it } from "vitest";
import {
  api,
  cookieValue,
  fileNames,
  pageAt as page,
  postForm as post,
  postJson,
  RENTAL,
  register,
  uploadFile,
} from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

/** An investor with one property ("12 <word> St", taxes with cents) and an analysis of it. */
async function investor(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const imported = await api("/data/properties", {
    method: "POST",
    token,
    json: {
      address: `12 ${word} St`,
      city: "Dayton",
      state: "OH",
      listPrice: 185_000,
      propertyTaxesAnnual: 1234.56,
      beds: 3,
      status: "analyzing",
    },
  });
  expect(imported.status).toBe(200);
  const [propertyId] = ((await imported.json()) as { data: { ids: string[] } }).data.ids;
  const deal = await api("/deals", {
    method: "POST",
    token,
    json: { name: `${word} rental`, strategy: "rental", inputs: RENTAL, propertyId },
  });
  expect(deal.status).toBe(201);
  const dealId = ((await deal.json()) as { data: { id: string } }).data.id;
  return { cookie: cookieValue(cookie), token, propertyId: propertyId!, dealId };
}

const property = async (token: string, id: string) => {
  const response = await api(`/data/properties/${id}`, { token });
  return {
    status: response.status,
    data:
      response.status === 200
        ? ((await response.json()) as { data: Record<string, unknown> }).data
        : null,
  };
};

/** The facts form as the page shows it: every field's text, then the changes made. */
const factsForm = (version: string, changes: Record<string, string> = {}) => ({
  intent: "facts",
  version,
  status: "analyzing",
  listPrice: "$185,000",
  propertyTaxesAnnual: "$1,235",
  beds: "3",
  arv: "",
  notes: "",
  ...changes,
});

describe("a property's page", () => {
  it("arrives with the property, its facts and its analyses in the HTML", async () => {
    const ana = await investor("Alder");
    const { status, html } = await page(`/possible-investments/${ana.propertyId}`, ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>12 Alder St · AI42</title>");
    expect(html).toMatch(/<h2[^>]*>12 Alder St<\/h2>/);
    expect(html).toMatch(
      /id="fact-listPrice"[^>]*value="\$185,000"|value="\$185,000"[^>]*id="fact-listPrice"/,
    );
    expect(html).toContain("Alder rental");
    expect(html).toContain(`href="/possible-investments/${ana.propertyId}/analyses/${ana.dealId}"`);
  });

  it("arrives with its files in the HTML, not another record's", async () => {
    const ana = await investor("Hazel");
    await uploadFile(ana.token, "property", ana.propertyId, "hazel-inspection.csv");
    await uploadFile(ana.token, "deal", ana.dealId, "hazel-comps.csv");
    const { html } = await page(`/possible-investments/${ana.propertyId}`, ana.cookie);
    expect(html).toContain("hazel-inspection.csv");
    expect(html).not.toContain("hazel-comps.csv");
  });

  it("is the 404 page for another user's property and for an id no one has", async () => {
    const ana = await investor("Birch");
    const other = await investor("Cedar");
    for (const id of [other.propertyId, "nope"]) {
      const { status, html } = await page(`/possible-investments/${id}`, ana.cookie);
      expect(status, id).toBe(404);
      expect(html, id).toContain(NOT_FOUND_TEXT);
      expect(html, id).toContain("<title>Page not found · AI42</title>");
      expect(html, id).not.toContain("12 Cedar St");
    }
  });

  it("puts saved analyses side by side in Compare's HTML; another user's is the 404 page", async () => {
    const ana = await investor("Aspen");
    const second = await api("/deals", {
      method: "POST",
      token: ana.token,
      json: {
        name: "Aspen second rental",
        strategy: "rental",
        inputs: RENTAL,
        propertyId: ana.propertyId,
      },
    });
    expect(second.status).toBe(201);
    const secondId = ((await second.json()) as { data: { id: string } }).data.id;
    const compare = `/possible-investments/compare?ids=${ana.dealId},${secondId}&property=${ana.propertyId}`;
    const { status, html } = await page(compare, ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain("Compare analyses");
    expect(html).toContain(`href="/possible-investments/${ana.propertyId}/analyses/${ana.dealId}"`);
    expect(html).toContain(">Aspen second rental</a>");
    expect(html).toContain(`href="/possible-investments/${ana.propertyId}"`);

    const other = await investor("Beech");
    const theirs = await page(
      `/possible-investments/compare?ids=${ana.dealId},${other.dealId}`,
      ana.cookie,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.html).not.toContain("Beech rental");
    expect((await page("/possible-investments/compare", ana.cookie)).status).toBe(400);
  });

  it("makes another analysis the primary with a form that works without JavaScript", async () => {
    const ana = await investor("Hazel");
    const second = await api("/deals", {
      method: "POST",
      token: ana.token,
      json: {
        name: "Hazel second",
        strategy: "rental",
        inputs: RENTAL,
        propertyId: ana.propertyId,
      },
    });
    const secondId = ((await second.json()) as { data: { id: string } }).data.id;
    const path = `/possible-investments/${ana.propertyId}`;
    const primaryOf = async (id: string, token = ana.token) => {
      const response = await api(`/deals/${id}`, { token });
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { data: { primary: boolean } }).data.primary;
    };
    expect([await primaryOf(ana.dealId), await primaryOf(secondId)]).toEqual([true, false]);

    const other = await investor("Ivy");
    const refused = await post(path, ana.cookie, { intent: "primary", analysis: other.dealId });
    expect(refused.status).toBe(400);
    expect(await primaryOf(other.dealId, other.token)).toBe(true);

    const made = await post(path, ana.cookie, { intent: "primary", analysis: secondId });
    expect(made.status).toBe(303);
    expect(made.location).toBe(path);
    expect([await primaryOf(ana.dealId), await primaryOf(secondId)]).toEqual([false, true]);
  });

  it("shows a visitor the login screen and no property", async () => {
    const ana = await investor("Dogwood");
    const { status, html } = await page(`/possible-investments/${ana.propertyId}`);
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("12 Dogwood St");
  });

  it("answers the old query-string links with a permanent redirect to the record's URL", async () => {
    const { cookie } = await investor("Elm");
    const moved = {
      "/possible-investments?property=p1": "/possible-investments/p1",
      "/possible-investments?property=new": "/possible-investments/new",
      "/possible-investments?analysis=d1&property=p1": "/possible-investments/p1/analyses/d1",
      "/possible-investments?analysis=d1": "/possible-investments/analyses/d1",
      "/possible-investments?analysis=new&strategy=flip&term=cap-rate":
        "/possible-investments/analyses/new?strategy=flip&term=cap-rate",
      "/possible-investments?compare=d1,d2&property=p1":
        "/possible-investments/compare?ids=d1%2Cd2&property=p1",
    };
    for (const [from, to] of Object.entries(moved)) {
      const answer = await page(from, cookie);
      expect(answer.status, from).toBe(301);
      expect(answer.location, from).toBe(to);
    }
  });
});

describe("an analysis's page", () => {
  it("arrives with the saved analysis in the analyzer, under its property's path", async () => {
    const ana = await investor("Magnolia");
    const path = `/possible-investments/${ana.propertyId}/analyses/${ana.dealId}`;
    const { status, html } = await page(path, ana.cookie);
    expect(status).toBe(200);
    expect(html).toMatch(/id="[^"]*"[^>]*value="Magnolia rental"|value="Magnolia rental"/);
    expect(html).toContain("12 Magnolia St");
  });

  it("sends an analysis reached under another path to its own", async () => {
    const ana = await investor("Nutmeg");
    const own = `/possible-investments/${ana.propertyId}/analyses/${ana.dealId}`;
    for (const path of [
      `/possible-investments/analyses/${ana.dealId}`,
      `/possible-investments/x/analyses/${ana.dealId}`,
    ]) {
      const answer = await page(path, ana.cookie);
      expect(answer.status, path).toBe(302);
      expect(answer.location, path).toBe(own);
    }
  });

  it("is the 404 page for another user's analysis, and for a new one of another user's property", async () => {
    const ana = await investor("Olive");
    const other = await investor("Pecan");
    for (const path of [
      `/possible-investments/analyses/${other.dealId}`,
      `/possible-investments/${other.propertyId}/analyses/new`,
    ]) {
      const { status, html } = await page(path, ana.cookie);
      expect(status, path).toBe(404);
      expect(html, path).toContain(NOT_FOUND_TEXT);
      expect(html, path).not.toContain("Pecan");
    }
  });
});

describe("a property's facts, saved without JavaScript", () => {
  it("saves what was changed and keeps what was sent as shown, then shows the page again", async () => {
    const ana = await investor("Fir");
    const before = await property(ana.token, ana.propertyId);
    const path = `/possible-investments/${ana.propertyId}`;
    const saved = await post(
      path,
      ana.cookie,
      factsForm(String(before.data!.updatedAt), {
        listPrice: "179,500",
        notes: "Roof is new",
        status: "offer_made",
      }),
    );
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(path);
    const after = (await property(ana.token, ana.propertyId)).data!;
    expect(after).toMatchObject({
      listPrice: 179_500,
      notes: "Roof is new",
      status: "offer_made",
      beds: 3,
    });
    // Shown as "$1,235", sent back unchanged: not rounded.
    expect(after.propertyTaxesAnnual).toBe(1234.56);
    expect((await page(path, ana.cookie)).html).toContain("Roof is new");
  });

  it("refuses a fact the schema refuses, says why beside it, and changes nothing", async () => {
    const ana = await investor("Ginkgo");
    const before = (await property(ana.token, ana.propertyId)).data!;
    const refused = await post(
      `/possible-investments/${ana.propertyId}`,
      ana.cookie,
      factsForm(String(before.updatedAt), { beds: "-2", notes: "kept?" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/id="fact-beds-error"[^>]*>[^<]+/);
    expect((await property(ana.token, ana.propertyId)).data).toEqual(before);
  });

  it("changes nothing when the property changed elsewhere since the page was read (412)", async () => {
    const ana = await investor("Hawthorn");
    const stale = String((await property(ana.token, ana.propertyId)).data!.updatedAt);
    const elsewhere = await api(`/data/properties/${ana.propertyId}`, {
      method: "PUT",
      token: ana.token,
      json: { address: "12 Hawthorn St", status: "owned" },
    });
    expect(elsewhere.status).toBe(200);
    const now = (await property(ana.token, ana.propertyId)).data!;
    const answer = await post(
      `/possible-investments/${ana.propertyId}`,
      ana.cookie,
      factsForm(stale, { notes: "mine" }),
    );
    expect(answer.status).toBe(412);
    expect(answer.html).toContain("was changed elsewhere meanwhile, so nothing was saved");
    expect((await property(ana.token, ana.propertyId)).data).toEqual(now);
  });

  it("refuses another user's property, a form from another site and a missing version", async () => {
    const ana = await investor("Ivy");
    const other = await investor("Juniper");
    const theirs = (await property(other.token, other.propertyId)).data!;
    const version = String(theirs.updatedAt);
    const path = `/possible-investments/${other.propertyId}`;
    expect((await post(path, ana.cookie, factsForm(version, { notes: "x" }))).status).toBe(404);
    expect((await post(path, ana.cookie, { intent: "delete", version })).status).toBe(404);
    expect(
      (await post(path, other.cookie, factsForm(version, { notes: "x" }), "https://evil.example"))
        .status,
    ).toBe(403);
    expect((await post(path, other.cookie, { intent: "facts", notes: "x" })).status).toBe(400);
    expect((await post(path, other.cookie, { intent: "paint", version })).status).toBe(400);
    expect((await property(other.token, other.propertyId)).data).toEqual(theirs);
  });
});

describe("deleting a property from its page", () => {
  it("deletes it against the version shown and goes back to the list", async () => {
    const ana = await investor("Kapok");
    const version = String((await property(ana.token, ana.propertyId)).data!.updatedAt);
    const path = `/possible-investments/${ana.propertyId}`;
    const deleted = await post(path, ana.cookie, {
      intent: "delete",
      version,
      back: "/possible-investments",
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/possible-investments");
    expect((await property(ana.token, ana.propertyId)).status).toBe(404);
    expect((await page(path, ana.cookie)).status).toBe(404);
  });

  it("goes back only to the list, with its filters, never elsewhere", async () => {
    const ana = await investor("Laurel");
    const version = String((await property(ana.token, ana.propertyId)).data!.updatedAt);
    const deleted = await post(`/possible-investments/${ana.propertyId}`, ana.cookie, {
      intent: "delete",
      version,
      back: "https://evil.example/possible-investments",
    });
    expect(deleted.location).toBe("/possible-investments");
    const other = await investor("Linden");
    const otherVersion = String((await property(other.token, other.propertyId)).data!.updatedAt);
    const filtered = await post(`/possible-investments/${other.propertyId}`, other.cookie, {
      intent: "delete",
      version: otherVersion,
      back: "/possible-investments?status=analyzing",
    });
    expect(filtered.location).toBe("/possible-investments?status=analyzing");
  });
});

describe("deleting a file from a property's page (the files panel's post to its action)", () => {
  it("deletes one of the property's files; another user's or another record's is a 404, and a post naming none or an unknown change a 400, deleting nothing", async () => {
    const ana = await investor("Rowan");
    const ben = await investor("Sumac");
    const ours = await uploadFile(ana.token, "property", ana.propertyId, "rowan-roof.csv");
    const kept = await uploadFile(ana.token, "property", ana.propertyId, "rowan-kept.csv");
    const onDeal = await uploadFile(ana.token, "deal", ana.dealId, "rowan-comps.csv");
    const theirs = await uploadFile(ben.token, "property", ben.propertyId, "sumac-roof.csv");
    const path = `/possible-investments/${ana.propertyId}.data`;

    const deleted = await post(path, ana.cookie, { intent: "delete-file", fileId: ours });
    expect(deleted.status).toBe(200);
    expect(await fileNames(ana.token, "property", ana.propertyId)).toEqual(["rowan-kept.csv"]);

    for (const fileId of [theirs, onDeal, ours]) {
      const refused = await post(path, ana.cookie, { intent: "delete-file", fileId });
      expect(refused.status, fileId).toBe(404);
      expect(refused.html, fileId).toContain("File not found");
    }
    expect((await post(path, ana.cookie, { intent: "delete-file" })).status).toBe(400);
    expect((await post(path, ana.cookie, { intent: "erase-file", fileId: kept })).status).toBe(400);
    const onTheirs = `/possible-investments/${ben.propertyId}.data`;
    expect(
      (await post(onTheirs, ana.cookie, { intent: "delete-file", fileId: theirs })).status,
    ).toBe(404);
    expect(await fileNames(ana.token, "property", ana.propertyId)).toEqual(["rowan-kept.csv"]);
    expect(await fileNames(ana.token, "deal", ana.dealId)).toEqual(["rowan-comps.csv"]);
    expect(await fileNames(ben.token, "property", ben.propertyId)).toEqual(["sumac-roof.csv"]);
    const { html } = await page(`/possible-investments/${ana.propertyId}`, ana.cookie);
    expect(html).toContain("rowan-kept.csv");
    expect(html).not.toContain("rowan-roof.csv");
  });
});

describe("adding a property by hand", () => {
  const addresses = async (token: string) => {
    const response = await api("/data/properties?limit=100", { token });
    return ((await response.json()) as { data: { address: string }[] }).data
      .map((p) => p.address)
      .sort();
  };

  it("adds it with a form that works without JavaScript, then opens its page", async () => {
    const ana = await investor("Juniper");
    const added = await post("/possible-investments/new", ana.cookie, {
      address: "7 Quince Ct",
      city: "Akron",
      propertyType: "single_family",
      status: "new",
      listPrice: "$99,500",
      beds: "",
    });
    expect(added.status).toBe(303);
    const { html } = await page(added.location!, ana.cookie);
    expect(html).toContain("<title>7 Quince Ct · AI42</title>");
    expect(html).toMatch(/value="\$99,500"/);
    expect(await addresses(ana.token)).toEqual(["12 Juniper St", "7 Quince Ct"]);
  });

  it("refuses a form without an address, says why beside it, keeps what was typed and adds nothing", async () => {
    const ana = await investor("Kapok");
    const refused = await post("/possible-investments/new", ana.cookie, {
      address: " ",
      city: "Kent",
      propertyType: "single_family",
      status: "new",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('value="Kent"');
    expect(refused.html).toContain(`id="property-address-error"`);
    expect(await addresses(ana.token)).toEqual(["12 Kapok St"]);
  });

  it("names the property already at that address and writes nothing", async () => {
    const ana = await investor("Larch");
    const again = await post("/possible-investments/new", ana.cookie, {
      address: "12 Larch St",
      city: "Dayton",
      state: "OH",
      propertyType: "single_family",
      status: "new",
      listPrice: "1",
    });
    expect(again.status).toBe(200);
    expect(again.html).toContain("already in your list");
    expect(again.html).toContain(`href="/possible-investments/${ana.propertyId}"`);
    expect((await property(ana.token, ana.propertyId)).data!.listPrice).toBe(185_000);
  });

  it("puts a deleted property back from the list's Undo (JSON), and refuses another site's form", async () => {
    const ana = await investor("Maple");
    const restored = await postJson("/possible-investments/new", ana.cookie, {
      input: { address: "3 Undo Way", city: "Dayton", propertyTaxesAnnual: 1234.56 },
    });
    expect(restored.status).toBe(200);
    expect(await addresses(ana.token)).toEqual(["12 Maple St", "3 Undo Way"]);
    const forged = await post(
      "/possible-investments/new",
      ana.cookie,
      { address: "9 Forged Rd", propertyType: "single_family", status: "new" },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect(await addresses(ana.token)).toEqual(["12 Maple St", "3 Undo Way"]);
  });
});
