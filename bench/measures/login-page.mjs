// The JavaScript a signed-out visitor downloads before the login screen is usable: every script
// Chromium fetches from our origin while loading /home, read back from build/client and gzipped.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT } from "../../scripts/lib.mjs";
import { kb } from "../figures.mjs";

export const LOGIN_GZIP_TARGET_KB = 110;

/** @returns {Promise<import("../report.mjs").Measured>} */
export async function measureLoginPage(origin) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const scripts = new Set();
  try {
    const page = await browser.newPage();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === "script" && url.origin === origin)
        scripts.add(url.pathname);
    });
    await page.goto(`${origin}/home`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  } finally {
    await browser.close();
  }
  let gzip = 0;
  let raw = 0;
  for (const path of scripts) {
    const bytes = readFileSync(join(ROOT, "build", "client", path));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return {
    rows: [
      { measure: `Login page JavaScript (${scripts.size} files), raw`, result: kb(raw) },
      {
        measure: "Login page JavaScript, gzip",
        result: kb(gzip),
        target: `≤ ${LOGIN_GZIP_TARGET_KB} KB`,
        met: gzip <= LOGIN_GZIP_TARGET_KB * 1024,
      },
    ],
  };
}
