/**
 * The SQL export's way round the search indexes (README, "Backups"; decision 43): `wrangler d1
 * export` refuses virtual tables, so an operator drops them with scripts/search-indexes-drop.sql,
 * exports, and builds them again from the tables with migrations 0033 and 0040. In between every
 * write must still work; after, a search finds what was written meanwhile.
 */
import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import dropScript from "../../scripts/search-indexes-drop.sql?raw";
import { account } from "./helpers";

type Page = { data: { id: string }[] };

/** The drop script's statements: one a line, after its comments. */
const dropStatements = dropScript
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("--"));

/** A migration's statements, as `wrangler d1 execute --file` runs them. */
async function runMigration(name: string) {
  const migration = env.TEST_MIGRATIONS.find((one) => one.name.startsWith(name));
  expect(migration, name).toBeDefined();
  await env.DB.batch(migration!.queries.map((query) => env.DB.prepare(query)));
}

it("keeps writes working with the search indexes dropped, and finds them once built again", async () => {
  const { call } = await account();
  const made = await call<{ data: { id: string } }>("/marketing/leads", {
    method: "POST",
    json: { firstName: "Odalys", lastName: "Verhoeven", source: "mailer" },
  });
  expect(made.status).toBe(201);
  const id = made.body.data.id;

  await env.DB.batch(dropStatements.map((statement) => env.DB.prepare(statement)));
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE name LIKE '%\\_search%' ESCAPE '\\'",
  ).all<{ name: string }>();
  expect(results).toEqual([]);

  // A lead's contact renamed, a contact and a property made, while no index is there.
  const renamed = await call(`/marketing/leads/${id}`, {
    method: "PUT",
    json: { firstName: "Odalys", lastName: "Quarrington", source: "mailer" },
  });
  expect(renamed.status).toBe(200);
  const contact = await call<{ data: { id: string } }>("/contacts", {
    method: "POST",
    json: { firstName: "Bertil", lastName: "Ottosen" },
  });
  expect(contact.status).toBe(201);

  await runMigration("0033_");
  await runMigration("0040_");

  const search = async (list: string, q: string) => {
    const { status, body } = await call<Page>(`${list}?q=${q}`);
    expect(status, `${list} q=${q}`).toBe(200);
    return body.data.map((row) => row.id);
  };
  expect(await search("/marketing/leads", "quarr")).toEqual([id]);
  expect(await search("/marketing/leads", "verhoev")).toEqual([]);
  expect(await search("/contacts", "ottos")).toEqual([contact.body.data.id]);
  // And the rebuilt indexes follow writes again.
  const again = await call(`/marketing/leads/${id}`, {
    method: "PUT",
    json: { firstName: "Odalys", lastName: "Lindqvist", source: "mailer" },
  });
  expect(again.status).toBe(200);
  expect(await search("/marketing/leads", "lindq")).toEqual([id]);
});
