import { describe, expect, it } from "vitest";
import { describeRequestRates } from "../../bench/measures/request-rates.mjs";
import { describeStreamRelay } from "../../bench/measures/stream-relay.mjs";
import { formatReport, HISTORY_HEADING, keptHistory } from "../../bench/report.mjs";

const run = (measured: Parameters<typeof formatReport>[0]["measured"]) =>
  formatReport({ date: "2026-01-02", cores: 2, node: "v20.20.2", measured });

describe("bench report", () => {
  it("gives each judged figure its verdict and sums them up", () => {
    const report = run([
      {
        rows: [
          { measure: "Size", result: "10 KB" },
          { measure: "Fast", result: "5 ms", target: "≤ 20 ms", met: true },
          { measure: "Slow", result: "3 s", target: "< 2 s", met: false },
        ],
      },
    ]);
    expect(report).toContain("| Size | 10 KB | — |  |");
    expect(report).toContain("| Fast | 5 ms | ≤ 20 ms | ✅ |");
    expect(report).toContain("| Slow | 3 s | < 2 s | ❌ |");
    expect(report).toContain("1 of 2 targets met; missed: Slow.");
  });

  it("says all targets are met only when they are, and wraps the prose", () => {
    const report = run([
      {
        rows: [{ measure: "Fast", result: "5 ms", target: "≤ 20 ms", met: true }],
        notes: ["word ".repeat(60).trim()],
      },
    ]);
    expect(report).toContain("All 1 targets met.");
    expect(report).not.toContain("❌");
    for (const line of report.split("\n")) expect(line.length).toBeLessThanOrEqual(100);
  });

  it("keeps the previous report's history section, and nothing else of it", () => {
    const history = `${HISTORY_HEADING}\n\nOn 2026-01-01, /home went from 0.12× to 0.30×.\n`;
    const previous = run([{ rows: [{ measure: "Old", result: "1" }], notes: ["Old prose."] }]);
    const kept = keptHistory(`${previous}\n${history}`);
    expect(kept).toBe(history);
    const next = formatReport({
      date: "2026-01-03",
      cores: 2,
      node: "v20.20.2",
      measured: [{ rows: [{ measure: "New", result: "2" }] }],
      history: kept,
    });
    expect(next).not.toContain("Old");
    expect(next.endsWith(history)).toBe(true);
    expect(keptHistory(previous)).toBe("");
  });
});

describe("request-rate prose", () => {
  const rates = (ratios: Record<string, number>) => ({
    bare: 1000,
    ...Object.fromEntries(Object.entries(ratios).map(([key, ratio]) => [key, ratio * 1000])),
  });

  it("explains only the endpoints that miss their target, with the measured figures", () => {
    const { rows, notes = [] } = describeRequestRates(
      rates({ health: 0.26, me: 0.54, projects: 0.2, home: 0.3 }),
    );
    expect(rows.filter((row) => row.met === false).map((row) => row.measure)).toEqual([
      "GET /api/projects?limit=50 (session + one D1 batch)",
    ]);
    const misses = notes.filter((note) => note.includes("misses"));
    expect(misses).toHaveLength(1);
    expect(misses[0]).toContain("(0.20×)");
    expect(misses[0]).toContain("floor at 0.26×");
    expect(misses[0]).toContain("sits below it");
  });

  it("claims no miss when every target is met", () => {
    const { rows, notes = [] } = describeRequestRates(
      rates({ health: 0.6, me: 0.7, projects: 0.55, home: 0.4 }),
    );
    expect(rows.every((row) => row.met !== false)).toBe(true);
    expect(notes.join(" ")).not.toMatch(/miss/);
  });
});

describe("stream-relay prose", () => {
  const figures = (relayedChunksPerSecond: number) => ({
    delays: [4, 5, 6],
    relayed: { chunksPerSecond: relayedChunksPerSecond, bytesPerSecond: 1024 },
    direct: { chunksPerSecond: 1000, bytesPerSecond: 1024 },
  });

  const note = (relayedChunksPerSecond: number) =>
    describeStreamRelay(figures(relayedChunksPerSecond)).notes?.join(" ");

  it("says what bounds the throughput from the two rates", () => {
    expect(note(950)).toContain("keeps 95%");
    expect(note(950)).toContain("not the relay");
    expect(note(600)).toContain("the relay costs 40%");
  });
});
