import { describe, expect, it, vi } from "vitest";
import { etagOf, versionsOf } from "~/domain/versions";
import { ServiceError } from "~/lib/api/workspace";
import { changedElsewhereStore, sendVersioned, type Resolution } from "~/lib/changed-elsewhere";

describe("ETags and If-Match", () => {
  it("makes a record's ETag from its version, a string or a date", () => {
    expect(etagOf("2026-05-04T09:30:00.000Z")).toBe('"2026-05-04T09:30:00.000Z"');
    expect(etagOf(new Date("2026-05-04T09:30:00.000Z"))).toBe('"2026-05-04T09:30:00.000Z"');
  });

  it("reads If-Match as RFC 9110 writes it", () => {
    expect(versionsOf(undefined)).toBeUndefined();
    expect(versionsOf("")).toBeUndefined();
    expect(versionsOf(" * ")).toBeUndefined();
    expect(versionsOf('"a"')).toEqual(["a"]);
    expect(versionsOf('"a", W/"b",  "c"')).toEqual(["a", "c"]);
    // Only weak tags, or none a parser can read: no version matches.
    expect(versionsOf('W/"a"')).toEqual([]);
    expect(versionsOf("2026-05-04T09:30:00.000Z")).toEqual([]);
    expect(versionsOf(Array.from({ length: 30 }, (_, i) => `"${i}"`).join(","))).toHaveLength(20);
  });
});

describe("a change sent against a version", () => {
  const current = { id: "e1", updatedAt: "2026-05-04T10:00:00.000Z", content: "theirs" };
  const stale = () =>
    new ServiceError("Failed to update", {
      message: "This record was changed elsewhere",
      statusCode: 412,
      details: { current },
    });
  const answering = (choice: Resolution | null) =>
    changedElsewhereStore.subscribe(({ question }) => question?.answer(choice));

  it("sends the version held as If-Match and answers what the change answered", async () => {
    const send = vi.fn(async (ifMatch?: string) => ({ ifMatch }));
    const saved = await sendVersioned({
      what: "document",
      version: "2026-05-04T09:00:00.000Z",
      send,
      reload: vi.fn(),
    });
    expect(saved).toEqual({ ifMatch: '"2026-05-04T09:00:00.000Z"' });
  });

  it("on 412, Overwrite sends the change again against the version the record is at now", async () => {
    const stop = answering("overwrite");
    const send = vi
      .fn<(ifMatch?: string) => Promise<string>>()
      .mockRejectedValueOnce(stale())
      .mockResolvedValueOnce("saved");
    const reload = vi.fn();
    const saved = await sendVersioned({ what: "document", version: "old", send, reload });
    stop();
    expect(saved).toBe("saved");
    expect(send.mock.calls).toEqual([['"old"'], [`"${current.updatedAt}"`]]);
    expect(reload).not.toHaveBeenCalled();
  });

  it("on 412, Reload hands over the record as it is and saves nothing", async () => {
    const stop = answering("reload");
    const send = vi.fn().mockRejectedValue(stale());
    const reload = vi.fn();
    const saved = await sendVersioned({ what: "document", version: "old", send, reload });
    stop();
    expect(saved).toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledWith(current);
  });

  it("on 412 left unanswered, says nothing was changed; other failures pass through", async () => {
    const stop = answering(null);
    const send = vi.fn().mockRejectedValue(stale());
    await expect(
      sendVersioned({ what: "document", version: "old", send, reload: vi.fn() }),
    ).rejects.toThrow("This document was changed elsewhere");
    stop();
    const broken = new ServiceError("Failed to update", { message: "Down", statusCode: 503 });
    await expect(
      sendVersioned({
        what: "document",
        version: "old",
        send: () => Promise.reject(broken),
        reload: vi.fn(),
      }),
    ).rejects.toBe(broken);
  });
});
