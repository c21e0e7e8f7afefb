/**
 * Every statement the Worker sends D1 while people work in a team's workspace keeps to that
 * workspace. A sweep of real requests (the API's list, search, read, create, change and delete of
 * every kind, the exports, the pages, a member "assigned records only", a share link opened by a
 * stranger) goes through the Worker's own entry with a D1 that notes each statement and its values,
 * and the cron runs once on the same D1. Each statement that reads or changes a table of a
 * workspace's records must narrow it to one owner (workspace-scope.ts), and that owner must be the
 * team: a query that forgets the filter, or filters by the person rather than the workspace, fails
 * here. The few statements that rightly reach across workspaces are listed below, each with why.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { runScheduled } from "../../worker/scheduled";
import { joinAs, noting, ORIGIN, type RanStatement, register, RENTAL } from "./helpers";
import {
  OTHER_OWNED_TABLES,
  SCHEMA_COLUMNS,
  SEARCH_TABLES,
  statementScope,
} from "./workspace-scope";
import { WORKSPACE_TABLES } from "../../worker/db/workspace-tables";

interface Sent extends RanStatement {
  /** The request (or the step of the sweep) it was sent for. */
  during: string;
}

describe("the checker", () => {
  const unscoped = (sql: string) => statementScope(sql).unscoped.map(({ table }) => table);

  it("finds a record read, changed or deleted by its id alone", () => {
    expect(unscoped(`select * from "projects" where "id" = ?`)).toEqual(["projects"]);
    expect(unscoped(`select * from "projects" where "projects"."id" = ? limit ?`)).toEqual([
      "projects",
    ]);
    expect(unscoped(`update "deals" set "name" = ? where "deals"."id" = ?`)).toEqual(["deals"]);
    expect(unscoped(`delete from "files" where "files"."id" = ? returning "id"`)).toEqual([
      "files",
    ]);
    expect(unscoped(`select count(*) from "leads"`)).toEqual(["leads"]);
  });

  it("passes a record read by its id within its workspace, however drizzle writes it", () => {
    expect(unscoped(`select * from "projects" where "id" = ? and "user_id" = ?`)).toEqual([]);
    expect(
      unscoped(
        `select "id" from "projects" where ("projects"."id" = ? and "projects"."user_id" = ?) limit ?`,
      ),
    ).toEqual([]);
    expect(
      unscoped(`delete from "files" where ("files"."user_id" = ? and "files"."id" = ?)`),
    ).toEqual([]);
    expect(
      unscoped(`select * from "leads" where (+"leads"."user_id" = ? and "leads"."score" > ?)`),
    ).toEqual([]);
    expect(unscoped(`select * from "deals" where "deals"."user_id" in (?, ?)`)).toEqual([]);
  });

  it("does not count a workspace filter that does not hold for every row", () => {
    expect(unscoped(`select * from "projects" where "user_id" = ? or "id" = ?`)).toEqual([
      "projects",
    ]);
    expect(
      unscoped(`select * from "projects" where ("projects"."user_id" = ? or "projects"."id" = ?)`),
    ).toEqual(["projects"]);
    expect(unscoped(`select * from "projects" where not ("user_id" = ?)`)).toEqual(["projects"]);
    expect(
      unscoped(`select * from "projects" where case when "user_id" = ? then 1 else 1 end`),
    ).toEqual(["projects"]);
    expect(unscoped(`select * from "projects" where coalesce("user_id" = ?, 1)`)).toEqual([
      "projects",
    ]);
    // The filter in the select list narrows nothing.
    expect(unscoped(`select "user_id" = ? from "projects"`)).toEqual(["projects"]);
  });

  it("passes a table joined to a narrowed one by its key, and finds one joined by nothing", () => {
    expect(
      unscoped(
        `select * from "leads" inner join "contacts" on "contacts"."id" = "leads"."contact_id" where "leads"."user_id" = ?`,
      ),
    ).toEqual([]);
    expect(
      unscoped(`select * from "leads" cross join "contacts" where "leads"."user_id" = ?`),
    ).toEqual(["contacts"]);
    expect(
      unscoped(
        `select * from "properties" "p" left join "deals" "d" on "d"."property_id" = "p"."id" where "p"."user_id" = ?`,
      ),
    ).toEqual([]);
  });

  it("checks each subquery and CTE on its own", () => {
    expect(
      unscoped(
        `select * from "projects" where "projects"."user_id" = ? and "projects"."id" in (select "project_id" from "deals" where "deals"."id" = ?)`,
      ),
    ).toEqual(["deals"]);
    expect(
      unscoped(
        `select * from "files" where "files"."id" in (select "file_id" from "file_pages" where "file_pages"."page" = ?)`,
      ),
    ).toEqual(["files", "file_pages"]);
    // Rows among those of a subquery narrowed to one owner are that owner's.
    expect(
      unscoped(
        `select * from "files" where "files"."id" in (select "file_id" from "file_pages" where "file_pages"."user_id" = ?)`,
      ),
    ).toEqual([]);
    expect(
      unscoped(
        `SELECT "contacts"."id" FROM "contacts" WHERE "contacts".rowid IN (SELECT rowid FROM "contacts_search" WHERE "contacts_search" MATCH ? UNION SELECT rowid FROM "contacts" WHERE "user_id" = ?)`,
      ),
    ).toEqual([]);
    expect(
      unscoped(
        `SELECT "contacts"."id" FROM "contacts" WHERE "contacts".rowid IN (SELECT rowid FROM "contacts_search" WHERE "contacts_search" MATCH ? UNION SELECT rowid FROM "contacts" WHERE "type" = ?)`,
      ),
    ).toEqual(["contacts", "contacts"]);
    expect(
      unscoped(
        `with "mine" as (select "id" from "deals" where "user_id" = ?) select * from "mine" join "files" on "files"."owner_id" = "mine"."id"`,
      ),
    ).toEqual(["files"]);
    // A correlated subquery narrowed through the row outside it.
    expect(
      unscoped(
        `select * from "properties" "p" where "p"."user_id" = ? and exists (select 1 from "deals" where "deals"."property_id" = "p"."id")`,
      ),
    ).toEqual([]);
  });

  it("reads a search index as narrowed by a MATCH, and tells which values name the owner", () => {
    const search = `select count(*) from (SELECT rowid FROM "leads_search" WHERE "leads_search" MATCH ?)`;
    expect(statementScope(search)).toEqual({
      tables: ["leads_search"],
      unscoped: [],
      values: [{ table: "leads_search", param: 0, by: "match" }],
    });
    expect(
      unscoped(`SELECT rowid FROM "leads_search" WHERE "leads_search" MATCH 'x' OR 1`),
    ).toEqual(["leads_search"]);
    expect(
      statementScope(
        `select * from "leads" where "leads"."status" = ?3 and "leads"."user_id" = ?1 limit ?2`,
      ).values,
    ).toEqual([{ table: "leads", param: 0, by: "value" }]);
  });

  it("checks an upsert's change of the row it clashes with, and not plain inserts", () => {
    expect(unscoped(`insert into "projects" ("id", "user_id") values (?, ?)`)).toEqual([]);
    expect(
      unscoped(
        `insert into "start_places" ("user_id", "home") values (?, ?) on conflict ("start_places"."user_id") do update set "home" = ?`,
      ),
    ).toEqual([]);
    expect(
      unscoped(
        `insert into "properties" ("id", "user_id") select json_extract(value, '$.id'), json_extract(value, '$.user_id') from json_each(?) where true on conflict ("properties"."id") do update set "address" = excluded."address" where "properties"."user_id" = excluded."user_id"`,
      ),
    ).toEqual([]);
    expect(
      unscoped(
        `insert into "properties" ("id", "user_id") values (?, ?) on conflict ("properties"."id") do update set "address" = excluded."address"`,
      ),
    ).toEqual(["properties"]);
    expect(unscoped(`insert or replace into "deals" ("id", "user_id") values (?, ?)`)).toEqual([
      "deals",
    ]);
  });

  it("leaves the tables that are no workspace's records alone", () => {
    expect(unscoped(`select * from "users" where "id" = ?`)).toEqual([]);
    expect(unscoped(`select * from "notifications" where "id" = ?`)).toEqual([]);
  });
});

describe("the tables of a workspace's records", () => {
  it("are every table with an owner column, each named a workspace's or said why not", () => {
    const withOwner = [...SCHEMA_COLUMNS]
      .filter(([, columns]) => columns.has("user_id") || columns.has("workspace_id"))
      .map(([table]) => table)
      .sort();
    const classified = [...WORKSPACE_TABLES.keys(), ...OTHER_OWNED_TABLES.keys()].sort();
    expect(classified).toEqual(withOwner);
    for (const [table, column] of WORKSPACE_TABLES)
      expect(SCHEMA_COLUMNS.get(table)?.has(column), table).toBe(true);
  });
});

/** What the statements the cron sends are noted as sent during. */
const CRON = "the cron";

/** What a file's after-work sends: its text read, and the sweep of what crashed uploads left. */
const UPLOAD_OR_CRON = /^(POST \/api\/files|the cron)$/;

/**
 * The statements that rightly reach across workspaces: when each is sent (a request's path, or the
 * cron), what it is, and why it may. Anything else unnarrowed fails the sweep.
 */
const ACROSS_WORKSPACES: { during: RegExp; sql: RegExp; why: string }[] = [
  {
    during: /^GET \/shared\//,
    sql: /^select .* from "deal_shares" inner join "deals" on .* where \("deal_shares"\."token" = \?/,
    why: "A share link opens its one analysis to whoever holds it, signed in or not: found by its token (a unique secret of 256 bits), every table joined to the share's own owner",
  },
  {
    during: UPLOAD_OR_CRON,
    sql: /^update "files" set "text_reads" = |^update "files" set "text_status" = |^delete from "file_pages" where "file_pages"\."file_id" = \?$/,
    why: "The text reader (readFileText) works on one file by its id after the answer: the file the upload has just stored in the workspace, or one the cron found pending; the pages it writes carry the file's own owner",
  },
  {
    during: UPLOAD_OR_CRON,
    sql: /^select "id", "object_key" from "files" where \(\("files"\."status" = \? and "files"\."updated_at" < \?\) or /,
    why: "The files' sweep (sweepFiles), after an upload and in the cron: what crashed uploads and deletes left, in every workspace",
  },
  {
    during: /^(DELETE \/api\/files\/[\w-]+|POST \/api\/files|the cron)$/,
    sql: /^delete from "(file_pages" where "file_pages"\."file_id"|files" where "files"\."id") in \(/,
    why: "A file's rows deleted (discard) by the ids of rows just claimed: by deleteFile, which claims the file within the workspace, or by the sweep",
  },
  {
    during: new RegExp(`^${CRON}$`),
    sql: /^select .* from "(auctions" where \("auctions"\."(current_sale_at|deposit_due_at)" > \?|projects" left join "notification_settings" .* where \("projects"\."target_close_date" >= \?|calendar_events" left join "notification_settings" .* where \("calendar_events"\."remind_at" > \?)/,
    why: "The reminders' finders (reminders.ts): the sales, deposits, closings and events due now, in every workspace, each told to its own workspace's people",
  },
  {
    during: new RegExp(`^${CRON}$`),
    sql: /^select "id", "next_step", "user_id" from "sequence_enrollments" where \("sequence_enrollments"\."status" = \? and "sequence_enrollments"\."next_at" <= \?\)/,
    why: "The sequences' finder: the steps due now, in every workspace, each done as its enrollment's own",
  },
  {
    during: new RegExp(`^${CRON}$`),
    sql: /^select "id" from "files" where \("files"\."text_status" = \? and "files"\."status" = \? and "files"\."updated_at" <= \?\)/,
    why: "The finder of files whose text read was lost, in every workspace",
  },
  {
    during: new RegExp(`^${CRON}$`),
    sql: /^delete from "activity" where rowid IN \(SELECT rowid FROM "activity" WHERE "activity"\."at" < \? LIMIT \?\)/,
    why: "The activity log's sweep: entries older than a year, in every workspace",
  },
  {
    during: new RegExp(`^${CRON}$`),
    sql: /^select "id" from "import_runs" where \("import_runs"\."undo_cleared_at" is null and "import_runs"\."created_at" < \?\)|^update "import_runs" set "undo_cleared_at" = \? where "import_runs"\."id" = \?$/,
    why: "Imports too old to undo (clearOldUndo): found in every workspace, each marked by the id just found",
  },
  {
    during: new RegExp(`^${CRON}$`),
    sql: /^SELECT rowid FROM "\w+" WHERE rowid > \d+ ORDER BY rowid LIMIT 1 OFFSET|^INSERT INTO "usage_counters" \("user_id", "storage_measure", "measure_pass"\)/,
    why: "The storage re-measure (storage.ts): every table read a slice of rows at a time by rowid, each row's bytes added to its own owner's figure",
  },
];

/** The entry of ACROSS_WORKSPACES that excuses a statement sent during `at`, if any. */
const excusing = (at: string, sql: string) =>
  ACROSS_WORKSPACES.find((entry) => entry.during.test(at) && entry.sql.test(sql));

type Person = Awaited<ReturnType<typeof register>>;
type Answer = { data?: Record<string, unknown> & { id?: string; ids?: string[] } } & Record<
  string,
  unknown
>;

const sent: Sent[] = [];
let during = "";
const recorded = {
  ...env,
  DB: noting(env.DB, { push: (one: RanStatement) => sent.push({ ...one, during }) }),
};
/** Each request of the sweep, with the status it answered. */
const answered: { what: string; status: number; expected: number | string }[] = [];

let olga: Person;
let ash: Person;
/** Someone in no workspace of the team's. */
let stranger: Person;
let team = "";

interface Call {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** A page, with the session's cookie; else the API, with the bearer token and the team named. */
  page?: boolean;
  as?: Person;
  /** The status the request must answer, when not a success. */
  status?: number;
}

/** One request through the Worker's own entry, its statements noted; the answer's JSON, if any. */
async function send(path: string, init: Call = {}): Promise<{ status: number; body: Answer }> {
  const person = init.as ?? olga;
  const method = init.method ?? "GET";
  const headers = new Headers(init.headers);
  if (init.page) headers.set("Cookie", person.cookie.split(";")[0]!);
  else {
    headers.set("Authorization", `Bearer ${person.token}`);
    if (team) headers.set("X-Workspace-Id", team);
  }
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  headers.set("Origin", ORIGIN);
  const url = init.page ? `${ORIGIN}${path}` : `${ORIGIN}/api${path}`;
  during = `${method} ${init.page ? "" : "/api"}${path}`;
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(url, {
      method,
      headers,
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
      redirect: "manual",
    }) as Parameters<NonNullable<typeof worker.fetch>>[0],
    recorded,
    ctx,
  );
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  answered.push({
    what: during,
    status: response.status,
    expected: init.status ?? (response.status < 400 ? response.status : "a success"),
  });
  const json =
    response.headers.get("Content-Type")?.includes("json") && text ? JSON.parse(text) : {};
  return { status: response.status, body: json as Answer };
}

/** The id a create answered. */
const idOf = ({ body }: { body: Answer }) => String(body.data?.ids?.[0] ?? body.data?.id);

/**
 * The sweep: as the team's owner, every kind listed, searched, made, read, changed, exported and
 * deleted, and its pages opened; as a member "assigned records only", the lists that narrow.
 */
async function sweep() {
  const made = await send("/workspaces", { method: "POST", json: { name: "Harbor Flips" } });
  team = idOf(made);
  await joinAs(team, ash.user.id, "member", true);
  await send("/workspaces/current", { method: "PUT", json: { id: team } });

  // Properties, contacts, projects and the project's links.
  const property = idOf(
    await send("/data/properties", {
      method: "POST",
      json: [{ address: "4 Elm St", city: "Dayton", state: "OH" }],
    }),
  );
  await send("/data/properties");
  await send("/data/properties?q=Elm&sort=address");
  await send(`/data/properties/${property}`);
  await send(`/data/properties/${property}`, {
    method: "PUT",
    json: { address: "4 Elm St", city: "Dayton", state: "OH", status: "analyzing" },
  });
  const contact = idOf(
    await send("/contacts", {
      method: "POST",
      json: { firstName: "Rita", lastName: "Moreno", type: "agent" },
    }),
  );
  await send("/contacts?q=Rita");
  await send(`/contacts/${contact}`);
  await send(`/contacts/${contact}`, {
    method: "PUT",
    json: { firstName: "Rita", lastName: "Moreno", type: "agent", company: "Dayton Realty" },
  });
  const project = idOf(
    await send("/projects", {
      method: "POST",
      json: { name: "Elm flip", type: "fix_and_flip", status: "prospecting", propertyId: property },
    }),
  );
  await send("/projects?q=Elm");
  await send("/projects/stats/overview");
  await send(`/projects/${project}`);
  await send(`/projects/${project}`, {
    method: "PUT",
    json: {
      name: "Elm flip",
      type: "fix_and_flip",
      status: "under_contract",
      propertyId: property,
    },
  });
  await send(`/projects/${project}/contacts`, { method: "POST", json: { contactId: contact } });

  // Documents.
  const entry = idOf(
    await send("/data/entries", {
      method: "POST",
      json: { title: "Elm offer notes", content: "Offer at 180k", projectId: project },
    }),
  );
  await send("/data/entries?q=offer");
  await send(`/data/entries/${entry}`);
  await send(`/data/entries?id=${entry}`, {
    method: "PUT",
    json: { title: "Elm offer notes", content: "Offer at 185k", projectId: project },
  });

  // Analyses, the buy box, share links, rehab lines.
  const deal = idOf(
    await send("/deals", {
      method: "POST",
      json: { name: "Elm as a rental", strategy: "rental", inputs: RENTAL, propertyId: property },
    }),
  );
  await send("/deals?q=Elm");
  await send(`/deals/${deal}`);
  await send(`/deals/${deal}`, {
    method: "PUT",
    json: { name: "Elm as a rental", strategy: "rental", inputs: RENTAL, propertyId: property },
  });
  await send("/deals/criteria");
  await send("/deals/criteria", { method: "PUT", json: { minCapRate: 5 } });
  await send("/deals/analyze", { method: "POST", json: { strategy: "rental", inputs: RENTAL } });
  const shared = await send(`/deals/${deal}/share`, { method: "POST", json: {} });
  await send(`/deals/${deal}/shares`);
  // The link opens the report to anyone, signed in or not.
  const link = new URL(String(shared.body.data?.url ?? "/shared/none"), ORIGIN);
  await send(link.pathname, { page: true, as: stranger });
  await send(`/deals/${deal}/share/${idOf(shared)}`, { method: "DELETE" });
  const rehab = idOf(
    await send("/rehab-templates", {
      method: "POST",
      json: { category: "Roof", description: "Shingles", quantity: 20, unitCost: 350 },
    }),
  );
  await send("/rehab-templates");
  await send(`/rehab-templates/${rehab}`, { method: "DELETE" });

  // Auctions.
  const auctionBody = {
    saleType: "sheriff",
    saleAt: "2027-04-06T10:00:00-04:00",
    timeZone: "America/New_York",
    address: "9 Court Ave",
    propertyId: property,
  };
  const auction = idOf(await send("/auctions", { method: "POST", json: auctionBody }));
  await send("/auctions?q=Court");
  await send(`/auctions/${auction}`);
  await send(`/auctions/${auction}/history`);
  await send(`/auctions/${auction}`, {
    method: "PUT",
    json: { ...auctionBody, status: "postponed", postponedTo: "2027-05-04T10:00:00-04:00" },
  });
  await send("/auctions/import", {
    method: "POST",
    json: [{ ...auctionBody, address: "11 Court Ave", propertyId: undefined }],
  });

  // Routes.
  const routeBody = {
    name: "Saturday drive-bys",
    date: "2027-03-13",
    departAt: "2027-03-13T09:00:00-07:00",
    start: { label: "Home", address: "1 Home St", lat: 33.3, lng: -112.0 },
    returnToStart: true,
    stops: [
      { id: "s1", label: "12 Oak St", lat: 33.2, lng: -112.0, serviceMinutes: 15 },
      { id: "s2", label: "40 Elm Ave", lat: 33.1, lng: -112.0, serviceMinutes: 20 },
    ],
    order: ["s2", "s1"],
  };
  const route = idOf(await send("/routes", { method: "POST", json: routeBody }));
  await send("/routes?q=drive");
  await send(`/routes/${route}`);
  await send(`/routes/${route}`, {
    method: "PUT",
    json: { ...routeBody, name: "Sunday drive-bys" },
  });
  await send("/routes/candidates?q=Elm&from=2027-03-13T07:00:00Z&to=2027-03-14T07:00:00Z");
  await send("/routes/places");
  await send("/routes/places", {
    method: "PUT",
    json: { home: { label: "Home", address: "1 Home St", lat: 33.3, lng: -112.0 }, office: null },
  });

  // The calendar.
  const eventBody = {
    summary: "Walk-through at 4 Elm St",
    kind: "showing",
    calendarId: "local",
    start: { dateTime: "2027-04-06T14:00:00Z" },
    end: { dateTime: "2027-04-06T15:00:00Z" },
    reminderMinutes: 30,
  };
  const event = idOf(await send("/calendar/events", { method: "POST", json: eventBody }));
  await send("/calendar/events?timeMin=2027-04-01T00:00:00Z&timeMax=2027-05-01T00:00:00Z");
  await send(`/calendar/events/${event}?calendarId=local`);
  await send(`/calendar/events/${event}?calendarId=local`, {
    method: "PUT",
    json: { ...eventBody, summary: "Walk-through at 4 Elm St, with the roofer" },
  });

  // Marketing: campaigns, leads, bots, sequences.
  const campaign = idOf(
    await send("/marketing/campaigns", {
      method: "POST",
      json: { name: "Spring mailer", channel: "direct_mail" },
    }),
  );
  await send("/marketing/campaigns");
  await send(`/marketing/campaigns/${campaign}`);
  await send(`/marketing/campaigns/${campaign}`, {
    method: "PUT",
    json: { name: "Spring mailer", channel: "direct_mail", status: "active" },
  });
  const leadBody = {
    firstName: "Lee",
    lastName: "Park",
    status: "new",
    consentEmail: true,
    campaignId: campaign,
    followUpOn: "2027-04-07",
  };
  const lead = idOf(await send("/marketing/leads", { method: "POST", json: leadBody }));
  await send("/marketing/leads?q=Lee");
  await send(`/marketing/leads/${lead}`);
  await send(`/marketing/leads/${lead}`, {
    method: "PUT",
    json: { ...leadBody, status: "contacted" },
  });
  await send("/marketing/leads/import", {
    method: "POST",
    json: { rows: [{ firstName: "Di", lastName: "Ames", status: "new" }] },
  });
  await send("/marketing/summary");
  const botBody = {
    name: "Sam",
    persona: "Warm and brief.",
    handOff: "Offer a call with the investor.",
    questions: [{ text: "What's your name?", field: "name" }],
  };
  const bot = idOf(await send("/marketing/bots", { method: "POST", json: botBody }));
  await send("/marketing/bots");
  await send(`/marketing/bots/${bot}`);
  await send(`/marketing/bots/${bot}`, { method: "PUT", json: { ...botBody, name: "Samantha" } });
  const sequenceBody = {
    name: "Call them back",
    steps: [{ day: 0, action: "call", body: "Call {{first_name}}" }],
  };
  const sequence = idOf(await send("/marketing/sequences", { method: "POST", json: sequenceBody }));
  await send("/marketing/sequences");
  await send(`/marketing/sequences/${sequence}`);
  await send(`/marketing/sequences/${sequence}`, {
    method: "PUT",
    json: { ...sequenceBody, name: "Call them back soon" },
  });
  await send("/marketing/sequences/settings");
  await send("/marketing/sequences/settings", {
    method: "PUT",
    json: { enabled: true, dailyCap: 20 },
  });
  const enrollment = idOf(
    await send(`/marketing/sequences/leads/${lead}`, {
      method: "POST",
      json: { sequenceId: sequence },
    }),
  );
  await send(`/marketing/sequences/leads/${lead}`);
  await send(`/marketing/sequences/enrollments/${enrollment}/stop`, { method: "POST" });

  // Files.
  const form = new FormData();
  form.append("ownerType", "project");
  form.append("ownerId", project);
  form.append("file", new File(["Unit,Rent\nA,1200\n"], "rents.csv", { type: "text/csv" }));
  const file = idOf(await send("/files", { method: "POST", body: form }));
  await send(`/files?ownerType=project&ownerId=${project}`);
  await send("/files?q=rents");
  await send(`/files/${file}`);
  await send(`/files/${file}/content`);

  // The AI: a conversation, research.
  const chat = await send("/ai/openai", {
    method: "POST",
    json: { messages: [{ role: "user", content: "hi" }] },
  });
  const conversation = String(chat.body.data?.conversationId);
  await send("/conversations?q=Hello");
  await send(`/conversations/${conversation}`);
  await send(`/conversations/${conversation}`, { method: "PATCH", json: { title: "Hello" } });
  const research = idOf(
    await send("/ai/property-research", {
      method: "POST",
      json: { query: "4 Elm St, Dayton: flip or rent?" },
    }),
  );
  await send("/ai/research?q=Elm");
  await send(`/ai/research/${research}/save`, { method: "POST" });

  // Imports, exports, the Dashboard, the activity log, the team.
  const imported = await send("/imports/properties", {
    method: "POST",
    body: "Address,City,State,Zip\n7 Oak St,Dayton,OH,45402\n",
    headers: { "Content-Type": "text/csv" },
  });
  await send("/imports");
  await send(`/imports/runs/${String(imported.body.data?.runId)}/undo`, { method: "POST" });
  for (const list of ["properties", "contacts", "projects", "deals", "leads", "auctions"])
    await send(`/export/${list}.csv`);
  await send("/export");
  await send("/dashboard?date=2027-04-06");
  await send(`/workspaces/${team}/activity`);
  await send(`/workspaces/${team}/members`);

  // The pages, as the session works in the team.
  for (const path of [
    "/home",
    "/possible-investments",
    `/possible-investments/${property}`,
    `/possible-investments/analyses/${deal}`,
    "/project-hub",
    `/project-hub/projects/${project}`,
    `/project-hub/contacts/${contact}`,
    `/project-hub/documents/${entry}`,
    "/auction",
    `/auction/${auction}`,
    "/calendar",
    "/marketing",
    `/marketing/leads/${lead}`,
    `/marketing/campaigns/${campaign}`,
    `/main-agent/${conversation}`,
    `/property-research/${research}`,
    "/route-planner",
    `/route-planner/${route}`,
    "/team",
  ])
    await send(path, { page: true });

  // A member "assigned records only": the lists narrowed to theirs.
  for (const path of [
    "/marketing/leads",
    "/data/properties",
    "/projects",
    "/auctions",
    "/calendar/events?timeMin=2027-04-01T00:00:00Z&timeMax=2027-05-01T00:00:00Z",
  ])
    await send(path, { as: ash });
  // Not assigned to them: as if absent.
  await send(`/projects/${project}`, { as: ash, status: 404 });

  // The cron, at the event's reminder: what is due found across workspaces, then told.
  during = CRON;
  await runScheduled(recorded, Date.parse("2027-04-06T13:31:00Z"));

  // Everything deleted.
  await send(`/projects/${project}/contacts/${contact}`, { method: "DELETE" });
  await send(`/files/${file}`, { method: "DELETE" });
  await send(`/ai/research/${research}`, { method: "DELETE" });
  await send(`/conversations/${conversation}`, { method: "DELETE" });
  await send(`/marketing/sequences/${sequence}`, { method: "DELETE" });
  await send(`/marketing/bots/${bot}`, { method: "DELETE" });
  await send(`/marketing/leads/${lead}`, { method: "DELETE" });
  await send(`/marketing/campaigns/${campaign}`, { method: "DELETE" });
  await send(`/calendar/events/${event}?calendarId=local`, { method: "DELETE" });
  await send(`/routes/${route}`, { method: "DELETE" });
  await send(`/auctions/${auction}`, { method: "DELETE" });
  await send(`/deals/${deal}`, { method: "DELETE" });
  await send(`/data/entries?id=${entry}`, { method: "DELETE" });
  await send(`/contacts/${contact}`, { method: "DELETE" });
  await send(`/projects/${project}`, { method: "DELETE" });
  await send(`/data/properties/${property}`, { method: "DELETE" });
  await send("/conversations", { method: "DELETE" });
}

describe("a sweep of requests in a team's workspace", () => {
  beforeAll(async () => {
    olga = await register({ first_name: "Olga" });
    ash = await register({ first_name: "Ash" });
    stranger = await register({ first_name: "Stella" });
    await sweep();
  }, 120_000);

  it("answers every request of the sweep as it succeeds", () => {
    expect(answered.filter(({ status, expected }) => status !== expected)).toEqual([]);
  });

  it("sends no statement that reaches beyond the team's records, but those listed as rightly so", () => {
    const reaching = sent.flatMap(({ sql, during: at }) => {
      const { unscoped } = statementScope(sql);
      if (!unscoped.length || excusing(at, sql)) return [];
      return [{ during: at, tables: unscoped.map(({ table }) => table), sql }];
    });
    expect(reaching).toEqual([]);
  });

  it("narrows each table to the team's id, never to the person working in it", () => {
    const key = `user_key : "${team.replaceAll("-", "")}"`;
    const owners = sent.flatMap(({ sql, params, during: at }) =>
      statementScope(sql).values.map(({ table, param, by }) => ({
        during: at,
        table,
        value: params[param],
        team: by === "value" ? params[param] === team : String(params[param]).startsWith(key),
      })),
    );
    expect(owners.filter((owner) => !owner.team)).toEqual([]);
    // Every table was narrowed by a value somewhere, for a wrong one to have been seen.
    const compared = new Set(owners.map(({ table }) => table));
    expect([...WORKSPACE_TABLES.keys(), ...SEARCH_TABLES].filter((t) => !compared.has(t))).toEqual(
      [],
    );
  });

  it("reaches every table of a workspace's records and every search index in its requests", () => {
    const reached = new Set(
      sent.filter(({ during: at }) => at !== CRON).flatMap(({ sql }) => statementScope(sql).tables),
    );
    expect([...WORKSPACE_TABLES.keys(), ...SEARCH_TABLES].filter((t) => !reached.has(t))).toEqual(
      [],
    );
  });

  it("excuses with each entry of the list some statement the sweep sends", () => {
    const excused = new Set(
      sent
        .filter(({ sql }) => statementScope(sql).unscoped.length)
        .map(({ sql, during: at }) => excusing(at, sql)),
    );
    expect(ACROSS_WORKSPACES.filter((entry) => !excused.has(entry))).toEqual([]);
  });
});
