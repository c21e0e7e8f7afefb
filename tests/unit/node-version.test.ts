import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  compareVersions,
  describeRange,
  satisfiesRange,
  unsupportedNodeMessage,
} from "../../scripts/node-version.mjs";

const ENGINES = "^20.19.0 || ^22.13.0 || >=24";

describe("Node version check", () => {
  it("compares versions part by part, numerically", () => {
    expect(compareVersions([20, 19, 0], [20, 19, 0])).toBe(0);
    expect(compareVersions([20, 9, 0], [20, 19, 0])).toBeLessThan(0);
    expect(compareVersions([20, 19, 1], [20, 19, 0])).toBeGreaterThan(0);
    expect(compareVersions([22, 0, 0], [20, 19, 0])).toBeGreaterThan(0);
  });

  it.each([
    ["v20.19.0", true],
    ["v20.20.2", true],
    ["v20.18.3", false],
    ["v20.3.0", false],
    ["v18.20.4", false],
    ["v21.7.3", false],
    ["v22.12.0", false],
    ["v22.13.0", true],
    ["v23.11.0", false],
    ["v24.0.0", true],
    ["v25.2.1", true],
  ])("%s is supported: %s", (version, expected) => {
    expect(satisfiesRange(version, ENGINES)).toBe(expected);
  });

  it("names the supported lines and the running version when it refuses", () => {
    expect(describeRange(ENGINES)).toBe(
      "Node 20.19 or a later 20.x, 22.13 or a later 22.x, or 24 or newer",
    );
    expect(unsupportedNodeMessage("v20.11.1", ">=20.19")).toMatch(
      /^AI42 needs Node 20\.19 or newer; this is Node 20\.11\.1\.\nInstall /,
    );
    expect(unsupportedNodeMessage("v22.13.0", ENGINES)).toBeNull();
  });

  it("refuses a range it cannot read rather than guessing", () => {
    expect(() => satisfiesRange("v20.19.0", "20.x")).toThrow(/Cannot read the Node range/);
  });

  it("can read package.json's engines range", () => {
    const { engines } = JSON.parse(readFileSync("package.json", "utf8"));
    expect(() => describeRange(engines.node)).not.toThrow();
  });
});
