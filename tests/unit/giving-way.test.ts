import { describe, expect, it } from "vitest";
import {
  answered,
  DOWNLOAD_REST_MS,
  GIVE_WAY_MOST_MS,
  givingWay,
  OTHERS_RECENT_MS,
} from "../../worker/giving-way";

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ok = async () => new Response("ok");

/** How long `step` took, in milliseconds. */
async function timed(step: () => Promise<void>) {
  const started = performance.now();
  await step();
  return performance.now() - started;
}

describe("a download giving way to the requests the isolate is answering", () => {
  it("goes at full speed when no other request comes", async () => {
    const nextChunk = givingWay();
    for (let chunk = 0; chunk < 3; chunk += 1) {
      expect(await timed(nextChunk)).toBeLessThan(DOWNLOAD_REST_MS);
    }
  });

  it("waits for a request being answered to have made its answer", async () => {
    const nextChunk = givingWay();
    const order: string[] = [];
    const request = answered(async () => {
      await later(15);
      order.push("request answered");
      return new Response("ok");
    });
    await nextChunk();
    order.push("next chunk");
    await request;
    expect(order).toEqual(["request answered", "next chunk"]);
  });

  it("rests after each chunk while others keep coming, and goes at full speed once they stop", async () => {
    const nextChunk = givingWay();
    await answered(ok);
    expect(await timed(nextChunk)).toBeGreaterThanOrEqual(DOWNLOAD_REST_MS - 1);
    // Another came only just before: the download still rests.
    expect(await timed(nextChunk)).toBeGreaterThanOrEqual(DOWNLOAD_REST_MS - 1);
    // Nobody since OTHERS_RECENT_MS: the next chunk goes at once.
    await later(OTHERS_RECENT_MS);
    expect(await timed(nextChunk)).toBeLessThan(DOWNLOAD_REST_MS);
  });

  it("counts a request that failed as answered", async () => {
    const nextChunk = givingWay();
    await expect(answered(() => Promise.reject(new Error("no")))).rejects.toThrow("no");
    const took = await timed(nextChunk);
    expect(took).toBeLessThan(DOWNLOAD_REST_MS + GIVE_WAY_MOST_MS);
  });

  it("waits no longer than its bound for a request that takes long", async () => {
    const nextChunk = givingWay();
    let finish = () => {};
    const request = answered(
      () => new Promise<Response>((resolve) => (finish = () => resolve(new Response()))),
    );
    await nextChunk();
    // The request is still being answered: the chunk went on without it.
    let done = false;
    void request.then(() => (done = true));
    await later(0);
    expect(done).toBe(false);
    finish();
    await request;
  });
});
