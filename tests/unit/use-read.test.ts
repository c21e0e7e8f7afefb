/**
 * The reads screens make after their page (app/lib/use-read.ts), through the class `useRead` runs
 * them with: the newest key wins, whatever order the answers come in; a failure is said with the
 * app's failure text and "Try again" reads again; a delay asks once typing pauses.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServiceError } from "~/lib/api/workspace";
import { NewestRead, type ReadState } from "~/lib/use-read";

/** A read whose answers the test gives, each when it chooses. */
function slowRead() {
  const asked: { q: string; answer: (value: string) => void; fail: (error: unknown) => void }[] =
    [];
  const read = (q: string) =>
    new Promise<string>((answer, fail) => asked.push({ q, answer, fail }));
  return { read, asked };
}

/** What the screen was shown, in order. */
function screen() {
  const shown: ReadState<[string], string>[] = [];
  return { shown, show: (state: ReadState<[string], string>) => shown.push(state) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("NewestRead", () => {
  it("never shows a late answer to an older key", async () => {
    const { read, asked } = slowRead();
    const { shown, show } = screen();
    const newest = new NewestRead(read, show);
    newest.name(["a"]);
    await vi.runAllTimersAsync();
    newest.name(["ab"]);
    await vi.runAllTimersAsync();
    expect(asked.map(({ q }) => q)).toEqual(["a", "ab"]);

    asked[1]!.answer("matches for ab");
    await vi.runAllTimersAsync();
    asked[0]!.answer("matches for a");
    await vi.runAllTimersAsync();

    expect(newest.state).toMatchObject({ key: ["ab"], data: "matches for ab", loading: false });
    expect(shown.map((state) => state.data)).not.toContain("matches for a");
  });

  it("keeps the last answer, loading, while a newer key is read", async () => {
    const { read, asked } = slowRead();
    const newest = new NewestRead(read, () => {});
    newest.name(["a"]);
    await vi.runAllTimersAsync();
    asked[0]!.answer("matches for a");
    await vi.runAllTimersAsync();
    newest.name(["ab"]);
    expect(newest.state).toMatchObject({ data: "matches for a", loading: true });
  });

  it("drops the read under way when there is nothing to read (the dialog closed)", async () => {
    const { read, asked } = slowRead();
    const { shown, show } = screen();
    const newest = new NewestRead(read, show);
    newest.name(["a"]);
    await vi.runAllTimersAsync();
    newest.name(null);
    asked[0]!.answer("matches for a");
    await vi.runAllTimersAsync();
    expect(newest.state).toMatchObject({ key: null, data: undefined, loading: false });
    expect(shown.map((state) => state.data)).not.toContain("matches for a");
  });

  it("reads a key once, however often it is named", async () => {
    const { read, asked } = slowRead();
    const newest = new NewestRead(read, () => {});
    newest.name(["a"]);
    newest.name(["a"]);
    await vi.runAllTimersAsync();
    expect(asked).toHaveLength(1);
  });

  it("says a failure with the app's failure text, and Try again reads again", async () => {
    const { read, asked } = slowRead();
    const newest = new NewestRead(read, () => {});
    newest.name(["p1"]);
    await vi.runAllTimersAsync();
    asked[0]!.fail(
      new ServiceError("Failed to fetch property", { message: "Not found", statusCode: 404 }),
    );
    await vi.runAllTimersAsync();
    expect(newest.state).toMatchObject({
      data: undefined,
      failure: "Failed to fetch property: Not found",
      loading: false,
    });

    newest.retry();
    expect(newest.state).toMatchObject({ failure: "Failed to fetch property: Not found" });
    expect(newest.state.loading).toBe(true);
    await vi.runAllTimersAsync();
    expect(asked.map(({ q }) => q)).toEqual(["p1", "p1"]);
    asked[1]!.answer("12 Oak St");
    await vi.runAllTimersAsync();
    expect(newest.state).toMatchObject({ data: "12 Oak St", failure: "", loading: false });
  });

  it("with a delay, asks once the keys stop changing", async () => {
    const { read, asked } = slowRead();
    const newest = new NewestRead(read, () => {});
    for (const q of ["o", "oa", "oak"]) {
      newest.name([q], 200);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(asked).toHaveLength(0);
    expect(newest.state.loading).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(asked.map(({ q }) => q)).toEqual(["oak"]);
  });
});
