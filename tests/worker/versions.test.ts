/**
 * Lost updates: every record's GET answers its version as ETag; a PUT or DELETE with a stale
 * If-Match changes nothing and answers 412 with the record as it now is; with the current one it
 * goes through and answers the new ETag; without If-Match it behaves as before.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { account, api } from "./helpers";

type Body = Record<string, unknown>;
type Mismatch = { error: { code: string; message: string; details: { current: Body } } };

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const AUCTION = { saleType: "sheriff", saleAt: inDays(10), address: "12 Oak St", state: "PA" };
const PROPERTY = { address: "7 Birch Ave", city: "Dayton", state: "OH" };
const DEAL = {
  name: "Maple duplex",
  strategy: "rental",
  inputs: { purchasePrice: 250000, grossMonthlyRent: 2000, financing: { type: "cash" } },
};
const CONTACT = { firstName: "Rita", lastName: "Moreno", type: "agent" };
const PROJECT = { name: "Maple Street flip", type: "fix_and_flip" };
const ROUTE = {
  name: "Saturday drive-bys",
  date: "2027-03-13",
  departAt: "2027-03-13T09:00:00-07:00",
  start: { label: "Home", address: "1 Home St", lat: 33.0, lng: -112.0 },
  returnToStart: true,
  stops: [
    { id: "s1", label: "12 Oak St", lat: 33.2, lng: -112.0, serviceMinutes: 15 },
    { id: "s2", label: "40 Elm Ave", lat: 33.1, lng: -112.0, serviceMinutes: 20 },
  ],
  order: ["s1", "s2"],
};
const EVENT = {
  summary: "Showing, 40 Elm Ave",
  start: { dateTime: "2027-03-13T10:00:00-07:00" },
  end: { dateTime: "2027-03-13T10:30:00-07:00" },
  kind: "showing",
};
const CAMPAIGN = { name: "Absentee owners, May", channel: "direct_mail" };
const LEAD = { firstName: "Dana", lastName: "Reyes", status: "new" };
const BOT = {
  name: "Seller intake",
  persona: "A friendly assistant for a local home buyer",
  questions: [{ text: "What is the address?" }],
  handOff: "When the seller wants an offer",
};

/** A kind of record: how to make one, where it is read and changed, and a full PUT body. */
interface Kind {
  name: string;
  /** Makes one and answers its id. */
  create: () => Promise<string>;
  /** The record's GET path. */
  read: (id: string) => string;
  /** Its PUT and DELETE path (the same as `read` but for entries, addressed by `?id=`). */
  write?: (id: string) => string;
  /** A full PUT body whose `field` is `value`. */
  put: (value: string) => Body;
  field: string;
}

const KINDS: Kind[] = [
  {
    name: "entry",
    create: () => posted("/data/entries", { title: "Offer notes", content: "First draft" }),
    read: (id) => `/data/entries/${id}`,
    write: (id) => `/data/entries?id=${id}`,
    put: (content) => ({ title: "Offer notes", content }),
    field: "content",
  },
  {
    name: "auction",
    create: () => posted("/auctions", AUCTION),
    read: (id) => `/auctions/${id}`,
    put: (notes) => ({ ...AUCTION, notes }),
    field: "notes",
  },
  {
    name: "property",
    create: async () => {
      const response = await send("/data/properties", { method: "POST", json: PROPERTY });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { ids: string[] } }).data.ids[0]!;
    },
    read: (id) => `/data/properties/${id}`,
    put: (notes) => ({ ...PROPERTY, notes }),
    field: "notes",
  },
  {
    name: "deal",
    create: () => posted("/deals", DEAL),
    read: (id) => `/deals/${id}`,
    put: (name) => ({ ...DEAL, name }),
    field: "name",
  },
  {
    name: "contact",
    create: () => posted("/contacts", CONTACT),
    read: (id) => `/contacts/${id}`,
    put: (notes) => ({ ...CONTACT, notes }),
    field: "notes",
  },
  {
    name: "project",
    create: () => posted("/projects", PROJECT),
    read: (id) => `/projects/${id}`,
    put: (description) => ({ ...PROJECT, description }),
    field: "description",
  },
  {
    name: "route",
    create: () => posted("/routes", ROUTE),
    read: (id) => `/routes/${id}`,
    put: (name) => ({ ...ROUTE, name }),
    field: "name",
  },
  {
    // An event of AI42's own calendar (the account has no Google).
    name: "calendar event",
    create: () => posted("/calendar/events", EVENT),
    read: (id) => `/calendar/events/${id}`,
    put: (description) => ({ ...EVENT, description }),
    field: "description",
  },
  {
    name: "campaign",
    create: () => posted("/marketing/campaigns", CAMPAIGN),
    read: (id) => `/marketing/campaigns/${id}`,
    put: (notes) => ({ ...CAMPAIGN, notes }),
    field: "notes",
  },
  {
    name: "lead",
    create: () => posted("/marketing/leads", LEAD),
    read: (id) => `/marketing/leads/${id}`,
    put: (notes) => ({ ...LEAD, notes }),
    field: "notes",
  },
  {
    name: "lead bot",
    create: () => posted("/marketing/bots", BOT),
    read: (id) => `/marketing/bots/${id}`,
    put: (greeting) => ({ ...BOT, greeting }),
    field: "greeting",
  },
];

let user: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  user = await account();
});

const send = (path: string, init: { method?: string; json?: unknown; ifMatch?: string } = {}) =>
  api(path, {
    method: init.method,
    json: init.json,
    token: user.token,
    headers: init.ifMatch === undefined ? undefined : { "If-Match": init.ifMatch },
  });

async function posted(path: string, json: Body) {
  const response = await send(path, { method: "POST", json });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

const created = async (kind: Kind) => ({ id: await kind.create() });

async function read(kind: Kind, id: string) {
  const response = await send(kind.read(id));
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: Body };
  return { etag: response.headers.get("ETag"), data };
}

describe.each(KINDS)("$name", (kind) => {
  const write = (id: string) => (kind.write ?? kind.read)(id);

  it("GET answers the version as a strong ETag", async () => {
    const record = await created(kind);
    const { etag, data } = await read(kind, record.id);
    expect(etag).toBe(`"${data.updatedAt}"`);
  });

  it("a PUT with a stale If-Match changes nothing and answers 412 with the record as it is", async () => {
    const record = await created(kind);
    const stale = (await read(kind, record.id)).etag!;
    const first = await send(write(record.id), { method: "PUT", json: kind.put("mine") });
    expect(first.status).toBe(200);
    const current = await read(kind, record.id);
    expect(current.etag).not.toBe(stale);

    const second = await send(write(record.id), {
      method: "PUT",
      json: kind.put("theirs"),
      ifMatch: stale,
    });
    expect(second.status).toBe(412);
    expect(second.headers.get("ETag")).toBe(current.etag);
    const body = (await second.json()) as Mismatch;
    expect(body.error.code).toBe("VERSION_MISMATCH");
    expect(body.error.message).toMatch(/^This record was changed elsewhere/);
    expect(body.error.details.current).toMatchObject({ id: record.id, [kind.field]: "mine" });
    expect(body.error.details.current.updatedAt).toBe(current.data.updatedAt);
    expect((await read(kind, record.id)).data[kind.field]).toBe("mine");
  });

  it("a PUT with the current If-Match (or one of a list, or *) goes through and answers the new ETag", async () => {
    const record = await created(kind);
    const { etag } = await read(kind, record.id);
    const put = await send(write(record.id), {
      method: "PUT",
      json: kind.put("agreed"),
      ifMatch: `W/${etag}, "1999-01-01T00:00:00.000Z", ${etag}`,
    });
    expect(put.status).toBe(200);
    const { data } = (await put.json()) as { data: Body };
    expect(data[kind.field]).toBe("agreed");
    const after = await read(kind, record.id);
    expect(put.headers.get("ETag")).toBe(after.etag);
    expect(after.etag).not.toBe(etag);

    const any = await send(write(record.id), {
      method: "PUT",
      json: kind.put("anything"),
      ifMatch: "*",
    });
    expect(any.status).toBe(200);
  });

  it("a weak ETag never matches", async () => {
    const record = await created(kind);
    const { etag } = await read(kind, record.id);
    const put = await send(write(record.id), {
      method: "PUT",
      json: kind.put("weak"),
      ifMatch: `W/${etag}`,
    });
    expect(put.status).toBe(412);
  });

  it("a DELETE with a stale If-Match answers 412 and the record stays; with the current one it goes", async () => {
    const record = await created(kind);
    const stale = (await read(kind, record.id)).etag!;
    expect((await send(write(record.id), { method: "PUT", json: kind.put("kept") })).status).toBe(
      200,
    );
    const refused = await send(write(record.id), { method: "DELETE", ifMatch: stale });
    expect(refused.status).toBe(412);
    expect(((await refused.json()) as Mismatch).error.details.current).toMatchObject({
      id: record.id,
      [kind.field]: "kept",
    });
    const { etag } = await read(kind, record.id);
    expect((await send(write(record.id), { method: "DELETE", ifMatch: etag! })).status).toBe(200);
    expect((await send(kind.read(record.id))).status).toBe(404);
  });

  it("without If-Match a PUT and a DELETE behave as before; a missing record stays 404", async () => {
    const record = await created(kind);
    expect((await send(write(record.id), { method: "PUT", json: kind.put("plain") })).status).toBe(
      200,
    );
    expect((await send(write(record.id), { method: "DELETE" })).status).toBe(200);
    const etag = '"2026-01-01T00:00:00.000Z"';
    const put = await send(write(record.id), { method: "PUT", json: kind.put("x"), ifMatch: etag });
    expect(put.status).toBe(404);
    expect((await send(write(record.id), { method: "DELETE", ifMatch: etag })).status).toBe(404);
  });
});

it("two changes within one millisecond still make two versions", async () => {
  const [kind] = KINDS;
  const record = await created(kind!);
  await env.DB.prepare("UPDATE entries SET updated_at = ? WHERE id = ?")
    .bind("2999-01-01T00:00:00.000Z", record.id)
    .run();
  const put = await send(kind!.write!(record.id), {
    method: "PUT",
    json: kind!.put("later"),
    ifMatch: '"2999-01-01T00:00:00.000Z"',
  });
  expect(put.status).toBe(200);
  expect(put.headers.get("ETag")).toBe('"2999-01-01T00:00:00.001Z"');
});

describe("an auction's status history under concurrent changes", () => {
  type History = { data: { status: string; postponedTo?: string }[] };
  const statusBody = (status: string, day = 20) => ({
    ...AUCTION,
    status,
    ...(status === "postponed" ? { postponedTo: inDays(day) } : {}),
  });
  const historyOf = async (id: string) =>
    ((await (await send(`/auctions/${id}/history`)).json()) as History).data;

  it("ten changes against one version: one is made and is the one entry added, the rest 412", async () => {
    const auction = await created(KINDS[1]!);
    const { etag } = await read(KINDS[1]!, auction.id);
    const statuses = ["postponed", "cancelled", "sold", "won", "lost", "redeemed"];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(`/auctions/${auction.id}`, {
          method: "PUT",
          json: statusBody(statuses[i % statuses.length]!, 20 + i),
          ifMatch: etag!,
        }),
      ),
    );
    const made = answers.filter((answer) => answer.status === 200);
    expect(made).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 412)).toHaveLength(9);
    const { data } = await read(KINDS[1]!, auction.id);
    const history = await historyOf(auction.id);
    expect(history.map((entry) => entry.status)).toEqual(["upcoming", data.status]);
  });

  it("ten changes without If-Match: each is applied in turn and the history lists exactly the changes made, in order", async () => {
    const auction = await created(KINDS[1]!);
    const statuses = [
      "postponed",
      "cancelled",
      "upcoming",
      "sold",
      "upcoming",
      "won",
      "lost",
      "postponed",
      "redeemed",
      "upcoming",
    ];
    const answers = await Promise.all(
      statuses.map((status, i) =>
        send(`/auctions/${auction.id}`, { method: "PUT", json: statusBody(status, 20 + i) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(statuses.map(() => 200));
    const { data } = await read(KINDS[1]!, auction.id);
    const history = await historyOf(auction.id);
    expect(history[0]!.status).toBe("upcoming");
    expect(history.at(-1)).toMatchObject({ status: data.status });
    // Every entry after the first is a change: another status, or a postponement to a new date.
    history.slice(1).forEach((entry, i) => {
      const previous = history[i]!;
      expect(entry.status !== previous.status || entry.postponedTo !== previous.postponedTo).toBe(
        true,
      );
    });
    // And each is the change one of the requests made: at most one entry per request.
    expect(history.length - 1).toBeLessThanOrEqual(statuses.length);
    const count = (list: string[], status: string) => list.filter((s) => s === status).length;
    for (const status of new Set(statuses)) {
      const entries = history.slice(1).map((entry) => entry.status);
      expect(count(entries, status)).toBeLessThanOrEqual(count(statuses, status));
    }
  });
});
