/** The shared report's page: what the user typed is escaped, and no script ever enters it. */
import { describe, expect, it } from "vitest";
import { escapeHtml, sharedReportHtml } from "~/domain/deals/shared-report";

describe("the shared report page", () => {
  it("escapes everything typed and has no script", () => {
    const html = sharedReportHtml({
      name: '<script>alert("x")</script>',
      strategy: "flip",
      address: "1 O'Brien & Sons Rd",
      inputs: {
        purchasePrice: 100_000,
        holdingMonths: 4,
        rehabItems: [{ category: "<img src=x onerror=alert(1)>", unitCost: 5000 }],
        subjectSquareFeet: 1000,
        comps: [{ address: "</td><script>", salePrice: 150_000, squareFeet: 1000 }],
      },
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("1 O&#39;Brien &amp; Sons Rd");
    // The comps' ARV: 1,000 sq ft × $150 = $150,000; the 70 % rule on it.
    expect(html).toContain(
      "ARV from comps = subject 1000 sq ft × comps&#39; price per sq ft $150.00 = $150,000",
    );
    expect(html).toContain("70 % rule: pass");
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});
