// A 20 MB photo through POST /api/files: the time from the first byte sent to the answer, and how
// much the workerd process serving the Worker grew meanwhile (VmRSS sampled every 10 ms, against
// its size just before): the upload streams to R2 a 5 MiB part at a time, so the growth stays far
// below the file's size. The same for a 1 MB PDF-sized file.
import { performance } from "node:perf_hooks";
import { clearInterval, setInterval } from "node:timers";
import { workerdOf, statusMb } from "./workerd-memory.mjs";

const MB = 1000 * 1000;

function photo(size) {
  const bytes = new Uint8Array(size);
  let seed = 11;
  for (let i = 0; i < size; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = seed >> 16;
  }
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

async function upload(origin, account, ownerId, bytes, name) {
  const form = new FormData();
  form.append("ownerType", "project");
  form.append("ownerId", ownerId);
  form.append("file", new File([bytes], name, { type: "image/jpeg" }));
  const response = await fetch(`${origin}/api/files`, {
    method: "POST",
    headers: account.authorization,
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`Upload failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()).data;
}

/** @returns {Promise<import("../report.mjs").Measured>} */
export async function measureFileUpload(origin, account, wranglerPid) {
  const project = await fetch(`${origin}/api/projects`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...account.authorization },
    body: JSON.stringify({ name: "Bench uploads", status: "prospecting" }),
  });
  const ownerId = (await project.json()).data.id;
  const workerd = workerdOf(wranglerPid);
  const rows = [];
  for (const size of [1 * MB, 20 * MB]) {
    const bytes = photo(size);
    // Once first, so the route's code is loaded and warm.
    await upload(origin, account, ownerId, bytes.subarray(0, 64 * 1024), "warm.jpg");
    const before = workerd ? statusMb(workerd, "VmRSS") : NaN;
    let peak = before;
    const sampler = setInterval(() => {
      if (workerd) peak = Math.max(peak, statusMb(workerd, "VmRSS"));
    }, 10);
    const started = performance.now();
    const stored = await upload(origin, account, ownerId, bytes, "drive-by.jpg");
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (stored.size !== size) throw new Error(`Stored ${stored.size} bytes of ${size}`);
    const label = `${size / MB} MB`;
    rows.push({
      measure: `POST /api/files, a ${label} photo (multipart, to the local R2)`,
      result: `${seconds.toFixed(2)} s (${(size / MB / seconds).toFixed(0)} MB/s)`,
    });
    rows.push({
      measure: `workerd's growth while it streamed the ${label} upload (peak VmRSS − before)`,
      result: Number.isNaN(before)
        ? "not measured (no workerd process found)"
        : `${(peak - before).toFixed(1)} MB (${before.toFixed(0)} → ${peak.toFixed(0)} MB)`,
      target: size === 20 * MB ? "well under the file's 20 MB: it streams" : undefined,
      met: size === 20 * MB && !Number.isNaN(before) ? peak - before < 15 : undefined,
    });
  }
  return { rows };
}
