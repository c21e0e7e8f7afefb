/**
 * Hashed build files never change under their name, so a returning browser must not ask for them
 * again; the pages themselves are never cached.
 */
import { expect, openApp, test } from "./fixtures";

test("reloading /home asks the network for no hashed asset, and for the page itself", async ({
  page,
  account,
}) => {
  const fromNetwork: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const served = new Set<string>();
  cdp.on("Network.requestServedFromCache", ({ requestId }) => served.add(requestId));
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    if (!served.has(requestId) && !response.fromDiskCache && !response.fromPrefetchCache) {
      fromNetwork.push(new URL(response.url).pathname);
    }
  });

  const first = await openApp(page, "/home");
  expect(first!.headers()["cache-control"]).toBe("no-store");
  const assets = fromNetwork.filter((path) => path.startsWith("/assets/"));
  expect(assets.length).toBeGreaterThan(3);
  const asset = await page.request.get(assets[0]!);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  fromNetwork.length = 0;
  await page.reload();
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  expect(fromNetwork.filter((path) => path.startsWith("/assets/"))).toEqual([]);
  expect(fromNetwork).toContain("/home");
});
