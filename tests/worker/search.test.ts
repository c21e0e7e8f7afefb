/**
 * Search through the FTS5 indexes (migration 0033, worker/db/search.ts): `q` on the lists finds a
 * record by the beginning of a word of any column searched, in any case and with or without
 * accents; it follows every write at once (the indexes' triggers); it never shows another user's
 * records; any text typed is answered, never a 500; and SQLite reads the search's matches through
 * the index, not all the user's rows (the query plans).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { SEARCH_INDEXES, searchTableOf, WALK_FROM_MATCHES } from "../../worker/db/search";
import { listContacts } from "../../worker/services/contacts";
import { listLeads } from "../../worker/services/leads";
import { listProperties } from "../../worker/services/properties";
import { account, type Caller } from "./helpers";

type Page = { data: { id: string }[]; meta?: { total: number } };
type Made = { data: { id: string } };

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  alice = await account();
  bob = await account();
});

/** The ids a list answers for `q`, checking that it answered 200 and counted them all. */
async function found(call: Caller, list: string, q: string) {
  const separator = list.includes("?") ? "&" : "?";
  const { status, body } = await call<Page>(`${list}${separator}q=${encodeURIComponent(q)}`);
  expect(status, `${list} q=${q}`).toBe(200);
  // The documents' list has no pages; the others count what they match.
  if (body.meta) expect(body.meta.total, `${list} q=${q}`).toBe(body.data.length);
  return body.data.map((row) => row.id);
}

async function create(call: Caller, path: string, json: unknown) {
  const { status, body } = await call<Made>(path, { method: "POST", json });
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(201);
  return body.data.id;
}

/** Imports one property (the import's upsert: a second import of its address updates it). */
async function importProperty(call: Caller, json: Record<string, unknown>) {
  const { status, body } = await call<{ data: { ids: string[] } }>("/data/properties", {
    method: "POST",
    json,
  });
  expect(status).toBe(200);
  return body.data.ids[0]!;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe("a word's beginning finds the record, in any column searched", () => {
  it("finds a property by its address, city, state, ZIP, external id, notes or owner", async () => {
    const { call } = await account();
    const owner = await create(call, "/contacts", {
      firstName: "Ngozi",
      lastName: "Adeyemi",
      company: "Adeyemi Holdings",
    });
    const id = await importProperty(call, {
      address: "1427 Maplewood Ave",
      city: "Dayton",
      state: "OH",
      zip: "45402",
      externalId: "MLS-77812",
      notes: "Roof replaced by Okafor Roofing",
      ownerContactId: owner,
    });
    await importProperty(call, { address: "9 Quarry Rd", city: "Xenia" });
    for (const q of [
      "maple",
      "1427 MAPLEW",
      "dayt",
      "oh",
      "4540",
      "mls-778",
      "okaf roof",
      "ngoz",
      "adeyemi hold",
    ]) {
      expect(await found(call, "/data/properties", q), q).toEqual([id]);
    }
    // Words begin where the record's words begin: a piece inside a word is not one.
    expect(await found(call, "/data/properties", "plewood")).toEqual([]);
    // Every word must be found.
    expect(await found(call, "/data/properties", "maple xenia")).toEqual([]);
  });

  it("finds a contact by name, e-mail, phone, company, tags or notes, accents ignored", async () => {
    const { call } = await account();
    const id = await create(call, "/contacts", {
      firstName: "José",
      lastName: "Núñez",
      email: "jnunez@corrientes.example",
      phone: "(937) 555-0147",
      company: "Corrientes Capital",
      tags: ["probate"],
      notes: "Met at the REIA lunch",
    });
    await create(call, "/contacts", { firstName: "Jo", lastName: "Anderson" });
    for (const q of [
      "jose",
      "JOSÉ ñu",
      "nunez",
      "jnun",
      "jnunez@corrientes.ex",
      "937 555",
      "555-01",
      "corr cap",
      "probat",
      "reia",
    ]) {
      expect(await found(call, "/contacts", q), q).toEqual([id]);
    }
  });

  it("finds a lead by its contact's fields or its source", async () => {
    const { call } = await account();
    const id = await create(call, "/marketing/leads", {
      firstName: "Tobias",
      lastName: "Wren",
      email: "tobias@wren.example",
      source: "Door knocking",
    });
    await create(call, "/marketing/leads", { firstName: "Ida", source: "Mailer" });
    for (const q of ["tob wren", "wren.ex", "door knock", "DOOR", "door tobias"]) {
      expect(await found(call, "/marketing/leads", q), q).toEqual([id]);
    }
  });

  it("finds projects, auctions, documents and deal analyses by their words", async () => {
    const { call } = await account();
    const project = await create(call, "/projects", {
      name: "Larkspur duplex",
      address: "31 Fenwick St",
      city: "Springfield",
      description: "Seller financing likely",
    });
    const auction = await create(call, "/auctions", {
      saleType: "sheriff",
      saleAt: inDays(10),
      address: "77 Tanager Way",
      city: "Pittsburgh",
      county: "Allegheny",
      state: "PA",
      caseNumber: "MG-24-001234",
      apn: "0123-R-00456",
      notes: "Occupied, redemption period",
    });
    const entry = await create(call, "/data/entries", {
      title: "Offer checklist",
      content: "Confirm **escrow** with the title company",
      tags: ["closing"],
    });
    const deal = await create(call, "/deals", {
      name: "Quillfeather flip",
      strategy: "flip",
      inputs: { purchasePrice: 100000, arv: 160000, holdingMonths: 6 },
    });
    // Each list: what finds its record, and a piece from inside a word, which does not.
    const cases: [string, string, string[], string][] = [
      ["/projects", project, ["larks", "fenw", "springf", "financ"], "kspur"],
      [
        "/auctions",
        auction,
        ["tanag", "pitts", "alleg", "mg-24-0012", "0123-r", "redemp"],
        "nager",
      ],
      ["/data/entries", entry, ["offer check", "escrow", "closi"], "crow"],
      ["/deals", deal, ["quill", "QUILLFEATHER FL"], "feather"],
    ];
    for (const [list, id, words, inside] of cases) {
      for (const q of words) expect(await found(call, list, q), `${list} ${q}`).toEqual([id]);
      expect(await found(call, list, inside), `${list} ${inside}`).toEqual([]);
    }
  });
});

describe("a search follows every write at once", () => {
  it("finds a property by its new words after an edit or an import, and not once it is deleted", async () => {
    const { call } = await account();
    const id = await importProperty(call, {
      address: "52 Maplewood Ave",
      city: "Dayton",
      externalId: "PR-5521",
    });
    expect(await found(call, "/data/properties", "maplew")).toEqual([id]);

    const edited = await call(`/data/properties/${id}`, {
      method: "PUT",
      json: { address: "88 Birchwood Ct", city: "Dayton", externalId: "PR-5521", listPrice: 1 },
    });
    expect(edited.status).toBe(200);
    expect(await found(call, "/data/properties", "maplew")).toEqual([]);
    expect(await found(call, "/data/properties", "birchw dayt")).toEqual([id]);

    // A change to a field no search reads leaves the record found once.
    await call(`/data/properties/${id}`, {
      method: "PUT",
      json: { address: "88 Birchwood Ct", city: "Dayton", externalId: "PR-5521", listPrice: 2 },
    });
    expect(await found(call, "/data/properties", "birchw")).toEqual([id]);

    // The import updates the record it matches (by external id): its new notes are found.
    const imported = { address: "88 Birchwood Ct", externalId: "PR-5521", notes: "Cash buyer" };
    expect(await importProperty(call, imported)).toBe(id);
    expect(await found(call, "/data/properties", "cash buy")).toEqual([id]);

    expect((await call(`/data/properties/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await found(call, "/data/properties", "birchw")).toEqual([]);
  });

  it("finds a lead by its contact's new name, and not once the contact is deleted", async () => {
    const { call } = await account();
    const id = await create(call, "/marketing/leads", { firstName: "Marisol", lastName: "Ybarra" });
    const renamed = await call(`/marketing/leads/${id}`, {
      method: "PUT",
      json: { firstName: "Marisol", lastName: "Quintero" },
    });
    expect(renamed.status).toBe(200);
    expect(await found(call, "/marketing/leads", "ybarra")).toEqual([]);
    expect(await found(call, "/marketing/leads", "quint")).toEqual([id]);

    // The lead goes with its contact (a cascade, which the lead's index follows too).
    expect((await call(`/contacts/${id}`, { method: "DELETE" })).status).toBe(200);
    expect(await found(call, "/marketing/leads", "quint")).toEqual([]);
    expect(await found(call, "/contacts", "marisol")).toEqual([]);
  });
});

describe("another user's records", () => {
  it("never appear in a search, even with the same words", async () => {
    const mine = await importProperty(alice.call, { address: "5 Wisteria Ln", city: "Fairview" });
    const theirs = await importProperty(bob.call, { address: "5 Wisteria Ln", city: "Fairview" });
    await create(bob.call, "/contacts", { firstName: "Wisteria", lastName: "Owner" });
    expect(await found(alice.call, "/data/properties", "wister")).toEqual([mine]);
    expect(await found(bob.call, "/data/properties", "wister")).toEqual([theirs]);
    expect(await found(alice.call, "/contacts", "wister")).toEqual([]);
    const only = await importProperty(bob.call, { address: "1 Zinnia Ct" });
    expect(await found(alice.call, "/data/properties", "zinn")).toEqual([]);
    expect(await found(bob.call, "/data/properties", "zinn")).toEqual([only]);
  });
});

describe("any text typed", () => {
  // Every list reads `q` through the same words (worker/db/search.ts): all the inputs go to the
  // searches made of several parts, a few to each of the others.
  const LISTS = ["/data/properties", "/marketing/leads", "/files"];
  const OTHER_LISTS = [
    "/contacts",
    "/projects",
    "/auctions",
    "/data/entries",
    "/deals",
    "/routes",
    "/conversations",
    "/ai/research",
  ];
  const HOSTILE = [
    '"',
    '""',
    "'",
    "*",
    "*main",
    "main*",
    "NEAR(",
    "NEAR(main oak, 2)",
    "AND",
    "OR NOT",
    "-",
    "-main",
    ":",
    "address:main",
    "{address city}: main",
    "^main",
    "+",
    "(",
    ")",
    "%",
    "_",
    "\\",
    '"main" OR "oak"',
    "main AND",
    "🏠",
    "main\u0000oak",
    // As long as every list takes (the route candidates' `q` stops at 100 characters).
    "a".repeat(100),
    Array.from({ length: 25 }, (_, i) => `w${i}`).join(" "),
  ];

  it("is answered with 200 on every list, never a 500", { timeout: 60_000 }, async () => {
    const { call } = await account();
    await importProperty(call, { address: "12 Main St" });
    const asked = [
      ...LISTS.map((list) => [list, HOSTILE] as const),
      ...OTHER_LISTS.map((list) => [list, ['"', "NEAR(", "{title}: *", "main\u0000oak"]] as const),
    ];
    for (const [list, inputs] of asked) {
      const answers = await Promise.all(
        inputs.map(async (q) => {
          const { status } = await call(`${list}?q=${encodeURIComponent(q)}`);
          return { q, status };
        }),
      );
      for (const { q, status } of answers) {
        expect(status, `${list} q=${JSON.stringify(q)}`).toBe(200);
      }
    }
  });

  it("takes operators as words, finds nothing for signs alone, and everything for spaces", async () => {
    const { call } = await account();
    const anderson = await create(call, "/contacts", { firstName: "Ola", lastName: "Anderson" });
    const nearby = await create(call, "/contacts", { firstName: "Nearby", lastName: "Realty" });
    expect(await found(call, "/contacts", "AND")).toEqual([anderson]);
    expect(await found(call, "/contacts", "NEAR(")).toEqual([nearby]);
    expect(await found(call, "/contacts", '"ola"')).toEqual([anderson]);
    for (const q of ["%", "-", '"', "*", "🏠"])
      expect(await found(call, "/contacts", q)).toEqual([]);
    expect((await found(call, "/contacts", "   ")).sort()).toEqual([anderson, nearby].sort());
  });
});

/**
 * The statements a service sends, with their values: a D1 binding that notes each one bound
 * before handing it on.
 */
function recordingDatabase() {
  const sent: { sql: string; params: unknown[] }[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key !== "prepare") {
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (sql: string) => {
        const statement = target.prepare(sql);
        return new Proxy(statement, {
          get(inner, name) {
            const value = Reflect.get(inner, name, inner) as unknown;
            if (name !== "bind") return typeof value === "function" ? value.bind(inner) : value;
            return (...params: unknown[]) => {
              sent.push({ sql, params });
              return statement.bind(...params);
            };
          },
        });
      };
    },
  });
  return { db: database(d1), sent };
}

/** What SQLite plans for each statement that searches, one line per step. */
async function searchPlans(sent: { sql: string; params: unknown[] }[]) {
  const searches = sent.filter(({ sql }) => sql.includes(" MATCH "));
  expect(searches.length).toBeGreaterThan(0);
  return Promise.all(
    searches.map(async ({ sql, params }) => {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return results.map((row) => row.detail);
    }),
  );
}

/**
 * A workspace of `rows` properties and as many leads, written as imports write them (the indexes'
 * triggers fire): six in seven on Magnolia Ave, owned by or named Whitfield, the rest on Elm St,
 * named Ames; a few Elm St properties owned by "Magnolia Holdings" (found through their owner);
 * times shared by many rows, so that the order's tie-break by id is read.
 */
async function seedSearchable(userId: string, rows: number) {
  const numbers = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)`;
  const at = `printf('2026-11-01T00:%02d:00.000Z', i % 40)`;
  const id = (kind: string) => `printf('%s-${kind}%05d', ?1, i)`;
  await env.DB.batch(
    [
      `INSERT INTO contacts (id, user_id, first_name, last_name, company, type, tags, created_at, updated_at)
       SELECT ${id("c")}, ?1, 'Pat', CASE WHEN i % 7 = 0 THEN 'Ames' ELSE 'Whitfield' END,
              CASE WHEN i % 50 = 0 THEN 'Magnolia Holdings' END, 'lead', '[]', ${at}, ${at}
       FROM n`,
      `INSERT INTO leads (contact_id, user_id, source, status, reached, consent_email, consent_sms,
                          consent_call, answers, created_at, updated_at)
       SELECT ${id("c")}, ?1, 'Mailer', 'new', 'new', 0, 0, 0, '[]', ${at}, ${at} FROM n`,
      `INSERT INTO properties (id, user_id, address, city, state, zip, status, dedupe_key,
                               list_price, owner_contact_id, created_at, updated_at)
       SELECT ${id("p")}, ?1,
              printf('%d %s', i, CASE WHEN i % 7 = 0 THEN 'Elm St' ELSE 'Magnolia Ave' END),
              'Austin', 'TX', '78701', 'lead', ${id("k")}, (i % 90) * 1000, ${id("c")}, ${at}, ${at}
       FROM n`,
    ].map((insert) => env.DB.prepare(`${numbers} ${insert}`).bind(userId, rows)),
  );
}

describe("a search with many matches", () => {
  const ROWS = Math.ceil(((WALK_FROM_MATCHES + 200) * 7) / 6);
  let many: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    many = await account();
    await seedSearchable(many.user.id, ROWS);
  });

  /** The ids of a page as SQLite gives them without the search index (`LIKE`), and the count. */
  async function expected(query: string, params: unknown[], page: number) {
    const { results } = await env.DB.prepare(query)
      .bind(many.user.id, ...params)
      .all<{ id: string }>();
    const ids = results.map((row) => row.id);
    return { ids: ids.slice((page - 1) * 25, page * 25), total: ids.length };
  }

  async function listed(path: string) {
    const { status, body } = await many.call<Page>(path);
    expect(status, path).toBe(200);
    return { ids: body.data.map((row) => row.id), total: body.meta!.total };
  }

  const OWN_OR_OWNER = `FROM properties AS p LEFT JOIN contacts AS c ON c.id = p.owner_contact_id
    WHERE p.user_id = ?1 AND (p.address LIKE ?2 OR c.first_name LIKE ?2 OR c.last_name LIKE ?2 OR c.company LIKE ?2)`;

  it("pages properties in the list's order and counts them all, as with few matches", async () => {
    for (const [word, like] of [
      ["magno", "%magno%"],
      ["elm", "%elm %"],
    ] as const) {
      for (const page of [1, 3]) {
        const latest = await expected(
          `SELECT p.id ${OWN_OR_OWNER} ORDER BY p.updated_at DESC, p.id DESC`,
          [like],
          page,
        );
        expect(
          await listed(`/data/properties?q=${word}&limit=25&page=${page}`),
          `${word} ${page}`,
        ).toEqual(latest);
        const cheapest = await expected(
          `SELECT p.id ${OWN_OR_OWNER} ORDER BY p.list_price ASC, p.id ASC`,
          [like],
          page,
        );
        expect(
          await listed(`/data/properties?q=${word}&sort=listPrice&dir=asc&limit=25&page=${page}`),
          `${word} ${page} by price`,
        ).toEqual(cheapest);
      }
    }
    // The dense word matches more than the walk needs; the sparse one fewer.
    expect((await listed("/data/properties?q=magno")).total).toBeGreaterThanOrEqual(
      WALK_FROM_MATCHES,
    );
    expect((await listed("/data/properties?q=elm")).total).toBeLessThan(WALK_FROM_MATCHES);
  });

  it("pages leads newest first, counting them all, by their own words and their contact's", async () => {
    const leadsOf = `FROM leads AS l JOIN contacts AS c ON c.id = l.contact_id
      WHERE l.user_id = ?1 AND (c.last_name LIKE ?2 OR c.company LIKE ?2 OR l.source LIKE ?2)`;
    for (const [word, like] of [
      ["whitf", "whitf%"],
      ["ames", "ames"],
    ] as const) {
      for (const page of [1, 3]) {
        const newest = await expected(
          `SELECT l.contact_id AS id ${leadsOf} ORDER BY l.created_at DESC, l.contact_id DESC`,
          [like],
          page,
        );
        expect(
          await listed(`/marketing/leads?q=${word}&limit=25&page=${page}`),
          `${word} ${page}`,
        ).toEqual(newest);
      }
    }
    // Words from the lead's source and from its contact's name, together.
    const both = await expected(
      `SELECT l.contact_id AS id ${leadsOf} AND l.source = 'Mailer' ORDER BY l.created_at DESC, l.contact_id DESC`,
      ["ames"],
      1,
    );
    expect(await listed("/marketing/leads?q=mailer%20ames&limit=25")).toEqual(both);
  });

  it("pages contacts by name, counting them all", async () => {
    for (const [word, like] of [
      ["whitf", "whitf%"],
      ["ames", "ames"],
    ] as const) {
      for (const page of [1, 3]) {
        const byName = await expected(
          `SELECT id FROM contacts WHERE user_id = ?1 AND (last_name LIKE ?2 OR company LIKE ?2)
           ORDER BY last_name ASC, first_name ASC, id ASC`,
          [like],
          page,
        );
        expect(
          await listed(`/contacts?q=${word}&limit=25&page=${page}`),
          `${word} ${page}`,
        ).toEqual(byName);
      }
    }
  });

  it("reads a page by walking the list's index, and counts in the search indexes", async () => {
    const { db, sent } = recordingDatabase();
    await listProperties(
      db,
      many.user.id,
      { q: "magnolia" },
      { sort: "updatedAt", dir: "desc" },
      { page: 1, limit: 25 },
    );
    await listLeads(db, many.user.id, { q: "whitfield" }, { page: 1, limit: 25 });
    await listContacts(db, many.user.id, { q: "whitfield" }, { page: 1, limit: 25 });
    const [propertyCount, propertyPage, leadCount, leadPage, contactCount, contactPage] =
      await searchPlans(sent);
    // The counts read the indexes alone (the owners' through the owner index), never a property.
    expect(propertyCount!.join("\n")).not.toMatch(/(SCAN|SEARCH) properties\b/);
    expect(propertyCount!.join("\n")).toMatch(
      /SEARCH owned USING COVERING INDEX properties_user_owner/,
    );
    expect(leadCount).toEqual([expect.stringMatching(/SCAN leads_search VIRTUAL TABLE/)]);
    expect(contactCount).toEqual([expect.stringMatching(/SCAN contacts_search VIRTUAL TABLE/)]);
    // The pages walk the order's index and stop after a page: nothing to sort.
    expect(propertyPage!.join("\n")).toMatch(
      /SEARCH properties USING INDEX properties_by_updated_at/,
    );
    expect(leadPage!.join("\n")).toMatch(/SEARCH leads USING INDEX leads_user_created/);
    expect(contactPage!.join("\n")).toMatch(/SEARCH contacts USING INDEX contacts_user_name/);
    for (const plan of [propertyPage!, leadPage!, contactPage!]) {
      expect(plan.join("\n")).not.toMatch(/TEMP B-TREE/);
    }
  });
});

describe("a search's query plan", () => {
  it("reads the properties list and its count from the index's matches", async () => {
    const { db, sent } = recordingDatabase();
    await listProperties(
      db,
      alice.user.id,
      { q: "wisteria fairview" },
      { sort: "updatedAt", dir: "desc" },
      { page: 1, limit: 25 },
    );
    const plans = await searchPlans(sent);
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      const steps = plan.join("\n");
      expect(steps).toMatch(/SCAN properties_search VIRTUAL TABLE/);
      expect(steps).toMatch(/SCAN contacts_search VIRTUAL TABLE/);
      expect(steps).not.toMatch(/^SCAN (properties|contacts)\b/m);
      expect(steps).not.toMatch(/SEARCH properties USING (COVERING )?INDEX properties_/);
      expect(steps).not.toMatch(/SEARCH contacts USING (COVERING )?INDEX contacts_user_/);
    }
    // The few matches' rows are looked up by rowid, never read through a user index (all of the
    // user's rows).
    expect(plans[1]!.join("\n")).toMatch(
      /SEARCH properties USING INTEGER PRIMARY KEY \(rowid=\?\)/,
    );
  });

  it("reads the leads list and its count from the index's matches", async () => {
    const { db, sent } = recordingDatabase();
    await listLeads(db, alice.user.id, { q: "door knock" }, { page: 1, limit: 25 });
    const plans = await searchPlans(sent);
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      const steps = plan.join("\n");
      expect(steps).toMatch(/SCAN leads_search VIRTUAL TABLE/);
      expect(steps).not.toMatch(/^SCAN (leads|contacts)\b/m);
      expect(steps).not.toMatch(/SEARCH leads USING (COVERING )?INDEX leads_user_/);
      expect(steps).not.toMatch(/SEARCH contacts USING (COVERING )?INDEX contacts_user_/);
    }
    expect(plans[1]!.join("\n")).toMatch(/SEARCH leads USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });
});

describe("the indexes", () => {
  it("leaves every index in agreement with its table after all the writes above", async () => {
    for (const index of Object.values(SEARCH_INDEXES)) {
      const table = searchTableOf(index);
      // FTS5 compares the index with the rows it reads through its view, column by column.
      await env.DB.prepare(
        `INSERT INTO ${table}(${table}, rank) VALUES ('integrity-check', 1)`,
      ).run();
      const columns = index.columns.map((column) => column.name).join(", ");
      await env.DB.prepare(`SELECT user_key, ${columns} FROM ${table} LIMIT 1`).all();
    }
  });
});
