// The schema's migrations (migrations/, as drizzle-kit writes them for D1) as a module a workspace's
// Durable Object runs with drizzle's durable-sqlite migrator (worker/workspace-object.ts): workerd
// has no file system, and the same module loads under wrangler's bundler and the tests' Vite.
//
//   npx tsx scripts/object-migrations.ts write   after adding a migration
//   npx tsx scripts/object-migrations.ts check   (npm run typecheck) fails when it is out of date
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const at = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const OUT = at("../worker/db/object-migrations.ts");

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
}

function moduleText() {
  const journal = JSON.parse(readFileSync(at("../migrations/meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const files = new Set(readdirSync(at("../migrations")).filter((name) => name.endsWith(".sql")));
  const migrations: Record<string, string> = {};
  for (const entry of journal.entries) {
    const file = `${entry.tag}.sql`;
    if (!files.delete(file)) throw new Error(`The journal names ${file}, which is not there`);
    migrations[`m${String(entry.idx).padStart(4, "0")}`] = readFileSync(
      at(`../migrations/${file}`),
      "utf8",
    );
  }
  if (files.size) throw new Error(`Not in the journal: ${[...files].join(", ")}`);
  const entries = journal.entries.map(({ idx, when, tag, breakpoints }) => ({
    idx,
    when,
    tag,
    breakpoints,
  }));
  return `// Written by scripts/object-migrations.ts from migrations/: do not edit.
export default {
  journal: { entries: ${JSON.stringify(entries)} },
  migrations: ${JSON.stringify(migrations)},
};
`;
}

const mode = process.argv[2];
const text = moduleText();
if (mode === "write") {
  writeFileSync(OUT, text);
  console.log(`Wrote ${OUT}`);
} else if (mode === "check") {
  let current = "";
  try {
    current = readFileSync(OUT, "utf8");
  } catch {
    // Missing: as out of date.
  }
  if (current !== text) {
    console.error(
      "worker/db/object-migrations.ts is out of date with migrations/: run npx tsx scripts/object-migrations.ts write",
    );
    process.exit(1);
  }
  console.log("worker/db/object-migrations.ts matches migrations/.");
} else {
  console.error("Usage: tsx scripts/object-migrations.ts write|check");
  process.exit(2);
}
