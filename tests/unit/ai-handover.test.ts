import { describe, expect, it } from "vitest";
import { conversationTitle } from "~/domain/ai/chat";
import { handoverMessage, readableMessage, readHandover, withQuestion } from "~/domain/ai/handover";
import { analyzeDeal } from "~/domain/deals/analyze";
import { explainDeal } from "~/domain/deals/formulas";

const inputs = {
  purchasePrice: 185000,
  grossMonthlyRent: 1650,
  propertyTaxesAnnual: 2400,
  financing: { type: "cash" as const },
};
const message = handoverMessage({
  name: "Oak duplex",
  address: "12 Oak St, Dayton, OH 45402",
  strategy: "rental",
  inputs,
  figures: explainDeal("rental", inputs, analyzeDeal("rental", inputs)),
});

describe("an analysis handed to the agent", () => {
  it("reads as a title, the key inputs and figures, and the question", () => {
    expect(readHandover(message)).toEqual({
      title: "Oak duplex · 12 Oak St, Dayton, OH 45402 · Rental",
      facts: expect.arrayContaining([
        { label: "Purchase price", value: "$185,000" },
        { label: "Gross rent / month", value: "$1,650" },
        { label: "Financing", value: "Cash" },
        { label: "Monthly cash flow", value: "$1,450" },
        { label: "Cap rate", value: "9.41 %" },
      ]),
      question:
        "Is this a good deal? Which numbers make or break it, and what would I need to change?",
    });
  });

  it("carries analyze_deal's arguments for the model, which the readable text leaves out", () => {
    const block = /```json ai42-analysis\n(\{.*\})\n```$/s.exec(message);
    expect(JSON.parse(block![1]!)).toEqual({ strategy: "rental", inputs });
    const readable = readableMessage(message);
    expect(readable).toMatch(/^Analysis handed over: Oak duplex/);
    expect(readable).toContain("- Purchase price: $185,000");
    expect(readable).not.toMatch(/[{}]|analyze_deal/);
    expect(conversationTitle(message)).toBe(
      "Analysis handed over: Oak duplex · 12 Oak St, Dayton, OH…",
    );
  });

  it("keeps the analysis when the question is edited", () => {
    const edited = withQuestion(message, "  What rent makes it cash flow $500?  ");
    expect(readHandover(edited)).toMatchObject({
      title: readHandover(message)!.title,
      question: "What rent makes it cash flow $500?",
    });
    expect(edited.slice(edited.indexOf("Run analyze_deal"))).toBe(
      message.slice(message.indexOf("Run analyze_deal")),
    );
  });

  it("says a loan's terms in words", () => {
    const financed = {
      ...inputs,
      financing: { type: "loan" as const, downPaymentPct: 20, interestRatePct: 7.5, termYears: 30 },
    };
    const loanMessage = handoverMessage({
      name: "",
      address: "",
      strategy: "rental",
      inputs: financed,
      figures: {},
    });
    expect(readHandover(loanMessage)).toMatchObject({
      title: "Rental",
      facts: expect.arrayContaining([
        { label: "Financing", value: "20 % down, 7.5 % for 30 years" },
      ]),
    });
  });

  it("leaves any other message as it is", () => {
    expect(readHandover("What is a cap rate?")).toBeNull();
    expect(readableMessage("Here is code:\n```js\n{}\n```")).toBe("Here is code:\n```js\n{}\n```");
    expect(withQuestion("Old question", "New question")).toBe("New question");
  });
});
