/**
 * Imports that run in the background of the page: a big list is sent a chunk of records at a
 * time (each written whole by the server), with its progress shown wherever the user goes in
 * the app, until it is done, fails or is stopped; then it can be undone whole. One store,
 * read with useSyncExternalStore. What a run wrote is shown through its caller's callback (the
 * page open by then reading its records again).
 */
import { useSyncExternalStore } from "react";
import type { Table } from "~/domain/imports/table";
import { importsApi, type FileImportKind, type FileImportOptions } from "./api/imports";
import { failureText } from "./api/workspace";

/** Records per request: well inside a request's size and a chunk's D1 batch. */
export const RECORDS_PER_REQUEST = 2000;

export interface ImportJob {
  id: number;
  kind: FileImportKind;
  fileName: string;
  total: number;
  sent: number;
  created: number;
  merged: number;
  unchanged: number;
  failed: number;
  runId: string | null;
  state: "running" | "done" | "failed" | "stopped" | "undone";
  error?: string;
}

let jobs: ImportJob[] = [];
const MAX_JOBS_SHOWN = 5;
const listeners = new Set<() => void>();
const stopRequested = new Set<number>();
let nextId = 1;

function update(id: number, change: Partial<ImportJob>) {
  jobs = jobs.map((job) => (job.id === id ? { ...job, ...change } : job));
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useImportJobs = () =>
  useSyncExternalStore(
    subscribe,
    () => jobs,
    () => jobs,
  );

/**
 * Starts importing a table's records: chunk after chunk, the first one's run carried by the
 * rest, so Undo takes the whole file back. `written` runs once the run has ended having written
 * something: done, stopped or failed after a chunk.
 */
export function startImport(
  kind: FileImportKind,
  table: Table,
  options: FileImportOptions & { fileName: string },
  written: () => void,
) {
  const id = nextId++;
  const job: ImportJob = {
    id,
    kind,
    fileName: options.fileName,
    total: table.records.length,
    sent: 0,
    created: 0,
    merged: 0,
    unchanged: 0,
    // Rows the file itself breaks (a quote never closed) are counted here, not sent.
    failed: table.problems.length,
    runId: null,
    state: "running",
  };
  // The newest first; a finished one stays (with its Undo) until dismissed.
  jobs = [job, ...jobs].slice(0, MAX_JOBS_SHOWN);
  listeners.forEach((listener) => listener());
  void (async () => {
    let runId: string | null = null;
    let current = job;
    for (let start = 0; start < table.records.length; start += RECORDS_PER_REQUEST) {
      if (stopRequested.has(id)) {
        update(id, { state: "stopped" });
        if (runId) written();
        return;
      }
      const records = table.records.slice(start, start + RECORDS_PER_REQUEST);
      try {
        const result = await importsApi.send(
          kind,
          { headers: table.headers, records, delimiter: table.delimiter },
          {
            ...options,
            runId,
            remember: start === 0 && options.remember,
            more: start + RECORDS_PER_REQUEST < table.records.length,
          },
        );
        runId = result.runId;
        current = {
          ...current,
          runId,
          sent: start + records.length,
          created: current.created + result.counts.created,
          merged: current.merged + result.counts.merged,
          unchanged: current.unchanged + result.counts.unchanged,
          failed: current.failed + result.counts.failed,
        };
        update(id, current);
      } catch (error) {
        update(id, { state: "failed", error: failureText(error) });
        // What the chunks before wrote is there: the list shows it.
        if (runId) written();
        return;
      }
    }
    update(id, { state: "done" });
    written();
  })();
  return id;
}

/** Stops after the chunk being written (each chunk is whole or nothing). */
export function stopImport(id: number) {
  stopRequested.add(id);
}

/** Takes a run back whole: what it made deleted, what it merged as it was; then `undone`. */
export async function undoImportJob(id: number, undone: () => void) {
  const job = jobs.find((j) => j.id === id);
  if (!job?.runId) return;
  await importsApi.undo(job.runId);
  update(id, { state: "undone" });
  undone();
}

export const dismissImport = (id: number) => {
  jobs = jobs.filter((job) => job.id !== id);
  listeners.forEach((listener) => listener());
};
