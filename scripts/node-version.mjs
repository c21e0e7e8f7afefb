// Which Node versions AI42 runs on, as package.json `engines.node` states them. No recent syntax
// or APIs here: an old Node must get to the message instead of failing on the way.

/** `^20.19.0 || >=24` → [{ kind: "caret", minimum: [20, 19, 0] }, { kind: "atLeast", … }] */
export function parseEnginesRange(range) {
  return range.split("||").map((alternative) => {
    const match = /^\s*(\^|>=)\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(alternative);
    if (!match) throw new Error(`Cannot read the Node range "${range}" (only ^X.Y.Z and >=X.Y.Z)`);
    return {
      kind: match[1] === "^" ? "caret" : "atLeast",
      minimum: [Number(match[2]), Number(match[3] ?? 0), Number(match[4] ?? 0)],
    };
  });
}

export function parseVersion(version) {
  return version.replace(/^v/, "").split(".").map(Number);
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`. */
export function compareVersions(a, b) {
  for (let i = 0; i < 3; i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export function satisfiesRange(version, range) {
  const parsed = parseVersion(version);
  return parseEnginesRange(range).some(
    ({ kind, minimum }) =>
      compareVersions(parsed, minimum) >= 0 && (kind === "atLeast" || parsed[0] === minimum[0]),
  );
}

/** `^20.19.0 || >=24` → "Node 20.19 or a later 20.x, or 24 or newer" */
export function describeRange(range) {
  const parts = parseEnginesRange(range).map(({ kind, minimum: [major, minor, patch] }) => {
    const shown = patch ? `${major}.${minor}.${patch}` : minor ? `${major}.${minor}` : `${major}`;
    return kind === "caret" ? `${shown} or a later ${major}.x` : `${shown} or newer`;
  });
  const last = parts[parts.length - 1];
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(", ")}, or ${last}` : last;
  return `Node ${listed}`;
}

/** Why this Node cannot run AI42, or null when it can. */
export function unsupportedNodeMessage(version, range) {
  if (satisfiesRange(version, range)) return null;
  return (
    `AI42 needs ${describeRange(range)}; this is Node ${version.replace(/^v/, "")}.\n` +
    "Install a current LTS release from https://nodejs.org/ (or `nvm install --lts`) and run the command again."
  );
}
