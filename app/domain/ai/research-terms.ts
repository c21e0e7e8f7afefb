/**
 * What the research screen says before any research runs (the query's limit, the examples), apart
 * from the report's schemas (research.ts, which re-exports these): the screen downloads no zod
 * until a report is read, so its first load stays small. Pure.
 */

export const MAX_QUERY_CHARS = 1000;

export const RESEARCH_EXAMPLES = [
  "123 Main St, Columbus, OH 43215 — flip or rental?",
  "Rental demand and rents for 3-bed homes in Cleveland, OH",
  "Risks of buying a 1960s duplex in a flood zone",
];
