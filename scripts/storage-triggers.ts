// The triggers that count each measured table's rows against its user's storage quota, as SQL for
// a migration (worker/services/storage.ts). A table that gains or loses a column needs its three
// triggers dropped and made again from this, in the migration that changes it.
//
//   npx tsx scripts/storage-triggers.ts [table …]   all measured tables, or the ones named
import { getTableName } from "drizzle-orm";
import { MEASURED_TABLES, storageTriggerSql } from "../worker/services/storage";

const named = process.argv.slice(2);
for (const measured of MEASURED_TABLES) {
  const name = getTableName(measured.table);
  if (named.length && !named.includes(name)) continue;
  for (const statement of storageTriggerSql(measured)) {
    console.log(`${statement};--> statement-breakpoint`);
  }
}
