/**
 * A counter bumped whenever the workspace's records change behind the screen showing them (an
 * import, the agent writing through a tool), so lists and figures on screen load again at once.
 */
import { createStore, useStore } from "zustand";
import { entriesStore } from "./entries";
import { projectsStore } from "./projects";

export const workspaceRevision = createStore<{ revision: number; changed: () => void }>()(
  (set) => ({
    revision: 0,
    changed: () => set((state) => ({ revision: state.revision + 1 })),
  }),
);

export const useWorkspaceRevision = () => useStore(workspaceRevision, (state) => state.revision);

/** After an import or an agent's write: every list and figure on screen loads again. */
export async function workspaceChanged() {
  workspaceRevision.getState().changed();
  await Promise.all([
    entriesStore.getState().fetchEntries(),
    projectsStore.getState().fetchProjects(),
  ]);
}
