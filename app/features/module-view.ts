/**
 * What every module view is given. A leaf: the registry (app/modules.ts) imports the views, so the
 * views take these types from here and never import the registry back.
 */
import type { LucideIcon } from "lucide-react";
import type { ModuleDefinition, ModuleId } from "~/domain/modules";

export interface ModuleSummary extends ModuleDefinition {
  id: ModuleId;
  icon: LucideIcon;
  /** What the module will hold, said plainly while it is not built yet. */
  upcoming?: string;
}

export interface ModuleViewProps {
  module: ModuleSummary;
}
