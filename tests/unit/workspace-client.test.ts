import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { entriesApi, projectsApi, ServiceError, type Entry } from "~/lib/api/workspace";
import { createEntriesStore, loadEntriesAtStart } from "~/lib/stores/entries";
import { createProjectsStore } from "~/lib/stores/projects";
import { startLocalApi } from "./local-server";

let api: Awaited<ReturnType<typeof startLocalApi>>;
beforeAll(async () => {
  api = await startLocalApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.state.requests = [];
});

const entry = (id: string, title = id): Entry => ({
  id,
  title,
  kind: "note",
  content: "",
  tags: [],
  projectId: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
});

describe("project calls throw the spec's messages (§8)", () => {
  it.each([
    ["fetch projects", () => projectsApi.list(), "Failed to fetch projects"],
    ["fetch a project", () => projectsApi.get("p1"), "Failed to fetch project"],
    ["create", () => projectsApi.create({ name: "x" }), "Failed to create project"],
    ["update", () => projectsApi.update("p1", { name: "x" }), "Failed to update project"],
    ["delete", () => projectsApi.remove("p1"), "Failed to delete project"],
    ["stats", () => projectsApi.stats(), "Failed to fetch project stats"],
  ])("%s", async (_, call, message) => {
    api.state.handle = () => ({
      status: 400,
      body: {
        error: {
          message: "Invalid request: check name",
          details: [{ field: "name", message: "Give the project a name" }],
        },
      },
    });
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).message).toBe(message);
    expect((error as ServiceError).failure).toMatchObject({
      message: "Invalid request: check name",
      statusCode: 400,
    });
    expect((error as ServiceError).fieldErrors).toEqual({ name: "Give the project a name" });
  });

  it("sends list filters as a query string and returns the page", async () => {
    api.state.handle = () => ({
      status: 200,
      body: { data: [{ id: "p1" }], meta: { page: 2, limit: 5, total: 6 } },
    });
    const page = await projectsApi.list({
      type: "brrrr",
      status: "",
      q: "oak st",
      page: 2,
      limit: 5,
    });
    expect(api.state.requests[0]!.url).toBe("/api/projects?type=brrrr&q=oak+st&page=2&limit=5");
    expect(page).toEqual({ items: [{ id: "p1" }], meta: { page: 2, limit: 5, total: 6 } });
  });
});

describe("entry calls (spec §7–§8)", () => {
  it("report each failure with its status", async () => {
    api.state.handle = () => ({ status: 503, body: {} });
    expect((await entriesApi.list()).error?.message).toBe("Error fetching data entries: 503");
    expect((await entriesApi.create({ title: "x" })).error?.message).toBe(
      "Error adding data entry: 503",
    );
    expect((await entriesApi.update("e1", { title: "x" })).error?.message).toBe(
      "Error updating data entry: 503",
    );
    expect((await entriesApi.remove("e1")).error?.message).toBe("Error deleting data entry: 503");
    expect(api.state.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/data/entries",
      "POST /api/data/entries",
      "PUT /api/data/entries?id=e1",
      "DELETE /api/data/entries?id=e1",
    ]);
  });
});

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    storage: () => ({
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    }),
  };
}

describe("the project-hub entries store (spec §4)", () => {
  it("persists entries under project-hub-storage and restores their dates", async () => {
    const memory = memoryStorage();
    api.state.handle = () => ({ status: 200, body: { data: [entry("e1", "Deal memo")] } });
    const store = createEntriesStore(memory.storage);
    await store.getState().fetchEntries();
    expect(JSON.parse(memory.items.get("project-hub-storage")!).state.entries[0].title).toBe(
      "Deal memo",
    );

    const reopened = createEntriesStore(memory.storage);
    await reopened.persist.rehydrate();
    const [restored] = reopened.getState().entries;
    expect(restored!.createdAt).toBeInstanceOf(Date);
    expect(restored!.updatedAt.toISOString()).toBe("2026-11-02T10:00:00.000Z");
  });

  it("keeps the saved entries and the message when loading fails", async () => {
    const memory = memoryStorage();
    api.state.handle = () => ({ status: 200, body: { data: [entry("e1")] } });
    const store = createEntriesStore(memory.storage);
    await store.getState().fetchEntries();
    api.state.handle = () => ({ status: 500, body: {} });
    await store.getState().fetchEntries();
    expect(store.getState()).toMatchObject({
      loading: false,
      error: "Error fetching data entries: 500",
    });
    expect(store.getState().entries.map((e) => e.id)).toEqual(["e1"]);
  });

  it("adds, updates, and removes on delete, also when the server says 404", async () => {
    const store = createEntriesStore(memoryStorage().storage);
    api.state.handle = (request) =>
      request.method === "POST"
        ? { status: 201, body: { data: entry("e1", "New") } }
        : { status: 200, body: { data: entry("e1", "Renamed") } };
    await store.getState().addEntry({ title: "New" });
    await store.getState().updateEntry("e1", { title: "Renamed" });
    expect(store.getState().entries.map((e) => e.title)).toEqual(["Renamed"]);

    api.state.handle = () => ({ status: 404, body: { error: { message: "Entry not found" } } });
    expect(await store.getState().deleteEntry("e1")).toBe(true);
    expect(store.getState().entries).toEqual([]);
    expect(store.getState().error).toBeNull();
  });

  it("at app start takes the entries the page brought instead of asking the API, and saves them", async () => {
    const memory = memoryStorage();
    const store = createEntriesStore(memory.storage);
    await loadEntriesAtStart(store, Promise.resolve([entry("e1", "Deal memo")]));
    expect(store.getState().entries.map((e) => e.title)).toEqual(["Deal memo"]);
    expect(store.getState().entries[0]!.updatedAt).toBeInstanceOf(Date);
    expect(JSON.parse(memory.items.get("project-hub-storage")!).state.entries[0].title).toBe(
      "Deal memo",
    );
    expect(api.state.requests).toEqual([]);
  });

  it("at app start ignores entries the server could not read: the saved ones stay", async () => {
    const memory = memoryStorage();
    createEntriesStore(memory.storage).getState().receiveEntry(entry("e1", "Saved memo"));
    const store = createEntriesStore(memory.storage);
    await loadEntriesAtStart(store, Promise.resolve(null));
    expect(store.getState()).toMatchObject({ error: null });
    expect(store.getState().entries.map((e) => e.title)).toEqual(["Saved memo"]);
    expect(api.state.requests).toEqual([]);
  });

  it("at app start keeps entries a loader fed before the page's own arrived", async () => {
    const store = createEntriesStore(memoryStorage().storage);
    let arrive: (entries: Entry[]) => void = () => undefined;
    const streamed = new Promise<Entry[]>((resolve) => (arrive = resolve));
    const starting = loadEntriesAtStart(store, streamed);
    store.getState().receiveEntries([entry("e2", "Newer memo")]);
    arrive([entry("e1", "Older memo")]);
    await starting;
    expect(store.getState().entries.map((e) => e.title)).toEqual(["Newer memo"]);
  });

  it("at app start asks the API when the page brought no entries", async () => {
    api.state.handle = () => ({ status: 200, body: { data: [entry("e1", "Deal memo")] } });
    const store = createEntriesStore(memoryStorage().storage);
    await loadEntriesAtStart(store);
    expect(api.state.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/data/entries",
    ]);
    expect(store.getState().entries.map((e) => e.title)).toEqual(["Deal memo"]);
  });

  it("keeps an entry and records the error when deleting fails otherwise", async () => {
    const store = createEntriesStore(memoryStorage().storage);
    api.state.handle = () => ({ status: 201, body: { data: entry("e2") } });
    await store.getState().addEntry({ title: "e2" });
    api.state.handle = () => ({ status: 500, body: {} });
    expect(await store.getState().deleteEntry("e2")).toBe(false);
    expect(store.getState().entries.map((e) => e.id)).toEqual(["e2"]);
    expect(store.getState().error).toBe("Error deleting data entry: 500");
  });
});

describe("the projects list state (spec §4)", () => {
  it("appends on create, replaces on update, removes on delete only when it succeeded", async () => {
    const store = createProjectsStore();
    api.state.handle = () => ({
      status: 200,
      body: { data: [{ id: "a", name: "A" }], meta: { page: 1, limit: 20, total: 1 } },
    });
    await store.getState().fetchProjects();
    api.state.handle = () => ({ status: 201, body: { data: { id: "b", name: "B" } } });
    await store.getState().createProject({ name: "B" });
    expect(store.getState().projects.map((p) => p.id)).toEqual(["a", "b"]);
    api.state.handle = () => ({ status: 200, body: { data: { id: "a", name: "A2" } } });
    await store.getState().updateProject("a", { name: "A2" });
    expect(store.getState().projects.map((p) => p.name)).toEqual(["A2", "B"]);

    api.state.handle = () => ({ status: 500, body: {} });
    await expect(store.getState().deleteProject("a")).rejects.toThrow("Failed to delete project");
    expect(store.getState().projects).toHaveLength(2);
    api.state.handle = () => ({ status: 200, body: { data: { id: "a" } } });
    await store.getState().deleteProject("a");
    expect(store.getState().projects.map((p) => p.id)).toEqual(["b"]);
    store.getState().clear();
    expect(store.getState().projects).toEqual([]);
  });
});
