// The workerd process that serves the Worker under `wrangler dev`, and its memory as Linux reports
// it (/proc/<pid>/status): the local runtime's whole process, an upper bound on the isolate's own.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

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

/** The workerd process serving the app started by `wranglerPid`. */
export function workerdOf(wranglerPid) {
  return descendants(wranglerPid).find((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, "utf8").includes("workerd");
    } catch {
      return false;
    }
  });
}
/** A memory figure of the process (VmRSS, VmHWM), in MB. */
export const statusMb = (pid, field) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN;
};
