/**
 * axe-core's check of the page as it is now, against WCAG 2.2 A and AA: the test fails listing each
 * violation with the elements it found it on.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function expectNoViolations(page: Page, where: string) {
  // A settled page: a button fading in once the page hydrates (opacity 0.6 → 1 over 150 ms)
  // has less contrast for those few frames than it keeps. Endless animations (a spinner) go on.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(found, `axe on ${where}`).toEqual([]);
}
