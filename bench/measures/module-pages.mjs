// What a signed-in phone downloads and asks for on each module page: every script Chromium fetches
// from our origin until the network is idle, read back from build/client and gzipped, and every
// /api request the page makes after the HTML (whose data the HTML should hold). The pages are the
// sidebar's links, as a user finds them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT } from "../../scripts/lib.mjs";
import { kb } from "../figures.mjs";

export const HOME_GZIP_TARGET_KB = 130;
export const MODULE_GZIP_TARGET_KB = 160;

/** The module pages, as the sidebar of a signed-in page links them. */
export async function modulePaths(context, origin) {
  const page = await context.newPage();
  await page.goto(`${origin}/home`, { waitUntil: "networkidle" });
  const paths = await page
    .getByRole("complementary", { name: "Sidebar" })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => new URL(link.href).pathname));
  await page.close();
  return [...new Set(paths)];
}

/**
 * `records`: record pages to measure besides the module pages (a property's, `/possible-investments/<id>`).
 * @returns {Promise<import("../report.mjs").Measured>}
 */
export async function measureModulePages(origin, account, records = []) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows = [];
  try {
    const context = await browser.newContext({
      ...devices["Pixel 7"],
      extraHTTPHeaders: { Cookie: account.cookie },
    });
    for (const path of [...(await modulePaths(context, origin)), ...records]) {
      const page = await context.newPage();
      const scripts = new Set();
      const asked = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.origin !== origin) return;
        if (request.resourceType() === "script") scripts.add(url.pathname);
        if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
      });
      await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
      await page.close();
      let gzip = 0;
      for (const script of scripts)
        gzip += gzipSync(readFileSync(join(ROOT, "build", "client", script))).length;
      const target = path === "/home" ? HOME_GZIP_TARGET_KB : MODULE_GZIP_TARGET_KB;
      rows.push({
        measure: `${path}: JavaScript on a phone (${scripts.size} files), gzip`,
        result: kb(gzip),
        target: `≤ ${target} KB`,
        met: gzip <= target * 1024,
      });
      rows.push({
        measure: `${path}: API requests after the HTML`,
        result: asked.length ? [...new Set(asked)].join(", ") : "none",
        target: "none",
        met: asked.length === 0,
      });
    }
  } finally {
    await browser.close();
  }
  return { rows };
}
