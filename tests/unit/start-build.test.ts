import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isBuildStale } from "../../scripts/lib.mjs";

/** A file at `path` under `root`, last changed `secondsAgo`. */
function write(root: string, path: string, secondsAgo: number) {
  const file = join(root, path);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, "");
  age(file, secondsAgo);
}

function age(path: string, secondsAgo: number) {
  const time = Date.now() / 1000 - secondsAgo;
  utimesSync(path, time, time);
}

describe("npm start's build check", () => {
  let root = "";
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "ai42-build-"));
    write(root, "app/routes/home.tsx", 100);
    write(root, "worker/index.ts", 100);
    write(root, "public/favicon.svg", 100);
    write(root, "package-lock.json", 100);
    for (const folder of ["app/routes", "app", "worker", "public"]) age(join(root, folder), 100);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const built = () => {
    write(root, "build/client/assets/root.js", 10);
    write(root, "build/server/index.js", 10);
  };

  it("builds when there is no build, or half of one", () => {
    expect(isBuildStale(root)).toBe(true);
    write(root, "build/server/index.js", 10);
    expect(isBuildStale(root)).toBe(true);
  });

  it("skips the build when nothing changed since it was made", () => {
    built();
    expect(isBuildStale(root)).toBe(false);
  });

  it("builds again when a source, a static file or the dependencies changed", () => {
    for (const path of ["app/routes/home.tsx", "public/favicon.svg", "package-lock.json"]) {
      built();
      write(root, path, 0);
      expect(isBuildStale(root), path).toBe(true);
      age(join(root, path), 100);
    }
  });

  it("builds again when a source was added or deleted", () => {
    built();
    write(root, "app/routes/new.tsx", 100);
    expect(isBuildStale(root)).toBe(true);
    age(join(root, "app/routes"), 100);
    expect(isBuildStale(root)).toBe(false);
    rmSync(join(root, "worker/index.ts"));
    expect(isBuildStale(root)).toBe(true);
  });
});
