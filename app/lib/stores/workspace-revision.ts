/**
 * A counter bumped whenever the workspace's records change behind the screen showing them (an
 * import, the agent writing through a tool), so lists and figures on screen load again at once.
 */
import { createStore } from "zustand";
import { entriesStore } from "./entries";

export const workspaceRevision = createStore<{ revision: number; changed: () => void }>()(
  (set) => ({
    revision: 0,
    changed: () => set((state) => ({ revision: state.revision + 1 })),
  }),
);

/**
 * After an import or an agent's write: every list and figure on screen loads again (a module's
 * loader is read again, which feeds the projects store), and the saved entries are refreshed.
 */
export async function workspaceChanged() {
  workspaceRevision.getState().changed();
  await entriesStore.getState().fetchEntries();
}
