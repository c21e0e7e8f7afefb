import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isBuildStale, recordBuildInputs, whyRebuild } from "../../scripts/lib.mjs";

describe("npm start's build check", () => {
  let root = "";
  /** A file at `path` under `root` holding `content`. */
  const write = (path: string, content = "") => {
    const file = join(root, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, content);
  };
  /** A build of the sources as they are now, as `npm start` (or `npm run build`) makes it. */
  const built = () => {
    write("build/client/assets/root.js", "client");
    write("build/server/index.js", "server");
    recordBuildInputs(root);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "ai42-build-"));
    write("app/routes/home.tsx", "export default function Home() {}");
    write("worker/index.ts", "export default {}");
    write("workers/extract/index.ts", "export default {}");
    write("public/favicon.svg", "<svg/>");
    write("package-lock.json", "{}");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("builds when there is no build, or half of one", () => {
    expect(whyRebuild(root)).toBe("there is no build yet");
    write("build/server/index.js");
    expect(isBuildStale(root)).toBe(true);
  });

  it("skips the build when nothing changed since it was made", () => {
    built();
    expect(whyRebuild(root)).toBeNull();
  });

  it("builds again when a source, a static file or the dependencies changed, and says which", () => {
    for (const path of ["app/routes/home.tsx", "public/favicon.svg", "package-lock.json"]) {
      built();
      write(path, "changed");
      expect(whyRebuild(root), path).toBe(`${path} changed`);
    }
  });

  it("builds again when a source was added or deleted", () => {
    built();
    write("app/routes/new.tsx", "export default function New() {}");
    expect(whyRebuild(root)).toBe("app/routes/new.tsx was added");
    built();
    rmSync(join(root, "worker/index.ts"));
    expect(whyRebuild(root)).toBe("worker/index.ts was deleted");
  });

  it("does not build again for a file only touched (npm install rewrites an unchanged lockfile)", () => {
    built();
    const later = Date.now() / 1000 + 60;
    utimesSync(join(root, "package-lock.json"), later, later);
    utimesSync(join(root, "app/routes/home.tsx"), later, later);
    expect(isBuildStale(root)).toBe(false);
  });

  it("does not build again for what wrangler and other tools write while they run", () => {
    built();
    // `wrangler dev` keeps its scratch files beside each config it runs: the extractor's too.
    write("workers/extract/.wrangler/tmp/dev-x1/index.js", "bundle");
    write(".wrangler/state/v3/d1/db.sqlite", "data");
    write(".wrangler/tmp/bundle-x2/index.js", "bundle");
    write("worker/.wrangler/tmp/x", "scratch");
    write("app/node_modules/.cache/x", "cache");
    write("node_modules/.cache/x", "cache");
    // The extractor is bundled by `wrangler dev` itself, at each start.
    write("workers/extract/index.ts", "export default { changed: true }");
    expect(whyRebuild(root)).toBeNull();

    write("app/routes/home.tsx", "export default function Home() { return 1; }");
    expect(whyRebuild(root)).toBe("app/routes/home.tsx changed");
  });

  it("builds again when the build has no record of its inputs (one stopped half-way)", () => {
    built();
    rmSync(join(root, "build/inputs.json"));
    expect(isBuildStale(root)).toBe(true);
  });

  it("builds again when the build was made since by other means than the recorded one", () => {
    built();
    write("build/server/index.js", "another build");
    const later = Date.now() / 1000 + 60;
    utimesSync(join(root, "build/server/index.js"), later, later);
    expect(whyRebuild(root)).toBe("the build has no record of what it was made from");
  });
});
