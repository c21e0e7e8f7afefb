// The workerd process that serves the Worker under `wrangler dev`, and its memory and CPU time as
// Linux reports them (/proc/<pid>/status, /proc/<pid>/stat): the local runtime's whole process, an
// upper bound on the isolate's own.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Every process under `pid`, depth first. */
function descendants(pid) {
  let children = [];
  try {
    children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/**
 * The workerd process serving the app started by `wranglerPid`. `wrangler dev` runs two: its proxy,
 * which listens on the port it was given and hands each request on, and the one that runs the
 * Worker, whose entry socket is on a port the system picks (`--socket-addr=entry=127.0.0.1:0`).
 * Undefined when there is not exactly one such (another wrangler lays its processes out anew).
 */
export function workerdOf(wranglerPid) {
  const running = descendants(wranglerPid).filter((child) => {
    try {
      const args = readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0");
      return (
        args[0].endsWith("workerd") && args.some((arg) => /^--socket-addr=entry=.*:0$/.test(arg))
      );
    } catch {
      return false;
    }
  });
  return running.length === 1 ? running[0] : undefined;
}

/** A memory figure of the process (VmRSS, VmHWM), in MB. */
export const statusMb = (pid, field) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN;
};

/**
 * The CPU time the process has used, in seconds, all its threads (/proc/<pid>/stat: user and
 * system time in clock ticks, which Linux reports at 100 a second whatever the kernel's own rate).
 */
export const cpuSeconds = (pid) => statSeconds(`/proc/${pid}/stat`);

/** The CPU time `pid` and each process under it have used, in seconds, by process id. */
export function processCpuSeconds(pid) {
  const times = new Map();
  for (const each of [pid, ...descendants(pid)]) {
    try {
      times.set(each, cpuSeconds(each));
    } catch {
      // The process ended since it was listed.
    }
  }
  return times;
}

/** The CPU time each of the process's threads has used, in seconds, by thread id. */
export function threadCpuSeconds(pid) {
  const times = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      times.set(tid, statSeconds(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // The thread ended since the folder was listed.
    }
  }
  return times;
}

/** User and system time from a process's or thread's stat file, in seconds. */
function statSeconds(path) {
  const stat = readFileSync(path, "utf8");
  // Fields after the command's name (which may hold spaces), from the state (field 3) on.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
