/**
 * What a module is, as the registry (app/modules.ts) lists it and a placeholder page shows it. A
 * leaf that imports no view, so any page may take the type.
 */
import type { LucideIcon } from "lucide-react";
import type { ModuleDefinition, ModuleId } from "~/domain/modules";

export interface ModuleSummary extends ModuleDefinition {
  id: ModuleId;
  icon: LucideIcon;
  /** What the module will hold, said plainly while it is not built yet. */
  upcoming?: string;
}
