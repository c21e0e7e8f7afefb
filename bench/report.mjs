// bench/RESULTS.md from what the measures return: one table row per figure, with its target and a
// verdict worked out by the measure, then the measures' own notes. A hand-written record of
// earlier runs may follow under HISTORY_HEADING; each run keeps it as it is.

const VERDICT = { true: "✅", false: "❌" };
const LINE_WIDTH = 100;
export const HISTORY_HEADING = "## Before and after";

/** What a new report keeps of the previous one: its history section, if it has one. */
export function keptHistory(previousReport) {
  const at = previousReport.indexOf(`\n${HISTORY_HEADING}\n`);
  return at === -1 ? "" : previousReport.slice(at + 1);
}

/** Breaks a paragraph into lines of at most LINE_WIDTH characters, at spaces. */
function wrap(paragraph) {
  const lines = [];
  let line = "";
  for (const word of paragraph.split(" ")) {
    if (line && line.length + 1 + word.length > LINE_WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line].join("\n");
}

/**
 * What every measure returns: its table rows (a row with a target carries `met`, its verdict) and
 * prose worked out from the same figures.
 * @typedef {{ measure: string, result: string, target?: string, met?: boolean }} Row
 * @typedef {{ rows: Row[], notes?: string[] }} Measured
 */

/**
 * @param {{ date: string, cores: number, node: string, measured: Measured[], history?: string }} run
 */
export function formatReport({ date, cores, node, measured, history = "" }) {
  const rows = measured.flatMap((m) => m.rows);
  const judged = rows.filter((row) => row.met !== undefined);
  const missed = judged.filter((row) => !row.met);
  const table = [
    "| measure | result | target | |",
    "|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.measure} | ${row.result} | ${row.target ?? "—"} | ${VERDICT[row.met] ?? ""} |`,
    ),
  ].join("\n");
  const summary = missed.length
    ? `${judged.length - missed.length} of ${judged.length} targets met; missed: ${missed.map((row) => row.measure).join("; ")}.`
    : `All ${judged.length} targets met.`;
  const intro = `Produced by \`npm run bench\` (bench/run.mjs) on ${date}, on this project's machine (${cores} cores, Node ${node}). ${summary}`;
  const notes = measured.flatMap((m) => m.notes ?? []);
  const sections = ["# Benchmarks", wrap(intro), table, ...notes.map(wrap)];
  return `${sections.join("\n\n")}\n${history ? `\n${history.trimEnd()}\n` : ""}`;
}
