/**
 * The dashboard's workspace figures say what each is of: the purchase prices and budgets are the
 * projects', not the properties' counted beside them.
 */
import { describe, expect, it } from "vitest";
import { workspaceFigures, type WorkspaceStats } from "~/domain/workspace-figures";

const stats: WorkspaceStats = {
  projects: 3,
  totalBudget: 0,
  totalPurchasePrice: 0,
  contacts: 4,
  documents: 2,
  properties: 21,
};
const figure = (all: ReturnType<typeof workspaceFigures>, term: string) =>
  all.find((f) => f.term === term);

describe("the dashboard's workspace figures", () => {
  it("names the purchase prices as the projects', and says why they are $0", () => {
    const figures = workspaceFigures(stats);
    expect(figures.map((f) => f.term)).toEqual([
      "Projects",
      "Project budgets",
      "Project purchase prices",
      "Contacts",
      "Documents",
      "Properties",
    ]);
    expect(figure(figures, "Project purchase prices")).toMatchObject({
      value: "$0",
      note: "None of your 3 projects has a purchase price yet",
    });
    expect(figure(figures, "Properties")).toMatchObject({ value: 21 });
  });

  it("says what a sum adds up, or that there is nothing to add", () => {
    // Two projects bought for $150,000 and $95,000: $245,000.
    const priced = workspaceFigures({ ...stats, projects: 2, totalPurchasePrice: 245_000 });
    expect(figure(priced, "Project purchase prices")).toMatchObject({
      value: "$245,000",
      note: "The purchase prices of your 2 projects",
    });
    expect(figure(workspaceFigures({ ...stats, projects: 0 }), "Project budgets")!.note).toBe(
      "No projects yet",
    );
    expect(
      figure(workspaceFigures({ ...stats, projects: 1 }), "Project purchase prices")!.note,
    ).toBe("Your project has no purchase price yet");
  });
});
