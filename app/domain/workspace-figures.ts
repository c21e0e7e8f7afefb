/**
 * The dashboard's workspace figures, each saying what it is of: the budget and purchase prices are
 * the projects' (a property's price is not among them), so they sit beside the project count, not
 * the properties'. Pure: no I/O.
 */
import { formatMoney } from "./format";
import { modulePath } from "./modules";

export interface WorkspaceStats {
  projects: number;
  totalBudget: number;
  totalPurchasePrice: number;
  contacts: number;
  documents: number;
  properties: number;
}

export interface WorkspaceFigure {
  term: string;
  value: string | number;
  /** What the figure is of, or why it is $0. */
  note?: string;
  to?: string;
}

const ofProjects = (projects: number) =>
  projects === 1 ? "your 1 project" : `your ${projects} projects`;

/** A sum over the projects: what it adds up, or why it is $0. */
function projectSum(stats: WorkspaceStats, total: number, what: string) {
  if (stats.projects === 0) return "No projects yet";
  if (total === 0)
    return stats.projects === 1
      ? `Your project has no ${what} yet`
      : `None of ${ofProjects(stats.projects)} has a ${what} yet`;
  return `The ${what}s of ${ofProjects(stats.projects)}`;
}

export function workspaceFigures(stats: WorkspaceStats): WorkspaceFigure[] {
  return [
    { term: "Projects", value: stats.projects, to: modulePath("project-hub") },
    {
      term: "Project budgets",
      value: formatMoney(stats.totalBudget),
      note: projectSum(stats, stats.totalBudget, "budget"),
    },
    {
      term: "Project purchase prices",
      value: formatMoney(stats.totalPurchasePrice),
      note: projectSum(stats, stats.totalPurchasePrice, "purchase price"),
    },
    {
      term: "Contacts",
      value: stats.contacts,
      to: modulePath("project-hub", { tab: "contacts" }),
    },
    {
      term: "Documents",
      value: stats.documents,
      to: modulePath("project-hub", { tab: "documents" }),
    },
    { term: "Properties", value: stats.properties, to: modulePath("possible-investments") },
  ];
}
