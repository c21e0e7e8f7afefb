// The triggers that keep the property list's figures on the property, then the statements that
// work them out for every existing property, as SQL for a migration (worker/db/list-figures.ts).
// A change to what they read (the buy box's criteria, the photo's choice, the owner's name) needs
// a migration that drops the changed triggers and makes them again from this, then backfills.
//
//   npx tsx scripts/list-figure-triggers.ts
import { LIST_FIGURE_BACKFILL, LIST_FIGURE_TRIGGERS } from "../worker/db/list-figures";

for (const statement of [
  ...LIST_FIGURE_TRIGGERS.map((trigger) => `${trigger};`),
  ...LIST_FIGURE_BACKFILL,
])
  console.log(`${statement}--> statement-breakpoint`);
