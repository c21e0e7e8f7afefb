// One investor grown from 1,000 to 10,000 to 50,000 properties and as many leads, beside nine small
// users, on a fresh local AI42 (`wrangler dev`, local D1): what the investor opens must take about
// as long at 50,000 as at 1,000. At each size, interleaved rounds of every read a screen makes
// (the Possible Investments page, the list by type and price, the buy-box filter, /home and the
// dashboard, leads newest first, both searches, the CSV export of every property), each judged
// by its median against the smallest size's. At the largest size, a small user's list while the
// investor exports and reloads the dashboard twice at once, and a 5,000-row import into the
// investor's workspace against one into an empty workspace.
//
// Everything is seeded through the app's own import APIs (the property and lead file imports, the
// JSON property import, saved analyses), so the rows are what the app writes whatever its schema.
// SCALE_SIZES=1000,10000 (ascending, each ≥ 1,000) and SCALE_ROUNDS=5 make a shorter run.
/* global AbortController */
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { clearInterval, setInterval } from "node:timers";
import { URLSearchParams } from "node:url";
import { applyMigrations, startWrangler } from "../../scripts/lib.mjs";
import { signUpAndIn } from "../accounts.mjs";
import { median, percentile } from "../figures.mjs";
import {
  BUY_BOX,
  CAMPAIGNS,
  csv,
  LEAD_MAPPING,
  LEAD_WORD,
  leadCells,
  PROPERTY_MAPPING,
  PROPERTY_WORD,
  propertyCells,
  propertyInput,
  rentalAnalysis,
} from "./scale-rows.mjs";
import { cpuSeconds, statusMb, workerdOf } from "./workerd-memory.mjs";

const SIZES = (process.env.SCALE_SIZES ?? "1000,10000,50000").split(",").map(Number);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 15);
/** One property in ANALYSED is added by hand and analysed (a rental), the rest come from lists. */
const ANALYSED = 20;
/** Rows per request of the seeding's file imports, as a list provider's export splits a list. */
const PROPERTY_FILE_ROWS = 5000;
const LEAD_FILE_ROWS = 5000;
/** Saved analyses sent at once, as a few tabs of the analyzer would. */
const PARALLEL_SAVES = 4;
/**
 * The timed property import, into the investor's workspace and into an empty one: 5,000 rows (a
 * tenth of a smaller last size), three times each, the last three files of the investor's growth.
 */
const IMPORT_ROWS = Math.min(5000, Math.floor(SIZES.at(-1) / 10));
const IMPORT_RUNS = 3;
export const SMALL_USERS = 9;
const SMALL_PROPERTIES = 30;
const SMALL_ANALYSED = 4;
const SMALL_LEADS = 36;
/** Rows a page of the list shows (Possible Investments; Marketing's leads). */
const PROPERTY_PAGE = 25;
const LEAD_PAGE = 20;
/**
 * The export is timed in every round until it has taken EXPORT_BUDGET_MS at a size (and at least
 * EXPORT_LEAST times), and is cut off past EXPORT_MOST_MS: an export that takes minutes is not
 * timed fifteen times, nor waited for to its end.
 */
const EXPORT_BUDGET_MS = 30_000;
const EXPORT_LEAST = 3;
const EXPORT_MOST_MS = 60_000;
/** How long `settle` waits for an answer before asking again. */
const SETTLE_MS = 3000;
/** Past this a read is taken to hang: the measure stops, naming it. */
const READ_MOST_MS = 120_000;
/**
 * The small users' requests: alone, then beside the investor's heavy work until the export is
 * done and at least HEAVY_LEAST_SAMPLES were taken, or for HEAVY_MOST_MS (the export cut off).
 */
const SMALL_SAMPLES = 40;
const HEAVY_LEAST_SAMPLES = 20;
const HEAVY_MOST_MS = 60_000;
const PAUSE_MS = 25;
/** A request beside the heavy work that takes longer than this is given up (and counted so). */
const SHARED_MOST_MS = 10_000;

const TARGETS = { ratio: 1.5, dashboardMs: 100, exportSeconds: 3, beside: 3, importRatio: 1.5 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (n) => n.toLocaleString("en");
const short = (n) => (n % 1000 === 0 ? `${n / 1000}k` : count(n));
const ms = (value) => (value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`);
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;

/** An account as the benchmark drives it: its bearer for the API, its cookie for the pages. */
export async function account(origin, name) {
  const { email, token, cookie } = await signUpAndIn(origin, {
    email: `scale-${name}-${Date.now()}@example.com`,
    lastName: name,
  });
  return { email, api: { Authorization: `Bearer ${token}` }, page: { Cookie: cookie } };
}

export async function send(origin, user, method, path, body, type = "application/json") {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { "Content-Type": type, ...user.api },
    body: type === "application/json" ? JSON.stringify(body) : body,
    signal: AbortSignal.timeout(READ_MOST_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text).data;
}

/**
 * A list file through the file import (`POST /api/imports/<kind>`), each column mapped by name;
 * every row must become a new record. Answers the milliseconds it took to be answered; then
 * waits for what the import left to do after its answer (`settle`), untimed.
 */
async function importFile(origin, user, kind, rows, query = {}) {
  const mapping = kind === "properties" ? PROPERTY_MAPPING : LEAD_MAPPING;
  const params = new URLSearchParams({
    mapping: JSON.stringify(mapping),
    fileName: `${kind}.csv`,
    ...query,
  });
  const body = csv(rows);
  const started = performance.now();
  const data = await send(origin, user, "POST", `/api/imports/${kind}?${params}`, body, "text/csv");
  const took = performance.now() - started;
  await settle(origin);
  if (data.counts.created !== rows.length) {
    throw new Error(
      `The ${kind} import made ${data.counts.created} of ${rows.length} records: ${JSON.stringify(data.problems.slice(0, 3))}`,
    );
  }
  return took;
}

/** Properties added by hand (the JSON import, up to 1,000 a call), each with a saved rental. */
async function addAnalysed(origin, user, from, to) {
  const indexes = Array.from({ length: to - from }, (_, k) => from + k);
  for (let at = 0; at < indexes.length; at += 1000) {
    const batch = indexes.slice(at, at + 1000);
    const { created, ids } = await send(
      origin,
      user,
      "POST",
      "/api/data/properties",
      batch.map(propertyInput),
    );
    if (created !== batch.length) throw new Error(`Added ${created} of ${batch.length} properties`);
    await settle(origin);
    let next = 0;
    const saver = async () => {
      while (next < batch.length) {
        const k = next++;
        await send(origin, user, "POST", "/api/deals", rentalAnalysis(batch[k], ids[k]));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_SAVES }, saver));
  }
}

/** A user's workspace as it grows: how many of each it holds (indexes of the next records). */
const emptyWorkspace = () => ({ listed: 0, analysed: 0, leads: 0, leadFiles: 0 });
export const propertiesOf = (held) => held.listed + held.analysed;

/** Grows `held` by the list's next `n` properties, in files of PROPERTY_FILE_ROWS. */
async function addListed(origin, user, held, n) {
  const end = held.listed + n;
  while (held.listed < end) {
    const rows = Math.min(PROPERTY_FILE_ROWS, end - held.listed);
    await importFile(
      origin,
      user,
      "properties",
      Array.from({ length: rows }, (_, k) => propertyCells(held.listed + k)),
    );
    held.listed += rows;
  }
}

/** Grows `held` to `n` leads, in files of LEAD_FILE_ROWS, each but one in seven of a campaign. */
async function addLeads(origin, user, held, n, campaignIds, today) {
  while (held.leads < n) {
    const rows = Math.min(LEAD_FILE_ROWS, n - held.leads);
    const campaignId = campaignIds[held.leadFiles % (campaignIds.length + 1)];
    await importFile(
      origin,
      user,
      "leads",
      Array.from({ length: rows }, (_, k) => leadCells(held.leads + k, today)),
      campaignId ? { campaignId } : {},
    );
    held.leads += rows;
    held.leadFiles += 1;
  }
}

/** A small user: a few dozen properties (some analysed), leads, a buy box. */
export async function smallUser(origin, i, today) {
  const user = await account(origin, `small${i}`);
  const held = emptyWorkspace();
  await send(origin, user, "PUT", "/api/deals/criteria", BUY_BOX);
  await addListed(origin, user, held, SMALL_PROPERTIES);
  await addAnalysed(origin, user, 0, SMALL_ANALYSED);
  await addLeads(origin, user, held, SMALL_LEADS, [], today);
  return user;
}

/** The investor: an account with a buy box and campaigns, its workspace empty (`held`). */
export async function newInvestor(origin) {
  const user = await account(origin, "investor");
  await send(origin, user, "PUT", "/api/deals/criteria", BUY_BOX);
  const campaignIds = [];
  for (const campaign of CAMPAIGNS) {
    const made = await send(origin, user, "POST", "/api/marketing/campaigns", campaign);
    campaignIds.push(made.id);
  }
  return { user, campaignIds, held: emptyWorkspace() };
}

/**
 * Grows the investor's workspace to `size` leads and `size` properties less `short` (left for
 * imports timed later), one in ANALYSED of them analysed.
 */
export async function growInvestor(origin, { user, campaignIds, held }, size, today, short = 0) {
  const analysed = Math.floor(size / ANALYSED);
  await addAnalysed(origin, user, held.analysed, analysed);
  held.analysed = analysed;
  await addLeads(origin, user, held, size, campaignIds, today);
  await addListed(origin, user, held, size - propertiesOf(held) - short);
}

/** How many `needle`s are in `text`. */
const occurrences = (text, needle) => text.split(needle).length - 1;
const STREET_ADDRESS = /\b\d{3,4} [A-Z][a-z]+ (St|Ave|Rd|Dr|Ln|Ct|Blvd|Way|Pl|Ter)\b/g;

/** A JSON list's check: a full page of rows (and what each must be). */
const fullPage =
  (size, each = () => true) =>
  (body) => {
    const rows = JSON.parse(body).data;
    if (rows.length !== size) return `${rows.length} rows, not a full page of ${size}`;
    return rows.every(each) ? null : "a row that does not match the filter";
  };

/**
 * What is timed: each read of a screen, exactly as the app asks for it, with a check of its
 * answer (a read that got faster by answering less is no faster). `expected.properties` is the
 * investor's count when the check runs.
 */
function reads(today, expected) {
  return [
    {
      key: "page",
      label: "Possible Investments page, signed in (server HTML)",
      path: "/possible-investments",
      as: "page",
      check: (body) => {
        const shown = new Set(body.match(STREET_ADDRESS) ?? []).size;
        return shown >= PROPERTY_PAGE ? null : `${shown} addresses in the HTML`;
      },
    },
    {
      key: "byType",
      label: "GET /api/data/properties, single-family, by list price",
      path: `/api/data/properties?propertyType=single_family&sort=listPrice&dir=desc&limit=${PROPERTY_PAGE}`,
      check: fullPage(PROPERTY_PAGE, (p) => p.propertyType === "single_family"),
    },
    {
      key: "buyBox",
      label: "GET /api/data/properties?meetsCriteria=yes (the buy-box filter)",
      path: `/api/data/properties?meetsCriteria=yes&limit=${PROPERTY_PAGE}`,
      check: fullPage(PROPERTY_PAGE, (p) => p.primaryAnalysis?.meetsCriteria === true),
    },
    {
      key: "home",
      label: "/home, signed in (server HTML: the dashboard)",
      path: "/home",
      as: "page",
      check: (body) => (body.includes("</html>") ? null : "no whole page"),
    },
    {
      key: "dashboard",
      label: "GET /api/dashboard",
      path: `/api/dashboard?date=${today}`,
      check: (body) => (JSON.parse(body).data ? null : "no dashboard"),
    },
    {
      key: "leads",
      label: "GET /api/marketing/leads, newest first",
      path: `/api/marketing/leads?sort=newest&limit=${LEAD_PAGE}`,
      check: fullPage(LEAD_PAGE),
    },
    {
      key: "propertySearch",
      label: `GET /api/data/properties?q=${PROPERTY_WORD.slice(0, 4)} (search)`,
      path: `/api/data/properties?q=${PROPERTY_WORD.slice(0, 4)}&limit=${PROPERTY_PAGE}`,
      check: fullPage(PROPERTY_PAGE, (p) => p.address.includes(PROPERTY_WORD)),
    },
    {
      key: "leadSearch",
      label: `GET /api/marketing/leads?q=${LEAD_WORD.slice(0, 5)} (search)`,
      path: `/api/marketing/leads?q=${LEAD_WORD.slice(0, 5)}&limit=${LEAD_PAGE}`,
      check: fullPage(LEAD_PAGE, (l) => l.lastName === LEAD_WORD),
    },
    {
      key: "export",
      label: "GET /api/export/properties.csv, every property (to the last byte)",
      path: "/api/export/properties.csv",
      most: EXPORT_MOST_MS,
      check: (body) => {
        const records = occurrences(body.trimEnd(), "\r\n");
        return records === expected.properties
          ? null
          : `${records} records, not ${expected.properties}`;
      },
    },
  ];
}

/** A GET through fetch's pool of connections: its status and body. */
async function fetchText(url, headers, signal) {
  const response = await fetch(url, { headers, redirect: "manual", signal });
  return { status: response.status, body: await response.text() };
}

/**
 * One GET of `read` by `user`, read to its last byte and checked: its milliseconds; null when
 * `signal` stopped it, or it passed the read's own `most` ms (a read without one that passes
 * READ_MOST_MS stops the measure).
 */
async function timeRead(origin, user, read, signal) {
  const timeout = AbortSignal.timeout(read.most ?? READ_MOST_MS);
  const stop = signal ? AbortSignal.any([timeout, signal]) : timeout;
  const headers = read.as === "page" ? user.page : user.api;
  const started = performance.now();
  let answer;
  try {
    answer = await fetchText(`${origin}${read.path}`, headers, stop);
  } catch (error) {
    if (signal?.aborted || (timeout.aborted && read.most)) return null;
    const why = timeout.aborted ? `no answer within ${READ_MOST_MS / 1000} s` : "failed";
    throw new Error(`GET ${read.path}: ${why}`, { cause: error });
  }
  const took = performance.now() - started;
  if (answer.status !== 200) {
    throw new Error(`GET ${read.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  const problem = read.check(answer.body);
  if (problem) throw new Error(`GET ${read.path}: ${problem}`);
  return took;
}

/** The workerd process's resident memory, sampled until `stop()`: its peak and where it began. */
function memoryWatch(pid) {
  if (!pid) return { stop: () => null };
  const before = statusMb(pid, "VmRSS");
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, statusMb(pid, "VmRSS"));
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return { before, peak: Math.max(peak, statusMb(pid, "VmRSS")) };
    },
  };
}

/**
 * Waits until the Worker answers again after long work: `GET /api/health` until one is answered
 * within SETTLE_MS. Under `wrangler dev`, a request that arrives while a D1 statement of other
 * work runs for a second or more (an export's chunk read with OFFSET, the storage re-measure an
 * import leaves to `waitUntil`) can go unanswered for good: workerd closes its connection when
 * that work ends, and wrangler's proxy never answers it. Answers how many went unanswered.
 */
export async function settle(origin) {
  for (let unanswered = 0; unanswered < 20; unanswered += 1) {
    const answered = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(SETTLE_MS) })
      .then((response) => response.arrayBuffer().then(() => response.ok))
      .catch(() => false);
    if (answered) return unanswered;
  }
  throw new Error("The Worker stopped answering GET /api/health");
}

/**
 * Every read, in ROUNDS interleaved rounds (each round starts one read later), after one untimed
 * round (not of the export): each read's times, and workerd's growth during each export.
 */
async function timeReads(origin, heavy, today, expected, workerd) {
  const list = reads(today, expected);
  await settle(origin);
  for (const read of list) if (read.key !== "export") await timeRead(origin, heavy, read);
  const times = Object.fromEntries(list.map((read) => [read.key, []]));
  const growth = [];
  let exporting = 0;
  let cutOff = false;
  let unsettled = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < list.length; k += 1) {
      const read = list[(round + k) % list.length];
      if (read.key === "export") {
        if (cutOff || (times.export.length >= EXPORT_LEAST && exporting >= EXPORT_BUDGET_MS)) {
          continue;
        }
        const watch = memoryWatch(workerd);
        // A cut-off export counts as EXPORT_MOST_MS (a bound, shown as one), and is not repeated.
        const took = (await timeRead(origin, heavy, read)) ?? EXPORT_MOST_MS;
        const memory = watch.stop();
        if (memory) growth.push(memory.peak - memory.before);
        cutOff = took === EXPORT_MOST_MS;
        exporting += took;
        times.export.push(took);
        unsettled += await settle(origin);
      } else {
        times[read.key].push(await timeRead(origin, heavy, read));
      }
    }
  }
  return { times, growth, cutOff, unsettled };
}

/**
 * `read` beside other work: its milliseconds to the last byte, and whether it was answered in
 * full. One that failed, or was given up after SHARED_MOST_MS, counts with the time it took.
 */
async function attempt(origin, user, read, signal) {
  const started = performance.now();
  try {
    const took = await timeRead(origin, user, { ...read, most: SHARED_MOST_MS }, signal);
    return { ms: took ?? performance.now() - started, answered: took !== null };
  } catch {
    return { ms: performance.now() - started, answered: false };
  }
}

/** The small users' `GET /api/data/properties` (a page of the list, in turn) until `done()`. */
async function smallRequests(origin, users, done) {
  const taken = [];
  const read = {
    path: `/api/data/properties?limit=${PROPERTY_PAGE}`,
    check: (body) => (JSON.parse(body).data.length > 0 ? null : "no properties"),
  };
  while (!done(taken.length)) {
    taken.push(await attempt(origin, users[taken.length % users.length], read));
    await sleep(PAUSE_MS);
  }
  return taken;
}

/**
 * A small user's list alone, then while the investor exports every property and two dashboards
 * load over and over beside it: until the export is done and HEAVY_LEAST_SAMPLES were taken, or
 * for HEAVY_MOST_MS (the export then cut off).
 */
export async function besideHeavyWork(origin, heavy, small, today, expected) {
  const alone = await smallRequests(origin, small, (n) => n >= SMALL_SAMPLES);
  const list = reads(today, expected);
  const exportRead = list.find((read) => read.key === "export");
  const dashboardRead = list.find((read) => read.key === "dashboard");
  const heavyWork = new AbortController();
  const started = performance.now();
  const exports = [];
  const dashboards = [];
  const exporting = (async () => {
    while (!heavyWork.signal.aborted) {
      const took = await timeRead(origin, heavy, exportRead, heavyWork.signal);
      if (took !== null) exports.push(took);
    }
  })();
  const reloading = async () => {
    while (!heavyWork.signal.aborted) {
      const { answered } = await attempt(origin, heavy, dashboardRead, heavyWork.signal);
      if (!heavyWork.signal.aborted) dashboards.push(answered);
    }
  };
  const loads = [reloading(), reloading()];
  const beside = await smallRequests(origin, small, (n) => {
    const enough = exports.length > 0 && n >= HEAVY_LEAST_SAMPLES;
    if (enough || performance.now() - started > HEAVY_MOST_MS) heavyWork.abort();
    return heavyWork.signal.aborted;
  });
  await Promise.all([exporting, ...loads]);
  const seconds = (performance.now() - started) / 1000;
  await settle(origin);
  return { alone, beside, exports, dashboards, seconds };
}

/** The file import of IMPORT_ROWS properties into empty workspaces and into the investor's. */
async function timeImports(origin, heavy, held) {
  const empty = [];
  const full = [];
  const sizes = [];
  for (let run = 0; run < IMPORT_RUNS; run += 1) {
    const newcomer = await account(origin, `import${run}`);
    const rows = (from) => Array.from({ length: IMPORT_ROWS }, (_, k) => propertyCells(from + k));
    empty.push(await importFile(origin, newcomer, "properties", rows(0)));
    sizes.push(propertiesOf(held));
    full.push(await importFile(origin, heavy, "properties", rows(held.listed)));
    held.listed += IMPORT_ROWS;
  }
  return { empty, full, sizes };
}

/** `value` against the smallest size's, as "3.2×". */
const ratio = (value, base) => `${(value / base).toFixed(1)}×`;

/** @returns {Promise<import("../report.mjs").Measured>} */
export async function measureScaleAt(origin, wranglerPid) {
  if (SIZES.some((n, k) => !Number.isInteger(n) || n < 1000 || (k > 0 && n <= SIZES[k - 1]))) {
    throw new Error(`SCALE_SIZES: ascending whole numbers from 1000, not ${SIZES.join(",")}`);
  }
  const largest = SIZES.at(-1);
  // The timed imports bring the workspace to its last size: the size before must leave them room.
  const before = (SIZES.at(-2) ?? 0) + Math.floor(largest / ANALYSED) + IMPORT_ROWS * IMPORT_RUNS;
  if (before > largest) {
    throw new Error(`SCALE_SIZES: the last size must be ${count(before)} or more`);
  }
  const workerd = workerdOf(wranglerPid);
  const cpuBefore = workerd ? cpuSeconds(workerd) : NaN;
  const began = performance.now();
  const load = [loadavg()[0]];
  const loadTimer = setInterval(() => load.push(loadavg()[0]), 10_000);
  const today = new Date().toISOString().slice(0, 10);
  let seeded = 0;
  /** Seeding work, timed apart from the measure's own. */
  const seed = async (work) => {
    const started = performance.now();
    const done = await work();
    seeded += performance.now() - started;
    return done;
  };
  try {
    const small = [];
    const investor = await seed(async () => {
      for (let i = 0; i < SMALL_USERS; i += 1) small.push(await smallUser(origin, i, today));
      return await newInvestor(origin);
    });
    const { user: heavy, held } = investor;
    const bySize = [];
    let imports = null;
    for (const size of SIZES) {
      // The timed imports bring the workspace to its last size: the seeding stops short of it.
      const timed = size === largest ? IMPORT_ROWS * IMPORT_RUNS : 0;
      await seed(() => growInvestor(origin, investor, size, today, timed));
      if (timed) imports = await timeImports(origin, heavy, held);
      const expected = { properties: propertiesOf(held) };
      const minutesIn = ((performance.now() - began) / 60_000).toFixed(1);
      console.log(
        `  ${count(size)} properties and leads (${minutesIn} min in): timing the reads...`,
      );
      bySize.push({ size, ...(await timeReads(origin, heavy, today, expected, workerd)) });
    }
    console.log("  A small user's list beside the investor's export and dashboards...");
    const expected = { properties: propertiesOf(held) };
    const beside = await besideHeavyWork(origin, heavy, small, today, expected);
    const cpu = workerd ? cpuSeconds(workerd) - cpuBefore : NaN;
    const took = performance.now() - began;
    return report({ bySize, imports, beside, seeded, took, cpu, load });
  } finally {
    clearInterval(loadTimer);
  }
}

/** The measure's rows and notes from its figures. */
function report({ bySize, imports, beside, seeded, took, cpu, load }) {
  const [first] = bySize;
  const last = bySize.at(-1);
  const at = short(last.size);
  const sizes = bySize.map(({ size }) => short(size)).join(" / ");
  const typical = (entry, key) => median(entry.times[key]);
  /** Whether the median is a cut-off export's: a bound the export passed, not its time. */
  const bound = (entry, key) =>
    key === "export" && entry.cutOff && typical(entry, key) >= EXPORT_MOST_MS;
  /** A median as shown: the export's in seconds. */
  const shown = (entry, key) => {
    const value = typical(entry, key);
    const prefix = bound(entry, key) ? "> " : "";
    return key === "export" ? `${prefix}${seconds(value)}` : ms(value);
  };
  /** The read's medians at each size, each past the first with its ratio to the first. */
  const across = (key) =>
    bySize
      .map((entry, k) => {
        if (k === 0) return shown(entry, key);
        const times = ratio(typical(entry, key), typical(first, key));
        return `${shown(entry, key)} (${bound(entry, key) ? "> " : ""}${times})`;
      })
      .join(" · ");
  const rows = reads("", {})
    .filter((read) => read.key !== "export")
    .map((read) => ({
      measure: `${read.label}: median of ${ROUNDS} at ${sizes}`,
      result: across(read.key),
      target: `≤ ${TARGETS.ratio}× at ${at}`,
      met: typical(last, read.key) / typical(first, read.key) <= TARGETS.ratio,
    }));
  const dashboard = typical(last, "dashboard");
  rows.push({
    measure: `GET /api/dashboard at ${at}: median of ${ROUNDS}`,
    result: ms(dashboard),
    target: `≤ ${TARGETS.dashboardMs} ms`,
    met: dashboard <= TARGETS.dashboardMs,
  });
  const exportRounds = bySize.map((entry) => entry.times.export.length).join(" / ");
  rows.push({
    measure: `GET /api/export/properties.csv, every property to the last byte: median of ${exportRounds} at ${sizes}`,
    result: across("export"),
    target: `≤ ${TARGETS.exportSeconds} s at ${at}`,
    met: typical(last, "export") <= TARGETS.exportSeconds * 1000,
  });
  if (bySize.every((entry) => entry.growth.length)) {
    rows.push({
      measure: `workerd's resident memory during the export (the most it grew in one), at ${sizes}`,
      result: bySize.map((entry) => `+${Math.max(...entry.growth).toFixed(0)} MB`).join(" · "),
    });
  }
  const times = (requests) => requests.map((request) => request.ms);
  const alone = percentile(times(beside.alone), 95);
  const during = percentile(times(beside.beside), 95);
  const unanswered = beside.beside.filter((request) => !request.answered).length;
  rows.push(
    {
      measure: `A small user's GET /api/data/properties, alone: p95 of ${beside.alone.length} (median)`,
      result: `${ms(alone)} (${ms(median(times(beside.alone)))})`,
    },
    {
      measure: `…while the ${at} investor exports every property and reloads the dashboard twice at once: p95 of ${beside.beside.length} (median)`,
      result: `${ms(during)} (${ms(median(times(beside.beside)))}), ${ratio(during, alone)} alone${unanswered ? `; ${unanswered} unanswered` : ""}`,
      target: `≤ ${TARGETS.beside}× alone`,
      met: during <= TARGETS.beside * alone,
    },
  );
  const empty = median(imports.empty);
  const full = median(imports.full);
  rows.push(
    {
      measure: `POST /api/imports/properties, ${count(IMPORT_ROWS)} rows with owners into an empty workspace: median of ${IMPORT_RUNS}`,
      result: `${seconds(empty)} (${imports.empty.map(seconds).join(", ")})`,
    },
    {
      measure: `…into the investor's workspace of ${imports.sizes.map(short).join(", ")} properties: median of ${IMPORT_RUNS}`,
      result: `${seconds(full)} (${imports.full.map(seconds).join(", ")}), ${ratio(full, empty)}`,
      target: `≤ ${TARGETS.importRatio}× into an empty one`,
      met: full <= TARGETS.importRatio * empty,
    },
  );
  const minutes = (value) => `${(value / 60_000).toFixed(1)} min`;
  const exportsBeside = beside.exports.length
    ? `${beside.exports.length} export(s) of ${beside.exports.map(seconds).join(", ")}`
    : `an export cut off unfinished after ${beside.seconds.toFixed(0)} s`;
  const unsettledNote = bySize.some((entry) => entry.unsettled)
    ? ` After the timed exports, GET /api/health went unanswered ${bySize.map((entry) => entry.unsettled).join(" / ")} times at ${sizes} (wrangler dev's proxy never answers a request that arrived while a long D1 statement ran; the next read waits until one is answered).`
    : "";
  const notes = [
    `Scale: one investor grown to ${bySize.map(({ size }) => count(size)).join(", then ")} properties and as many leads, beside ${SMALL_USERS} small users (${SMALL_PROPERTIES + SMALL_ANALYSED} properties, ${SMALL_ANALYSED} of them analysed, and ${SMALL_LEADS} leads each), on a fresh local D1, seeded through the app's own imports: property lists with owners (POST /api/imports/properties, ${count(PROPERTY_FILE_ROWS)} rows a file); one property in ${ANALYSED} added by hand (POST /api/data/properties) with a rental analysis saved on it (POST /api/deals), against a buy box of $${BUY_BOX.minCashFlowMonthly} cash flow a month; lead lists with sources, statuses, scores and follow-ups, most of them in one of ${CAMPAIGNS.length} campaigns (POST /api/imports/leads). The timed imports are the last files of the investor's growth. Each read is checked (a full page of what it asks for; the export's every row), after one untimed round; the rounds are interleaved, each starting one read later. The export is timed until it has taken ${EXPORT_BUDGET_MS / 1000} s at a size (at least ${EXPORT_LEAST} times) and cut off at ${EXPORT_MOST_MS / 1000} s. Beside the investor's work the nine small users' lists are read in turn, ${PAUSE_MS} ms apart, for ${beside.seconds.toFixed(0)} s: ${exportsBeside} and ${beside.dashboards.length} dashboards meanwhile (${beside.dashboards.filter((answered) => !answered).length} unanswered); a request unanswered after ${SHARED_MOST_MS / 1000} s is given up and counted with that time.${unsettledNote} The measure took ${minutes(took)} (seeding ${minutes(seeded)}), in which workerd used ${Number.isNaN(cpu) ? "an unknown" : minutes(cpu * 1000)} of CPU time; the machine's 1-minute load average ran ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} (other sessions' work included).`,
  ];
  return { rows, notes };
}

/**
 * The scale measure on an AI42 of its own (`wrangler dev` on `port`, its local state in
 * `outDir`/scale-state, made afresh): 100,000 records would slow every other measure's database.
 */
export async function measureScale(outDir, port) {
  const persistTo = join(outDir, "scale-state");
  rmSync(persistTo, { recursive: true, force: true });
  applyMigrations(persistTo);
  const app = await startWrangler({
    port,
    persistTo,
    quiet: true,
    // The investor's 100,000 records, their owners and import undo logs pass the default quota.
    vars: { STORAGE_QUOTA_MB: "2000" },
  });
  try {
    return await measureScaleAt(`http://127.0.0.1:${port}`, app.pid);
  } finally {
    app.kill("SIGTERM");
  }
}
