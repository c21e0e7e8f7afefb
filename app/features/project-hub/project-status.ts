/** How a project's status is coloured wherever it shows as a badge. */
export const STATUS_TONE: Record<string, "neutral" | "accent" | "success" | "danger"> = {
  sold: "success",
  active: "success",
  archived: "neutral",
  under_contract: "accent",
  rehab: "accent",
};
