// How long an import of 1,000 rows takes: `POST /api/data/properties` (a first import, then two
// re-imports of the same rows, which update instead of insert) and `POST /api/auctions/import`
// (three imports, each adding 1,000 auctions with their first history entries). Then Import Data
// of the account's own export with "Update existing": every record merged and kept for Undo, and
// the Undo of that run.
import { performance } from "node:perf_hooks";
import { median } from "../figures.mjs";

export const IMPORT_ROWS = 1000;
export const IMPORT_TARGET_SECONDS = 2;

export const propertyRows = Array.from({ length: IMPORT_ROWS }, (_, i) => ({
  address: `${i + 1} Bench Street`,
  city: "Dayton",
  state: "OH",
  zip: "45402",
  beds: 3,
  baths: 2,
  squareFeet: 1400,
  listPrice: 150000 + i,
  rentEstimate: 1500,
}));

const SALE_TYPES = ["judicial", "upset", "sheriff", "tax", "trustee"];
/** Sales spread over 2028 (clear of the month the calendar benchmark lists), money as text. */
export const auctionRows = Array.from({ length: IMPORT_ROWS }, (_, i) => ({
  saleType: SALE_TYPES[i % SALE_TYPES.length],
  saleAt: new Date(Date.UTC(2028, 0, 4 + (i % 360), 15)).toISOString(),
  address: `${i + 1} Auction Avenue`,
  city: "Pittsburgh",
  county: "Allegheny",
  state: "PA",
  caseNumber: `MG-27-${String(i).padStart(5, "0")}`,
  openingBid: `$${(40000 + i * 10).toLocaleString("en")}`,
  depositPct: "10%",
}));

async function timeImport(origin, account, path, rows) {
  const seconds = [];
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    const imported = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...account.authorization },
      body: JSON.stringify(rows),
    });
    if (!imported.ok) throw new Error(`Import to ${path} failed: ${imported.status}`);
    seconds.push((performance.now() - started) / 1000);
  }
  const typical = median(seconds);
  return {
    result: `${typical.toFixed(2)} s (${seconds.map((s) => s.toFixed(2)).join(", ")})`,
    target: `< ${IMPORT_TARGET_SECONDS} s`,
    met: typical < IMPORT_TARGET_SECONDS,
  };
}

/** Import Data of the account's export onto itself, merging every record, then its Undo. */
async function timeImportData(origin, account) {
  const headers = { "Content-Type": "application/json", ...account.authorization };
  const exported = await fetch(`${origin}/api/export`, { headers });
  if (!exported.ok) throw new Error(`Export failed: ${exported.status}`);
  const { data: document } = await exported.json();
  const records = Object.values(document)
    .filter(Array.isArray)
    .reduce((sum, list) => sum + list.length, 0);
  const body = JSON.stringify(document);
  const seconds = [];
  let runId = null;
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    const imported = await fetch(`${origin}/api/import?existing=update&overwriteEdits=true`, {
      method: "POST",
      headers,
      body,
    });
    if (!imported.ok) throw new Error(`Import Data failed: ${imported.status}`);
    seconds.push((performance.now() - started) / 1000);
    runId = (await imported.json()).data.runId;
  }
  const started = performance.now();
  const undone = await fetch(`${origin}/api/imports/runs/${runId}/undo`, {
    method: "POST",
    headers,
  });
  if (!undone.ok) throw new Error(`Undo failed: ${undone.status}`);
  const undoSeconds = (performance.now() - started) / 1000;
  const typical = median(seconds);
  const count = records.toLocaleString("en");
  return [
    {
      measure: `POST /api/import, the account's export of ${count} records, Update existing (median of 3; every record merged and kept for Undo)`,
      result: `${typical.toFixed(2)} s (${seconds.map((s) => s.toFixed(2)).join(", ")})`,
    },
    {
      measure: `POST /api/imports/runs/{id}/undo of that import (${count} records put back)`,
      result: `${undoSeconds.toFixed(2)} s`,
    },
  ];
}

/** @returns {Promise<import("../report.mjs").Measured>} */
export async function measureImports(origin, account) {
  const rows = IMPORT_ROWS.toLocaleString("en");
  return {
    rows: [
      {
        measure: `POST /api/data/properties, ${rows} rows (median of 3: first import, 2 re-imports)`,
        ...(await timeImport(origin, account, "/api/data/properties", propertyRows)),
      },
      {
        measure: `POST /api/auctions/import, ${rows} rows (median of 3 imports, each adding ${rows})`,
        ...(await timeImport(origin, account, "/api/auctions/import", auctionRows)),
      },
      ...(await timeImportData(origin, account)),
    ],
  };
}
