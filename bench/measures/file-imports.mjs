// A wholesaler's mailing list through the file import: 50,000 leads as one CSV (POST
// /api/imports/leads), the same file again (every row matched and unchanged), and the same list
// as the screen sends it (25 table chunks of 2,000 records into one run). Rows per second, and
// the peak memory of the workerd process serving the Worker while it runs (VmHWM: the local
// runtime's whole process, an upper bound on the isolate's own).
import { performance } from "node:perf_hooks";
import { statusMb, workerdOf } from "./workerd-memory.mjs";

export const LIST_ROWS = 50_000;
const CHUNK = 2000;

const HEADER = [
  "First Name",
  "Last Name",
  "Phone1",
  "Phone1 Type",
  "Email1",
  "Property Address",
  "Property City",
  "Property State",
  "Property Zip",
  "Mailing Address",
  "Mailing City",
  "Mailing State",
  "Mailing Zip",
];

function listRows(prefix) {
  return Array.from({ length: LIST_ROWS }, (_, i) => [
    `${prefix}${i}`,
    `Family${i % 997}`,
    `(555) ${String(100 + (i % 900))}-${String(i % 10000).padStart(4, "0")}`,
    i % 3 ? "Mobile" : "Landline",
    `${prefix.toLowerCase()}${i}@example.com`,
    `${i + 1} Bench St`,
    "Dayton",
    "OH",
    "45402",
    `PO Box ${i + 1}`,
    "Columbus",
    "OH",
    "43215",
  ]);
}

async function send(origin, account, kind, body, type, query = "") {
  const response = await fetch(`${origin}/api/imports/${kind}${query}`, {
    method: "POST",
    headers: { "Content-Type": type, ...account.authorization },
    body,
  });
  if (!response.ok) throw new Error(`Import failed: ${response.status} ${await response.text()}`);
  return (await response.json()).data;
}

/** @returns {Promise<import("../report.mjs").Measured>} */
export async function measureFileImports(origin, account, wranglerPid) {
  const workerd = workerdOf(wranglerPid);
  const before = workerd ? statusMb(workerd, "VmRSS") : NaN;
  const rows = listRows("Owner");
  const csv = [HEADER, ...rows].map((cells) => cells.join(",")).join("\r\n");
  const n = LIST_ROWS.toLocaleString("en");

  let started = performance.now();
  const first = await send(origin, account, "leads", csv, "text/csv");
  const firstSeconds = (performance.now() - started) / 1000;
  if (first.counts.created !== LIST_ROWS) throw new Error(`Imported ${first.counts.created} leads`);

  started = performance.now();
  const again = await send(origin, account, "leads", csv, "text/csv");
  const againSeconds = (performance.now() - started) / 1000;
  if (again.counts.created !== 0)
    throw new Error(`The re-import added ${again.counts.created} leads`);

  // As the screen sends a list: chunks of records into one run (another 50,000 people).
  const other = listRows("Buyer");
  started = performance.now();
  let runId = null;
  for (let start = 0; start < other.length; start += CHUNK) {
    const records = other
      .slice(start, start + CHUNK)
      .map((cells, i) => ({ row: start + i + 2, cells }));
    const result = await send(
      origin,
      account,
      "leads",
      JSON.stringify({ headers: HEADER, records }),
      "application/json",
      runId ? `?runId=${runId}` : "",
    );
    runId = result.runId;
  }
  const chunkedSeconds = (performance.now() - started) / 1000;
  const peak = workerd ? statusMb(workerd, "VmHWM") : NaN;
  const rate = (seconds) => `${Math.round(LIST_ROWS / seconds).toLocaleString("en")} rows/s`;
  return {
    rows: [
      {
        measure: `POST /api/imports/leads, a ${n}-row skip-traced list as one CSV (${(csv.length / 1024 / 1024).toFixed(1)} MB)`,
        result: `${firstSeconds.toFixed(1)} s, ${rate(firstSeconds)}`,
      },
      {
        measure: `The same ${n}-row file again (every row matched, nothing written but the run)`,
        result: `${againSeconds.toFixed(1)} s, ${rate(againSeconds)}`,
      },
      {
        measure: `${n} rows as the screen sends them: ${LIST_ROWS / CHUNK} chunks of ${CHUNK.toLocaleString("en")} into one run`,
        result: `${chunkedSeconds.toFixed(1)} s, ${rate(chunkedSeconds)}`,
      },
      {
        measure: "workerd's peak resident memory (VmHWM) after these imports, and before them",
        result: Number.isNaN(peak)
          ? "not measured (no workerd process found)"
          : `${peak.toFixed(0)} MB (${before.toFixed(0)} MB before)`,
        target: "< 128 MB per isolate in production",
      },
    ],
  };
}
