import { expect, openApp, test } from "./fixtures";

test("a javascript:, data: or vbscript: link in Markdown is plain text; safe links open in a new tab", async ({
  page,
  account,
}) => {
  await openApp(page, "/project-hub/documents/new");
  await page
    .getByLabel("Content (Markdown)")
    .fill(
      [
        "[run a script](javascript:alert(1))",
        "[an inline page](data:text/html;base64,PGgxPkhpPC9oMT4=)",
        "[an old script](vbscript:msgbox(1))",
        "[the market report](https://example.com/report)",
      ].join("\n\n"),
    );
  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByTestId("markdown-preview");
  for (const text of ["run a script", "an inline page", "an old script"]) {
    await expect(preview.getByText(text)).toBeVisible();
  }
  await expect(preview.locator("a")).toHaveCount(1);
  const safe = preview.getByRole("link", { name: "the market report" });
  await expect(safe).toHaveAttribute("href", "https://example.com/report");
  await expect(safe).toHaveAttribute("target", "_blank");
  await expect(safe).toHaveAttribute("rel", "noopener noreferrer");
});
